/**
 * The runtime's own SQLite (`node:sqlite`, Node >= 22.5 where it can be loaded and its statements
 * iterate), opened so that it creates no file:
 * - when `<db>-wal` and `<db>-shm` exist (a writer has the database open), as an ordinary read-only
 *   connection (`mode=ro`): SQLite takes its read lock in the writer's wal-index, so the rows read
 *   are one snapshot, uncheckpointed frames included, whatever the writer does meanwhile;
 * - when there is no `-wal`, as an immutable file (`immutable=1`): SQLite then opens no `-wal` or
 *   `-shm` (a read-only connection would otherwise create both and leave them behind), and the
 *   caller checks afterwards that no writer came meanwhile (src/session/openclaw/wal.ts).
 * A `-wal` without its `-shm` (a writer that crashed) is left to the WebAssembly reader, which
 * reads the WAL without making a `-shm`; `nativeOpenMode` returns undefined for it.
 */
import {pathToFileURL} from 'node:url'

import type {ReadOnlyDatabase, SqliteRow} from './sqlite.js'

interface NativeStatement {
  iterate?: (...params: unknown[]) => IterableIterator<SqliteRow>
}
interface NativeDatabase {
  prepare: (sql: string) => NativeStatement
  exec: (sql: string) => void
  close: () => void
}
type NativeSqlite = {DatabaseSync: new (path: URL, options: {readOnly: boolean}) => NativeDatabase; StatementSync?: {prototype: NativeStatement}}

let cached: NativeSqlite | null | undefined

/**
 * `node:sqlite` when this runtime has it and its statements iterate (Node 22.13+); null otherwise.
 * Node 22 warns on stderr that the module is experimental: that warning is not ours to print, so
 * it is held back while the module loads.
 */
export function nativeSqlite(): NativeSqlite | null {
  if (cached !== undefined) return cached
  const getBuiltin = (process as {getBuiltinModule?: (id: string) => unknown}).getBuiltinModule
  const emitWarning = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (/sqlite/i.test(text)) return
    ;(emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    const module = getBuiltin?.('node:sqlite') as NativeSqlite | undefined
    cached = module !== undefined && typeof module.StatementSync?.prototype.iterate === 'function' ? module : null
  } catch {
    cached = null
  } finally {
    process.emitWarning = emitWarning
  }
  return cached
}

export type NativeOpenMode = 'locked' | 'immutable'

/** How the runtime's SQLite may open a database with these files beside it, if at all (module comment). */
export function nativeOpenMode(files: {wal: boolean; shm: boolean}): NativeOpenMode | undefined {
  if (!files.wal) return 'immutable'
  return files.shm ? 'locked' : undefined
}

export function openNativeDatabase(module: NativeSqlite, file: string, mode: NativeOpenMode): ReadOnlyDatabase {
  const url = pathToFileURL(file)
  url.searchParams.set(mode === 'immutable' ? 'immutable' : 'mode', mode === 'immutable' ? '1' : 'ro')
  const db = new module.DatabaseSync(url, {readOnly: true})
  return {
    engine: mode === 'immutable' ? 'node-immutable' : 'node',
    iterate: (sql: string, params: readonly unknown[] = []) => db.prepare(sql).iterate!(...params),
    close: () => db.close(),
  }
}
