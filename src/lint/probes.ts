/**
 * Probe queries: what a model that knows what a tool is for would plausibly ask `tool_search`.
 * They are built from the tool's own words only — its name split into words, its label, the
 * first clause of its description — so a tool that none of them finds is one whose own text does
 * not lead to it, whatever else the catalog holds.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {collapseWhitespace} from '../shared/description.js'
import {chunkParts, chunksOf} from '../search/tokenize.js'

export type ProbeKind = 'name' | 'label' | 'description'

export interface Probe {
  kind: ProbeKind
  query: string
}

/** A first clause longer than this many words is cut: models send short queries. */
export const PROBE_MAX_WORDS = 12

/** Where a description's first clause ends: sentence ends, semicolons, colons, dashes, brackets. */
const CLAUSE_END = /[.!?](?:\s|$)|[;:(\[\n]|\s[-–—]\s/u

/** `create_issue` → `create issue`, `readFile` → `read file`, `API-get-user` → `api get user`. */
export function nameWords(name: string): string {
  const words: string[] = []
  for (const chunk of chunksOf(name)) {
    const parts = chunkParts(chunk)
    if (parts.length === 0) words.push(chunk)
    else for (const part of parts) words.push(part)
  }
  return words.join(' ').toLowerCase()
}

/** The description up to the end of its first clause, at most `PROBE_MAX_WORDS` words. */
export function firstClause(description: string): string {
  const text = description.trim()
  const end = text.search(CLAUSE_END)
  const clause = collapseWhitespace(end === -1 ? text : text.slice(0, end))
  return clause.split(' ').filter((word) => word !== '').slice(0, PROBE_MAX_WORDS).join(' ')
}

/** The tool's probes, without blanks and without repeating a query (case-insensitively). */
export function probesFor(entry: CatalogEntry): Probe[] {
  const candidates: Probe[] = [
    {kind: 'name', query: nameWords(entry.name)},
    {kind: 'label', query: collapseWhitespace(entry.label ?? '')},
    {kind: 'description', query: firstClause(entry.description)},
  ]
  const seen = new Set<string>()
  return candidates.filter((probe) => {
    const key = probe.query.toLowerCase()
    if (key === '' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}
