/**
 * The sessions a command asks for, read: all of a state directory's (newest first, `--agent`,
 * `--since`, `--limit`), one named by id (or a unique prefix of one), or the files named on the
 * command line (an agent database, a `.jsonl` transcript). Each is read into a
 * `TranscriptAnalyzer`; events that could not be decoded come back as problems beside it.
 */
import {closeSync, existsSync, openSync, readSync} from 'node:fs'

import {locateStateDir} from '../../config/locate.js'
import {ToolsearchError, usageError} from '../../shared/errors.js'
import {fileErrorReason} from '../../fs/errors.js'
import {type EventSink, type RawEvent, type SessionMeta, databaseSessionMetas, findSessionStores, jsonlFileMeta, jsonlSessionMetas, readDatabaseSessions, readJsonlSession} from './store.js'
import {type AnalyzeOptions, type SessionAnalysis, TranscriptAnalyzer} from './transcript.js'

/** An event that could not be read, by its sequence number (or line). */
export interface EventProblem {
  seq: number
  problem: string
}

export interface ReadSession {
  meta: SessionMeta
  analysis: SessionAnalysis
  problems: EventProblem[]
}

export interface SessionQuery {
  stateDir: string
  agent?: string
  /** Sessions active at or after this time (ms). */
  since?: number
  limit?: number
}

