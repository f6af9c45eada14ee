/**
 * The one way toolsearch reads a file it was pointed at (a config, an `$include`, a catalog, an
 * arguments file): only a regular file, and at most `MAX_READ_BYTES`.
 *
 * The file is opened with `O_NONBLOCK` (a FIFO opens at once instead of waiting for a writer) and
 * judged by `fstat` on the open descriptor before a byte is read, so a FIFO, a socket, a terminal
 * or a device such as `/dev/zero` — named directly, through a symlink such as `/dev/stdin`, or
 * found by a search — is refused promptly instead of hanging or growing without bound.
 * `/dev/null` reads as an empty file. The cap (128 MiB) is far above any real config or catalog
 * (and leaves room for the 68 MB config of the doctor benchmark),
 * and far below what would exhaust memory once the text is parsed.
 */
import {closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats} from 'node:fs'

/** Files larger than this are refused, not read. */
export const MAX_READ_BYTES = 128 * 1024 * 1024

/** The file as read: its bytes and the identity and times of what was read. */
export interface FileSnapshot {
  bytes: Buffer
  stats: Stats
}

function fileError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), {code})
}

/** What a special file is, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return 'not a file'
}

let devNull: Stats | undefined | null
function isDevNull(stats: Stats): boolean {
  if (!stats.isCharacterDevice()) return false
  if (devNull === undefined) {
    try {
      devNull = statSync('/dev/null')
    } catch {
      devNull = null
    }
  }
  return devNull !== null && stats.rdev === devNull.rdev
}

/**
 * Why `stats` may not be read, as an error with a code `fileErrorReason` words
 * (`EISDIR`, `ENOTREGULAR`, `EFBIG`); undefined when it may.
 */
export function unreadableReason(stats: Stats, limit = MAX_READ_BYTES): NodeJS.ErrnoException | undefined {
  if (stats.isDirectory()) return fileError('EISDIR', 'is a directory')
  if (!stats.isFile()) return fileError('ENOTREGULAR', `it is not a regular file (${kindOf(stats)})`)
  if (stats.size > limit) return fileError('EFBIG', `it is larger than ${limit / 1024 / 1024} MiB`)
  return undefined
}

/** Reads from `fd` to the end, refusing more than `limit` bytes. */
function readAll(fd: number, expected: number, limit: number): Buffer {
  let buffer = Buffer.allocUnsafe(Math.min(expected, limit) + 1)
  let length = 0
  for (;;) {
    if (length === buffer.length) {
      if (length > limit) throw fileError('EFBIG', `it is larger than ${limit / 1024 / 1024} MiB`)
      const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1))
      buffer.copy(grown, 0, 0, length)
      buffer = grown
    }
    const count = readSync(fd, buffer, length, buffer.length - length, null)
    if (count === 0) break
    length += count
  }
  if (length > limit) throw fileError('EFBIG', `it is larger than ${limit / 1024 / 1024} MiB`)
  return buffer.subarray(0, length)
}

/** How much of a file is compared with what was read before at a time. */
const COMPARE_CHUNK = 256 * 1024
let scratch: Buffer | undefined

/**
 * Whether the file at `fd` (of `size` bytes) holds exactly `expected`, compared a chunk at a time
 * at explicit positions (the descriptor's own position stays at the start). A large file read
 * again only to learn that it is unchanged is then never copied whole into fresh memory.
 */
function holds(fd: number, size: number, expected: Uint8Array): boolean {
  if (size !== expected.length) return false
  scratch ??= Buffer.allocUnsafe(COMPARE_CHUNK)
  let position = 0
  for (;;) {
    const count = readSync(fd, scratch, 0, scratch.length, position)
    if (count === 0) return position === expected.length
    if (position + count > expected.length || scratch.compare(expected, position, position + count, 0, count) !== 0) return false
    position += count
  }
}

/** The size each file (path, device and inode) had when this process first read it. */
const firstSizes = new Map<string, number>()
// The path too: a deleted file's inode number is soon given to a new file, elsewhere or not.
const identity = (path: string, stats: Stats) => `${stats.dev}:${stats.ino}:${path}`

/**
 * The size the file at `path` (`stats`) had when this process first read it (undefined: never
 * read). A writer without the bytes its caller read uses it to tell an empty file from one
 * emptied by an in-place save meanwhile.
 */
export function sizeWhenFirstRead(path: string, stats: Stats): number | undefined {
  return firstSizes.get(identity(path, stats))
}

/** How `readRegularFile` opens a file. */
export interface ReadOptions {
  /**
   * A symbolic link is not followed: opening one fails (`ELOOP`). For files toolsearch keeps for
   * itself, where a link could only point somewhere it never wrote. (Windows has no such flag.)
   */
  noFollow?: boolean
}

/**
 * The file's bytes and stats, or undefined when it does not exist. Anything but a regular file
 * (or `/dev/null`, read as empty) throws an error whose code `fileErrorReason` words. With
 * `expected` (bytes read before), a file that holds exactly those bytes comes back with
 * `expected` itself as its bytes: every byte is still read and compared, but not copied.
 */
export function readRegularFile(path: string, limit = MAX_READ_BYTES, expected?: Buffer, options: ReadOptions = {}): FileSnapshot | undefined {
  let fd: number
  try {
    const noFollow = options.noFollow === true ? (constants.O_NOFOLLOW ?? 0) : 0
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY | noFollow)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const stats = fstatSync(fd)
    if (isDevNull(stats)) return {bytes: Buffer.alloc(0), stats}
    const reason = unreadableReason(stats, limit)
    if (reason !== undefined) throw reason
    const bytes = expected !== undefined && holds(fd, stats.size, expected) ? expected : readAll(fd, stats.size, limit)
    const key = identity(path, stats)
    if (!firstSizes.has(key)) firstSizes.set(key, bytes.length)
    return {bytes, stats}
  } finally {
    closeSync(fd)
  }
}

/** Like `readRegularFile`, for a file that must exist: its text (UTF-8); a missing file throws ENOENT. */
export function readRegularFileText(path: string, limit = MAX_READ_BYTES): string {
  const snapshot = readRegularFile(path, limit)
  if (snapshot === undefined) throw fileError('ENOENT', `ENOENT: no such file or directory, open '${path}'`)
  return snapshot.bytes.toString('utf8')
}
