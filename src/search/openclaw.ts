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
import {compareOrderable, exactKey, type Orderable, selectTop} from './order.js'
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
    const table = scoreDocuments(index, FIELD, terms)
    const exactDocs = new Set(exact.get(exactKey(query)) ?? [])
    const candidates: Array<Orderable & {doc: number}> = []
    const consider = (doc: number): void => {
      const exactMatch = exactDocs.has(doc)
      if (table.scores[doc]! > 0 || exactMatch) candidates.push({doc, id: index.ids[doc]!, exact: exactMatch, literal: table.literal[doc] === 1, score: table.scores[doc]!})
    }
    for (const doc of table.docs) consider(doc)
    for (const doc of exactDocs) if (table.scores[doc] === 0) consider(doc)
    const top = selectTop(candidates, limit, compareOrderable)
    return top.map(({doc, score, exact: exactMatch, literal}) => ({
      entry: entries[doc]!,
      score,
      exact: exactMatch,
      literal,
      contributions: termContributions(index, FIELD, doc, terms),
    }))
  }

  return {name: 'openclaw', search}
}
