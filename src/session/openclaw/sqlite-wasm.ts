/**
 * SQLite's own WebAssembly build (`@sqlite.org/sqlite-wasm`, the SQLite project's package) reading
 * a database file from disk through a read-only VFS of ours, for runtimes without `node:sqlite`.
 *
 * Why this build: it is maintained by SQLite's developers, needs no native build at install time,
 * and exposes SQLite's VFS interface, so the reader decides what touches the disk. `sql.js` reads
 * a whole file into memory and never sees the `-wal` file; `node-sqlite3-wasm` opens files through
 * its own VFS, which locks by creating a `<db>.lock` directory beside the database and cannot open
 * a database in WAL mode at all (it has no shared memory).
 *
 * The VFS (`toolsearch-readonly`) opens every file read-only and cannot write, truncate, delete or
 * create anything: a `-wal` file that does not exist reads as an empty one instead of being
 * created, and locks are no-ops (Node has no POSIX byte-range locks to take). SQLite is put in
 * `locking_mode=EXCLUSIVE` before its first read, which makes it keep the WAL's index in its own
 * memory (built from the `-wal` file when the connection first reads) instead of mapping `-shm`:
 * rows committed to the WAL but not yet checkpointed are read, and no `-shm` is needed or made.
 * Since no lock is taken, a checkpoint may run while we read; `src/session/openclaw/wal.ts` tells
 * whether one did, and the caller reads again.
 */
import {closeSync, fstatSync, openSync, readSync} from 'node:fs'

import type {ReadOnlyDatabase, SqliteRow} from './sqlite.js'

/** The slice of the package's API this reader uses. */
interface WasmSqlite {
  capi: {
    sqlite3_vfs: new (pointer?: number) => WasmStruct
    sqlite3_io_methods: new (pointer?: number) => WasmStruct
    sqlite3_file: (new (pointer: number) => WasmStruct) & {structInfo: {sizeof: number}}
    sqlite3_vfs_find: (name: string | null) => number
    [constant: string]: unknown
  }
  wasm: {
    heap8u: () => Uint8Array
    poke32: (pointer: number, value: number) => void
    poke64: (pointer: number, value: bigint) => void
    poke: (pointer: number, value: number, type: string) => void
    cstrToJs: (pointer: number) => string
    cstrncpy: (target: number, source: number, length: number) => number
    allocCString: (text: string) => number
  }
  vfs: {installVfs: (options: Record<string, unknown>) => void}
  oo1: {DB: new (options: {filename: string; flags: string; vfs: string}) => WasmDb}
}
interface WasmStruct {
  pointer: number
  dispose: () => void
  addOnDispose: (...values: unknown[]) => void
  [field: `$${string}`]: unknown
}
interface WasmDb {
  exec: (sql: string) => void
  prepare: (sql: string) => WasmStatement
  close: () => void
}
interface WasmStatement {
  bind: (values: readonly unknown[]) => void
  step: () => boolean
  get: (target: Record<string, unknown>) => Record<string, unknown>
  finalize: () => void
}

export const VFS_NAME = 'toolsearch-readonly'

let loading: Promise<WasmSqlite> | undefined

/** The module, compiled once per process, with the read-only VFS registered. */
function wasmSqlite(): Promise<WasmSqlite> {
  loading ??= (async () => {
    type Init = (options: Record<string, unknown>) => Promise<WasmSqlite>
    // An ES module required from the CommonJS bundle arrives wrapped once more: its default is the namespace.
    const loaded = (await import('@sqlite.org/sqlite-wasm')) as unknown as {default: Init | {default: Init}}
    const init = typeof loaded.default === 'function' ? loaded.default : loaded.default.default
    // SQLite's own messages go nowhere: errors reach us as exceptions and return codes.
    const sqlite3 = await init({print: () => undefined, printErr: () => undefined})
    installReadOnlyVfs(sqlite3)
    return sqlite3
  })()
  return loading
}

