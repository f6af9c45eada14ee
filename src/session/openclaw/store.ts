/**
 * Where OpenClaw keeps sessions, and reading them event by event.
 *
 * In the state directory (resolved as for the config: src/config/locate.ts `locateStateDir`),
 * each agent has `agents/<agentId>/agent/openclaw-agent.sqlite` (OpenClaw 2026.9+): sessions in
 * `session_windows`, their transcripts in `transcript_events` (one row per event, the event as JSON
 * text in `event_json` or zstd-compressed UTF-8 JSON in `event_zstd` with its length in
 * `event_utf8_bytes`), the session entry (model, the system prompt report with the tool schemas
 * sent up front) in `session_nodes.entry_json`. Older installs keep
 * `agents/<agentId>/sessions/<sessionId>.jsonl` (one event a line) with a `sessions.json` index of
 * the same entries keyed by session key. Both are read; a session found in both is read from the
 * database.
 *
 * The database is opened read-only (src/session/openclaw/sqlite.ts) and checked first: a file that
 * is not an OpenClaw agent database (no `schema_meta`, another role) or whose schema is newer than
 * the newest this reader knows is refused with a clear message. An event that cannot be decoded
 * (not JSON, not valid zstd, a length that does not match) is passed on as a problem with its
 * sequence number, so the caller reports it and goes on; so is a JSON line of a `.jsonl` transcript
 * that is not JSON (the half-written last line of a session that crashed). Events are read one at
 * a time: no session is held in memory whole.
 */
import {createReadStream, readFileSync, readdirSync, statSync} from 'node:fs'
import {basename, dirname, join} from 'node:path'
import {createInterface} from 'node:readline'

import {isDirectory} from '../../config/locate.js'
import {ToolsearchError} from '../../shared/errors.js'
import {fileErrorReason} from '../../fs/errors.js'
import {isRecord} from '../../shared/json.js'
import {type ReadOnlyDatabase, readDatabase} from './sqlite.js'
import {decompressZstd, loadZstd} from './zstd.js'

/** The agent database's schema versions this reader was written against (OpenClaw 2026.9.6 writes 23). */
export const NEWEST_SCHEMA_VERSION = 23
export const AGENT_DATABASE = 'openclaw-agent.sqlite'

export interface SessionMeta {
  id: string
  agent: string
  store: 'sqlite' | 'jsonl'
  /** The database, or the `.jsonl` transcript. */
  file: string
  key?: string
  provider?: string
  model?: string
  /** Milliseconds since the epoch. */
  started?: number
  updated?: number
  /** Tool schemas sent to the model up front (the session entry's system prompt report). */
  upFrontSchemas?: number
}

/** One event of a transcript: decoded, or why it could not be. `seq` is the row's, or the line number. */
export type RawEvent = {seq: number; event: unknown} | {seq: number; problem: string}

export interface EventSink<R> {
  add(event: RawEvent): void
  finish(): R
}

/** The agents' session stores under a state directory. */
export interface SessionStores {
  databases: Array<{agent: string; file: string}>
  jsonl: Array<{agent: string; dir: string}>
}

/** Whether `path` is a file once symlinks are followed. */
const isFile = (path: string): boolean => statSync(path, {throwIfNoEntry: false})?.isFile() ?? false

export function findSessionStores(stateDir: string, agent?: string): SessionStores {
  const agentsDir = join(stateDir, 'agents')
  let agents: string[]
  try {
    agents = readdirSync(agentsDir).sort()
  } catch {
    agents = []
  }
  const stores: SessionStores = {databases: [], jsonl: []}
  for (const id of agents) {
    if (agent !== undefined && id !== agent) continue
    const database = join(agentsDir, id, 'agent', AGENT_DATABASE)
    if (isFile(database)) stores.databases.push({agent: id, file: database})
    const sessions = join(agentsDir, id, 'sessions')
    if (isDirectory(sessions)) stores.jsonl.push({agent: id, dir: sessions})
  }
  return stores
}

/** The agent of a store from its path (`agents/<agent>/agent/…` or `agents/<agent>/sessions/…`). */
export function agentOfPath(file: string): string | undefined {
  const parent = dirname(file)
  const agentDir = dirname(parent)
  return basename(dirname(agentDir)) === 'agents' ? basename(agentDir) : undefined
}

// ---------------------------------------------------------------------------------------------
// The agent database

function tableNames(db: ReadOnlyDatabase): Set<string> {
  return new Set([...db.iterate("SELECT name FROM sqlite_master WHERE type = 'table'")].map((row) => String(row.name)))
}

