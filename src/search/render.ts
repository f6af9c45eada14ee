/**
 * Human renderings of search results: pure `(data, options) → string`. Every catalog string goes
 * through `safeInline` first (names and descriptions are untrusted), then is measured and cut.
 */
import {collapseWhitespace} from '../shared/description.js'
import {safeInline} from '../output/terminal.js'
import {styler} from '../output/style.js'
import type {BatchResponse} from './request.js'
import type {SearchHit} from './hits.js'
import type {TermContribution} from './types.js'

export interface RenderOptions {
  color: boolean
  /** Line width the table fits (the terminal's columns, else 120). */
  width?: number
}

export const DEFAULT_TABLE_WIDTH = 120
const GAP = '  '
const MIN_DESCRIPTION_COLUMN = 24
const MAX_ID_COLUMN = 60

/** Code points in `text`, counting no further than `max + 1` (cheap on huge hostile strings). */
function boundedLength(text: string, max: number): number {
  let count = 0
  for (let i = 0; i < text.length && count <= max; i += text.codePointAt(i)! > 0xffff ? 2 : 1) count++
  return count
}

/** Cuts `text` to `width` characters (code points), ending in `…` when cut. */
export function fitCell(text: string, width: number): string {
  if (boundedLength(text, width) <= width) return text
  if (width <= 1) return '…'.slice(0, width)
  let end = 0
  for (let kept = 0; kept < width - 1; kept++) end += text.codePointAt(end)! > 0xffff ? 2 : 1
  return `${text.slice(0, end)}…`
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - boundedLength(text, width)))
}

/**
 * A table of hits: rank, id, source and the description shortened to the line width; under each
 * row, the input signature in full (it is bounded at 300 characters), since it is what a caller
 * needs next.
 */
export function renderHitTable(hits: readonly SearchHit[], options: RenderOptions): string {
  const style = styler(options.color)
  const width = options.width ?? DEFAULT_TABLE_WIDTH
  const rows = hits.map((hit, i) => ({
    rank: String(i + 1),
    id: safeInline(hit.id),
    source: hit.source,
    description: safeInline(collapseWhitespace(hit.description)),
    input: safeInline(hit.input),
  }))
  const header = {rank: '#', id: 'ID', source: 'SOURCE', description: 'DESCRIPTION'}
  const columnWidth = (key: keyof typeof header, cap = Number.POSITIVE_INFINITY): number =>
    Math.min(cap, Math.max(...[header, ...rows].map((row) => boundedLength(row[key], cap))))
  const rankWidth = columnWidth('rank')
  const idWidth = columnWidth('id', MAX_ID_COLUMN)
  const sourceWidth = columnWidth('source')
  const descriptionWidth = Math.max(MIN_DESCRIPTION_COLUMN, width - rankWidth - idWidth - sourceWidth - 3 * GAP.length)
  const line = (row: typeof header, paint: (text: string) => string, paintId: (text: string) => string = paint): string =>
    [paint(pad(row.rank, rankWidth)), paintId(pad(fitCell(row.id, idWidth), idWidth)), paint(pad(row.source, sourceWidth)), paint(fitCell(row.description, descriptionWidth))]
      .join(GAP)
      .trimEnd()
  const plain = (text: string): string => text
  const indent = ' '.repeat(rankWidth + GAP.length)
  const lines = [line(header, style.bold)]
  for (const row of rows) lines.push(line(row, plain, style.cyan), `${indent}${style.dim('input:')} ${row.input}`)
  return lines.join('\n')
}

/** One hit's score, broken down by matched term. */
export interface HitExplanation {
  score: number
  exact: boolean
  literal: boolean
  terms: TermContribution[]
}

function formatNumber(value: number): string {
  return value.toFixed(4)
}

/** Per hit: the score, why it ranks where it does, and each matched term's contribution. */
export function renderExplanations(hits: ReadonlyArray<{hit: SearchHit; explain: HitExplanation}>, options: RenderOptions): string {
  const style = styler(options.color)
  return hits
    .map(({hit, explain}, i) => {
      // An exact name can be listed with no matching term at all (`do`): then there is no term kind to name.
      const termKind = explain.terms.length === 0 ? undefined : explain.literal ? 'typed term matched' : 'expansion terms only'
      const reasons = [explain.exact ? 'exact name or id match' : undefined, termKind]
        .filter((reason) => reason !== undefined)
        .join(', ')
      const head = `${i + 1}. ${style.cyan(safeInline(hit.id))}  score ${formatNumber(explain.score)}  (${reasons})`
      const termWidth = Math.max(4, ...explain.terms.map((term) => [...term.term].length))
      const lines = explain.terms.map((term) => {
        const from = term.expandedFrom === undefined ? '' : `  expanded from "${safeInline(term.expandedFrom)}"`
        return `     ${pad(safeInline(term.term), termWidth)}  weight ${term.weight.toFixed(2)}  +${formatNumber(term.score)}${from}`
      })
      if (lines.length === 0) lines.push('     no term matched (listed for its exact name)')
      return [head, ...lines].join('\n')
    })
    .join('\n')
}

/** A batch response: one titled table per query. */
export function renderBatchResponse(response: BatchResponse, options: RenderOptions): string {
  const style = styler(options.color)
  const blocks = response.results.map((group) => {
    const title = style.bold(`Query: ${safeInline(group.query)}`)
    const body = group.candidates.length === 0 ? 'No tools match.' : renderHitTable(group.candidates, options)
    const note = group.truncated === true ? '\n(truncated to fit the 4,000-character response)' : ''
    return `${title}\n${body}${note}`
  })
  return blocks.join('\n\n')
}
