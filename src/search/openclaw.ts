/**
 * The `openclaw` ranker (SPEC §5.1): what the model gets from `tool_search`. One indexed field
 * (`text`), BM25 with the openclaw constants, exact name/id matches first.
 *
 * Pipeline per query: analyze + expand (`openclawQueryTerms`) → postings of those terms only
 * (`scoreDocuments`) → exact matches added → order (`compareOrderable`) → cut to `limit`.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {analyzeText} from './analyze.js'
import {openclawDocumentText} from './document.js'
import {InvertedIndex} from './inverted-index.js'
import {compareOrderable, exactKey, type Orderable} from './order.js'
import {openclawQueryTerms} from './query.js'
import {scoreDocuments, termContributions} from './score.js'
import type {RankedHit, Ranker, RankerFactory} from './types.js'

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

export const createOpenClawRanker: RankerFactory = (entries) => {
  const index = InvertedIndex.build(entries.map((entry) => ({id: entry.id, fields: {[FIELD]: analyzeText(openclawDocumentText(entry))}})))
  const exact = exactMatchTable(entries)

  const search = (query: string, limit: number): RankedHit[] => {
    if (limit <= 0) return []
    const terms = openclawQueryTerms(query)
    const candidates: Array<Orderable & {doc: number}> = []
    const exactDocs = new Set(exact.get(exactKey(query)) ?? [])
    for (const scored of scoreDocuments(index, FIELD, terms).values()) {
      if (scored.score > 0 || exactDocs.has(scored.doc)) {
        candidates.push({...scored, id: index.ids[scored.doc]!, exact: exactDocs.has(scored.doc)})
      }
      exactDocs.delete(scored.doc)
    }
    for (const doc of exactDocs) candidates.push({doc, id: index.ids[doc]!, score: 0, exact: true, literal: false})
    candidates.sort(compareOrderable)
    return candidates.slice(0, limit).map((candidate) => ({
      entry: entries[candidate.doc]!,
      score: candidate.score,
      exact: candidate.exact,
      literal: candidate.literal,
      contributions: termContributions(index, FIELD, candidate.doc, terms),
    }))
  }

  return {name: 'openclaw', search}
}
