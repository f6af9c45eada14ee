import {describe, expect, it} from 'vitest'

import {BM25, bm25, idf, saturation} from '../../src/search/bm25.js'

describe('bm25', () => {
  it('uses k1 = 1.2 and b = 0.75', () => {
    expect(BM25).toEqual({k1: 1.2, b: 0.75})
  })

  it('computes idf as ln(1 + (N - n + 0.5) / (n + 0.5))', () => {
    expect(idf(1, 10)).toBeCloseTo(Math.log(1 + 9.5 / 1.5), 12)
    // A term in every document still scores above zero.
    expect(idf(10, 10)).toBeGreaterThan(0)
  })

  it('matches the Okapi formula by hand', () => {
    const tf = 2
    const expected = idf(3, 20) * ((tf * 2.2) / (tf + 1.2 * (1 - 0.75 + (0.75 * 12) / 8)))
    expect(bm25(2, 3, 20, 12, 8)).toBeCloseTo(expected, 12)
  })

  it('saturates with term frequency and penalises long documents', () => {
    expect(bm25(2, 1, 10, 5, 5)).toBeGreaterThan(bm25(1, 1, 10, 5, 5))
    expect(bm25(2, 1, 10, 5, 5) / bm25(1, 1, 10, 5, 5)).toBeLessThan(2)
    expect(bm25(1, 1, 10, 20, 5)).toBeLessThan(bm25(1, 1, 10, 5, 5))
  })

  it('is idf times the document part, so a scorer may compute idf once per term', () => {
    expect(bm25(3, 4, 50, 7, 9)).toBe(idf(4, 50) * saturation(3, 7, 9))
    expect(saturation(3, 7, 9)).toBeCloseTo((3 * 2.2) / (3 + 1.2 * (1 - 0.75 + (0.75 * 7) / 9)), 12)
  })

  it('is zero for an absent term', () => {
    expect(bm25(0, 1, 10, 5, 5)).toBe(0)
  })

  it('takes other parameters for other rankers', () => {
    expect(bm25(1, 1, 10, 20, 5, {k1: 1.2, b: 0})).toBeCloseTo(bm25(1, 1, 10, 5, 5, {k1: 1.2, b: 0}), 12)
  })
})
