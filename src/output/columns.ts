/**
 * The one column renderer: cells measured by their display width in a terminal (an East Asian
 * wide character or an emoji takes two cells, a combining mark none), so a table of CJK tool
 * names lines up as a table of ASCII ones does. Widths come from `string-width`, a maintained
 * implementation of Unicode's East Asian Width and emoji rules, applied per grapheme cluster.
 *
 * Cells are plain text that already went through `safeInline`; styles are applied by the
 * renderer after padding, so ANSI codes never count towards a width.
 */
import {createRequire} from 'node:module'

import {isPrintableAsciiText} from '../shared/ascii.js'

let graphemes: Intl.Segmenter | undefined
let stringWidth: ((text: string) => number) | undefined

/**
 * Widths of the grapheme clusters of `text`, in order. `string-width` is loaded here, on first
 * use: its start (ICU's segmenter, the emoji expressions) costs tens of milliseconds, and a table
 * of printable ASCII, most tables, is measured without it (`displayWidth`).
 */
function* clusterWidths(text: string): Generator<{segment: string; cells: number}> {
  graphemes ??= new Intl.Segmenter()
  stringWidth ??= (createRequire(import.meta.url)('string-width') as {default: (text: string) => number}).default
  for (const {segment} of graphemes.segment(text)) yield {segment, cells: stringWidth(segment)}
}

/**
 * The shortest prefix of `text` (grown four-fold at a time) that is all of it or is wider than
 * `cells` without its last cluster (which a cut may have split): segmenting costs what the
 * prefix costs, however long a hostile description is.
 */
function measuredPrefix(text: string, cells: number): string {
  if (!Number.isFinite(cells)) return text
  for (let size = (cells + 1) * 4 + 16; ; size *= 4) {
    if (size >= text.length) return text
    const prefix = text.slice(0, size)
    let width = 0
    let previous = 0
    for (const {cells: next} of clusterWidths(prefix)) {
      width += previous
      previous = next
    }
    if (width > cells) return prefix
  }
}

/**
 * Terminal cells `text` takes, counting no further than `max + 1` cells: a hostile description of
 * megabytes costs what its first `max` cells cost.
 */
export function displayWidth(text: string, max = Number.POSITIVE_INFINITY): number {
  const head = text.length > max + 1 ? text.slice(0, max + 1) : text
  // Printable ASCII: one cell per character, measured without segmenting.
  if (isPrintableAsciiText(head)) return head.length
  let width = 0
  for (const {cells} of clusterWidths(measuredPrefix(text, max))) {
    width += cells
    if (width > max) return width
  }
  return width
}

/** Cuts `text` to at most `width` cells, ending in `…` when cut. */
export function fitWidth(text: string, width: number): string {
  if (displayWidth(text, width) <= width) return text
  if (width <= 0) return ''
  let used = 0
  let end = 0
  for (const {segment, cells} of clusterWidths(measuredPrefix(text, width))) {
    if (used + cells > width - 1) break
    used += cells
    end += segment.length
  }
  return `${text.slice(0, end)}…`
}

/** `text` padded with spaces to `width` cells, on the right (`left`) or on the left (`right`). */
export function padToWidth(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text, width)))
  return align === 'left' ? text + fill : fill + text
}

export interface Column {
  /** `right` for numbers. Default `left`. */
  align?: 'left' | 'right'
  /** Widest the column gets; longer cells are cut with `…`. */
  max?: number
  /** A fixed width, whatever the cells (the last column's cells are never padded). */
  width?: number
  /** Applied to each padded cell of the column (colour, bold). */
  style?: (text: string) => string
}

export interface ColumnOptions {
  /** Between two columns. Default two spaces. */
  gap?: string
  /** Before the first column. */
  indent?: string
}

/** Each column's width: its widest cell, capped at `max`, or its fixed `width`. */
export function columnWidths(rows: ReadonlyArray<readonly string[]>, columns: readonly Column[]): number[] {
  return columns.map((column, index) => {
    if (column.width !== undefined) return column.width
    const cap = column.max ?? Number.POSITIVE_INFINITY
    let widest = 0
    for (const row of rows) widest = Math.max(widest, Math.min(cap, displayWidth(row[index] ?? '', cap)))
    return widest
  })
}

/**
 * Lines of a table: every cell cut to its column's `max`, padded to the column's width (the last
 * column only when it is right-aligned), styled, joined by the gap; trailing spaces trimmed.
 * `widths` lets several tables (or a table and its header) share columns.
 */
export function renderColumns(rows: ReadonlyArray<readonly string[]>, columns: readonly Column[], options: ColumnOptions & {widths?: readonly number[]} = {}): string[] {
  const widths = options.widths ?? columnWidths(rows, columns)
  const gap = options.gap ?? '  '
  const indent = options.indent ?? ''
  return rows.map((row) => {
    const cells = columns.map((column, index) => {
      const text = fitWidth(row[index] ?? '', column.max ?? Number.POSITIVE_INFINITY)
      const last = index === columns.length - 1
      const padded = last && column.align !== 'right' ? text : padToWidth(text, widths[index]!, column.align)
      return column.style === undefined ? padded : column.style(padded)
    })
    return `${indent}${cells.join(gap)}`.trimEnd()
  })
}
