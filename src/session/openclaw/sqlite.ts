/**
 * Reading a SQLite database that another program (OpenClaw's gateway) may be writing, without ever
 * writing to it: opened read-only, no lock that blocks a writer, no `-wal`/`-shm` file created, and
 * rows still in the WAL (not yet checkpointed) read.
 *
 * The engine: `node:sqlite` where the runtime has it (src/session/openclaw/sqlite-native.ts), else
 * SQLite's WebAssembly build through a read-only VFS (sqlite-wasm.ts). Where the engine holds no
 * SQLite read lock (the WebAssembly build always; `node:sqlite` on a database with no WAL), the
 * whole read runs inside `readDatabase`, and is run again when the WAL and wal-index show that a
 * writer checkpointed or restarted the WAL meanwhile (wal.ts), at most `MAX_ATTEMPTS` times; the
 * reading function must therefore only compute (no output) and may be called more than once.
 * All reads of one call run in one read transaction, so they see the same rows.
 */
import {ToolsearchError} from '../../shared/errors.js'
import {fileErrorReason} from '../../fs/errors.js'
import {nativeOpenMode, nativeSqlite, openNativeDatabase} from './sqlite-native.js'
import {hasLiveWal, sameSnapshot, walState} from './wal.js'

export type SqliteRow = Record<string, unknown>

export interface ReadOnlyDatabase {
  /** Which engine opened it: `node` (locked, WAL shared with the writer), `node-immutable`, or `wasm`. */
  engine: 'node' | 'node-immutable' | 'wasm'
  /** The rows of one statement, one at a time. */
  iterate(sql: string, params?: readonly unknown[]): IterableIterator<SqliteRow>
  close(): void
}

/** Readings of a database a writer keeps checkpointing, before giving up. */
export const MAX_ATTEMPTS = 8

/** `TOOLSEARCH_SQLITE=wasm` forces the WebAssembly engine (tests of it on runtimes that have `node:sqlite`). */
function wantsWasm(): boolean {
  return process.env.TOOLSEARCH_SQLITE === 'wasm'
}

async function open(file: string): Promise<ReadOnlyDatabase> {
  const native = wantsWasm() ? null : nativeSqlite()
  const mode = native === null ? undefined : nativeOpenMode(hasLiveWal(file))
  if (native !== null && mode !== undefined) return openNativeDatabase(native, file, mode)
  const {openWasmDatabase} = await import('./sqlite-wasm.js')
  return openWasmDatabase(file)
}

/** SQLite's and the file system's failures, in words a person can act on. */
export function unreadableDatabase(file: string, error: unknown): ToolsearchError {
  if (error instanceof ToolsearchError) return error
  const message = error instanceof Error ? error.message : String(error)
  let reason: string
  if (/not a database|file is encrypted/i.test(message)) reason = 'it is not an SQLite database'
  else if (/malformed|corrupt|short read|disk I\/O/i.test(message)) reason = 'the database is corrupt or truncated (SQLite: database disk image is malformed)'
  else if (/unable to open|cantopen/i.test(message)) reason = fileErrorReason(error)
  else reason = `SQLite: ${message}`
  return new ToolsearchError('session-unreadable', `Cannot read session database ${file}: ${reason}`, {file, cause: error})
}

/**
 * Runs `read` over `file` opened read-only and returns its result, reading again when a writer
 * changed the database under a reader that holds no lock (module comment).
 */
export async function readDatabase<T>(file: string, read: (db: ReadOnlyDatabase) => T): Promise<T> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    let before
    try {
      before = walState(file)
    } catch (error) {
      throw new ToolsearchError('session-unreadable', `Cannot read session database ${file}: ${fileErrorReason(error)}`, {file, cause: error})
    }
    let db: ReadOnlyDatabase
    try {
      db = await open(file)
    } catch (error) {
      throw unreadableDatabase(file, error)
    }
    let result: T
    try {
      db.iterate('BEGIN').next()
      result = read(db)
      db.iterate('COMMIT').next()
    } catch (error) {
      // A checkpoint under an unlocked reader can look like corruption: read again before saying so.
      if (db.engine !== 'node' && !sameSnapshot(before, walState(file)) && attempt < MAX_ATTEMPTS) {
        db.close()
        continue
      }
      db.close()
      throw unreadableDatabase(file, error)
    }
    db.close()
    if (db.engine === 'node' || sameSnapshot(before, walState(file))) return result
  }
  throw new ToolsearchError('session-busy', `Cannot read session database ${file}: a writer checkpointed it during each of ${MAX_ATTEMPTS} readings; try again.`, {file})
}
