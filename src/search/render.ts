/**
 * Human renderings of search results: pure `(data, options) → string`. Every catalog string goes
 * through `safeInline` first (names and descriptions are untrusted), then is measured and cut.
 */
import {collapseWhitespace} from '../shared/description.js'
import {type Column, columnWidths, displayWidth, padToWidth, renderColumns} from '../output/columns.js'
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
  const header = ['#', 'ID', 'SOURCE', 'DESCRIPTION']
  const cells = rows.map((row) => [row.rank, row.id, row.source, row.description])
  const [rankWidth, idWidth, sourceWidth] = columnWidths([header, ...cells], [{}, {max: MAX_ID_COLUMN}, {}])
  const descriptionWidth = Math.max(MIN_DESCRIPTION_COLUMN, width - rankWidth! - idWidth! - sourceWidth! - 3 * GAP.length)
  const columns = (paint: (text: string) => string, paintId: (text: string) => string = paint): Column[] => [
    {width: rankWidth, style: paint},
    {width: idWidth, max: MAX_ID_COLUMN, style: paintId},
    {width: sourceWidth, style: paint},
    {max: descriptionWidth, style: paint},
  ]
  const plain = (text: string): string => text
  const indent = ' '.repeat(rankWidth! + GAP.length)
  const [headerLine] = renderColumns([header], columns(style.bold), {gap: GAP})
  const lines = [headerLine!]
  const body = renderColumns(cells, columns(plain, style.cyan), {gap: GAP})
  rows.forEach((row, i) => lines.push(body[i]!, `${indent}${style.dim('input:')} ${row.input}`))
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
      const termWidth = explain.terms.reduce((width, term) => Math.max(width, displayWidth(safeInline(term.term))), 4)
      const lines = explain.terms.map((term) => {
        const from = term.expandedFrom === undefined ? '' : `  expanded from "${safeInline(term.expandedFrom)}"`
        return `     ${padToWidth(safeInline(term.term), termWidth)}  weight ${term.weight.toFixed(2)}  +${formatNumber(term.score)}${from}`
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
