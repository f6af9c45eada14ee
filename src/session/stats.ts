/**
 * `toolsearch session stats` (SPEC §8.5): what a session log says about a run — how many schemas
 * the model saw up front, how many searches and describes it needed, and which tools it finally
 * called, from which source. Pure: text in, summary out; a renderer prints it.
 *
 * A line that is not a session event (not JSON, no known `op`, or missing what its `op` needs —
 * e.g. the half-written last line of a run that crashed) is skipped, not fatal, so such a log still
 * summarises; each skipped line is reported with its number and the problem. "Visible up front"
 * is taken from the last event (the catalog as it stood at the end of the run).
 */
import {isRecord} from '../shared/json.js'
import type {ToolSource} from '../catalog/types.js'
import {type FindingRow, findingWarnings} from '../output/findings.js'
import {type Style, plural, styler} from '../output/style.js'
import {safeInline} from '../output/terminal.js'
import {CALL_STATUSES, type CallStatus, type SessionCatalogSummary} from './log.js'
import {renderColumns} from '../output/columns.js'

export interface CalledTool {
  /** The tool id, or the target as typed when the lookup failed. */
  id: string
  name?: string
  source?: ToolSource
  calls: number
  /** Calls by status. */
  statuses: Partial<Record<CallStatus, number>>
}

/** A line of the log that is not a session event: its 1-based number and why. */
export interface SkippedLine {
  line: number
  problem: string
}

export interface SessionStats {
  events: number
  /** Lines that were not session events, in file order. */
  skipped: SkippedLine[]
  upFront?: SessionCatalogSummary
  searches: number
  queries: number
  candidates: number
  describes: number
  /** Distinct tools described, in first-described order. */
  described: string[]
  calls: number
  /** Every tool a call targeted, in first-called order. */
  called: CalledTool[]
  /** Successful calls per source. */
  okCallsBySource: Partial<Record<ToolSource, number>>
}

export function summarizeSession(text: string): SessionStats {
  // Keys in reading order; `upFront` is filled in by the events.
  const stats: SessionStats = {events: 0, skipped: [], upFront: undefined, searches: 0, queries: 0, candidates: 0, describes: 0, described: [], calls: 0, called: [], okCallsBySource: {}}
  const called = new Map<string, CalledTool>()
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return
    const parsed = parseEvent(line)
    if (typeof parsed === 'string') {
      stats.skipped.push({line: index + 1, problem: parsed})
      return
    }
    const event = parsed
    stats.events++
    if (isSummary(event.catalog)) stats.upFront = event.catalog
    if (event.op === 'search') {
      stats.searches++
      stats.queries += event.queries.length
      stats.candidates += event.candidates
    } else if (event.op === 'describe') {
      stats.describes++
      if (!stats.described.includes(event.id)) stats.described.push(event.id)
    } else {
      stats.calls++
      const id = event.id ?? event.target
      const tool = called.get(id) ?? {id, name: undefined, source: undefined, calls: 0, statuses: {}}
      if (typeof event.name === 'string') tool.name = event.name
      if (isSource(event.source)) tool.source = event.source
      tool.calls++
      tool.statuses[event.status] = (tool.statuses[event.status] ?? 0) + 1
      if (event.status === 'ok' && tool.source !== undefined) stats.okCallsBySource[tool.source] = (stats.okCallsBySource[tool.source] ?? 0) + 1
      called.set(id, tool)
    }
  })
  stats.called = [...called.values()]
  return stats
}

type LoggedEvent = {catalog?: unknown; name?: unknown; source?: unknown} & (
  | {op: 'search'; queries: unknown[]; candidates: number}
  | {op: 'describe'; id: string}
  | ({op: 'call'; status: CallStatus} & ({id: string; target?: unknown} | {id?: undefined; target: string}))
)

