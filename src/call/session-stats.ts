/**
 * `toolsearch session stats` (SPEC §8.5): what a session log says about a run — how many schemas
 * the model saw up front, how many searches and describes it needed, and which tools it finally
 * called, from which source. Pure: text in, summary out; a renderer prints it.
 *
 * Lines that are not JSON objects with a known `op` are counted as skipped, not fatal, so a log
 * cut short by a crash still summarises. "Visible up front" is taken from the last event (the
 * catalog as it stood at the end of the run).
 */
import type {ToolSource} from '../catalog/types.js'
import {type Style, styler} from '../output/style.js'
import {safeInline} from '../output/terminal.js'
import type {CallStatus, SessionCatalogSummary} from './session-log.js'

export interface CalledTool {
  /** The tool id, or the target as typed when the lookup failed. */
  id: string
  name?: string
  source?: ToolSource
  calls: number
  /** Calls by status. */
  statuses: Partial<Record<CallStatus, number>>
}

export interface SessionStats {
  events: number
  /** Lines that were not session events. */
  skippedLines: number
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
  const stats: SessionStats = {events: 0, skippedLines: 0, upFront: undefined, searches: 0, queries: 0, candidates: 0, describes: 0, described: [], calls: 0, called: [], okCallsBySource: {}}
  const called = new Map<string, CalledTool>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const event = parseEvent(line)
    if (event === undefined) {
      stats.skippedLines++
      continue
    }
    stats.events++
    if (isSummary(event.catalog)) stats.upFront = event.catalog
    if (event.op === 'search') {
      stats.searches++
      stats.queries += Array.isArray(event.queries) ? event.queries.length : 0
      stats.candidates += typeof event.candidates === 'number' ? event.candidates : 0
    } else if (event.op === 'describe') {
      stats.describes++
      const id = String(event.id)
      if (!stats.described.includes(id)) stats.described.push(id)
    } else {
      stats.calls++
      const id = typeof event.id === 'string' ? event.id : String(event.target ?? '')
      const tool = called.get(id) ?? {id, name: undefined, source: undefined, calls: 0, statuses: {}}
      if (typeof event.name === 'string') tool.name = event.name
      if (isSource(event.source)) tool.source = event.source
      tool.calls++
      const status = (typeof event.status === 'string' ? event.status : 'error') as CallStatus
      tool.statuses[status] = (tool.statuses[status] ?? 0) + 1
      if (status === 'ok' && tool.source !== undefined) stats.okCallsBySource[tool.source] = (stats.okCallsBySource[tool.source] ?? 0) + 1
      called.set(id, tool)
    }
  }
  stats.called = [...called.values()]
  return stats
}

type RawEvent = Record<string, unknown> & {op: 'search' | 'describe' | 'call'}

function parseEvent(line: string): RawEvent | undefined {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return undefined
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const op = (value as {op?: unknown}).op
  return op === 'search' || op === 'describe' || op === 'call' ? (value as RawEvent) : undefined
}

function isSummary(value: unknown): value is SessionCatalogSummary {
  if (value === null || typeof value !== 'object') return false
  const summary = value as Record<string, unknown>
  return ['upFrontSchemas', 'controls', 'directTools', 'deferredTools'].every((key) => typeof summary[key] === 'number')
}

function isSource(value: unknown): value is ToolSource {
  return value === 'openclaw' || value === 'mcp' || value === 'client'
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

export function renderSessionStats(stats: SessionStats, file: string, {color}: {color: boolean}): string {
  const style = styler(color)
  const lines = [style.bold(`Session ${safeInline(file)}: ${plural(stats.events, 'event')}`)]
  if (stats.skippedLines > 0) lines.push(style.yellow(`Skipped ${plural(stats.skippedLines, 'line')} that ${stats.skippedLines === 1 ? 'is' : 'are'} not session events.`))
  if (stats.upFront !== undefined) {
    const {upFrontSchemas, controls, directTools, deferredTools} = stats.upFront
    lines.push(`Visible up front: ${plural(upFrontSchemas, 'schema')} (${controls} controls + ${plural(directTools, 'direct tool')}); ${plural(deferredTools, 'deferred tool')} behind them.`)
  }
  lines.push(`Searches: ${stats.searches} (${plural(stats.queries, 'query', 'queries')}, ${plural(stats.candidates, 'candidate')})`)
  lines.push(`Describes: ${stats.describes}${stats.described.length > 0 ? ` (${stats.described.map(safeInline).join(', ')})` : ''}`)
  lines.push(`Calls: ${stats.calls}`)
  if (stats.called.length > 0) lines.push(...calledTable(stats.called, style))
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
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)))
  return [style.dim('Called tools:'), ...rows.map((row) => `  ${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ')}`)]
}
