/**
 * The `openclaw` ranker (SPEC §5.1): what the model gets from `tool_search`. One indexed field
 * (`text`), BM25 with the openclaw constants, exact name/id matches first.
 *
 * Pipeline per query: analyze + expand (`openclawQueryTerms`) → postings of those terms only
 * (`scoreDocuments`) → exact matches (`exactDocuments`) → order: exact matches the query matched
 * no term of (a tool named by a stop word) first, in id order, then the hits by
 * `compareOrderable` → cut to `limit`.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {analyzeText} from './analyze.js'
import {openclawDocumentText} from './document.js'
import {InvertedIndex} from './inverted-index.js'
import {compareIds, compareOrderable, exactKey, type Orderable, selectTop} from '../shared/order.js'
import {openclawQueryTerms} from './query.js'
import {lazilyExplainedHit} from './ranked-hit.js'
import {scoreDocuments, termContributions} from './score.js'
import type {RankedHit, RankerFactory} from './types.js'

const FIELD = 'text'

/** Lowercased name and id → document numbers, for the exact-match rule. */
export function exactMatchTable(entries: readonly CatalogEntry[]): Map<string, number[]> {
  const table = new Map<string, number[]>()
  const add = (key: string, doc: number): void => {
    const docs = table.get(key)
    if (docs === undefined) table.set(key, [doc])
    else if (docs[docs.length - 1] !== doc) docs.push(doc)
  }
  entries.forEach((entry, doc) => {
    add(entry.name.toLowerCase(), doc)
    add(entry.id.toLowerCase(), doc)
  })
  return table
}

/**
 * The documents `query` names exactly: the one whose id is the trimmed query, case and all, when
 * there is one (`mcp:acct:listUrl` means that tool, not also `mcp:acct:listURL`); otherwise every
 * document whose name or id equals it ignoring case.
 */
export function exactDocuments(query: string, byId: ReadonlyMap<string, number>, lowercased: ReadonlyMap<string, readonly number[]>): readonly number[] {
  const exactId = byId.get(query.trim())
  return exactId === undefined ? (lowercased.get(exactKey(query)) ?? []) : [exactId]
}

export const createOpenClawRanker: RankerFactory = (entries) => {
  // A generator: each entry's terms are indexed and dropped, never all held at once.
  const index = InvertedIndex.build((function* () {
    for (const entry of entries) yield {id: entry.id, fields: {[FIELD]: analyzeText(openclawDocumentText(entry))}}
  })())
  const exact = exactMatchTable(entries)
  const byId = new Map<string, number>()
  entries.forEach((entry, doc) => {
    if (!byId.has(entry.id)) byId.set(entry.id, doc)
  })

  const search = (query: string, limit: number): RankedHit[] => {
    if (limit <= 0) return []
    const terms = openclawQueryTerms(query)
    const table = scoreDocuments(index, FIELD, terms)
    const exactDocs = new Set(exactDocuments(query, byId, exact))
    const unmatchedExact: Array<Orderable & {doc: number}> = []
    const candidates: Array<Orderable & {doc: number}> = []
    for (const doc of table.docs) {
      candidates.push({doc, id: index.ids[doc]!, exact: exactDocs.has(doc), literal: table.literal[doc] === 1, score: table.scores[doc]!})
    }
    for (const doc of exactDocs) {
      if (table.scores[doc] === 0) unmatchedExact.push({doc, id: index.ids[doc]!, exact: true, literal: false, score: 0})
    }
    unmatchedExact.sort((a, b) => compareIds(a.id, b.id))
    const top = [...unmatchedExact, ...selectTop(candidates, limit - unmatchedExact.length, compareOrderable)].slice(0, limit)
    return top.map(({doc, score, exact: exactMatch, literal}) => lazilyExplainedHit(entries[doc]!, score, exactMatch, literal, () => termContributions(index, FIELD, doc, terms)))
  }

  return {name: 'openclaw', search}
}
