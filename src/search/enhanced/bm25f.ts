/**
 * The BM25F core: each query concept scores a document once, through its best term — the term's
 * weight × idf × BM25's saturation of its weighted, length-normalised frequency summed over
 * fields (precomputed per posting by `WeightedIndex`) — so a tool that says both "delete" and
 * "remove" is not counted twice for one word. Lexicon and typo terms that more than
 * `maxExpansionShare` of the catalog uses are not walked (see `EnhancedOptions`).
 */
import {idf} from '../bm25.js'
import type {TermContribution} from '../types.js'
import type {FieldName} from './fields.js'
import type {QueryPlan} from './plan.js'
import type {SearchScores} from './rules/rule.js'
import {type AnalyzedDocument, saturate, type WeightedIndex} from './weighted-index.js'

/**
 * Scores a query's concepts into `search` (scores, worth matched, the matched documents) and
 * marks in `literal` the documents a typed term reached. Scratch space lives in the closure:
 * with one ranker per process (a gateway, the CLI) the optimizing compiler treats these arrays
 * as constants, which a class field or a parameter measured about 1.7 times slower.
 */
export function conceptScorer(index: WeightedIndex<FieldName>, maxExpansionDocs: number, search: SearchScores, literal: Uint8Array): (query: QueryPlan) => void {
  const n = index.size
  const {scores, worthMatched, matched} = search
  const best = new Float64Array(n)
  const reached = new Int32Array(n)
  return (query) => {
    let matchedCount = 0
    const {concepts} = query
    for (let c = 0; c < concepts.length; c++) {
      let reachedCount = 0
      for (const {term, weight, expandedFrom} of concepts[c]!.terms) {
        const postings = index.postings(term)
        if (postings === undefined) continue
        const {docs, saturated} = postings
        if (expandedFrom !== undefined && docs.length > maxExpansionDocs) continue
        const scale = weight * idf(docs.length, n)
        const typed = expandedFrom === undefined
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i]!
          const value = scale * saturated[i]!
          if (best[doc] === 0) reached[reachedCount++] = doc
          if (value > best[doc]!) best[doc] = value
          if (typed) literal[doc] = 1
        }
      }
      const worth = query.worth[c]!
      for (let i = 0; i < reachedCount; i++) {
        const doc = reached[i]!
        if (scores[doc] === 0) matched[matchedCount++] = doc
        scores[doc]! += best[doc]!
        best[doc] = 0
        worthMatched[doc]! += worth
      }
    }
    search.matchedCount = matchedCount
  }
}

/**
 * The contributions that make up a document's BM25F score: per concept, its best term split by
 * field (BM25F shares one saturation, so each field gets its share of the weighted tf); and the
 * worth of the concepts it matched.
 */
export function explainConcepts(
  index: WeightedIndex<FieldName>,
  k1: number,
  maxExpansionDocs: number,
  doc: number,
  document: AnalyzedDocument<FieldName>,
  query: QueryPlan,
): {contributions: TermContribution[]; matchedWorth: number} {
  const contributions: TermContribution[] = []
  const fieldShares = index.fieldShares(doc, document, query.termWeights)
  let matchedWorth = 0
  query.concepts.forEach((concept, c) => {
    let top: {value: number; weight: number; term: string; expandedFrom?: string; shares: Array<{field: FieldName; share: number}>} | undefined
    for (const {term, weight, expandedFrom} of concept.terms) {
      const shares = fieldShares.get(term)
      if (shares === undefined || (expandedFrom !== undefined && index.documentFrequency(term) > maxExpansionDocs)) continue
      const value = weight * idf(index.documentFrequency(term), index.size) * saturate(shares.reduce((sum, {share}) => sum + share, 0), k1)
      if (top === undefined || value > top.value) top = {value, weight, term, expandedFrom, shares}
    }
    if (top === undefined) return
    matchedWorth += query.worth[c]!
    const total = top.shares.reduce((sum, {share}) => sum + share, 0)
    for (const {field, share} of top.shares) {
      contributions.push({term: top.term, weight: top.weight, score: (top.value * share) / total, field, ...(top.expandedFrom === undefined ? {} : {expandedFrom: top.expandedFrom})})
    }
  })
  return {contributions, matchedWorth}
}
