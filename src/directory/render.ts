/**
 * The capability directory (SPEC §7): the bounded, cache-stable list of deferred tools that goes
 * into the system prompt. Pure: the same entries and options always give byte-identical text.
 *
 * Sizes are counted in UTF-16 code units (`string.length`), which is never less than the number
 * of code points, so a directory that fits here fits under either reading of "characters".
 */
import {createHash} from 'node:crypto'

import type {CatalogEntry} from '../catalog/types.js'
import {compareByCodeUnits} from '../shared/order.js'
import {compactDescription} from '../shared/description.js'
import type {DirectoryMode} from '../catalog/mode.js'

/** Tool Search modes that render a directory (SPEC §1.3). */
export type {DirectoryMode} from '../catalog/mode.js'

/** Hard cap on the directory, whatever the context window. */
export const DIRECTORY_MAX_CHARS = 18_000
/** The smallest budget a context window can impose. */
export const DIRECTORY_MIN_CHARS = 768
/** A context window of T tokens allows floor(T / 10) characters. */
export const CONTEXT_WINDOW_DIVISOR = 10
/** Description caps tried in order before falling back to name-only rows. */
export const DESCRIPTION_CAPS = [180, 64] as const
/** `descriptionCap` reported when rows carry names only. */
export const NAMES_ONLY = 0

/** Names (and owners) that may appear in the directory. */
export const DIRECTORY_IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/

export const DIRECTORY_HEADER = 'Available deferred-schema tools:'
export const DIRECTORY_EMPTY = 'Available deferred-schema tools: none.'
export const NO_DESCRIPTION = 'No description.'
export const UNTRUSTED_SEARCH_NOTE = 'Policy-approved MCP and client tools may also be discoverable through search.'
export const COMPLETE_FOOTER = 'Use tool_search for a compact input signature or tool_describe for a full schema.'
export const MODE_FOOTERS: Record<DirectoryMode, string> = {
  tools:
    'Deferred names are not directly callable. Call tool_call with the result id or name in id and all tool parameters in args. Use this wrapper even when other guidance names a deferred tool directly.',
  directory: 'Call a unique deferred tool name directly, or use tool_call with its id and args.',
}

/**
 * The heading OpenClaw puts the directory under in its system prompt (inside its `## Tooling`
 * section): the section is the heading, a newline, and the directory text.
 */
export const DIRECTORY_SECTION_HEADING = '### Deferred Tool Schemas'

/** The directory as the system prompt carries it, heading included. */
export function directorySection(directory: Pick<Directory, 'text'>): string {
  return `${DIRECTORY_SECTION_HEADING}\n${directory.text}`
}

export function omittedFooter(omitted: number): string {
  return `${omitted} additional tools omitted. Use tool_search to find a tool and its input signature; use tool_describe when a full schema is needed.`
}

export interface DirectoryOptions {
  mode: DirectoryMode
  /** The model's context window in tokens; shrinks the budget below 18,000 characters. */
  contextWindow?: number
}

export interface Directory {
  /** Exactly what goes into the system prompt (no trailing newline). */
  text: string
  /** `text.length`. */
  chars: number
  /** The budget `text` had to fit. */
  maxChars: number
  /** Tools listed. */
  rows: number
  /** Deferred tools not listed (untrusted, shared or odd names, or dropped to fit). */
  omitted: number
  /** 180 or 64 when rows carry descriptions cut to that length; 0 when rows carry names only. */
  descriptionCap: number
  /** sha256 of `text`, hex. */
  fingerprint: string
  mode: DirectoryMode
}

/** max(768, floor(T / 10)), never above 18,000; 18,000 without a context window (or with 0). */
export function directoryBudget(contextWindow?: number): number {
  if (contextWindow === undefined || !Number.isFinite(contextWindow) || contextWindow <= 0) return DIRECTORY_MAX_CHARS
  const fromWindow = Math.max(DIRECTORY_MIN_CHARS, Math.floor(contextWindow / CONTEXT_WINDOW_DIVISOR))
  return Math.min(DIRECTORY_MAX_CHARS, fromWindow)
}

/** Deferred entries: cataloged and not directly visible. */
export function deferredEntries(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return entries.filter((entry) => entry.visibility === 'deferred')
}

/** What one walk over the catalog finds for the directory: the deferred count and the listable entries. */
interface DirectoryCandidates {
  deferredCount: number
  listable: CatalogEntry[]
}

/** Counts names and picks deferred entries in one pass, then keeps and sorts the listable ones. */
function directoryCandidates(entries: readonly CatalogEntry[]): DirectoryCandidates {
  const nameCounts = new Map<string, number>()
  const deferred: CatalogEntry[] = []
  for (const entry of entries) {
    nameCounts.set(entry.name, (nameCounts.get(entry.name) ?? 0) + 1)
    if (entry.visibility === 'deferred') deferred.push(entry)
  }
  const listable = deferred
    .filter((entry) => entry.trusted && nameCounts.get(entry.name) === 1 && DIRECTORY_IDENTIFIER.test(entry.name))
    .sort((a, b) => compareByCodeUnits(a.name, b.name) || compareByCodeUnits(a.id, b.id))
  return {deferredCount: deferred.length, listable}
}

