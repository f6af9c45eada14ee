/**
 * The one writer for every file toolsearch writes (configs, imported catalogs), after npm's
 * write-file-atomic and git's lock files: resolve the real path through symlinks, take
 * `<file>.lock` (OpenClaw's lock, `./lock.ts`), clear temp files that killed writes left, read →
 * compute → refuse a read-only file → write a temp file in the same directory with the old mode
 * (or the mode the caller asks for) and owner → fsync → check that the file is still what was read → keep the backup ring → rename
 * over the target → fsync the directory (best effort) → release. The temp file is removed in a
 * single `finally`, and on SIGINT, SIGTERM or SIGHUP before the process exits.
 *
 * **A write never proceeds from a read it cannot trust.** The file is read through one open
 * descriptor (`readRegularFile`); a read that came back empty from a file that was not empty
 * when this process first read it, or that is still changing, is a conflict, and just before the
 * rename the file must still be the same file (device, inode), with the same size, mtime, ctime
 * and bytes, and the lock still ours. A conflict writes nothing and says so. A program
 * that saves in place (truncate, then write) without the lock is thereby never taken for an
 * empty config, and the backup is always the content that was read, never a half-saved file.
 *
 * The pieces: `read-check.ts` (what is read under the lock, and whether it can be trusted),
 * `backup.ts` (the backup ring, temp files of killed writes), `interrupt.ts` (a signal mid-write),
 * `write-errors.ts` (the words of every failure), `lock.ts` (the lock shared with OpenClaw).
 *
 * File-system calls go through `WriterFs` so tests can inject a failure at each step.
 *
 * Messages name what is written (`options.what`: "config", "catalog") and the file, so a
 * failure reads right for every caller.
 */
import {constants} from 'node:fs'
import * as nodeFs from 'node:fs/promises'
import {basename, dirname, join, resolve} from 'node:path'

import {ToolsearchError} from '../shared/errors.js'
import {keepBackup, keepOwner, removeLeftovers, tempName} from './backup.js'
import {errno, fileErrorReason} from './errors.js'
import {trackWrite} from './interrupt.js'
import {DEFAULT_LOCK_WAIT_MS, type HeldLock, acquireLock} from './lock.js'
import {assertStillAsRead, readCurrent} from './read-check.js'
import type {WriteOptions, WriterFs} from './types.js'
import {failure, lockError} from './write-errors.js'

export {BACKUP_RING_SIZE, STALE_TEMP_MS} from './backup.js'
export type {WriteOptions, WriterFs} from './types.js'
export {DEFAULT_LOCK_WAIT_MS, STALE_LOCK_MS} from './lock.js'

/**
 * TOOLSEARCH_LOCK_WAIT_MS (milliseconds) when it is a non-negative integer, else OpenClaw's whole
 * retry budget, so toolsearch never gives up on a lock before OpenClaw would.
 */
export function lockWaitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.TOOLSEARCH_LOCK_WAIT_MS
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_LOCK_WAIT_MS
}
/** Symlink hops followed before giving up (the limit Linux uses). */
const MAX_SYMLINK_HOPS = 40
export interface WriteOutcome<T> {
  status: 'written' | 'unchanged'
  /** The file written (the symlink's real target when the path is a symlink). */
  file: string
  /** True when the file did not exist before. */
  created: boolean
  /** The newest backup, when one was made. */
  backup?: string
  result: T
}

/** What `compute` returns: the new text (undefined: leave the file alone) and a result to pass on. */
export interface Computed<T> {
  text: string | undefined
  result: T
}

/** Follows symlinks to the file that really holds the content (it may not exist yet). */
async function resolveWriteTarget(path: string, what: string, fs: WriterFs): Promise<string> {
  let current = resolve(path)
  for (let hops = 0; hops < MAX_SYMLINK_HOPS; hops++) {
    let stats
    try {
      stats = await fs.lstat(current)
    } catch (error) {
      if (errno(error) === 'ENOENT') return current
      throw failure('file-unreadable', `Cannot read ${what} ${path}: ${fileErrorReason(error)}`, path, error)
    }
    if (!stats.isSymbolicLink()) return current
    current = resolve(dirname(current), await fs.readlink(current))
  }
  throw failure('file-unreadable', `Cannot read ${what} ${path}: ${fileErrorReason({code: 'ELOOP'})}`, path)
}

/**
 * Refuses to replace a file its owner made read-only, or one this user may not write. A rename
 * needs only the directory's permission, so without this check a read-only file (or another
 * user's file in a shared directory) would be silently replaced, its owner changed.
 * The mode bits are checked too: root passes every access check.
 */
async function assertWritable(file: string, mode: number, what: string, fs: WriterFs): Promise<void> {
  if ((mode & 0o222) === 0) {
    throw failure('file-read-only', `Cannot write ${what} ${file}: the file is read-only (mode 0${mode.toString(8)}); nothing was written. Make it writable (chmod u+w) to change it.`, file)
  }
  try {
    await fs.access(file, constants.W_OK)
  } catch (error) {
    if (errno(error) === 'ENOENT') return
    throw failure('file-unwritable', `Cannot write ${what} ${file}: ${fileErrorReason(error)}; nothing was written.`, file, error)
  }
}

