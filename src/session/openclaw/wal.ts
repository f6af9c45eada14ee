/**
 * What a reader that takes no SQLite locks needs to know to trust what it read from a database in
 * WAL mode: the state of its `-wal` and `-shm` files before and after, compared.
 *
 * Node has no POSIX byte-range locks, so a reader in this process cannot register with a writer the
 * way SQLite readers do (a read mark in the `-shm` file, held under an `fcntl` lock). A writer may
 * then checkpoint while we read: copy WAL frames into the database file, and later restart the WAL
 * from its first frame. The WebAssembly reader builds its own index of the WAL when it opens
 * (SQLite's heap-memory wal-index), so frames that were committed when it opened are read from
 * the WAL; what it reads from the database file is only right if no checkpoint wrote frames it did
 * not index. The reader therefore compares, after reading:
 * - the WAL header (its salts change when the WAL restarts; absent when there is no WAL);
 * - the checkpoint progress the writer publishes in `-shm` (`nBackfill`): a checkpoint that went
 *   past the last frame committed when we started (`mxFrame` then) may have written pages we read
 *   from the database file;
 * - without a `-shm` at the end, the database file's size and modification time (a writer that
 *   came, checkpointed and closed meanwhile).
 * Any difference means "read again" (src/session/openclaw/sqlite.ts). The `-shm` layout is SQLite's
 * documented wal-index header (https://sqlite.org/walformat.html): `mxFrame` at byte 16,
 * `nBackfill` at byte 96, in the machine's byte order.
 */
import {closeSync, fstatSync, openSync, readSync, statSync} from 'node:fs'
import {endianness} from 'node:os'

import {errno} from '../../fs/errors.js'

export interface WalState {
  /** The first 32 bytes of `<db>-wal` (hex), or undefined when there is no WAL file. */
  walHeader?: string
  /** From `<db>-shm`, when it exists and holds an initialised wal-index. */
  shm?: {mxFrame: number; nBackfill: number}
  /** The database file: size and modification time (ns). */
  db: {size: number; mtimeNs: bigint}
}

/** Reads up to `length` bytes from the start of `file`; undefined when the file does not exist. */
function head(file: string, length: number): Buffer | undefined {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch (error) {
    if (errno(error) === 'ENOENT') return undefined
    throw error
  }
  try {
    const size = Math.min(length, fstatSync(fd).size)
    const buffer = Buffer.alloc(size)
    const read = size === 0 ? 0 : readSync(fd, buffer, 0, size, 0)
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

/** The wal-index header fields a reader compares, or undefined when the index is not initialised. */
export function shmCounters(bytes: Buffer | undefined): WalState['shm'] {
  if (bytes === undefined || bytes.length < 100 || bytes[12] !== 1) return undefined
  const little = endianness() === 'LE'
  const u32 = (offset: number) => (little ? bytes.readUInt32LE(offset) : bytes.readUInt32BE(offset))
  return {mxFrame: u32(16), nBackfill: u32(96)}
}

/** The state of `file`'s WAL, wal-index and the file itself, now. */
export function walState(file: string): WalState {
  const wal = head(`${file}-wal`, 32)
  const stat = statSync(file, {bigint: true})
  return {
    walHeader: wal === undefined ? undefined : wal.toString('hex'),
    shm: shmCounters(head(`${file}-shm`, 136)),
    db: {size: Number(stat.size), mtimeNs: stat.mtimeNs},
  }
}

/** Whether a reader that started at `before` and finished at `after` read one consistent state (see the module comment). */
export function sameSnapshot(before: WalState, after: WalState): boolean {
  if (before.walHeader !== after.walHeader) return false
  if (after.shm !== undefined) {
    const safeUpTo = before.shm === undefined ? 0 : Math.max(before.shm.mxFrame, before.shm.nBackfill)
    if (after.shm.nBackfill > safeUpTo) return false
    return true
  }
  return before.db.size === after.db.size && before.db.mtimeNs === after.db.mtimeNs
}

/** Whether `file` has a WAL file and a wal-index beside it (a writer has it open, or left them). */
export function hasLiveWal(file: string): {wal: boolean; shm: boolean} {
  const exists = (path: string) => {
    try {
      statSync(path)
      return true
    } catch {
      return false
    }
  }
  return {wal: exists(`${file}-wal`), shm: exists(`${file}-shm`)}
}
