import {describe, expect, it} from 'vitest'

import {lazilyExplainedHit} from '../../src/search/ranked-hit.js'
import type {CatalogEntry} from '../../src/catalog/types.js'

const entry = {id: 'read', name: 'read'} as CatalogEntry

describe('lazilyExplainedHit', () => {
  it('explains only when contributions are read, and only once', () => {
    let calls = 0
    const hit = lazilyExplainedHit(entry, 2, false, true, () => {
      calls++
      return [{term: 'read', weight: 1, score: 2}]
    })
    expect(hit).toMatchObject({entry, score: 2, exact: false, literal: true})
    expect(calls).toBe(0)
    expect(hit.contributions).toEqual([{term: 'read', weight: 1, score: 2}])
    expect(hit.contributions).toBe(hit.contributions)
    expect(calls).toBe(1)
  })
})
