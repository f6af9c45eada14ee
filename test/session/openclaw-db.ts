/**
 * OpenClaw agent databases the session tests write: OpenClaw 2026.9.6's real schema (taken from a
 * recording's database, its rows removed) filled with the events a test gives, as JSON text or
 * zstd-compressed rows, through a real SQLite (better-sqlite3) and a real zstd compressor.
 */
import {copyFileSync, mkdirSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import Database from 'better-sqlite3'

import {ROOT} from '../helpers/cli.js'

export const RUNS = join(ROOT, 'test/fixtures/openclaw-runs')
export const RUN_NAMES = ['bad-queries', 'code', 'default', 'describe', 'direct', 'directory', 'directory-direct', 'small-window-16k', 'struggle', 'tools-explicit', 'unknown-id'] as const

let compress: ((data: Uint8Array, level: number) => Uint8Array) | undefined

/** A real zstd frame of `text` (the compressor package's WebAssembly build of zstd). */
export async function zstd(text: string): Promise<Buffer> {
  if (compress === undefined) {
    const module = (await import('@bokuweb/zstd-wasm')) as {init: () => Promise<void>; compress: (data: Uint8Array, level: number) => Uint8Array}
    await module.init()
    compress = module.compress
  }
  return Buffer.from(compress(Buffer.from(text, 'utf8'), 3))
}

export interface TestSession {
  id: string
  events: unknown[]
  /** Which events to store compressed (default: none). */
  zstd?: (event: unknown, index: number) => boolean
  key?: string
  createdAt?: number
  model?: string
  upFrontTools?: number
}

/** An empty agent database with OpenClaw's schema, at `file` (its directory made). */
export function emptyAgentDatabase(file: string): Database.Database {
  mkdirSync(dirname(file), {recursive: true})
  copyFileSync(join(RUNS, 'default', 'agent.sqlite'), file)
  const db = new Database(file)
  db.pragma('foreign_keys = OFF')
  db.exec('DELETE FROM transcript_events; DELETE FROM session_nodes; DELETE FROM session_windows; DELETE FROM session_canonical_validation_pending; DELETE FROM transcript_event_identities; DELETE FROM session_transcript_active_events; DELETE FROM trajectory_runtime_events')
  return db
}

/** Inserts `session` (its window, node and events) into `db`. */
export async function insertSession(db: Database.Database, session: TestSession): Promise<void> {
  const created = session.createdAt ?? Date.UTC(2026, 11, 1)
  const key = session.key ?? `agent:main:${session.id}`
  db.prepare('INSERT INTO session_windows (session_id, session_key, created_at, updated_at, model_provider, model) VALUES (?, ?, ?, ?, ?, ?)').run(session.id, key, created, created + 1000, 'mock', session.model ?? 'mock-model')
  const entry = {sessionId: session.id, updatedAt: created, systemPromptReport: {tools: {entries: Array.from({length: session.upFrontTools ?? 12}, (_unused, index) => ({name: `tool${index}`}))}}}
  db.prepare('INSERT INTO session_nodes (session_key, current_session_id, entry_json, updated_at) VALUES (?, ?, ?, ?)').run(key, session.id, JSON.stringify(entry), created)
  const rows = await Promise.all(
    session.events.map(async (event, index) => {
      const json = JSON.stringify(event)
      if (session.zstd?.(event, index) !== true) return {seq: index, json, zstd: null, bytes: null, navigation: null}
      return {seq: index, json: null, zstd: await zstd(json), bytes: Buffer.byteLength(json), navigation: NAVIGATION}
    }),
  )
  const insert = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, ?, ?, ?, ?, ?)')
  db.transaction(() => {
    for (const row of rows) insert.run(session.id, row.seq, row.json, created + row.seq, row.zstd, row.bytes, row.navigation)
  })()
}

/** The smallest navigation record OpenClaw's CHECK accepts beside a compressed event. */
const NAVIGATION = JSON.stringify({version: 1, report: {kind: 'canonical'}, navigation: {}, reset: {}, model: {}, modelBytes: 0, modelWithoutCheckpointBytes: 0, withoutCustomDataBytes: 0})

/** Writes an agent database holding `sessions` and closes it (checkpointed: no -wal left). */
export async function writeAgentDatabase(file: string, sessions: readonly TestSession[]): Promise<void> {
  const db = emptyAgentDatabase(file)
  for (const session of sessions) await insertSession(db, session)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
}

/** A legacy `agents/<agent>/sessions/<id>.jsonl` transcript (one event a line) and its `sessions.json` entry. */
export function writeJsonlSession(stateDir: string, agent: string, session: TestSession, tail = ''): string {
  const dir = join(stateDir, 'agents', agent, 'sessions')
  mkdirSync(dir, {recursive: true})
  const file = join(dir, `${session.id}.jsonl`)
  writeFileSync(file, `${session.events.map((event) => JSON.stringify(event)).join('\n')}\n${tail}`)
  const created = session.createdAt ?? Date.UTC(2026, 11, 1)
  writeFileSync(join(dir, 'sessions.json'), JSON.stringify({[session.key ?? `agent:${agent}:main`]: {sessionId: session.id, updatedAt: created, sessionStartedAt: created, model: 'mock-model', modelProvider: 'mock', systemPromptReport: {tools: {entries: [{name: 'read'}, {name: 'tool_search'}]}}}}))
  return file
}

// ---------------------------------------------------------------------------------------------
// Events as OpenClaw writes them (the shapes of test/fixtures/openclaw-runs)

let counter = 0
const entry = (fields: Record<string, unknown>) => ({id: `e${++counter}`, parentId: null, timestamp: '2026-12-01T10:00:00.000Z', ...fields})

export const header = (id: string) => ({type: 'session', version: 4, id, timestamp: '2026-12-01T10:00:00.000Z', cwd: '/work'})

export function assistantCall(callId: string, name: string, args: unknown, usage = {input: 100, output: 5}) {
  return entry({type: 'message', message: {role: 'assistant', content: [{type: 'toolCall', id: callId, name, arguments: args}], provider: 'mock', model: 'mock-model', usage: {...usage, cacheRead: 0, cacheWrite: 0, totalTokens: usage.input + usage.output, cost: {total: 0}}, stopReason: 'toolUse'}})
}

export function assistantText(textValue: string, usage = {input: 100, output: 5}) {
  return entry({type: 'message', message: {role: 'assistant', content: [{type: 'text', text: textValue}], provider: 'mock', model: 'mock-model', usage: {...usage, cacheRead: 0, cacheWrite: 0, totalTokens: usage.input + usage.output, cost: {total: 0}}, stopReason: 'stop'}})
}

export function toolResult(callId: string, toolName: string, details: unknown, {isError = false, text}: {isError?: boolean; text?: string} = {}) {
  return entry({type: 'message', message: {role: 'toolResult', toolCallId: callId, toolName, content: [{type: 'text', text: text ?? JSON.stringify(details, null, 2)}], details, isError}})
}

export const candidate = (id: string) => ({id, source: id.slice(0, id.indexOf(':')), sourceName: id.split(':')[1], name: id.split(':')[2], description: 'A tool.', input: 'unknown'})

/** A session of `session stats --json` / `session list --json`, as the tests read it. */
export interface SessionJson {
  id: string
  agent: string
  store: string
  upFrontSchemas: number | null
  turns: number
  searches: number
  describes: number
  calls: number
  directCalls: number
  failedCalls: number
  events: number
  finalTools: Array<{id: string; source: string}>
  struggles: {[kind: string]: number}
  skippedEvents: Array<{seq: number; problem: string}>
}
