/**
 * Okapi BM25 (SPEC §5.1), as pure functions so every ranker scores the same way and a test can
 * check a score by hand.
 */

export interface Bm25Params {
  /** Term-frequency saturation. */
  k1: number
  /** Length normalisation: 0 ignores document length, 1 normalises fully. */
  b: number
}

/** The openclaw constants. */
export const BM25: Readonly<Bm25Params> = Object.freeze({k1: 1.2, b: 0.75})

/** Inverse document frequency: `ln(1 + (N − n + 0.5) / (n + 0.5))`, always > 0. */
export function idf(documentFrequency: number, documentCount: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5))
}

/**
 * The part of a term's BM25 score that depends on the document: `tf` occurrences in a document of
 * `length` terms, saturating with `k1` and normalised by the average length with `b`.
 */
export function saturation(tf: number, length: number, averageLength: number, params: Bm25Params = BM25): number {
  const lengthRatio = averageLength > 0 ? length / averageLength : 0
  return (tf * (params.k1 + 1)) / (tf + params.k1 * (1 - params.b + params.b * lengthRatio))
}

/**
 * Saturation of a term frequency already normalised for length (BM25F normalises each field,
 * weights and sums them, then saturates once): `tf × (k1 + 1) / (tf + k1)`.
 */
export function saturateNormalized(tf: number, k1: number): number {
  return (tf * (k1 + 1)) / (tf + k1)
}

/**
 * The BM25 score of one term in one document: `tf` occurrences in a document of `length` terms,
 * the term in `df` of `n` documents whose average length is `averageLength`.
 */
export function bm25(tf: number, df: number, n: number, length: number, averageLength: number, params: Bm25Params = BM25): number {
  if (tf <= 0) return 0
  return idf(df, n) * saturation(tf, length, averageLength, params)
}
