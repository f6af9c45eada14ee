/**
 * The shapes the atomic writer and its pieces share (`atomic-write.ts`, `backup.ts`,
 * `read-check.ts`): the file-system calls a write makes, which tests replace to inject a failure
 * at each step, and a write's options.
 */
import type * as nodeFs from 'node:fs/promises'

export type WriterFs = Pick<typeof nodeFs, 'open' | 'readFile' | 'rename' | 'unlink' | 'stat' | 'lstat' | 'readlink' | 'mkdir' | 'copyFile' | 'chmod' | 'link' | 'access' | 'readdir'>

export interface WriteOptions {
  /** What the file is, for messages: "config" gives "Cannot write config <file>". */
  what: string
  fs?: WriterFs
  /** How long to wait for the lock before giving up (default: `lockWaitFromEnv()`). */
  lockWaitMs?: number
  /**
   * Turns the current file's bytes into the text `compute` sees (default: UTF-8). A caller that
   * edits the text in place passes a strict decoder that throws rather than lose bytes.
   */
  decode?: (bytes: Buffer, file: string) => string
  /**
   * The file's bytes as the caller read them before the lock was taken, when it has them: a file
   * that still holds exactly these bytes is compared with them as it is read under the lock, not
   * copied again, and `decode` gets this very buffer (so it can reuse the text it made of it).
   */
  expected?: Buffer
  /**
   * The mode the file has after the write. Default: the mode it had, 0600 for a new file. A config
   * passes 0600 whatever the old mode was, as OpenClaw's writer does (a config may hold secrets).
   */
  mode?: number
}
