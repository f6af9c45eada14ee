/**
 * Scores documents of an `InvertedIndex` field against weighted query terms with BM25, visiting
 * only the postings of the query's terms (never every document).
 */
import {BM25, type Bm25Params, bm25} from './bm25.js'
import type {InvertedIndex} from './inverted-index.js'
import {LITERAL_WEIGHT, type QueryTerm} from './query.js'
import type {TermContribution} from './types.js'

export interface DocumentScore {
  doc: number
  /** Σ weight × bm25 over the matched terms. */
  score: number
  /** A typed (weight 1.0) term matched. */
  literal: boolean
}

/** Every document of `field` that contains at least one of `terms`, with its score. */
export function scoreDocuments(index: InvertedIndex, field: string, terms: readonly QueryTerm[], params: Bm25Params = BM25): Map<number, DocumentScore> {
  const scores = new Map<number, DocumentScore>()
  const n = index.size
  const averageLength = index.averageFieldLength(field)
  for (const queryTerm of terms) {
    const postings = index.postings(field, queryTerm.term)
    if (postings === undefined) continue
    const df = postings.docs.length
    const literal = queryTerm.weight >= LITERAL_WEIGHT
    for (let i = 0; i < postings.docs.length; i++) {
      const doc = postings.docs[i]!
      const contribution = queryTerm.weight * bm25(postings.tfs[i]!, df, n, index.fieldLength(field, doc), averageLength, params)
      const current = scores.get(doc)
      if (current === undefined) scores.set(doc, {doc, score: contribution, literal})
      else {
        current.score += contribution
        current.literal ||= literal
      }
    }
  }
  return scores
}

/** Each matched term's share of a document's score, in query-term order, for `--explain`. */
export function termContributions(
  index: InvertedIndex,
  field: string,
  doc: number,
  terms: readonly QueryTerm[],
  params: Bm25Params = BM25,
): TermContribution[] {
  const contributions: TermContribution[] = []
  for (const queryTerm of terms) {
    const tf = index.termFrequency(field, queryTerm.term, doc)
    if (tf === 0) continue
    const score = queryTerm.weight * bm25(tf, index.documentFrequency(field, queryTerm.term), index.size, index.fieldLength(field, doc), index.averageFieldLength(field), params)
    contributions.push({
      term: queryTerm.term,
      weight: queryTerm.weight,
      score,
      ...(queryTerm.expandedFrom === undefined ? {} : {expandedFrom: queryTerm.expandedFrom}),
    })
  }
  return contributions
}
