/**
 * What the writer reads under the lock, and the checks that it can trust it: the whole file,
 * never an in-place save caught between its truncate and its write, and, just before the rename,
 * still the same file with the same content.
 */
import type {Stats} from 'node:fs'

import type {WriteOptions, WriterFs} from './types.js'
import {errno, fileErrorReason} from './errors.js'
import {type HeldLock, LockLostError, STALE_LOCK_MS} from './lock.js'
import {type FileSnapshot, readRegularFile, sizeWhenFirstRead} from './read-file.js'
import {changedMeanwhile, conflict, failure} from './write-errors.js'

/** How long an empty read waits to see whether an in-place save is still writing the file. */
const EMPTY_READ_SETTLE_MS = 50

/** The file as read under the lock: what `compute` saw, and what it must still be at the rename. */
export interface CurrentFile {
  bytes: Buffer
  text: string
  stats: Stats
}

const sameFileState = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * The file's bytes, or undefined when it does not exist. Only a regular file is read (and later
 * replaced): renaming over a FIFO or a device such as /dev/null would destroy it, and reading a
 * FIFO would block.
 */
function readSnapshot(file: string, what: string, expected?: Buffer): FileSnapshot | undefined {
  let snapshot
  try {
    snapshot = readRegularFile(file, undefined, expected)
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
 * its truncate and its write). A file that still holds `options.expected` comes back as that
 * buffer (see `readRegularFile`).
 */
export async function readCurrent(file: string, what: string, before: Stats | undefined, options: Pick<WriteOptions, 'decode' | 'expected'>, fs: WriterFs): Promise<CurrentFile | undefined> {
  const {decode} = options
  const snapshot = readSnapshot(file, what, options.expected)
  if (snapshot === undefined) return undefined
  const {bytes, stats} = snapshot
  if (bytes.length !== stats.size) throw conflict(what, file, 'changed while it was being read')
  if (bytes.length === 0) {
    const sameAsBefore = before !== undefined && before.dev === stats.dev && before.ino === stats.ino
    // What the caller read for this change, when it says: a size this process saw in an earlier
    // change says nothing about this one (the file may have been emptied on purpose since).
    const readForThisChange = options.expected?.length ?? sizeWhenFirstRead(file, stats) ?? 0
    const earlier = Math.max(sameAsBefore ? before.size : 0, readForThisChange)
    if (earlier > 0) throw conflict(what, file, `was emptied while it was being read (${earlier} bytes before; another program saving it in place?)`)
    await sleep(EMPTY_READ_SETTLE_MS)
    const settled = await fs.stat(file).catch(() => undefined)
    if (settled === undefined || !sameFileState(settled, stats)) throw conflict(what, file, 'changed while it was being read')
  }
  return {bytes, text: decode === undefined ? bytes.toString('utf8') : decode(bytes, file), stats}
}

/**
 * Just before the rename: the lock is still ours and the file is exactly what was read. The
 * content is compared byte for byte with what was read (kept for the backup anyway), a chunk at
 * a time as it is read: hashing both reads cost a pass of SHA-256 over a large file each, and a
 * whole second copy of the file in memory.
 */
export async function assertStillAsRead(file: string, what: string, current: CurrentFile | undefined, locks: HeldLock[]): Promise<void> {
  for (const lock of locks) {
    try {
      await lock.assertHeld()
    } catch (error) {
      if (!(error instanceof LockLostError)) throw error
      throw conflict(what, file, `lost its lock ${lock.path} while it was being written (held for more than ${STALE_LOCK_MS / 1000} s, or removed by another program)`)
    }
  }
  const now = readSnapshot(file, what, current?.bytes)
  if (current === undefined ? now !== undefined : now === undefined || !sameFileState(now.stats, current.stats) || now.bytes !== current.bytes) {
    throw changedMeanwhile(what, file)
  }
}
