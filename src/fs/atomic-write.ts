/**
 * The one writer for every file toolsearch writes (configs, imported catalogs), after npm's
 * write-file-atomic and git's lock files: resolve the real path through symlinks, take
 * `<file>.lock` (OpenClaw's lock, `./lock.ts`), clear temp files that killed writes left, read →
 * compute → refuse a read-only file → write a temp file in the same directory with the old mode
 * and owner → fsync → check that the file is still what was read → keep the backup ring → rename
 * over the target → fsync the directory (best effort) → release. The temp file is removed in a
 * single `finally`, and on SIGINT, SIGTERM or SIGHUP before the process exits.
 *
 * **A write never proceeds from a read it cannot trust.** The file is read through one open
 * descriptor (`readRegularFile`); a read that came back empty from a file that was not empty
 * when this process first read it, or that is still changing, is a conflict, and just before the
 * rename the file must still be the same file (device, inode), with the same size, mtime, ctime
 * and content hash, and the lock still ours. A conflict writes nothing and says so. A program
 * that saves in place (truncate, then write) without the lock is thereby never taken for an
 * empty config, and the backup is always the content that was read, never a half-saved file.
 *
 * File-system calls go through `WriterFs` so tests can inject a failure at each step.
 *
 * Messages name what is written (`options.what`: "config", "catalog") and the file, so a
 * failure reads right for every caller.
 */
import {createHash, randomBytes} from 'node:crypto'
import {type Stats, constants, unlinkSync} from 'node:fs'
import * as nodeFs from 'node:fs/promises'
import {basename, dirname, join, resolve} from 'node:path'

import {type ErrorCode, ToolsearchError} from '../shared/errors.js'
import {errno, fileErrorReason} from './errors.js'
import {DEFAULT_LOCK_WAIT_MS, type HeldLock, LockAccessError, LockBusyError, LockLostError, STALE_LOCK_MS, acquireLock, isProcessAlive} from './lock.js'
import {type FileSnapshot, readRegularFile, sizeWhenFirstRead} from './read-file.js'

export {DEFAULT_LOCK_WAIT_MS, STALE_LOCK_MS} from './lock.js'

export type WriterFs = Pick<typeof nodeFs, 'open' | 'readFile' | 'rename' | 'unlink' | 'stat' | 'lstat' | 'readlink' | 'mkdir' | 'copyFile' | 'chmod' | 'link' | 'access' | 'readdir'>

/**
 * TOOLSEARCH_LOCK_WAIT_MS (milliseconds) when it is a non-negative integer, else OpenClaw's whole
 * retry budget, so toolsearch never gives up on a lock before OpenClaw would.
 */
export function lockWaitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.TOOLSEARCH_LOCK_WAIT_MS
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_LOCK_WAIT_MS
}
/** `<file>.bak`, then `.bak.1` … `.bak.4`. */
export const BACKUP_RING_SIZE = 5
/** Symlink hops followed before giving up (the limit Linux uses). */
const MAX_SYMLINK_HOPS = 40
/** A temp file whose writer may still live is removed once it is older than this. */
export const STALE_TEMP_MS = 10 * 60_000
/** How long an empty read waits to see whether an in-place save is still writing the file. */
const EMPTY_READ_SETTLE_MS = 50

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

