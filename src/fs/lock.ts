/**
 * `<file>.lock`: the lock OpenClaw's config writer takes on the same file, in OpenClaw's dialect,
 * so either tool waits for the other and neither ever takes a live lock.
 *
 * - **Taking it**: exclusive create (`O_EXCL`), then the payload `{pid, createdAt, startTime}`
 *   (`createdAt` ISO 8601; `startTime` is field 22 of `/proc/<pid>/stat`, Linux only, so a reused
 *   pid is not mistaken for the holder). toolsearch's older payload `{pid, time, nonce}` is read
 *   too.
 * - **Stale**: the holder is dead (no such pid, a zombie, or a pid now owned by a process with
 *   another start time), or the lock is older than 30 s (OpenClaw's rule). A lock without a
 *   readable payload (empty, garbage, a symlink: what a writer killed between create and write
 *   leaves) is stale once its own mtime is older than a 2 s grace; a live writer writes its
 *   payload microseconds after creating the file, so 2 s never catches one in between.
 * - **Waiting**: OpenClaw's backoff (25 ms × 1.2 per attempt up to 250 ms, randomised ×1–2), until
 *   the caller's deadline; by default at least OpenClaw's whole retry budget (80 × 250 ms = 20 s).
 *   Every pass through the loop checks the deadline, whatever it found.
 *
 * **Stale takeover without two holders.** Judging a lock stale and removing it are two steps; in
 * between, the stale lock may be removed by someone else and a live one created in its place.
 * The takeover therefore:
 * 1. records the lock it judged: device, inode and content;
 * 2. takes the takeover guard `<file>.lock.takeover` (exclusive create), so toolsearch takers go
 *    one at a time;
 * 3. reads the lock again: if it is not the very file it judged (inode and content), it stops;
 * 4. renames it to a unique aside name and checks that what it moved is that same file (an
 *    OpenClaw taker, which does not use the guard, may have raced); if not, it links it back;
 * 5. deletes the aside name and releases the guard; the caller then competes for the lock by
 *    exclusive create like everyone else.
 * Step 3 is what makes it safe: the judged lock's holder was dead when judged (or the lock was
 *    past 30 s), and the same file is still there, so nobody but a taker can remove it — and
 *    takers hold the guard. A guard left by a killed taker is itself judged by the same rules,
 *    with a 5 s age limit (it is held for a few system calls).
 * The holder re-checks that the lock is still its own just before it commits (`assertHeld`), so
 * a holder that overran 30 s and lost its lock writes nothing.
 *
 * Within one process, writers to the same file also queue on a promise, so two writes of one
 * process never depend on telling their identical pids apart.
 */
import {randomBytes} from 'node:crypto'
import {readFileSync} from 'node:fs'
import type * as nodeFs from 'node:fs/promises'

import {errno} from './errors.js'

export type LockFs = Pick<typeof nodeFs, 'open' | 'readFile' | 'rename' | 'unlink' | 'lstat' | 'link'>

/** A lock older than this is stale, whatever its process (OpenClaw's `stale`). */
export const STALE_LOCK_MS = 30_000
/** A lock without a readable payload is stale once its mtime is older than this. */
export const UNREADABLE_LOCK_GRACE_MS = 2_000
/** The takeover guard is held for a few system calls; older than this, its holder is stuck. */
const STALE_GUARD_MS = 5_000
/** OpenClaw's config writer: retries, backoff factor, first and longest wait (ms). */
export const OPENCLAW_LOCK_RETRY = {retries: 80, factor: 1.2, minTimeout: 25, maxTimeout: 250} as const
/** The longest OpenClaw's writer waits for a lock: every retry at the longest wait. */
export const DEFAULT_LOCK_WAIT_MS = OPENCLAW_LOCK_RETRY.retries * OPENCLAW_LOCK_RETRY.maxTimeout

/** What a lock file says about its holder, in either dialect. */
export interface LockHolder {
  pid?: number
  /** Creation time, ms since the epoch (`createdAt` or the older `time`). */
  createdAt?: number
  /** `/proc/<pid>/stat` start time, when the holder recorded it. */
  startTime?: number
}

/** One lock file as seen at one moment: which file it is, and what it said. */
interface LockSighting {
  dev: number
  ino: number
  mtimeMs: number
  raw: string
  /** Undefined when the payload cannot be read (empty, garbage, not a regular file). */
  holder: LockHolder | undefined
}

/** A lock this process holds. */
export interface HeldLock {
  path: string
  /** Throws `LockLostError` when the lock is no longer this holder's file. */
  assertHeld(): Promise<void>
  release(): Promise<void>
}

/** The lock is held by someone else until the deadline passed. */
export class LockBusyError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`${lockPath} is held`)
  }
}

