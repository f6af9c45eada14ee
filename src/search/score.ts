/**
 * Scores documents of an `InvertedIndex` field against weighted query terms with BM25, visiting
 * only the postings of the query's terms (never every document).
 */
import {BM25, type Bm25Params, bm25, idf, saturation} from './bm25.js'
import type {InvertedIndex} from './inverted-index.js'
import {LITERAL_WEIGHT, type QueryTerm} from './query.js'
import type {TermContribution} from './types.js'

/** Scores of the documents a query matched; arrays are indexed by document number. */
export interface ScoreTable {
  /** Matched document numbers, in the order they were first matched. */
  docs: number[]
  /** Σ weight × bm25 over the matched terms (0 for unmatched documents). */
  scores: Float64Array
  /** 1 when a typed (weight 1.0) term matched the document. */
  literal: Uint8Array
}

/**
 * Scores every document of `field` that contains at least one of `terms`, visiting only those
 * terms' postings (never every document).
 */
export function scoreDocuments(index: InvertedIndex, field: string, terms: readonly QueryTerm[], params: Bm25Params = BM25): ScoreTable {
  return new FieldScorer(index, field, params).score(terms)
}

/**
 * Scores query after query against one field of an index (`scoreDocuments` for each), reusing
 * one set of arrays: a thousand queries over ten thousand documents would otherwise allocate and
 * zero three arrays of that size each; here only the documents the previous query matched are
 * cleared. The table `score` returns is valid until its next call.
 */
export class FieldScorer {
  private readonly table: ScoreTable
  private readonly seen: Uint8Array

  constructor(
    private readonly index: InvertedIndex,
    private readonly field: string,
    private readonly params: Bm25Params = BM25,
  ) {
    this.table = {docs: [], scores: new Float64Array(index.size), literal: new Uint8Array(index.size)}
    this.seen = new Uint8Array(index.size)
  }

  score(terms: readonly QueryTerm[]): ScoreTable {
    const {table, seen, params} = this
    const {scores} = table
    for (const doc of table.docs) {
      scores[doc] = 0
      table.literal[doc] = 0
      seen[doc] = 0
    }
    table.docs = []
    const n = this.index.size
    const stored = this.index.fieldPostings(this.field)
    if (stored === undefined) return table
    const {docs, tfs, lengths, averageLength} = stored
    for (const queryTerm of terms) {
      const t = stored.terms.get(queryTerm.term)
      if (t === undefined) continue
      const start = stored.offsets[t]!
      const end = stored.offsets[t + 1]!
      // idf is the same for every posting of a term; the product is the one `bm25()` computes.
      const termIdf = idf(end - start, n)
      const literal = queryTerm.weight >= LITERAL_WEIGHT ? 1 : 0
      for (let i = start; i < end; i++) {
        const doc = docs[i]!
        scores[doc]! += queryTerm.weight * (termIdf * saturation(tfs[i]!, lengths[doc]!, averageLength, params))
        table.literal[doc]! |= literal
        if (seen[doc] === 0) {
          seen[doc] = 1
          table.docs.push(doc)
        }
      }
    }
    return table
  }
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
