/**
 * What a write leaves beside the file: the ring of backups (`.bak` … `.bak.4`, the content that
 * was read, mode 0600, the original's owner), and the temp files of killed writes, cleared.
 */
import {randomBytes} from 'node:crypto'
import type {Stats} from 'node:fs'
import type * as nodeFs from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'

import type {WriterFs} from './types.js'
import {errno} from './errors.js'
import {isProcessAlive} from './lock.js'
import type {CurrentFile} from './read-check.js'
import {failure} from './write-errors.js'

/** `<file>.bak`, then `.bak.1` … `.bak.4`. */
export const BACKUP_RING_SIZE = 5
/** A temp file whose writer may still live is removed once it is older than this. */
export const STALE_TEMP_MS = 10 * 60_000
/**
 * Gives the new file (or a backup) the original's owner and group. Root must manage it (a
 * config root edits stays its user's); another user cannot give a file away, and the rename
 * then makes it theirs, as with any editor.
 */
export async function keepOwner(handle: nodeFs.FileHandle, original: Stats): Promise<void> {
  if (typeof process.geteuid !== 'function' || typeof process.getegid !== 'function') return
  if (original.uid === process.geteuid() && original.gid === process.getegid()) return
  try {
    await handle.chown(original.uid, original.gid)
  } catch (error) {
    if (process.geteuid() === 0) throw error
  }
}

/** A temp file name this writer recognises as its own: `.<name>.toolsearch-<pid>-<hex>.tmp`. */
export function tempName(file: string): string {
  return join(dirname(file), `.${basename(file)}.toolsearch-${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Removes what killed writes of this file left: temp files (this format and the older
 * `.<name>.<pid>.<hex>.tmp`) and stale locks moved aside, when their process is gone or they are
 * older than `STALE_TEMP_MS`. Runs under the lock, so no live writer of this file is mid-write.
 */
export async function removeLeftovers(file: string, fs: WriterFs): Promise<void> {
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
export async function keepBackup(file: string, what: string, current: CurrentFile, fs: WriterFs): Promise<string> {
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