/** Refuses a database that is not an OpenClaw agent database this reader understands. */
function checkSchema(db: ReadOnlyDatabase, file: string, tables: Set<string>): {agentId?: string} {
  const refuse = (reason: string) => new ToolsearchError('session-unreadable', `Cannot read session database ${file}: ${reason}`, {file})
  if (!tables.has('schema_meta') || !tables.has('transcript_events')) throw refuse('it is not an OpenClaw agent database (no schema_meta or transcript_events table)')
  const meta = [...db.iterate("SELECT role, schema_version, agent_id FROM schema_meta WHERE meta_key = 'primary'")][0]
  if (meta === undefined) throw refuse('it is not an OpenClaw agent database (schema_meta has no primary row)')
  if (meta.role !== 'agent') throw refuse(`it is an OpenClaw database, but of ${JSON.stringify(meta.role)}, not an agent's`)
  const version = Number(meta.schema_version)
  if (!Number.isInteger(version) || version > NEWEST_SCHEMA_VERSION) {
    throw refuse(`its schema version ${String(meta.schema_version)} is newer than the newest this toolsearch reads (${NEWEST_SCHEMA_VERSION}); update toolsearch`)
  }
  const columns = new Set([...db.iterate("SELECT name FROM pragma_table_info('transcript_events')")].map((row) => String(row.name)))
  const missing = ['session_id', 'seq', 'event_json', 'event_zstd'].filter((name) => !columns.has(name))
  if (missing.length > 0) throw refuse(`its transcript_events table has no ${missing.join(', ')} column`)
  return {agentId: typeof meta.agent_id === 'string' ? meta.agent_id : undefined}
}

const numberOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'bigint' ? Number(value) : undefined)
const stringOrUndefined = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

function sessionMetas(db: ReadOnlyDatabase, file: string, agent: string, tables: Set<string>): SessionMeta[] {
  const windows = tables.has('session_windows')
  const nodes = tables.has('session_nodes')
  const sql = `SELECT e.session_id AS id, ${windows ? 'w.session_key AS key, w.model_provider AS provider, w.model AS model, w.created_at AS created, w.updated_at AS updated' : 'NULL AS key, NULL AS provider, NULL AS model, NULL AS created, NULL AS updated'},
    ${nodes ? "(SELECT json_array_length(n.entry_json, '$.systemPromptReport.tools.entries') FROM session_nodes n WHERE n.current_session_id = e.session_id AND json_valid(n.entry_json) LIMIT 1)" : 'NULL'} AS upFront,
    e.first_at AS firstAt, e.last_at AS lastAt
    FROM (SELECT session_id, min(created_at) AS first_at, max(created_at) AS last_at FROM transcript_events GROUP BY session_id) e
    ${windows ? 'LEFT JOIN session_windows w ON w.session_id = e.session_id' : ''}`
  return [...db.iterate(sql)].map((row) => ({
    id: String(row.id),
    agent,
    store: 'sqlite',
    file,
    key: stringOrUndefined(row.key),
    provider: stringOrUndefined(row.provider),
    model: stringOrUndefined(row.model),
    started: numberOrUndefined(row.created) ?? numberOrUndefined(row.firstAt),
    updated: Math.max(numberOrUndefined(row.updated) ?? 0, numberOrUndefined(row.lastAt) ?? 0) || undefined,
    upFrontSchemas: numberOrUndefined(row.upFront),
  }))
}

const utf8 = new TextDecoder('utf-8', {fatal: true})

/** One `transcript_events` row, decoded. */
export function decodeRow(row: Record<string, unknown>): RawEvent {
  const seq = Number(row.seq)
  if (typeof row.event_json === 'string') {
    try {
      return {seq, event: JSON.parse(row.event_json) as unknown}
    } catch {
      return {seq, problem: 'event_json is not JSON'}
    }
  }
  if (!(row.event_zstd instanceof Uint8Array)) return {seq, problem: 'the row has neither event_json nor event_zstd'}
  let bytes: Uint8Array
  try {
    bytes = decompressZstd(row.event_zstd)
  } catch (error) {
    return {seq, problem: `event_zstd is not valid zstd (${error instanceof Error ? error.message : String(error)})`}
  }
  const expected = numberOrUndefined(row.event_utf8_bytes)
  if (expected !== undefined && expected !== bytes.length) return {seq, problem: `event_zstd holds ${bytes.length} bytes, event_utf8_bytes says ${expected}`}
  try {
    return {seq, event: JSON.parse(utf8.decode(bytes)) as unknown}
  } catch {
    return {seq, problem: 'event_zstd does not hold UTF-8 JSON'}
  }
}

const EVENTS_SQL = 'SELECT seq, event_json, event_zstd, event_utf8_bytes FROM transcript_events WHERE session_id = ? ORDER BY seq'

/**
 * Reads a database's sessions: `select` picks from their metadata (and orders them), `sink` reads
 * each picked session's events. One read-only snapshot for the whole call.
 */
