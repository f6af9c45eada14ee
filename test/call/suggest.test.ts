import {describe, expect, it} from 'vitest'

import {closestMatches, editDistance} from '../../src/shared/suggest.js'

describe('closestMatches', () => {
  it('measures Levenshtein distance', () => {
    expect(editDistance('colour', 'color')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  it('suggests the nearest candidate, ignoring case, ties in candidate order', () => {
    expect(closestMatches('colour', ['size', 'color', 'colors'])).toEqual(['color'])
    expect(closestMatches('PTH', ['path', 'pith'])).toEqual(['path'])
    expect(closestMatches('zone', ['zones', 'zine', 'tone'], 3)).toEqual(['zones', 'zine', 'tone'])
  })

  it('suggests nothing unrelated', () => {
    expect(closestMatches('temperature', ['id', 'mode'])).toEqual([])
    expect(closestMatches('x', [])).toEqual([])
  })
})
