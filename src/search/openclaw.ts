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
import {TextTermNumbers} from './analyze.js'
import {forEachDocumentString} from './document.js'
import {type InvertedIndex, InvertedIndexBuilder} from './inverted-index.js'
import {compareIds, compareOrderable, exactKey, type Orderable} from '../shared/order.js'
import {cachedIndex} from './index-cache.js'
import {openclawQueryTerms} from './query.js'
import {lazilyExplainedHit} from './ranked-hit.js'
import {FieldScorer, type ScoreTable, termContributions} from './score.js'
import type {RankedHit, RankerFactory} from './types.js'

const FIELD = 'text'

/**
 * Lowercased name and id → document numbers, for the exact-match rule. Nearly every key names one
 * document, so a key holds its number and only a shared key holds a list: a catalog of 10,000
 * tools builds 20,000 keys, and a list each was most of the table's cost.
 */
export class ExactMatchTable {
  private readonly documents = new Map<string, number | number[]>()

  constructor(entries: readonly CatalogEntry[]) {
    for (let doc = 0; doc < entries.length; doc++) {
      const entry = entries[doc]!
      this.add(entry.name.toLowerCase(), doc)
      this.add(entry.id.toLowerCase(), doc)
    }
  }

  private add(key: string, doc: number): void {
    const docs = this.documents.get(key)
    if (docs === undefined) this.documents.set(key, doc)
    else if (typeof docs === 'number') {
      if (docs !== doc) this.documents.set(key, [docs, doc])
    } else if (docs[docs.length - 1] !== doc) docs.push(doc)
  }

  /** The documents whose lowercased name or id is `key`, in document order. */
  get(key: string): readonly number[] | undefined {
    const docs = this.documents.get(key)
    return typeof docs === 'number' ? [docs] : docs
  }
}

export function exactMatchTable(entries: readonly CatalogEntry[]): ExactMatchTable {
  return new ExactMatchTable(entries)
}

/**
 * The documents `query` names exactly: the one whose id is the trimmed query, case and all, when
 * there is one (`mcp:acct:listUrl` means that tool, not also `mcp:acct:listURL`); otherwise every
 * document whose name or id equals it ignoring case.
 */
export function exactDocuments(query: string, byId: ReadonlyMap<string, number>, lowercased: Pick<ExactMatchTable, 'get'>): readonly number[] {
  const exactId = byId.get(query.trim())
  return exactId === undefined ? (lowercased.get(exactKey(query)) ?? []) : [exactId]
}

/**
 * The index of `entries`' document texts, fed string by string (`forEachDocumentString`): no
 * document text, token list or term list is built, and each distinct string and chunk is
 * analyzed once (`TextTermNumbers`).
 */
export function openclawIndex(entries: readonly CatalogEntry[]): InvertedIndex {
  const builder = new InvertedIndexBuilder()
  const field = builder.field(FIELD)
  const terms = new TextTermNumbers((term) => field.termNumber(term))
  const addText = (text: string): void => {
    const numbers = terms.of(text)
    for (let i = 0; i < numbers.length; i++) field.add(numbers[i]!)
  }
  for (const entry of entries) {
    builder.startDocument(entry.id)
    forEachDocumentString(entry, addText)
  }
  return builder.build()
}

type Candidate = Orderable & {doc: number}

/**
 * The first `k` matched documents in `compareOrderable` order, as `selectTop` over every matched
 * document would give them, without an object or a collator comparison per matched document: a
 * heap of numbers finds the k-th best (exact, literal, score), and only the documents at least as
 * good — the k best and their ties, which a catalog with many copies of a tool has many of — are
 * compared in full, in matching order, by a stable sort.
 */
function topMatches(table: ScoreTable, k: number, exactDocs: ReadonlySet<number>, ids: readonly string[]): Candidate[] {
  if (k <= 0) return []
  const {docs, scores, literal} = table
  // Most queries name no tool exactly: then a document's rank is whether a typed term matched.
  const anyExact = exactDocs.size > 0
  const rank = (doc: number): number => (anyExact && exactDocs.has(doc) ? 2 : 0) + literal[doc]!
  const candidate = (doc: number): Candidate => ({doc, id: ids[doc]!, exact: anyExact && exactDocs.has(doc), literal: literal[doc] === 1, score: scores[doc]!})
  if (docs.length <= k) return docs.map(candidate).sort(compareOrderable)
  // A min-heap of the k best (rank, score) pairs seen so far.
  const heapRanks = new Int32Array(k)
  const heapScores = new Float64Array(k)
  let size = 0
  const below = (i: number, j: number): boolean => heapRanks[i]! < heapRanks[j]! || (heapRanks[i] === heapRanks[j] && heapScores[i]! < heapScores[j]!)
  const swap = (i: number, j: number): void => {
    const r = heapRanks[i]!
    heapRanks[i] = heapRanks[j]!
    heapRanks[j] = r
    const s = heapScores[i]!
    heapScores[i] = heapScores[j]!
    heapScores[j] = s
  }
  for (const doc of docs) {
    const r = rank(doc)
    const s = scores[doc]!
    if (size < k) {
      heapRanks[size] = r
      heapScores[size] = s
      for (let i = size++; i > 0; ) {
        const parent = (i - 1) >>> 1
        if (!below(i, parent)) break
        swap(i, parent)
        i = parent
      }
      continue
    }
    if (r < heapRanks[0]! || (r === heapRanks[0] && s <= heapScores[0]!)) continue
    heapRanks[0] = r
    heapScores[0] = s
    for (let i = 0; ; ) {
      const left = 2 * i + 1
      if (left >= k) break
      const child = left + 1 < k && below(left + 1, left) ? left + 1 : left
      if (!below(child, i)) break
      swap(i, child)
      i = child
    }
  }
  const thresholdRank = heapRanks[0]!
  const thresholdScore = heapScores[0]!
  const contenders: Candidate[] = []
  for (const doc of docs) {
    const r = rank(doc)
    if (r > thresholdRank || (r === thresholdRank && scores[doc]! >= thresholdScore)) contenders.push(candidate(doc))
  }
  return contenders.sort(compareOrderable).slice(0, k)
}

export const createOpenClawRanker: RankerFactory = (entries, options = {}) => {
  const index = cachedIndex(entries, FIELD, options.indexCache, openclawIndex)
  const scorer = new FieldScorer(index, FIELD)
  const exact = exactMatchTable(entries)
  const byId = new Map<string, number>()
  entries.forEach((entry, doc) => {
    if (!byId.has(entry.id)) byId.set(entry.id, doc)
  })

  const search = (query: string, limit: number): RankedHit[] => {
    if (limit <= 0) return []
    const terms = openclawQueryTerms(query)
    const table = scorer.score(terms)
    const exactDocs = new Set(exactDocuments(query, byId, exact))
    const unmatchedExact: Candidate[] = []
    for (const doc of exactDocs) {
      if (table.scores[doc] === 0) unmatchedExact.push({doc, id: index.ids[doc]!, exact: true, literal: false, score: 0})
    }
    unmatchedExact.sort((a, b) => compareIds(a.id, b.id))
    const top = [...unmatchedExact, ...topMatches(table, limit - unmatchedExact.length, exactDocs, index.ids)].slice(0, limit)
    return top.map(({doc, score, exact: exactMatch, literal}) => lazilyExplainedHit(entries[doc]!, score, exactMatch, literal, () => termContributions(index, FIELD, doc, terms)))
  }

  return {name: 'openclaw', search}
}
