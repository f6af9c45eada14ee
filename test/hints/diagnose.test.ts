import {describe, expect, it} from 'vitest'

import {hintObstacle} from '../../src/hints/diagnose.js'
import {INPUT_SIGNATURE_LIMITS, OUTPUT_SIGNATURE_LIMITS} from '../../src/hints/index.js'

describe('hintObstacle: where and why a hint breaks', () => {
  it.each([
    [{type: 'object', properties: {a: {type: 'string'}}, additionalProperties: false}, undefined],
    [{$ref: '#/x'}, {path: '', reason: '$ref'}],
    [{type: 'object', properties: {n: {type: 'number', minimum: 'one'}}, additionalProperties: false}, {path: 'properties.n', reason: 'minimum is not a number'}],
    [{type: 'object', properties: {a: {type: 'string'}}}, {path: '', reason: 'additionalProperties is not false (an open object)'}],
    [{type: 'object', properties: {a: {type: 'string'}}, required: ['b'], additionalProperties: false}, {path: '', reason: 'required keys not declared in properties'}],
    [{anyOf: [{type: 'string'}], type: 'string'}, {path: '', reason: 'a union beside type'}],
    [{type: 'array'}, {path: '', reason: 'an array without items'}],
    [{type: 'object', properties: {'a b': {allOf: [{type: 'string'}]}}, additionalProperties: false}, {path: 'properties["a b"]', reason: 'allOf'}],
  ])('%j → %j', (schema, expected) => {
    expect(hintObstacle(schema, INPUT_SIGNATURE_LIMITS)).toEqual(expected)
  })

  it('ignores numeric bounds in output hints, which are never annotated', () => {
    expect(hintObstacle({type: 'object', properties: {n: {type: 'number', minimum: 'one'}}, additionalProperties: false}, OUTPUT_SIGNATURE_LIMITS)).toBeUndefined()
  })

  it('names the depth limit', () => {
    let schema: Record<string, unknown> = {type: 'string'}
    for (let i = 0; i < 6; i++) schema = {type: 'array', items: schema}
    expect(hintObstacle(schema, INPUT_SIGNATURE_LIMITS)).toEqual({path: 'items.items.items.items', reason: 'nested deeper than 4 levels'})
  })
})
