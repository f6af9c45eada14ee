import {describe, expect, it} from 'vitest'

import {explanationLine, ordinal} from '../../src/lint/explain.js'

describe('lint explanation wording', () => {
  it('writes ranks as ordinals, teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th', '112th'])
  })

  it('lists the strongest terms of a score, and says when nothing matched', () => {
    const terms = [
      {term: 'file', weight: 1, score: 0.5},
      {term: 'read', weight: 1, score: 1.25},
      {term: 'web', weight: 0.35, score: 0},
    ]
    expect(explanationLine({id: 'x', score: 1.75, terms})).toBe('1.75 (read 1.25, file 0.50)')
    expect(explanationLine(undefined)).toBe('no matching term')
  })
})