/** The event on one line, or why the line is not one. Reads only what the summary uses. */
function parseEvent(line: string): LoggedEvent | string {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return 'not JSON'
  }
  if (!isRecord(value)) return 'not a JSON object'
  switch (value.op) {
    case 'search':
      return Array.isArray(value.queries) && typeof value.candidates === 'number' ? (value as LoggedEvent) : 'a search event needs "queries" (an array) and "candidates" (a number)'
    case 'describe':
      return typeof value.id === 'string' ? (value as LoggedEvent) : 'a describe event needs "id" (a string)'
    case 'call': {
      const names = typeof value.id === 'string' || (value.id === undefined && typeof value.target === 'string')
      const status = (CALL_STATUSES as readonly unknown[]).includes(value.status)
      return names && status ? (value as LoggedEvent) : `a call event needs "id" or "target" (a string) and "status" (one of ${CALL_STATUSES.join(', ')})`
    }
    default:
      return '"op" is not search, describe or call'
  }
}

function isSummary(value: unknown): value is SessionCatalogSummary {
  return isRecord(value) && ['upFrontSchemas', 'controls', 'directTools', 'deferredTools'].every((key) => typeof value[key] === 'number')
}

function isSource(value: unknown): value is ToolSource {
  return value === 'openclaw' || value === 'mcp' || value === 'client'
}


/** Warnings shown per skipped line, before the rest are only counted. */
export const MAX_SKIPPED_WARNINGS = 10

/** The lines of a log that are not session events, as findings (`<file>:<line>: <problem>; skipped.`). */
export function skippedLineRows(stats: SessionStats, file: string): FindingRow[] {
  return stats.skipped.map(({line, problem}) => ({rule: 'session.skipped-line', messageId: 'skipped', severity: 'warning', message: `${problem}; skipped.`, file, line}))
}

/** One stderr warning per skipped line, at most ten, then a count. */
export function skippedLineWarnings(stats: SessionStats, file: string): string[] {
  return findingWarnings(skippedLineRows(stats, file), MAX_SKIPPED_WARNINGS, (more) => `Warning: ${plural(more, 'more line')} of ${safeInline(file)} skipped.`)
}

export function renderSessionStats(stats: SessionStats, file: string, {color}: {color: boolean}): string {
  const style = styler(color)
  const lines = [style.bold(`Session ${safeInline(file)}: ${plural(stats.events, 'event')}`)]
  const skipped = stats.skipped.length
  if (skipped > 0) lines.push(style.yellow(`Skipped ${plural(skipped, 'line')} that ${skipped === 1 ? 'is not a session event' : 'are not session events'}.`))
  if (stats.upFront !== undefined) {
    const {upFrontSchemas, controls, directTools, deferredTools} = stats.upFront
    lines.push(`Visible up front: ${plural(upFrontSchemas, 'schema')} (${controls} controls + ${plural(directTools, 'direct tool')}); ${plural(deferredTools, 'deferred tool')} behind them.`)
  }
  lines.push(`Searches: ${stats.searches} (${plural(stats.queries, 'query', 'queries')}, ${plural(stats.candidates, 'candidate')})`)
  lines.push(`Describes: ${stats.describes}${stats.described.length > 0 ? ` (${stats.described.map(safeInline).join(', ')})` : ''}`)
  lines.push(`Calls: ${stats.calls}`)
  if (stats.called.length > 0) for (const line of calledTable(stats.called, style)) lines.push(line)
  const bySource = Object.entries(stats.okCallsBySource).map(([source, count]) => `${source} ${count}`)
  if (bySource.length > 0) lines.push(`Successful calls by source: ${bySource.join(', ')}`)
  return lines.join('\n')
}

function calledTable(called: readonly CalledTool[], style: Style): string[] {
  const rows = called.map((tool) => [
    safeInline(tool.id === '' ? '(no tool)' : tool.id),
    tool.source ?? '-',
    plural(tool.calls, 'call'),
    Object.entries(tool.statuses)
      .map(([status, count]) => `${count} ${status}`)
      .join(', '),
  ])
  return [style.dim('Called tools:'), ...renderColumns(rows, [{}, {}, {}, {}], {indent: '  '})]
}
