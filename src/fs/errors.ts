/** File-system errors in words: one wording for every "Cannot read …" and "Cannot write …". */

export function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code
}

/**
 * Why a file operation failed, in words (no stack, no syscall noise for the common cases). When
 * `writing` a file that may be created, a missing path can only be a missing directory.
 */
export function fileErrorReason(error: unknown, {writing = false}: {writing?: boolean} = {}): string {
  switch (errno(error)) {
    case 'ENOENT':
      return writing ? 'its directory does not exist' : 'no such file'
    case 'EISDIR':
      return 'it is a directory, not a file'
    case 'ENOTDIR':
      return 'a parent of it is not a directory'
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'ENXIO':
      // Opening a socket (`/dev/stdin` on a socket pair, say) through the file system.
      return 'it is not a regular file (a socket or a device without a reader)'
    case 'ELOOP':
      return 'too many levels of symbolic links (a symlink loop?)'
    default:
      return (error as Error | undefined)?.message ?? String(error)
  }
}