/** Newest first: by start, then by last activity, then id (so the order is total). */
function newestFirst(a: SessionMeta, b: SessionMeta): number {
  return (b.started ?? 0) - (a.started ?? 0) || (b.updated ?? 0) - (a.updated ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** `--since`: an ISO date or time, or a duration back from now (`30m`, `12h`, `7d`, `2w`). */
export function parseSince(value: string, now = Date.now()): number {
  const duration = /^(\d+)\s*(m|h|d|w)$/i.exec(value.trim())
  if (duration !== null) {
    const unit = {m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000}[duration[2]!.toLowerCase() as 'm' | 'h' | 'd' | 'w']
    return now - Number(duration[1]) * unit
  }
  const time = Date.parse(value)
  if (Number.isNaN(time)) throw usageError(`--since ${JSON.stringify(value)} is neither a date (2026-12-01, 2026-12-01T10:00Z) nor a duration (30m, 12h, 7d, 2w)`)
  return time
}

function analyzerSink(options: AnalyzeOptions): EventSink<{analysis: SessionAnalysis; problems: EventProblem[]}> {
  const analyzer = new TranscriptAnalyzer(options)
  const problems: EventProblem[] = []
  return {
    add(event: RawEvent) {
      if ('problem' in event) problems.push({seq: event.seq, problem: event.problem})
      else analyzer.add(event.event)
    },
    finish: () => ({analysis: analyzer.finish(), problems}),
  }
}

/** The metadata of every session of a state directory, newest first, filtered as asked. */
export async function stateDirSessionMetas(query: SessionQuery): Promise<SessionMeta[]> {
  const stores = findSessionStores(query.stateDir, query.agent)
  const metas: SessionMeta[] = []
  const seen = new Set<string>()
  for (const database of stores.databases) {
    for (const meta of await databaseSessionMetas(database.file, database.agent)) {
      seen.add(`${meta.agent}\0${meta.id}`)
      metas.push(meta)
    }
  }
  for (const store of stores.jsonl) {
    for (const meta of jsonlSessionMetas(store.dir, store.agent)) if (!seen.has(`${meta.agent}\0${meta.id}`)) metas.push(meta)
  }
  const since = query.since
  const kept = metas.filter((meta) => since === undefined || (meta.updated ?? meta.started ?? 0) >= since).sort(newestFirst)
  return query.limit === undefined ? kept : kept.slice(0, query.limit)
}

/** Reads `metas` (grouped per database, one snapshot each), in the order given. */
export async function readSessions(metas: readonly SessionMeta[], options: AnalyzeOptions = {}): Promise<ReadSession[]> {
  const results = new Map<SessionMeta, ReadSession>()
  const byDatabase = new Map<string, SessionMeta[]>()
  for (const meta of metas) {
    if (meta.store === 'sqlite') byDatabase.set(meta.file, [...(byDatabase.get(meta.file) ?? []), meta])
  }
  for (const [file, wanted] of byDatabase) {
    const ids = new Set(wanted.map((meta) => meta.id))
    const read = await readDatabaseSessions(
      file,
      wanted[0]!.agent,
      (all) => all.filter((meta) => ids.has(meta.id)),
      () => analyzerSink(options),
    )
    const byId = new Map(read.map((entry) => [entry.meta.id, entry.result]))
    for (const meta of wanted) {
      const result = byId.get(meta.id)
      if (result !== undefined) results.set(meta, {meta, ...result})
    }
  }
  for (const meta of metas) {
    if (meta.store === 'jsonl') results.set(meta, {meta, ...(await readJsonlSession(meta, analyzerSink(options)))})
  }
  return metas.flatMap((meta) => results.get(meta) ?? [])
}

export type FileKind = 'sqlite' | 'openclaw-jsonl' | 'toolsearch-log'

/** What a file named on the command line is, from its first bytes. */
export function fileKind(file: string): FileKind {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch (error) {
    throw usageError(`Cannot read ${file}: ${fileErrorReason(error)}`, {file})
  }
  const head = Buffer.alloc(4096)
  let length: number
  try {
    length = readSync(fd, head, 0, head.length, 0)
  } catch (error) {
    throw usageError(`Cannot read ${file}: ${fileErrorReason(error)}`, {file})
  } finally {
    closeSync(fd)
  }
  const bytes = head.subarray(0, length)
  if (bytes.subarray(0, 16).toString('latin1') === 'SQLite format 3\0') return 'sqlite'
  const firstLine = bytes.toString('utf8').split('\n').find((line) => line.trim() !== '') ?? ''
  return /^\s*\{\s*"type"\s*:\s*"session"/.test(firstLine) ? 'openclaw-jsonl' : 'toolsearch-log'
}

/** The sessions of a file named on the command line (an agent database, or one `.jsonl` transcript). */
export async function fileSessionMetas(file: string, kind: FileKind): Promise<SessionMeta[]> {
  if (kind === 'sqlite') return (await databaseSessionMetas(file)).sort(newestFirst)
  return [jsonlFileMeta(file)]
}

/** Whether `value` names a file rather than a session id: an existing file, or something shaped like a path. */
export function looksLikePath(value: string): boolean {
  return existsSync(value) || /[\\/]/.test(value) || /\.(sqlite|db|jsonl)$/i.test(value)
}

/**
 * The one session `value` names: a session id or a unique prefix of one in the state directory,
 * or a file (a `.jsonl` transcript, or an agent database holding one session — else `--id`).
 */
export async function resolveOneSession(value: string, options: {stateDir: string; agent?: string; id?: string}): Promise<SessionMeta> {
  if (looksLikePath(value)) {
    const kind = fileKind(value)
    if (kind === 'toolsearch-log') throw usageError(`${value} is not an OpenClaw session (an agent database or a transcript whose first line is the session header)`, {file: value})
    const metas = await fileSessionMetas(value, kind)
    return pickOne(metas, options.id, value)
  }
  const metas = await stateDirSessionMetas({stateDir: options.stateDir, agent: options.agent})
  return pickOne(metas, value, options.stateDir)
}

function pickOne(metas: readonly SessionMeta[], id: string | undefined, where: string): SessionMeta {
  if (id === undefined) {
    if (metas.length === 1) return metas[0]!
    if (metas.length === 0) throw new ToolsearchError('session-not-found', `${where} holds no session.`)
    throw new ToolsearchError('session-not-found', `${where} holds ${metas.length} sessions; name one with --id (${metas.slice(0, 5).map((meta) => meta.id).join(', ')}${metas.length > 5 ? ', …' : ''}).`)
  }
  const exact = metas.filter((meta) => meta.id === id)
  const matches = exact.length > 0 ? exact : metas.filter((meta) => meta.id.startsWith(id))
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) throw new ToolsearchError('session-not-found', `No session ${JSON.stringify(id)} in ${where} (${metas.length} session${metas.length === 1 ? '' : 's'}; "toolsearch session list" shows them).`)
  throw new ToolsearchError('session-not-found', `${JSON.stringify(id)} names ${matches.length} sessions in ${where}: ${matches.slice(0, 5).map((meta) => `${meta.agent}/${meta.id}`).join(', ')}; give more of the id, or --agent.`)
}

/**
 * The one session `value` names (see `resolveOneSession`), in the state directory of `--profile`/
 * `--dev`, read with its timeline: what `session show` and `session replay` start from.
 */
export async function readNamedSession(value: string, options: {profile?: string; dev?: boolean; agent?: string; id?: string}): Promise<ReadSession> {
  const stateDir = locateStateDir({profile: options.profile, dev: options.dev, cwd: process.cwd(), env: process.env})
  const meta = await resolveOneSession(value, {stateDir, agent: options.agent, id: options.id})
  const [session] = await readSessions([meta], {keepTimeline: true})
  if (session === undefined) throw new ToolsearchError('session-not-found', `Session ${meta.id} is gone from ${meta.file}.`)
  return session
}
