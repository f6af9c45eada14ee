/**
 * The one writer for every file toolsearch writes (configs, imported catalogs), after npm's
 * write-file-atomic and git's lock files: resolve the real path through symlinks, take
 * `<file>.lock` (exclusive create, holding pid and time), read → compute → refuse a read-only
 * file → write a temp file in the same directory with the old mode → fsync → keep the backup ring
 * → rename over the target → fsync the directory (best effort) → release. The temp file is
 * removed in a single `finally`.
 * File-system calls go through `WriterFs` so tests can inject a failure at each step.
 *
 * Messages name what is written (`options.what`: "config", "catalog") and the file, so a
 * failure reads right for every caller.
 */
import {randomBytes} from 'node:crypto'
import {constants} from 'node:fs'
import * as nodeFs from 'node:fs/promises'
import {basename, dirname, join, resolve} from 'node:path'

import {ExitCode, ToolsearchError} from '../errors.js'
import {errno, fileErrorReason} from './errors.js'

export type WriterFs = Pick<typeof nodeFs, 'open' | 'readFile' | 'rename' | 'unlink' | 'stat' | 'lstat' | 'readlink' | 'mkdir' | 'copyFile' | 'chmod' | 'link' | 'access'>

/** A lock older than this is stale, whatever its process. */
export const STALE_LOCK_MS = 30_000
/** How long a writer waits for another writer's lock by default. */
export const DEFAULT_LOCK_WAIT_MS = 3_000

/** TOOLSEARCH_LOCK_WAIT_MS (milliseconds) when it is a non-negative integer, else 3 s. */
export function lockWaitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.TOOLSEARCH_LOCK_WAIT_MS
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_LOCK_WAIT_MS
}
/** `<file>.bak`, then `.bak.1` … `.bak.4`. */
export const BACKUP_RING_SIZE = 5
/** Symlink hops followed before giving up (the limit Linux uses). */
const MAX_SYMLINK_HOPS = 40

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
}

interface LockHolder {
  pid: number
  time: number
  nonce: string
}

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

function failure(code: string, message: string, file: string, cause?: unknown): ToolsearchError {
  return new ToolsearchError(code, message, {exitCode: code === 'file-unreadable' ? ExitCode.usage : ExitCode.failure, file, cause})
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
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

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errno(error) === 'EPERM'
  }
}

async function readLock(lockPath: string, fs: WriterFs): Promise<{holder: Partial<LockHolder>; raw: string; mtime: number} | undefined> {
  try {
    const [raw, stats] = await Promise.all([fs.readFile(lockPath, 'utf8'), fs.stat(lockPath)])
    let holder: Partial<LockHolder> = {}
    try {
      holder = JSON.parse(raw) as Partial<LockHolder>
    } catch {
      // Half-written lock: judged by its age alone.
    }
    return {holder, raw, mtime: stats.mtimeMs}
  } catch (error) {
    if (errno(error) === 'ENOENT') return undefined
    throw error
  }
}

/** A lock is stale when its process is gone or it is older than 30 s. */
function isStaleLock(holder: Partial<LockHolder>, mtime: number, now = Date.now()): boolean {
  const time = typeof holder.time === 'number' ? holder.time : mtime
  if (now - time > STALE_LOCK_MS) return true
  return typeof holder.pid === 'number' && !isProcessAlive(holder.pid)
}

/**
 * Moves a stale lock aside atomically (only one taker can rename it) and deletes it. If what was
 * moved is not the stale lock that was judged (someone took the lock in between), it is put back.
 */
async function takeOverStaleLock(lockPath: string, staleRaw: string, fs: WriterFs): Promise<void> {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    await fs.rename(lockPath, aside)
  } catch (error) {
    if (errno(error) === 'ENOENT') return
    throw error
  }
  const moved = await fs.readFile(aside, 'utf8').catch(() => staleRaw)
  if (moved !== staleRaw) await fs.link(aside, lockPath).catch(() => undefined)
  await fs.unlink(aside).catch(() => undefined)
}

function lockedError(file: string, what: string, holder: Partial<LockHolder>): ToolsearchError {
  const since = typeof holder.time === 'number' ? `, since ${new Date(holder.time).toISOString()}` : ''
  const by = typeof holder.pid === 'number' ? ` by process ${holder.pid}${since}` : ''
  return failure('file-locked', `${capitalized(what)} file ${file} is locked${by}; nothing was written. Retry when the other writer is done (the lock is ${file}.lock).`, file)
}

