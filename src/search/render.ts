/**
 * Human renderings of search results: pure `(data, options) → string`. Every catalog string goes
 * through `safeInline` first (names and descriptions are untrusted), then is measured and cut.
 */
import {collapseWhitespace} from '../directory/description.js'
import {safeInline} from '../output/terminal.js'
import {styler} from '../output/style.js'
import type {BatchResponse} from './batch.js'
import type {SearchHit} from './hits.js'
import type {TermContribution} from './types.js'

export interface RenderOptions {
  color: boolean
  /** Line width the table fits (the terminal's columns, else 120). */
  width?: number
}

export const DEFAULT_TABLE_WIDTH = 120
const GAP = '  '
const MIN_FLEX_COLUMN = 16
const MAX_ID_COLUMN = 60

/** Cuts `text` to `width` characters, ending in `…` when cut. */
export function fitCell(text: string, width: number): string {
  const chars = [...text]
  if (chars.length <= width) return text
  return width <= 1 ? '…'.slice(0, width) : `${chars.slice(0, width - 1).join('')}…`
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length))
}

/** A table of hits: rank, id, source, input signature, shortened description. */
export function renderHitTable(hits: readonly SearchHit[], options: RenderOptions): string {
  const style = styler(options.color)
  const width = options.width ?? DEFAULT_TABLE_WIDTH
  const rows = hits.map((hit, i) => ({
    rank: String(i + 1),
    id: safeInline(hit.id),
    source: hit.source,
    input: safeInline(hit.input),
    description: safeInline(collapseWhitespace(hit.description)),
  }))
  const header = {rank: '#', id: 'ID', source: 'SOURCE', input: 'INPUT', description: 'DESCRIPTION'}
  const columnWidth = (key: keyof typeof header, cap = Number.POSITIVE_INFINITY): number =>
    Math.min(cap, Math.max(...[header, ...rows].map((row) => [...row[key]].length)))
  const rankWidth = columnWidth('rank')
  const idWidth = columnWidth('id', MAX_ID_COLUMN)
  const sourceWidth = columnWidth('source')
  const flexible = Math.max(2 * MIN_FLEX_COLUMN, width - rankWidth - idWidth - sourceWidth - 4 * GAP.length)
  const inputWidth = Math.min(columnWidth('input'), Math.max(MIN_FLEX_COLUMN, Math.floor(flexible * 0.45)))
  const descriptionWidth = Math.max(MIN_FLEX_COLUMN, flexible - inputWidth)
  const line = (row: typeof header, paint: (text: string) => string = (text) => text, paintId: (text: string) => string = paint): string =>
    [
      paint(pad(row.rank, rankWidth)),
      paintId(pad(fitCell(row.id, idWidth), idWidth)),
      paint(pad(row.source, sourceWidth)),
      paint(pad(fitCell(row.input, inputWidth), inputWidth)),
      paint(fitCell(row.description, descriptionWidth)),
    ]
      .join(GAP)
      .trimEnd()
  return [line(header, style.bold), ...rows.map((row) => line(row, (text) => text, style.cyan))].join('\n')
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
      const reasons = [explain.exact ? 'exact name or id match' : undefined, explain.literal ? 'typed term matched' : 'expansion terms only']
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