/** The lock could not be created or read (a directory in its place, permissions). */
export class LockAccessError extends Error {
  constructor(
    readonly lockPath: string,
    readonly operation: 'create' | 'read',
    override readonly cause: unknown,
  ) {
    super(`cannot ${operation} ${lockPath}`)
  }
}

/** The holder's lock was taken over (it held it past 30 s) or removed by another program. */
export class LockLostError extends Error {
  constructor(readonly lockPath: string) {
    super(`${lockPath} is no longer held`)
  }
}

/** Field 22 of `/proc/<pid>/stat` (clock ticks after boot), or undefined off Linux. */
export function processStartTime(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
    const value = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '', 10)
    return Number.isFinite(value) ? value : undefined
  } catch {
    return undefined
  }
}

function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

/**
 * Whether `pid` is a running process. A process of another user (EPERM) is alive: taking its
 * lock would be the one mistake this module must never make.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    if (errno(error) !== 'EPERM') return false
  }
  return !isZombie(pid)
}

/** The payload toolsearch writes: OpenClaw's `{pid, createdAt, startTime?}`. */
export function lockPayload(now = Date.now()): string {
  const startTime = processStartTime(process.pid)
  return JSON.stringify({pid: process.pid, createdAt: new Date(now).toISOString(), ...(startTime === undefined ? {} : {startTime})})
}

/** Reads either dialect; undefined when the text is not a payload with a pid. */
export function parseLockPayload(raw: string): LockHolder | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (parsed === null || typeof parsed !== 'object') return undefined
  const record = parsed as Record<string, unknown>
  if (typeof record.pid !== 'number') return undefined
  const createdAt = typeof record.createdAt === 'string' ? Date.parse(record.createdAt) : typeof record.time === 'number' ? record.time : Number.NaN
  const startTime = typeof record.startTime === 'number' ? record.startTime : typeof record.starttime === 'number' ? record.starttime : undefined
  return {pid: record.pid, createdAt: Number.isFinite(createdAt) ? createdAt : undefined, startTime}
}

/** The stale rule, shared with OpenClaw (see the module comment). */
export function isStale(sighting: Pick<LockSighting, 'holder' | 'mtimeMs'>, now = Date.now(), staleMs = STALE_LOCK_MS): boolean {
  const {holder} = sighting
  if (holder === undefined) return now - sighting.mtimeMs > UNREADABLE_LOCK_GRACE_MS
  if (holder.pid === undefined || !isProcessAlive(holder.pid)) return true
  if (holder.startTime !== undefined) {
    const current = processStartTime(holder.pid)
    if (current !== undefined && current !== holder.startTime) return true
  }
  // A payload without a creation time is as old as the file.
  return now - (holder.createdAt ?? sighting.mtimeMs) > staleMs
}

/** The lock file now, without following a symlink; undefined when there is none. */
async function sight(path: string, fs: LockFs): Promise<LockSighting | undefined> {
  let stats
  try {
    stats = await fs.lstat(path)
  } catch (error) {
    if (errno(error) === 'ENOENT') return undefined
    throw new LockAccessError(path, 'read', error)
  }
  if (stats.isDirectory()) throw new LockAccessError(path, 'read', Object.assign(new Error('EISDIR'), {code: 'EISDIR'}))
  const base = {dev: stats.dev, ino: stats.ino, mtimeMs: stats.mtimeMs}
  if (!stats.isFile()) return {...base, raw: '', holder: undefined}
  let raw: string
  try {
    raw = await fs.readFile(path, 'utf8')
  } catch (error) {
    if (errno(error) === 'ENOENT') return undefined
    throw new LockAccessError(path, 'read', error)
  }
  return {...base, raw, holder: parseLockPayload(raw)}
}

function sameFile(a: LockSighting | undefined, b: LockSighting | undefined): boolean {
  return a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino && a.raw === b.raw
}

/** Creates `path` exclusively with `payload`; undefined when something is already there. */
async function create(path: string, payload: string, fs: LockFs): Promise<LockSighting | undefined> {
  let handle
  try {
    handle = await fs.open(path, 'wx', 0o600)
  } catch (error) {
    if (errno(error) === 'EEXIST') return undefined
    throw new LockAccessError(path, 'create', error)
  }
  try {
    await handle.writeFile(payload, 'utf8')
    const stats = await handle.stat()
    return {dev: stats.dev, ino: stats.ino, mtimeMs: stats.mtimeMs, raw: payload, holder: parseLockPayload(payload)}
  } catch (error) {
    await fs.unlink(path).catch(() => undefined)
    throw new LockAccessError(path, 'create', error)
  } finally {
    await handle.close()
  }
}

