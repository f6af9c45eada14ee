/**
 * The session log (SPEC §8.5): `--session <file.jsonl>` appends one JSON line per search,
 * describe and call, so a run of model-like steps can be summarised afterwards
 * (`toolsearch session stats`).
 *
 * Every line has `v` (format version), `ts` (ISO time), `op`, `durationMs` (since the command
 * started, catalog loading included) and `catalog` (what was visible up front: the three
 * controls plus the directly visible tools, and how many tools were deferred behind them).
 * - search: `queries`, `candidates` (total), `ids` and `sources` of the candidates, in order;
 * - describe: `id`, `name`, `source`, `sourceName`;
 * - call: the tool (`id`, `name`, `source`, `sourceName`; `target` when the lookup failed), `args`
 *   redacted, `status` (`ok`, `tool-error`, `unavailable`, `blocked`, `error`), `exitCode` and,
 *   when it failed, the error `code`.
 * Argument values are redacted: object keys and array shapes stay, every string, number and
 * boolean becomes `"<string>"`, `"<number>"`, `"<boolean>"` (null stays null), so a log can be
 * shared without the data a tool was given. Search queries are kept: they are what the log is for.
 *
 * The file is created with mode 0600; each event is one `appendFile` of one line. The file
 * functions load with the first line written: most runs keep no log (Node's global `performance`
 * times the run).
 */
import {countTools} from '../catalog/entries.js'
import type {CatalogEntry, ToolSource} from '../catalog/types.js'
import {CONTROL_TOOL_NAMES} from '../directory/controls.js'
import {ExitCode, isToolsearchError, usageError} from '../shared/errors.js'
import {fileErrorReason} from '../fs/errors.js'
import type {CallReport} from '../call/run.js'

export const SESSION_LOG_VERSION = 1

export interface SessionCatalogSummary {
  /** Schemas the model gets up front: the controls plus the directly visible tools. */
  upFrontSchemas: number
  controls: number
  directTools: number
  /** Tools reachable only through the controls. */
  deferredTools: number
}

/** The tool a line names, as the catalog names it. */
export type SessionToolRef = Pick<CatalogEntry, 'id' | 'name' | 'source' | 'sourceName'>

export const CALL_STATUSES = ['ok', 'tool-error', 'unavailable', 'blocked', 'error'] as const
export type CallStatus = (typeof CALL_STATUSES)[number]

export type SessionEvent =
  | {op: 'search'; queries: string[]; candidates: number; ids: string[]; sources: ToolSource[]}
  | ({op: 'describe'} & SessionToolRef)
  | ({op: 'call'; args: unknown; status: CallStatus; exitCode: number; code?: string} & (SessionToolRef | {target: string}))

export type SessionLine = SessionEvent & {v: number; ts: string; durationMs: number; catalog: SessionCatalogSummary}

/** What the session needs to know of the catalog: its policy-filtered entries. */
export function summarizeCatalog(entries: readonly CatalogEntry[]): SessionCatalogSummary {
  const controls = CONTROL_TOOL_NAMES.length
  const {directlyVisible, deferred} = countTools(entries)
  return {upFrontSchemas: controls + directlyVisible, controls, directTools: directlyVisible, deferredTools: deferred}
}

export function toolRef(entry: Pick<CatalogEntry, 'id' | 'name' | 'source' | 'sourceName'>): SessionToolRef {
  return {id: entry.id, name: entry.name, source: entry.source, sourceName: entry.sourceName}
}

/** A search event from what the model received: `[{ query, candidates: [{ id, source }] }]`. */
export function searchEvent(groups: ReadonlyArray<{query: string; candidates: ReadonlyArray<{id: string; source: ToolSource}>}>): SessionEvent {
  const candidates = groups.flatMap((group) => group.candidates)
  return {
    op: 'search',
    queries: groups.map((group) => group.query),
    candidates: candidates.length,
    ids: candidates.map((candidate) => candidate.id),
    sources: candidates.map((candidate) => candidate.source),
  }
}