/**
 * The entries that may be listed, in directory order: deferred, trusted, a name that occurs once
 * in the whole catalog and matches the identifier pattern. Sorted by name, then id, comparing
 * UTF-16 code units (not the locale), so the order never depends on the machine.
 */
export function listableEntries(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return directoryCandidates(entries).listable
}

/** One row; `cap` 0 means the name (and owner) only. */
export function directoryRow(entry: CatalogEntry, cap: number): string {
  const owner = DIRECTORY_IDENTIFIER.test(entry.sourceName) ? ` (${entry.sourceName})` : ''
  if (cap === NAMES_ONLY) return `- ${entry.name}${owner}`
  const description = compactDescription(entry.description, cap)
  return `- ${entry.name}${owner}: ${description === '' ? NO_DESCRIPTION : description}`
}

function footer(omitted: number, mode: DirectoryMode): string {
  return `${omitted > 0 ? omittedFooter(omitted) : COMPLETE_FOOTER} ${MODE_FOOTERS[mode]}`
}

function compose(rows: readonly string[], omitted: number, mode: DirectoryMode): string {
  return [DIRECTORY_HEADER, ...rows, '', UNTRUSTED_SEARCH_NOTE, footer(omitted, mode)].join('\n')
}

/** Length of `compose(rows, …)` without building it: header, one line per row, the tail. */
function composedLength(rowChars: number, rowCount: number, omitted: number, mode: DirectoryMode): number {
  return DIRECTORY_HEADER.length + rowChars + rowCount + 1 + 1 + UNTRUSTED_SEARCH_NOTE.length + 1 + footer(omitted, mode).length
}

/**
 * Renders the directory for a policy-filtered catalog. To fit the budget it tries descriptions
 * cut to 180, then 64 characters, then name-only rows, then drops rows from the end of the sorted
 * list; dropped tools stay searchable and callable and are counted in the footer. The whole text,
 * footer included, counts towards the budget.
 *
 * A try stops building rows as soon as the rows built so far already pass the budget: a catalog
 * of thousands of listable tools fits at most a few hundred rows of 18,000 characters, and cutting
 * every description three times over was most of what `directory` did for such a catalog.
 */
export function renderDirectory(entries: readonly CatalogEntry[], options: DirectoryOptions): Directory {
  const {mode} = options
  const maxChars = directoryBudget(options.contextWindow)
  const {deferredCount, listable} = directoryCandidates(entries)
  const done = (rows: readonly string[], descriptionCap: number) => {
    const omitted = deferredCount - rows.length
    const text = deferredCount === 0 ? DIRECTORY_EMPTY : compose(rows, omitted, mode)
    return finish(text, {maxChars, rows: rows.length, omitted, descriptionCap, mode})
  }
  if (deferredCount === 0) return done([], DESCRIPTION_CAPS[0])

  // Every listable row kept: the footer is fixed, so the text's length grows with each row built.
  const everyRowLength = (rowChars: number, rowCount: number) => composedLength(rowChars, rowCount, deferredCount - listable.length, mode)
  for (const cap of [...DESCRIPTION_CAPS, NAMES_ONLY]) {
    const rows = rowsWithin(listable, cap, (rowChars, rowCount) => everyRowLength(rowChars, rowCount) <= maxChars)
    if (rows !== undefined) return done(rows, cap)
  }
  // Even name-only rows do not all fit: keep as many as fit, from the start of the sorted list.
  return done(rowsThatFit(listable, deferredCount, maxChars, mode), NAMES_ONLY)
}

/**
 * The rows of every entry with descriptions cut to `cap`, or undefined as soon as the rows built
 * so far (their characters and count) no longer pass `fits`: `fits` only turns false as rows are
 * added, so the rows left unbuilt could never make them fit again.
 */
function rowsWithin(listable: readonly CatalogEntry[], cap: number, fits: (rowChars: number, rowCount: number) => boolean): string[] | undefined {
  const rows: string[] = []
  let rowChars = 0
  for (const entry of listable) {
    const row = directoryRow(entry, cap)
    rowChars += row.length
    rows.push(row)
    if (!fits(rowChars, rows.length)) return undefined
  }
  return rows
}

/**
 * The name-only rows of the longest prefix of `listable` whose directory fits `maxChars`, for when
 * not all of them fit. With at least one row dropped the footer is the "omitted" one, whose length
 * only shrinks as rows are added back, so the size grows with every row and the first misfit ends
 * the search.
 */
function rowsThatFit(listable: readonly CatalogEntry[], deferredCount: number, maxChars: number, mode: DirectoryMode): string[] {
  const rows: string[] = []
  let rowChars = 0
  for (const entry of listable) {
    const row = directoryRow(entry, NAMES_ONLY)
    const next = rowChars + row.length
    if (composedLength(next, rows.length + 1, deferredCount - rows.length - 1, mode) > maxChars) break
    rowChars = next
    rows.push(row)
  }
  return rows
}

function finish(text: string, fields: Omit<Directory, 'text' | 'chars' | 'fingerprint'>): Directory {
  const {mode, ...sizes} = fields
  return {text, chars: text.length, ...sizes, fingerprint: createHash('sha256').update(text, 'utf8').digest('hex'), mode}
}
