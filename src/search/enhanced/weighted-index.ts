/**
 * The enhanced ranker's index: BM25F needs, per term and document, the sum over fields of
 * `weight × tf / length normaliser`, saturated once. Field weights, lengths and the saturation
 * constant are fixed when the index is built, so the saturated value is computed then, and a
 * query walks one merged posting list per term (one multiplication per posting) instead of one
 * per field. Per-field counts are kept for `--explain` only.
 */
import {saturateNormalized as saturate} from '../bm25.js'
import type {FieldParams} from './options.js'

/** A document as the index sees it: per field, its analyzed terms. */
export type AnalyzedDocument<F extends string> = Readonly<Record<F, readonly string[]>>

/** The documents containing a term (ascending) and, in each, BM25's saturation of the term's weighted, normalised tf. */
export interface WeightedPostings {
  docs: Int32Array
  /** `tf × (k1 + 1) / (tf + k1)` for the weighted tf: a term's score in a document is this times its weight and idf. */
  saturated: Float64Array
}

/** BM25's saturation of a (weighted) term frequency, from the one home of BM25's formulas. */
export {saturate}

export class WeightedIndex<F extends string> {
  /** Number of documents. */
  readonly size: number
  private readonly postingsByTerm: Map<string, WeightedPostings>
  private readonly fields: ReadonlyArray<{field: F; params: FieldParams; lengths: Float64Array; average: number}>

  private constructor(size: number, postingsByTerm: Map<string, WeightedPostings>, fields: ReadonlyArray<{field: F; params: FieldParams; lengths: Float64Array; average: number}>) {
    this.size = size
    this.postingsByTerm = postingsByTerm
    this.fields = fields
  }

  /**
   * Builds the index; document numbers are positions in `documents`. Fields of weight 0 are
   * skipped. `k1` is BM25's term-frequency saturation, applied once to the sum over fields.
   */
  static build<F extends string>(documents: ReadonlyArray<AnalyzedDocument<F>>, params: Readonly<Record<F, FieldParams>>, k1: number): WeightedIndex<F> {
    const fields = (Object.keys(params) as F[])
      .filter((field) => params[field].weight > 0)
      .map((field) => {
        const lengths = new Float64Array(documents.length)
        let total = 0
        documents.forEach((document, doc) => {
          lengths[doc] = document[field].length
          total += document[field].length
        })
        return {field, params: params[field], lengths, average: documents.length === 0 ? 0 : total / documents.length}
      })
    const lists = new Map<string, {docs: number[]; weights: number[]}>()
    const weights = new Map<string, number>()
    documents.forEach((document, doc) => {
      weights.clear()
      for (const data of fields) {
        const increment = data.params.weight / normaliser(data, doc)
        for (const term of document[data.field]) weights.set(term, (weights.get(term) ?? 0) + increment)
      }
      for (const [term, value] of weights) {
        let list = lists.get(term)
        if (list === undefined) lists.set(term, (list = {docs: [], weights: []}))
        list.docs.push(doc)
        list.weights.push(value)
      }
    })
    const postingsByTerm = new Map<string, WeightedPostings>()
    for (const [term, list] of lists) postingsByTerm.set(term, {docs: Int32Array.from(list.docs), saturated: Float64Array.from(list.weights, (tf) => saturate(tf, k1))})
    return new WeightedIndex(documents.length, postingsByTerm, fields)
  }

  postings(term: string): WeightedPostings | undefined {
    return this.postingsByTerm.get(term)
  }

  /** Number of documents with `term` in any field. */
  documentFrequency(term: string): number {
    return this.postingsByTerm.get(term)?.docs.length ?? 0
  }

  has(term: string): boolean {
    return this.postingsByTerm.has(term)
  }

  /**
   * For `--explain`: the weighted tf of each of `terms` in document `doc` (whose analyzed fields
   * are `document`: the index keeps lengths, not the text), split by field (fields where a term
   * is absent left out; terms absent from the document left out).
   */
  fieldShares(doc: number, document: AnalyzedDocument<F>, terms: {has(term: string): boolean}): Map<string, Array<{field: F; share: number}>> {
    const shares = new Map<string, Array<{field: F; share: number}>>()
    for (const data of this.fields) {
      const counts = new Map<string, number>()
      for (const term of document[data.field]) if (terms.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1)
      for (const [term, tf] of counts) {
        let list = shares.get(term)
        if (list === undefined) shares.set(term, (list = []))
        list.push({field: data.field, share: (data.params.weight * tf) / normaliser(data, doc)})
      }
    }
    return shares
  }
}

/** BM25's length normaliser for `doc` in one field: `1 − b + b × length / average length`. */
function normaliser(data: {params: FieldParams; lengths: Float64Array; average: number}, doc: number): number {
  return data.average > 0 ? 1 - data.params.b + (data.params.b * data.lengths[doc]!) / data.average : 1
}
