/**
 * `findDefect` first runs a quick walk that may over-report (it counts a shared sub-object once
 * per reference and sees inherited enumerable keys) and only then the exact one: a value the
 * quick walk suspects but that has no defect must still pass, and every real defect must be
 * found with its path.
 */
import {describe, expect, it} from 'vitest'

import {findDefect} from '../../src/catalog/guard.js'

const limits = {maxDepth: 4, maxChars: 100}

describe('findDefect', () => {
  it('counts a shared sub-object once: twice would pass the size limit', () => {
    const shared = {text: 'x'.repeat(60)}
    expect(findDefect({a: shared, b: shared}, ['tool'], limits)).toBeUndefined()
  })

  it('reads own keys only: an inherited enumerable key is neither counted nor refused', () => {
    const inherited = Object.create({['__proto__']: 1, big: 'x'.repeat(500)}) as Record<string, unknown>
    inherited.name = 'ok'
    expect(findDefect(inherited, ['tool'], limits)).toBeUndefined()
  })

  it('finds each defect with its path', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(findDefect(cyclic, ['tool'], limits)).toEqual({path: ['tool', 'self'], problem: 'is cyclic (it contains itself)'})
    expect(findDefect({a: {b: {c: {d: {e: {}}}}}}, ['tool'], limits)).toEqual({path: ['tool', 'a', 'b', 'c', 'd', 'e'], problem: 'nests deeper than 4 levels'})
    expect(findDefect(JSON.parse('{"a": [{"__proto__": 1}]}'), ['tool'], limits)).toEqual({path: ['tool', 'a', 0, '__proto__'], problem: 'the key "__proto__" is not allowed'})
    expect(findDefect({a: 'x'.repeat(50), b: 'y'.repeat(50)}, ['tool'], limits)).toEqual({path: ['tool', 'b'], problem: 'is larger than 100 characters'})
    expect(findDefect('z'.repeat(101), ['tool'], limits)).toEqual({path: ['tool'], problem: 'is larger than 100 characters'})
  })

  it('walks a value sharing sub-objects in linear time: 2^60 references, 61 objects', () => {
    let node: Record<string, unknown> = {type: 'string'}
    for (let i = 0; i < 60; i++) node = {anyOf: [node, node]}
    expect(findDefect(node, ['tool'], {maxDepth: 200})).toBeUndefined()
    expect(findDefect(node, ['tool'], {maxDepth: 200, maxChars: 1000})).toBeUndefined()
  })

  it('passes a sound tree at the limits exactly', () => {
    expect(findDefect({a: {b: {c: {d: 'x'.repeat(96)}}}}, ['tool'], limits)).toBeUndefined()
  })
})