function failure(code: ErrorCode, message: string, file: string, cause?: unknown): ToolsearchError {
  return new ToolsearchError(code, message, {file, cause})
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

/** The file as read under the lock: what `compute` saw, and what it must still be at the rename. */
interface CurrentFile {
  bytes: Buffer
  text: string
  stats: Stats
  hash: string
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const sameFileState = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

function conflict(what: string, file: string, why: string): ToolsearchError {
  return failure('file-conflict', `${capitalized(what)} file ${file} ${why}; nothing was written. Run the command again.`, file)
}

const changedMeanwhile = (what: string, file: string) => conflict(what, file, `changed while it was being written (by a program that does not use ${file}.lock)`)

/**
 * The file's bytes, or undefined when it does not exist. Only a regular file is read (and later
 * replaced): renaming over a FIFO or a device such as /dev/null would destroy it, and reading a
 * FIFO would block.
 */
function readSnapshot(file: string, what: string): FileSnapshot | undefined {
  let snapshot
  try {
    snapshot = readRegularFile(file)
  } catch (error) {
    if (errno(error) === 'ENOTREGULAR') throw failure('file-unwritable', `Cannot write ${what} ${file}: ${fileErrorReason(error)}; nothing was written.`, file)
    throw failure('file-unreadable', `Cannot read ${what} ${file}: ${fileErrorReason(error)}`, file, error)
  }
  if (snapshot !== undefined && !snapshot.stats.isFile()) {
    throw failure('file-unwritable', `Cannot write ${what} ${file}: it is not a regular file (a character device); nothing was written.`, file)
  }
  return snapshot
}

/**
 * Reads the file under the lock and refuses a read it cannot trust: one that is not the whole
 * file, or an empty read of a file that was not empty before (an in-place save caught between
 * its truncate and its write).
 */
async function readCurrent(file: string, what: string, before: Stats | undefined, decode: WriteOptions['decode'], fs: WriterFs): Promise<CurrentFile | undefined> {
  const snapshot = readSnapshot(file, what)
  if (snapshot === undefined) return undefined
  const {bytes, stats} = snapshot
  if (bytes.length !== stats.size) throw conflict(what, file, 'changed while it was being read')
  if (bytes.length === 0) {
    const sameAsBefore = before !== undefined && before.dev === stats.dev && before.ino === stats.ino
    const earlier = Math.max(sameAsBefore ? before.size : 0, sizeWhenFirstRead(stats) ?? 0)
    if (earlier > 0) throw conflict(what, file, `was emptied while it was being read (${earlier} bytes before; another program saving it in place?)`)
    await sleep(EMPTY_READ_SETTLE_MS)
    const settled = await fs.stat(file).catch(() => undefined)
    if (settled === undefined || !sameFileState(settled, stats)) throw conflict(what, file, 'changed while it was being read')
  }
  return {bytes, text: decode === undefined ? bytes.toString('utf8') : decode(bytes, file), stats, hash: hashOf(bytes)}
}

/** Just before the rename: the lock is still ours and the file is exactly what was read. */
async function assertStillAsRead(file: string, what: string, current: CurrentFile | undefined, locks: HeldLock[]): Promise<void> {
  for (const lock of locks) {
    try {
      await lock.assertHeld()
    } catch (error) {
      if (!(error instanceof LockLostError)) throw error
      throw conflict(what, file, `lost its lock ${lock.path} while it was being written (held for more than ${STALE_LOCK_MS / 1000} s, or removed by another program)`)
    }
  }
  const now = readSnapshot(file, what)
  if (current === undefined ? now !== undefined : now === undefined || !sameFileState(now.stats, current.stats) || hashOf(now.bytes) !== current.hash) {
    throw changedMeanwhile(what, file)
  }
}

/**
 * Gives the new file (or a backup) the original's owner and group. Root must manage it (a
 * config root edits stays its user's); another user cannot give a file away, and the rename
 * then makes it theirs, as with any editor.
 */
async function keepOwner(handle: nodeFs.FileHandle, original: Stats): Promise<void> {
  if (typeof process.geteuid !== 'function' || typeof process.getegid !== 'function') return
  if (original.uid === process.geteuid() && original.gid === process.getegid()) return
  try {
    await handle.chown(original.uid, original.gid)
  } catch (error) {
    if (process.geteuid() === 0) throw error
  }
}

/** A temp file name this writer recognises as its own: `.<name>.toolsearch-<pid>-<hex>.tmp`. */
function tempName(file: string): string {
  return join(dirname(file), `.${basename(file)}.toolsearch-${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Removes what killed writes of this file left: temp files (this format and the older
 * `.<name>.<pid>.<hex>.tmp`) and stale locks moved aside, when their process is gone or they are
 * older than `STALE_TEMP_MS`. Runs under the lock, so no live writer of this file is mid-write.
 */
async function removeLeftovers(file: string, fs: WriterFs): Promise<void> {
  const name = escapeRegExp(basename(file))
  const leftover = new RegExp(`^(?:\\.${name}\\.(?:toolsearch-)?(\\d+)[.-][0-9a-f]{8}\\.tmp|${name}\\.lock(?:\\.takeover)?\\.stale-(\\d+)-[0-9a-f]{8})$`)
  const entries = await fs.readdir(dirname(file)).catch(() => [] as string[])
  for (const entry of entries) {
    const match = leftover.exec(entry)
    if (match === null) continue
    const pid = Number(match[1] ?? match[2])
    const path = join(dirname(file), entry)
    const stats = await fs.lstat(path).catch(() => undefined)
    if (stats === undefined || !stats.isFile() || pid === process.pid) continue
    if (!isProcessAlive(pid) || Date.now() - stats.mtimeMs > STALE_TEMP_MS) await fs.unlink(path).catch(() => undefined)
  }
}

const isDirectory = async (path: string, fs: WriterFs) => (await fs.lstat(path).catch(() => undefined))?.isDirectory() === true

/**
 * Shifts `.bak` → `.bak.1` → … → `.bak.4` (the oldest drops out), then writes the content that
 * was read to `.bak` (mode 0600, the original's owner). Only files move: a directory in the ring
 * stays where it is and the backup that would move onto it drops out instead; a directory at
 * `.bak` itself refuses the write. The new backup never follows or replaces anything that
 * appeared at `.bak` meanwhile (exclusive create).
 */
async function keepBackup(file: string, what: string, current: CurrentFile, fs: WriterFs): Promise<string> {
  const name = (index: number) => (index === 0 ? `${file}.bak` : `${file}.bak.${index}`)
  if (await isDirectory(name(0), fs)) throw failure('file-unwritable', `Cannot write ${what} ${file}: its backup ${name(0)} is a directory; nothing was written. Move it away and retry.`, file)
  for (let index = BACKUP_RING_SIZE - 2; index >= 0; index--) {
    if (await isDirectory(name(index), fs)) continue
    const shift = (await isDirectory(name(index + 1), fs)) ? fs.unlink(name(index)) : fs.rename(name(index), name(index + 1))
    await shift.catch((error: unknown) => {
      if (errno(error) !== 'ENOENT') throw error
    })
  }
  const handle = await fs.open(name(0), 'wx', 0o600)
  try {
    await handle.writeFile(current.bytes)
    await keepOwner(handle, current.stats)
    await handle.chmod(0o600)
    await handle.sync()
  } finally {
    await handle.close()
  }
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

function lockError(error: unknown, file: string, what: string): ToolsearchError {
  if (error instanceof LockBusyError) {
    const {holder} = error
    const since = holder?.createdAt === undefined ? '' : `, since ${new Date(holder.createdAt).toISOString()}`
    const by = holder?.pid === undefined ? '' : ` by process ${holder.pid}${since}`
    return failure('file-locked', `${capitalized(what)} file ${file} is locked${by}; nothing was written. Retry when the other writer is done (the lock is ${error.lockPath}).`, file)
  }
  if (error instanceof LockAccessError) {
    const verb = error.operation === 'create' ? 'cannot create' : 'cannot read'
    return failure('file-unwritable', `Cannot write ${what} ${file}: ${verb} the lock file ${error.lockPath} (${fileErrorReason(error.cause)}); nothing was written.`, file, error.cause)
  }
  return failure('file-unwritable', `Cannot write ${what} ${file}: ${fileErrorReason(error)}; nothing was written.`, file, error)
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

/** Temp files and locks of writes in progress, removed if a signal ends the process first. */
const inProgress = new Set<{temp?: string; file: string; locks: string[]}>()
const SIGNAL_NUMBERS = {SIGINT: 2, SIGTERM: 15, SIGHUP: 1} as const

function onSignal(signal: keyof typeof SIGNAL_NUMBERS): void {
  for (const write of inProgress) {
    if (write.temp !== undefined) {
      try {
        unlinkSync(write.temp)
      } catch {
        // Already gone.
      }
    }
    process.stderr.write(`toolsearch: stopped by ${signal} while writing ${write.file}; nothing was written.\n`)
  }
  // The locks stay: their holder is now dead, which makes them stale to every writer at once.
  process.exit(128 + SIGNAL_NUMBERS[signal])
}

const signalHandlers = new Map((Object.keys(SIGNAL_NUMBERS) as Array<keyof typeof SIGNAL_NUMBERS>).map((signal) => [signal, () => onSignal(signal)]))

function trackWrite(write: {temp?: string; file: string; locks: string[]}): () => void {
  if (inProgress.size === 0) for (const [signal, handler] of signalHandlers) process.on(signal, handler)
  inProgress.add(write)
  return () => {
    inProgress.delete(write)
    if (inProgress.size === 0) for (const [signal, handler] of signalHandlers) process.off(signal, handler)
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
  const before = await fs.stat(file).catch(() => undefined)
  const lockPaths = await lockPathsFor(path, file, fs)
  const write: {temp?: string; file: string; locks: string[]} = {file, locks: lockPaths}
  const untrack = trackWrite(write)
  let locks: HeldLock[] = []
  try {
    locks = await acquireAll(lockPaths, file, what, options.lockWaitMs ?? lockWaitFromEnv(), fs)
    await removeLeftovers(file, fs)
    const current = await readCurrent(file, what, before, options.decode, fs)
    const {text, result} = await compute(current?.text)
    if (text === undefined || text === current?.text) return {status: 'unchanged', file, created: false, result}
    const mode = current === undefined ? 0o600 : current.stats.mode & 0o777
    if (current !== undefined) await assertWritable(file, mode, what, fs)
    write.temp = tempName(file)
    const handle = await fs.open(write.temp, 'wx', mode)
    try {
      await handle.writeFile(text, 'utf8')
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