/** Takes `<file>.lock`, waiting up to `waitMs`; returns the release function. */
async function acquireLock(file: string, what: string, waitMs: number, fs: WriterFs): Promise<() => Promise<void>> {
  const lockPath = `${file}.lock`
  const mine: LockHolder = {pid: process.pid, time: Date.now(), nonce: randomBytes(8).toString('hex')}
  const deadline = Date.now() + waitMs
  for (;;) {
    mine.time = Date.now()
    const raw = JSON.stringify(mine)
    try {
      const handle = await fs.open(lockPath, 'wx', 0o600)
      try {
        await handle.writeFile(raw)
      } finally {
        await handle.close()
      }
      return async () => {
        const current = await fs.readFile(lockPath, 'utf8').catch(() => undefined)
        if (current === raw) await fs.unlink(lockPath).catch(() => undefined)
      }
    } catch (error) {
      if (errno(error) !== 'EEXIST') {
        throw failure('file-unwritable', `Cannot write ${what} ${file}: cannot create the lock file ${lockPath} (${fileErrorReason(error)}); nothing was written.`, file, error)
      }
    }
    const existing = await readLock(lockPath, fs).catch((error: unknown) => {
      throw failure('file-unwritable', `Cannot write ${what} ${file}: cannot read the lock file ${lockPath} (${fileErrorReason(error)}); nothing was written.`, file, error)
    })
    if (existing === undefined) continue
    if (isStaleLock(existing.holder, existing.mtime)) {
      await takeOverStaleLock(lockPath, existing.raw, fs)
      continue
    }
    if (Date.now() >= deadline) throw lockedError(file, what, existing.holder)
    await new Promise((done) => setTimeout(done, 20 + Math.floor(Math.random() * 40)))
  }
}

/**
 * What a path is when it is a special file (FIFO, device, socket), in words; undefined for a
 * regular file or a directory (reading a directory fails on its own, as a read error).
 */
function notRegularFile(stats: Awaited<ReturnType<WriterFs['stat']>>): string | undefined {
  if (stats.isFile() || stats.isDirectory()) return undefined
  const kind = stats.isFIFO() ? 'a FIFO' : stats.isCharacterDevice() ? 'a character device' : stats.isBlockDevice() ? 'a block device' : stats.isSocket() ? 'a socket' : 'not a file'
  return `it is not a regular file (${kind})`
}

/**
 * The file's text and mode, or undefined when it does not exist. Only a regular file is read (and
 * later replaced): renaming over a FIFO or a device such as /dev/null would destroy it, and
 * reading a FIFO would block.
 */
async function readCurrent(file: string, what: string, fs: WriterFs, decode: WriteOptions['decode']): Promise<{text: string; mode: number} | undefined> {
  let stats
  try {
    stats = await fs.stat(file)
  } catch (error) {
    if (errno(error) === 'ENOENT') return undefined
    throw error
  }
  const notRegular = notRegularFile(stats)
  if (notRegular !== undefined) throw failure('file-unwritable', `Cannot write ${what} ${file}: ${notRegular}; nothing was written.`, file)
  const bytes = await fs.readFile(file)
  return {text: decode === undefined ? bytes.toString('utf8') : decode(bytes, file), mode: stats.mode & 0o777}
}

/**
 * Shifts `.bak` → `.bak.1` → … → `.bak.4` (the oldest drops out), then copies the file to `.bak`.
 * The copy never follows or replaces anything that appeared at `.bak` meanwhile (COPYFILE_EXCL).
 */
async function keepBackup(file: string, fs: WriterFs): Promise<string> {
  const name = (index: number) => (index === 0 ? `${file}.bak` : `${file}.bak.${index}`)
  for (let index = BACKUP_RING_SIZE - 2; index >= 0; index--) {
    await fs.rename(name(index), name(index + 1)).catch((error: unknown) => {
      if (errno(error) !== 'ENOENT') throw error
    })
  }
  await fs.copyFile(file, name(0), constants.COPYFILE_EXCL)
  await fs.chmod(name(0), 0o600)
  return name(0)
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
  const release = await acquireLock(file, what, options.lockWaitMs ?? lockWaitFromEnv(), fs)
  let temp: string | undefined
  try {
    const current = await readCurrent(file, what, fs, options.decode).catch((error: unknown) => {
      if (error instanceof ToolsearchError) throw error
      throw failure('file-unreadable', `Cannot read ${what} ${file}: ${fileErrorReason(error)}`, file, error)
    })
    const {text, result} = await compute(current?.text)
    if (text === undefined || text === current?.text) return {status: 'unchanged', file, created: false, result}
    if (current !== undefined) await assertWritable(file, current.mode, what, fs)
    const mode = current?.mode ?? 0o600
    temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
    const handle = await fs.open(temp, 'wx', mode)
    try {
      await handle.writeFile(text, 'utf8')
      await handle.chmod(mode)
      await handle.sync()
    } finally {
      await handle.close()
    }
    const now = await readCurrent(file, what, fs, options.decode)
    if (now?.text !== current?.text) {
      throw failure('file-conflict', `${capitalized(what)} file ${file} changed while it was being written (by a program that does not use ${file}.lock); nothing was written. Run the command again.`, file)
    }
    const backup = current === undefined ? undefined : await keepBackup(file, fs)
    await fs.rename(temp, file)
    temp = undefined
    await syncDirectory(dir, fs)
    return {status: 'written', file, created: current === undefined, backup, result}
  } catch (error) {
    if (error instanceof ToolsearchError) throw error
    throw failure('file-unwritable', `Cannot write ${what} ${file}: ${fileErrorReason(error)}; the file was left as it was.`, file, error)
  } finally {
    if (temp !== undefined) await fs.unlink(temp).catch(() => undefined)
    await release()
  }
}