/** Keys and shapes stay; scalar values become their type (see the module comment). */
export function redactArguments(value: unknown, depth = 0): unknown {
  if (value === null) return null
  if (Array.isArray(value)) return depth > 32 ? '<array>' : value.map((item) => redactArguments(item, depth + 1))
  if (typeof value === 'object') {
    if (depth > 32) return '<object>'
    // fromEntries defines own properties, so a `__proto__` key stays data.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactArguments(item, depth + 1)]))
  }
  return `<${typeof value}>`
}

/** Object keys whose values are secrets whatever they hold. */
const SECRET_KEY = /pass(word|wd|phrase)?$|secret|token|api[-_]?key|apikey|authori[sz]ation|cookie|credential|private[-_]?key|access[-_]?key/i

/** Strings that look like a secret wherever they appear: bearer credentials, provider keys, JWTs, `NAME=value` of a secret variable. */
const SECRET_TEXT: ReadonlyArray<[RegExp, string]> = [
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 <redacted>'],
  [/\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, '<redacted>'],
  [/\b(?:gh[pousr]|github_pat)_[A-Za-z0-9_]{16,}/g, '<redacted>'],
  [/\bxox[abprs]-[A-Za-z0-9-]{8,}/g, '<redacted>'],
  [/\bAKIA[0-9A-Z]{16}\b/g, '<redacted>'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g, '<redacted>'],
  [/\b([A-Za-z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|[Aa]pi[-_]?[Kk]ey|[Tt]oken|[Ss]ecret|[Pp]assword))(\\?["']?\s*[:=]\s*\\?["']?)([^\s"'\\,}]+)/g, '$1$2<redacted>'],
]

/** `text` with everything that looks like a secret replaced by `<redacted>`. */
export function scrubSecretText(text: string): string {
  let result = text
  for (const [pattern, replacement] of SECRET_TEXT) result = result.replace(pattern, replacement)
  return result
}

/**
 * A value from a session shown as it is (`--show-args`) but for what looks like a secret: values
 * under a secret-looking key (`apiKey`, `Authorization`, `token`, …) and secret-looking strings.
 */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubSecretText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 32) return Array.isArray(value) ? '<array>' : '<object>'
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) && item !== null && typeof item !== 'object' ? '<redacted>' : scrubSecrets(item, depth + 1)]))
}

/** Fails early (exit 2) when the log cannot be written, before a call runs. */
export async function assertSessionWritable(file: string | undefined): Promise<void> {
  if (file === undefined) return
  try {
    const {open} = await import('node:fs/promises')
    const handle = await open(file, 'a', 0o600)
    await handle.close()
  } catch (error) {
    throw usageError(`Cannot write session log ${file}: ${fileErrorReason(error, {writing: true})}`)
  }
}

/**
 * Appends one event for a command run against `entries` (no-op without `--session`). Only the
 * command base calls it (`logSession` in src/cli/base-command.ts): a command hands it the event.
 */
export async function logSessionEvent(file: string | undefined, entries: readonly CatalogEntry[], event: SessionEvent): Promise<void> {
  if (file === undefined) return
  const line: SessionLine = {v: SESSION_LOG_VERSION, ts: new Date().toISOString(), ...event, durationMs: Math.round(performance.now()), catalog: summarizeCatalog(entries)}
  try {
    const {appendFile} = await import('node:fs/promises')
    await appendFile(file, `${JSON.stringify(line)}\n`, {encoding: 'utf8', mode: 0o600})
  } catch (error) {
    throw usageError(`Cannot write session log ${file}: ${fileErrorReason(error, {writing: true})}`)
  }
}

/** The event of a call: one that ran or was blocked, or one that failed (the tool when the lookup found one, else the target as typed). */
export function callEvent(report: CallReport): SessionEvent {
  const target = typeof report.tool === 'string' ? {target: report.tool} : toolRef(report.tool)
  const args = redactArguments(report.args ?? {})
  if (!('error' in report)) return {op: 'call', ...target, args, status: report.status, exitCode: report.exitCode}
  const failure = isToolsearchError(report.error) ? report.error : undefined
  const exitCode = failure?.exitCode ?? ExitCode.failure
  const code = failure?.code ?? 'internal'
  const status: CallStatus = code === 'tool-error' ? 'tool-error' : exitCode === ExitCode.unavailable ? 'unavailable' : 'error'
  return {op: 'call', ...target, args, status, exitCode, code}
}