function installReadOnlyVfs(sqlite3: WasmSqlite): void {
  const {capi, wasm} = sqlite3
  const code = (name: string) => capi[name] as number
  const [OK, READONLY, CANTOPEN, IOERR_READ, SHORT_READ, IOERR_DELETE, NOTFOUND, OPEN_WAL, OPEN_READONLY] = [
    'SQLITE_OK',
    'SQLITE_READONLY',
    'SQLITE_CANTOPEN',
    'SQLITE_IOERR_READ',
    'SQLITE_IOERR_SHORT_READ',
    'SQLITE_IOERR_DELETE',
    'SQLITE_NOTFOUND',
    'SQLITE_OPEN_WAL',
    'SQLITE_OPEN_READONLY',
  ].map(code) as number[]
  /** Open files by the address of their `sqlite3_file`; `fd` undefined is a WAL that does not exist. */
  const files = new Map<number, {fd?: number}>()

  const io = new capi.sqlite3_io_methods()
  io.$iVersion = 1
  sqlite3.vfs.installVfs({
    io: {
      struct: io,
      methods: {
        xClose(file: number) {
          const fd = files.get(file)?.fd
          files.delete(file)
          if (fd !== undefined) closeSync(fd)
          return OK
        },
        xRead(file: number, target: number, length: number, offset: bigint | number) {
          const fd = files.get(file)?.fd
          const view = wasm.heap8u().subarray(Number(target), Number(target) + length)
          let read = 0
          if (fd !== undefined) {
            try {
              read = readSync(fd, view, 0, length, Number(offset))
            } catch {
              return IOERR_READ
            }
          }
          if (read === length) return OK
          view.fill(0, read)
          return SHORT_READ
        },
        xWrite: () => READONLY,
        xTruncate: () => READONLY,
        xSync: () => OK,
        xFileSize(file: number, target: number) {
          const fd = files.get(file)?.fd
          wasm.poke64(target, BigInt(fd === undefined ? 0 : fstatSync(fd).size))
          return OK
        },
        xLock: () => OK,
        xUnlock: () => OK,
        xCheckReservedLock(_file: number, target: number) {
          wasm.poke32(target, 0)
          return OK
        },
        xFileControl: () => NOTFOUND,
        xSectorSize: () => 4096,
        xDeviceCharacteristics: () => 0,
      },
    },
  })

  const vfs = new capi.sqlite3_vfs()
  const fallback = new capi.sqlite3_vfs(capi.sqlite3_vfs_find(null))
  vfs.$iVersion = 1
  vfs.$szOsFile = capi.sqlite3_file.structInfo.sizeof
  vfs.$mxPathname = 4096
  vfs.$xRandomness = fallback.$xRandomness
  fallback.dispose()
  vfs.addOnDispose((vfs.$zName = wasm.allocCString(VFS_NAME)))
  sqlite3.vfs.installVfs({
    vfs: {
      struct: vfs,
      methods: {
        xOpen(_vfs: number, name: number, file: number, flags: number, outFlags: number) {
          const path = wasm.cstrToJs(name)
          let fd: number | undefined
          try {
            fd = openSync(path, 'r')
          } catch (error) {
            // A missing WAL is an empty one: SQLite would create it, a reader must not.
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || (flags & OPEN_WAL) === 0) return CANTOPEN
          }
          files.set(file, {fd})
          const handle = new capi.sqlite3_file(file)
          handle.$pMethods = io.pointer
          handle.dispose()
          wasm.poke32(outFlags, OPEN_READONLY | (flags & OPEN_WAL))
          return OK
        },
        xDelete: () => IOERR_DELETE,
        xAccess(_vfs: number, name: number, _flags: number, target: number) {
          let exists = 0
          try {
            closeSync(openSync(wasm.cstrToJs(name), 'r'))
            exists = 1
          } catch {
            exists = 0
          }
          wasm.poke32(target, exists)
          return OK
        },
        xFullPathname: (_vfs: number, name: number, length: number, target: number) => (wasm.cstrncpy(target, name, length) < length ? OK : CANTOPEN),
        xSleep: () => OK,
        xCurrentTime(_vfs: number, target: number) {
          wasm.poke(target, 2440587.5 + Date.now() / 864e5, 'double')
          return OK
        },
        xGetLastError: () => OK,
      },
    },
  })
}

/** Opens `file` through the read-only VFS (see the module comment). */
export async function openWasmDatabase(file: string): Promise<ReadOnlyDatabase> {
  const sqlite3 = await wasmSqlite()
  const db = new sqlite3.oo1.DB({filename: file, flags: 'r', vfs: VFS_NAME})
  try {
    db.exec('PRAGMA locking_mode=EXCLUSIVE')
  } catch (error) {
    db.close()
    throw error
  }
  return {
    engine: 'wasm',
    *iterate(sql: string, params: readonly unknown[] = []): Generator<SqliteRow> {
      const statement = db.prepare(sql)
      try {
        if (params.length > 0) statement.bind(params)
        while (statement.step()) yield statement.get({}) as SqliteRow
      } finally {
        statement.finalize()
      }
    },
    close: () => db.close(),
  }
}