export async function readDatabaseSessions<R>(file: string, agent: string | undefined, select: (metas: SessionMeta[]) => SessionMeta[], sink: (meta: SessionMeta) => EventSink<R>): Promise<Array<{meta: SessionMeta; result: R}>> {
  await loadZstd()
  return readDatabase(file, (db) => {
    const tables = tableNames(db)
    const {agentId} = checkSchema(db, file, tables)
    const metas = select(sessionMetas(db, file, agent ?? agentOfPath(file) ?? agentId ?? '-', tables))
    return metas.map((meta) => {
      const reader = sink(meta)
      for (const row of db.iterate(EVENTS_SQL, [meta.id])) reader.add(decodeRow(row))
      return {meta, result: reader.finish()}
    })
  })
}

/** The metadata of every session of a database, no events read. */
export async function databaseSessionMetas(file: string, agent?: string): Promise<SessionMeta[]> {
  return readDatabase(file, (db) => {
    const tables = tableNames(db)
    const {agentId} = checkSchema(db, file, tables)
    return sessionMetas(db, file, agent ?? agentOfPath(file) ?? agentId ?? '-', tables)
  })
}

// ---------------------------------------------------------------------------------------------
// The legacy JSONL layout

/** `sessions.json`: session key → entry; what this reader uses of each entry, by session id. */
function readSessionIndex(dir: string): Map<string, {key: string; entry: Record<string, unknown>}> {
  const index = new Map<string, {key: string; entry: Record<string, unknown>}>()
  let value: unknown
  try {
    value = JSON.parse(readFileSync(join(dir, 'sessions.json'), 'utf8'))
  } catch {
    return index
  }
  if (!isRecord(value)) return index
  for (const [key, entry] of Object.entries(value)) {
    if (isRecord(entry) && typeof entry.sessionId === 'string') index.set(entry.sessionId, {key, entry})
  }
  return index
}

function entryMeta(entry: Record<string, unknown> | undefined): Partial<SessionMeta> {
  if (entry === undefined) return {}
  const report = isRecord(entry.systemPromptReport) ? entry.systemPromptReport : undefined
  const tools = report !== undefined && isRecord(report.tools) && Array.isArray(report.tools.entries) ? report.tools.entries.length : undefined
  return {
    provider: stringOrUndefined(entry.modelProvider),
    model: stringOrUndefined(entry.model),
    started: numberOrUndefined(entry.sessionStartedAt),
    updated: numberOrUndefined(entry.updatedAt),
    upFrontSchemas: tools,
  }
}

/** The sessions of a legacy `sessions/` directory: one per `.jsonl` transcript. */
export function jsonlSessionMetas(dir: string, agent: string): SessionMeta[] {
  const index = readSessionIndex(dir)
  let names: string[]
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort()
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const file = join(dir, name)
    let stat
    try {
      stat = statSync(file)
    } catch {
      return []
    }
    if (!stat.isFile()) return []
    const id = name.slice(0, -'.jsonl'.length)
    const known = index.get(id)
    const meta = entryMeta(known?.entry)
    return [{id, agent, store: 'jsonl' as const, file, key: known?.key, ...meta, started: meta.started ?? stat.birthtimeMs, updated: meta.updated ?? stat.mtimeMs}]
  })
}

/** The metadata of a `.jsonl` transcript named on the command line. */
export function jsonlFileMeta(file: string): SessionMeta {
  const dir = dirname(file)
  const id = basename(file).replace(/\.jsonl$/, '')
  const agent = agentOfPath(file) ?? '-'
  const known = readSessionIndex(dir).get(id)
  let stat
  try {
    stat = statSync(file)
  } catch (error) {
    throw new ToolsearchError('session-unreadable', `Cannot read session transcript ${file}: ${fileErrorReason(error)}`, {file, cause: error})
  }
  const meta = entryMeta(known?.entry)
  return {id, agent, store: 'jsonl', file, key: known?.key, ...meta, started: meta.started ?? stat.birthtimeMs, updated: meta.updated ?? stat.mtimeMs}
}

/** Reads a `.jsonl` transcript line by line into `sink`. */
export async function readJsonlSession<R>(meta: SessionMeta, sink: EventSink<R>): Promise<R> {
  const stream = createReadStream(meta.file, {encoding: 'utf8'})
  const lines = createInterface({input: stream, crlfDelay: Number.POSITIVE_INFINITY})
  let number = 0
  try {
    for await (const line of lines) {
      number++
      if (line.trim() === '') continue
      try {
        sink.add({seq: number, event: JSON.parse(line) as unknown})
      } catch {
        sink.add({seq: number, problem: 'not JSON (a half-written line?)'})
      }
    }
  } catch (error) {
    throw new ToolsearchError('session-unreadable', `Cannot read session transcript ${meta.file}: ${fileErrorReason(error)}`, {file: meta.file, cause: error})
  } finally {
    lines.close()
    stream.destroy()
  }
  return sink.finish()
}
