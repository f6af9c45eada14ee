import {describe, expect, it} from 'vitest'

import {InvertedIndex} from '../../src/search/inverted-index.js'
import {scoreDocuments, termContributions} from '../../src/search/score.js'
import {bm25} from '../../src/search/bm25.js'

const index = InvertedIndex.build([
  {id: 'a', fields: {text: ['read', 'fil', 'read'], title: ['read']}},
  {id: 'b', fields: {text: ['writ', 'fil']}},
  {id: 'c', fields: {text: ['list']}},
])

describe('InvertedIndex', () => {
  it('keeps postings per field in document order with term frequencies', () => {
    expect(index.postings('text', 'fil')).toEqual({docs: [0, 1], tfs: [1, 1]})
    expect(index.postings('text', 'read')).toEqual({docs: [0], tfs: [2]})
    expect(index.postings('title', 'read')).toEqual({docs: [0], tfs: [1]})
    expect(index.postings('text', 'nothing')).toBeUndefined()
  })

  it('knows lengths, averages and frequencies', () => {
    expect(index.size).toBe(3)
    expect(index.fieldLength('text', 0)).toBe(3)
    expect(index.averageFieldLength('text')).toBe(2)
    expect(index.documentFrequency('text', 'fil')).toBe(2)
    expect(index.termFrequency('text', 'read', 0)).toBe(2)
    expect(index.termFrequency('text', 'read', 1)).toBe(0)
    expect(index.fieldNames.sort()).toEqual(['text', 'title'])
    expect([...index.fieldLengths('text')]).toEqual([3, 2, 1])
  })

  it('scores only documents that contain a query term', () => {
    const table = scoreDocuments(index, 'text', [{term: 'fil', weight: 1}])
    expect(table.docs).toEqual([0, 1])
    expect(table.scores[0]).toBeCloseTo(bm25(1, 2, 3, 3, 2), 12)
    expect(table.scores[2]).toBe(0)
  })

  it('weights terms and remembers whether a typed term matched', () => {
    const table = scoreDocuments(index, 'text', [
      {term: 'read', weight: 1},
      {term: 'list', weight: 0.35, expandedFrom: 'directory'},
    ])
    expect(table.docs).toEqual([0, 2])
    expect(table.literal[0]).toBe(1)
    expect(table.literal[2]).toBe(0)
    expect(table.scores[2]).toBeCloseTo(0.35 * bm25(1, 1, 3, 1, 2), 12)
  })

  it('explains a score term by term', () => {
    const terms = [
      {term: 'read', weight: 1},
      {term: 'fil', weight: 0.35, expandedFrom: 'folder'},
      {term: 'absent', weight: 1},
    ]
    const contributions = termContributions(index, 'text', 0, terms)
    expect(contributions.map((item) => item.term)).toEqual(['read', 'fil'])
    expect(contributions[1]).toMatchObject({weight: 0.35, expandedFrom: 'folder'})
    expect(contributions.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(scoreDocuments(index, 'text', terms).scores[0]!, 12)
  })
})

describe('selectTop', () => {
  it('returns the first k in order without sorting everything', async () => {
    const {selectTop} = await import('../../src/shared/order.js')
    const numbers = [5, 3, 9, 1, 7, 3, 8]
    expect(selectTop(numbers, 3, (a, b) => a - b)).toEqual([1, 3, 3])
    expect(selectTop(numbers, 10, (a, b) => b - a)).toEqual([9, 8, 7, 5, 3, 3, 1])
    expect(selectTop(numbers, 0, (a, b) => a - b)).toEqual([])
  })

  it('keeps the input order of equal items, with or without room for all of them', async () => {
    const {selectTop} = await import('../../src/shared/order.js')
    const items = Array.from({length: 1000}, (_, i) => ({key: i % 7, at: i}))
    const byKey = (a: {key: number}, b: {key: number}) => a.key - b.key
    const sorted = [...items].sort(byKey)
    expect(selectTop(items, Number.POSITIVE_INFINITY, byKey)).toEqual(sorted)
    expect(selectTop(items, 1000, byKey)).toEqual(sorted)
    expect(selectTop(items, 999, byKey)).toEqual(sorted.slice(0, 999))
    expect(selectTop(new Set(items), 20, byKey)).toEqual(sorted.slice(0, 20))
  })
})