/** Characters encoded at a time by `utf8Chunks`; its buffer holds their UTF-8 at worst (3 bytes each). */
const WRITE_CHUNK = 256 * 1024

/**
 * `text` as UTF-8, a chunk of characters at a time through one small buffer (the file handle's
 * `writeFile` writes each chunk before it asks for the next): the same bytes as encoding it
 * whole, without a second copy of a large file in fresh memory. A chunk never ends between the
 * two halves of a surrogate pair, so every character is encoded as it would be whole.
 */
function* utf8Chunks(text: string): Generator<Buffer> {
  const buffer = Buffer.allocUnsafe(Math.min(text.length, WRITE_CHUNK) * 3)
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + WRITE_CHUNK, text.length)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
    yield buffer.subarray(0, buffer.write(text.slice(start, end), 'utf8'))
    start = end
  }
}

async function syncDirectory(dir: string, fs: WriterFs): Promise<void> {
  try {
    const handle = await fs.open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Best effort: some platforms and file systems cannot fsync a directory.
  }
}

/**
 * The locks a write of `path` takes, in order: OpenClaw's sidecar `<real directory>/<name>.lock`
 * when `path` is a symlink (OpenClaw locks the link's name, not its target), then
 * `<real target>.lock`, which every writer of the target takes. Taking them in this order, the
 * target's last, no two writers can each hold one the other waits for.
 */
async function lockPathsFor(path: string, file: string, fs: WriterFs & {realpath?: typeof nodeFs.realpath}): Promise<string[]> {
  const mine = `${file}.lock`
  if (resolve(path) === file) return [mine]
  const realDir = await (fs.realpath ?? nodeFs.realpath)(dirname(resolve(path))).catch(() => undefined)
  const sidecar = realDir === undefined ? undefined : `${join(realDir, basename(path))}.lock`
  return sidecar === undefined || sidecar === mine ? [mine] : [sidecar, mine]
}

async function acquireAll(paths: string[], file: string, what: string, waitMs: number, fs: WriterFs): Promise<HeldLock[]> {
  const held: HeldLock[] = []
  try {
    for (const path of paths) held.push(await acquireLock(path, waitMs, fs))
    return held
  } catch (error) {
    await releaseAll(held)
    throw lockError(error, file, what)
  }
}

async function releaseAll(locks: HeldLock[]): Promise<void> {
  for (const lock of [...locks].reverse()) await lock.release()
}

/**
 * Reads the file under its lock, lets `compute` decide the new text, and writes it atomically.
 * `compute` sees the text as it is now (undefined when missing), so concurrent writers never
 * lose each other's changes. Errors `compute` throws pass through unchanged; every other failure
 * is a ToolsearchError naming the file, and the file is left as it was.
 */
export async function updateFileAtomically<T>(path: string, compute: (current: string | undefined) => Promise<Computed<T>> | Computed<T>, options: WriteOptions): Promise<WriteOutcome<T>> {
  const {what} = options
  const fs = options.fs ?? nodeFs
  const file = await resolveWriteTarget(path, what, fs)
  const dir = dirname(file)
  await fs.mkdir(dir, {recursive: true, mode: 0o700}).catch((error: unknown) => {
    throw failure('file-unwritable', `Cannot write ${what} ${file}: cannot create its directory ${dir} (${fileErrorReason(error)})`, file, error)
  })
  const before = await fs.stat(file).catch(() => undefined)
  const lockPaths = await lockPathsFor(path, file, fs)
  const write: {temp?: string; file: string; locks: string[]} = {file, locks: lockPaths}
  const untrack = trackWrite(write)
  let locks: HeldLock[] = []
  try {
    locks = await acquireAll(lockPaths, file, what, options.lockWaitMs ?? lockWaitFromEnv(), fs)
    await removeLeftovers(file, fs)
    const current = await readCurrent(file, what, before, options, fs)
    const {text, result} = await compute(current?.text)
    if (text === undefined || text === current?.text) return {status: 'unchanged', file, created: false, result}
    const previousMode = current === undefined ? undefined : current.stats.mode & 0o777
    if (previousMode !== undefined) await assertWritable(file, previousMode, what, fs)
    const mode = options.mode ?? previousMode ?? 0o600
    write.temp = tempName(file)
    const handle = await fs.open(write.temp, 'wx', mode)
    try {
      // FileHandle.writeFile takes an iterable of chunks (documented since Node 15.14); the type
      // declarations in use still say string or Uint8Array only.
      await handle.writeFile(utf8Chunks(text) as unknown as Uint8Array)
      if (current !== undefined) await keepOwner(handle, current.stats)
      await handle.chmod(mode)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await assertStillAsRead(file, what, current, locks)
    const backup = current === undefined ? undefined : await keepBackup(file, what, current, fs)
    await fs.rename(write.temp, file)
    write.temp = undefined
    await syncDirectory(dir, fs)
    return {status: 'written', file, created: current === undefined, backup, result}
  } catch (error) {
    if (error instanceof ToolsearchError) throw error
    throw failure('file-unwritable', `Cannot write ${what} ${file}: ${fileErrorReason(error)}; the file was left as it was.`, file, error)
  } finally {
    if (write.temp !== undefined) await fs.unlink(write.temp).catch(() => undefined)
    await releaseAll(locks)
    untrack()
  }
}