/** Deletes `path` only if it is still `mine`. */
async function removeIfMine(path: string, mine: LockSighting, fs: LockFs): Promise<void> {
  const now = await sight(path, fs).catch(() => undefined)
  if (sameFile(now, mine)) await fs.unlink(path).catch(() => undefined)
}

/**
 * Moves `judged` out of the way, if `path` is still that very file: rename to a unique name,
 * check what was moved, put it back if it was not the judged file.
 */
async function moveAside(path: string, judged: LockSighting, fs: LockFs): Promise<boolean> {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    await fs.rename(path, aside)
  } catch (error) {
    if (errno(error) === 'ENOENT') return true
    throw error
  }
  const moved = await sight(aside, fs).catch(() => undefined)
  const wasJudged = sameFile(moved, judged)
  if (!wasJudged) await fs.link(aside, path).catch(() => undefined)
  await fs.unlink(aside).catch(() => undefined)
  return wasJudged
}

/** Removes a takeover guard left by a taker that died or hung inside it. */
async function clearStaleGuard(guardPath: string, fs: LockFs): Promise<void> {
  const guard = await sight(guardPath, fs)
  if (guard === undefined || !isStale(guard, Date.now(), STALE_GUARD_MS)) return
  await moveAside(guardPath, guard, fs)
}

/** Removes the stale lock `judged` if it is still there (see the module comment). */
async function takeOver(lockPath: string, judged: LockSighting, fs: LockFs): Promise<boolean> {
  const guardPath = `${lockPath}.takeover`
  const guard = await create(guardPath, lockPayload(), fs)
  if (guard === undefined) {
    await clearStaleGuard(guardPath, fs)
    return false
  }
  try {
    const now = await sight(lockPath, fs)
    if (!sameFile(now, judged) || !isStale(now!)) return now === undefined
    return await moveAside(lockPath, judged, fs)
  } finally {
    await removeIfMine(guardPath, guard, fs)
  }
}

/** OpenClaw's wait before retry `attempt` (0-based), randomised ×1–2, at most 250 ms. */
export function retryDelayMs(attempt: number, random = Math.random()): number {
  const {factor, minTimeout, maxTimeout} = OPENCLAW_LOCK_RETRY
  const base = Math.min(maxTimeout, Math.max(minTimeout, minTimeout * factor ** attempt))
  return Math.min(maxTimeout, Math.round(base * (1 + random)))
}

const turns = new Map<string, Promise<void>>()

/** Waits until every earlier writer of this process for `key` is done; returns "I am done". */
async function waitTurn(key: string): Promise<() => void> {
  const previous = turns.get(key) ?? Promise.resolve()
  let done: () => void = () => undefined
  const mine = new Promise<void>((resolveTurn) => (done = resolveTurn))
  const tail = previous.then(() => mine)
  turns.set(key, tail)
  await previous
  return () => {
    done()
    if (turns.get(key) === tail) turns.delete(key)
  }
}

/** After the deadline, a writer that has just removed a stale lock still gets this many tries. */
const TRIES_AFTER_RECLAIM = 3

async function acquire(lockPath: string, deadline: number, fs: LockFs): Promise<HeldLock> {
  let lateTries = 0
  for (let attempt = 0; ; ) {
    const mine = await create(lockPath, lockPayload(), fs)
    if (mine !== undefined) {
      return {
        path: lockPath,
        async assertHeld() {
          if (!sameFile(await sight(lockPath, fs).catch(() => undefined), mine)) throw new LockLostError(lockPath)
        },
        release: () => removeIfMine(lockPath, mine, fs),
      }
    }
    const existing = await sight(lockPath, fs)
    const reclaimed = existing !== undefined && isStale(existing) && (await takeOver(lockPath, existing, fs))
    // Every pass checks the deadline, whatever it found (a lock that vanished, a dangling symlink).
    const late = Date.now() >= deadline
    if (late && !(reclaimed && lateTries++ < TRIES_AFTER_RECLAIM)) throw new LockBusyError(lockPath, existing?.holder)
    if (!reclaimed && existing !== undefined) await new Promise((done) => setTimeout(done, Math.min(retryDelayMs(attempt++), Math.max(1, deadline - Date.now()))))
  }
}

/**
 * Takes `lockPath`, waiting up to `waitMs` for a live holder. Throws `LockBusyError` when the
 * wait runs out and `LockAccessError` when the lock cannot be created or read at all.
 */
export async function acquireLock(lockPath: string, waitMs: number, fs: LockFs): Promise<HeldLock> {
  const deadline = Date.now() + waitMs
  const leave = await waitTurn(lockPath)
  try {
    const held = await acquire(lockPath, deadline, fs)
    return {
      ...held,
      async release() {
        try {
          await held.release()
        } finally {
          leave()
        }
      },
    }
  } catch (error) {
    leave()
    throw error
  }
}
