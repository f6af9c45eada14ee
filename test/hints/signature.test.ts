/** Compact signatures (SPEC §6): one test per rule. */
import {describe, expect, it} from 'vitest'

import {INPUT_SIGNATURE_LIMITS, OUTPUT_SIGNATURE_LIMITS, inputHint, outputHint, renderSignature} from '../../src/hints/index.js'
import {tool} from '../search/tools.js'

const input = (schema: unknown): string => renderSignature(schema, INPUT_SIGNATURE_LIMITS).text
const output = (schema: unknown) => renderSignature(schema, OUTPUT_SIGNATURE_LIMITS)
const closed = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
})

describe('primitive types', () => {
  it('renders string, boolean and null as is; integer and number as number', () => {
    expect(input({type: 'string'})).toBe('string')
    expect(input({type: 'boolean'})).toBe('boolean')
    expect(input({type: 'null'})).toBe('null')
    expect(input({type: 'number'})).toBe('number')
    expect(output({type: 'integer'}).text).toBe('number')
  })

  it('annotates number constraints in input hints, in the order integer, min, max, exclusive min, exclusive max', () => {
    expect(input({type: 'integer'})).toBe('number /* integer */')
    expect(input({type: 'integer', minimum: 0, maximum: 10})).toBe('number /* integer, >= 0, <= 10 */')
    expect(input({maximum: 10, exclusiveMaximum: 11, exclusiveMinimum: -1, minimum: 0, type: 'integer'})).toBe('number /* integer, >= 0, <= 10, > -1, < 11 */')
    expect(input({type: 'number', exclusiveMinimum: 0})).toBe('number /* > 0 */')
  })

  it('reads draft-4 boolean exclusive bounds', () => {
    expect(input({type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true})).toBe('number /* > 0, < 1 */')
  })

  it('never annotates output hints', () => {
    expect(output({type: 'integer', minimum: 0, maximum: 10}).text).toBe('number')
  })
})

describe('literals and unions', () => {
  it('renders const as a JSON literal', () => {
    expect(input({const: 'drip'})).toBe('"drip"')
    expect(input({const: 3})).toBe('3')
    expect(input({const: null})).toBe('null')
  })

  it('renders an enum of up to 8 primitives as a literal union', () => {
    expect(input({type: 'string', enum: ['a', 'b']})).toBe('"a" | "b"')
    expect(input({enum: [1, true, null, 'x']})).toBe('1 | true | null | "x"')
  })

  it('falls back to the type for an enum of more than 8 values or over 96 characters', () => {
    expect(input({type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']})).toBe('string')
    expect(input({type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']})).toBe('"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"')
    const long = ['x'.repeat(40), 'y'.repeat(40), 'z'.repeat(10)]
    expect(['"', long.join('" | "'), '"'].join('').length).toBeGreaterThan(96)
    expect(input({type: 'string', enum: long})).toBe('string')
    expect(input({enum: Array.from({length: 9}, (_, i) => `v${i}`)})).toBe('string')
    // The bound is on the union text: 96 characters are listed, 97 are not.
    const union96 = ['x'.repeat(44), 'y'.repeat(45)]
    expect(input({type: 'string', enum: union96})).toHaveLength(96)
    expect(input({type: 'string', enum: [union96[0], `${union96[1]}y`]})).toBe('string')
  })

  it('joins type arrays with |', () => {
    expect(input({type: ['string', 'null']})).toBe('string | null')
    expect(input({type: ['integer', 'null'], minimum: 1})).toBe('number /* integer, >= 1 */ | null')
  })

  it('joins anyOf / oneOf of up to 8 variants; unions of consts become literal unions', () => {
    expect(input({anyOf: [{type: 'string'}, {type: 'number'}]})).toBe('string | number')
    expect(input({oneOf: [{const: 'drip'}, {const: 'flood'}]})).toBe('"drip" | "flood"')
    expect(input({anyOf: Array.from({length: 8}, (_, i) => ({const: i}))})).toBe('0 | 1 | 2 | 3 | 4 | 5 | 6 | 7')
    expect(input({oneOf: Array.from({length: 8}, (_, i) => ({type: i % 2 === 0 ? 'string' : 'boolean'}))})).toBe('string | boolean')
    expect(output({anyOf: Array.from({length: 8}, (_, i) => ({const: i}))})).toEqual({text: '0 | 1 | 2 | 3 | 4 | 5 | 6 | 7', complete: true})
    expect(input({anyOf: Array.from({length: 9}, (_, i) => ({const: i}))})).toBe('unknown')
    expect(output({anyOf: Array.from({length: 9}, (_, i) => ({const: i}))}).complete).toBe(false)
  })

  it('adds null for nullable: true, once', () => {
    expect(input({type: 'string', nullable: true})).toBe('string | null')
    expect(input({type: ['string', 'null'], nullable: true})).toBe('string | null')
    expect(input({enum: ['a'], nullable: true})).toBe('"a" | null')
    expect(input({anyOf: [{type: 'string', nullable: true}, {type: 'null'}]})).toBe('string | null')
    // A null inside a member is not the union's null.
    expect(input({type: 'array', items: {type: ['string', 'null']}, nullable: true})).toBe('Array<string | null> | null')
  })

  it('lists each member of nested unions once', () => {
    expect(input({anyOf: [{anyOf: [{const: 'a'}, {const: 'b'}]}, {enum: ['b', 'c']}, {type: ['string', 'null']}, {type: 'null'}]})).toBe('"a" | "b" | "c" | string | null')
    expect(output({oneOf: [{type: 'string'}, {anyOf: [{type: 'string'}, {type: 'boolean'}]}]})).toEqual({text: 'string | boolean', complete: true})
  })

  it('shows the type beside anyOf/oneOf, incomplete (the union only narrows it)', () => {
    expect(output({type: 'string', anyOf: [{format: 'email'}, {format: 'uri'}]})).toEqual({text: 'string', complete: false})
    const object = {type: 'object', properties: {id: {type: 'string'}, name: {type: 'string'}}, additionalProperties: false, oneOf: [{required: ['id']}, {required: ['name']}]}
    expect(output(object)).toEqual({text: '{ id?: string; name?: string }', complete: false})
    // Without a type of its own, the schema is the union.
    expect(output({description: 'either', anyOf: [{type: 'string'}, {type: 'number'}]})).toEqual({text: 'string | number', complete: true})
  })

  it('renders arrays as Array<T>', () => {
    expect(input({type: 'array', items: {type: 'string'}})).toBe('Array<string>')
    expect(input({type: 'array', items: {enum: ['north', 'south']}})).toBe('Array<"north" | "south">')
    expect(output({type: 'array'})).toEqual({text: 'Array<unknown>', complete: false})
  })
})

describe('objects', () => {
  it('puts required keys first, each group sorted', () => {
    const schema = {type: 'object', properties: {zeta: {type: 'string'}, beta: {type: 'string'}, alpha: {type: 'string'}, yank: {type: 'string'}}, required: ['zeta', 'beta']}
    expect(input(schema)).toBe('{ beta: string; zeta: string; alpha?: string; yank?: string }')
  })

  it('renders the spec example', () => {
    const schema = {
      type: 'object',
      properties: {
        zones: {type: 'array', items: {enum: ['north', 'south']}},
        mode: {enum: ['drip', 'flood']},
        id: {type: 'string'},
      },
      required: ['id'],
    }
    expect(input(schema)).toBe('{ id: string; mode?: "drip" | "flood"; zones?: Array<"north" | "south"> }')
  })

  it('is complete only when closed and nothing was left out', () => {
    expect(output(closed({a: {type: 'string'}}))).toEqual({text: '{ a: string }', complete: true})
    // Omitting additionalProperties: no "; ...", but not complete.
    expect(output({type: 'object', properties: {a: {type: 'string'}}, required: ['a']})).toEqual({text: '{ a: string }', complete: false})
    // A nested open object makes the whole incomplete.
    expect(output(closed({a: {type: 'object', properties: {b: {type: 'string'}}}})).complete).toBe(false)
  })

  it('appends "; ..." when additionalProperties is true or a schema', () => {
    expect(input({type: 'object', properties: {a: {type: 'string'}}, additionalProperties: true})).toBe('{ a?: string; ... }')
    expect(output({type: 'object', properties: {a: {type: 'string'}}, additionalProperties: {type: 'string'}})).toEqual({text: '{ a?: string; ... }', complete: false})
  })

  it('appends "; ..." past 16 properties (input) and 20 (output)', () => {
    const properties = Object.fromEntries(Array.from({length: 21}, (_, i) => [`p${String(i).padStart(2, '0')}`, {type: 'string'}]))
    const inputText = input({...closed(properties, [])})
    expect(inputText.match(/\?: string/g)).toHaveLength(16)
    expect(inputText.endsWith('p15?: string; ... }')).toBe(true)
    const outputText = output(closed(properties, []))
    expect(outputText.text.match(/\?: string/g)).toHaveLength(20)
    expect(outputText).toMatchObject({complete: false})
    expect(outputText.text.endsWith('; ... }')).toBe(true)
    const twenty = Object.fromEntries(Object.entries(properties).slice(0, 20))
    expect(output(closed(twenty, [])).complete).toBe(true)
  })

  it('leaves out names over 128 characters', () => {
    const longName = 'n'.repeat(129)
    expect(input(closed({a: {type: 'string'}, [longName]: {type: 'string'}}))).toBe('{ a: string; ... }')
    expect(input(closed({['m'.repeat(128)]: {type: 'string'}}))).toBe(`{ ${'m'.repeat(128)}: string }`)
  })

  it('appends "; ..." when a required key is missing from properties', () => {
    expect(output({type: 'object', properties: {a: {type: 'string'}}, required: ['a', 'b'], additionalProperties: false})).toEqual({text: '{ a: string; ... }', complete: false})
    // Own properties only: "constructor" is not found on Object.prototype.
    expect(input({type: 'object', properties: {a: {type: 'string'}}, required: ['constructor'], additionalProperties: false})).toBe('{ a?: string; ... }')
  })

  it('renders no properties as {} when closed, else { ... }', () => {
    expect(output({type: 'object', additionalProperties: false})).toEqual({text: '{}', complete: true})
    expect(output({type: 'object', properties: {}, additionalProperties: false})).toEqual({text: '{}', complete: true})
    expect(output({type: 'object'})).toEqual({text: '{ ... }', complete: false})
  })

  it('JSON-quotes property names that are not identifiers', () => {
    expect(input(closed({'content-type': {type: 'string'}, $ok: {type: 'string'}, '9lives': {type: 'string'}}))).toBe('{ $ok: string; "9lives": string; "content-type": string }')
    // Escapes keep control characters out of the hint.
    expect(input(closed({'\u001b[31mred': {type: 'string'}}))).toBe('{ "\\u001b[31mred": string }')
  })

  it('treats constructor and prototype as ordinary property names', () => {
    expect(input(closed({constructor: {type: 'string'}, prototype: {type: 'number'}}))).toBe('{ constructor: string; prototype: number }')
  })
})

describe('unrenderable schemas and bounds', () => {
  it('renders $ref, allOf, patternProperties and if/then/else as unknown, incomplete', () => {
    for (const schema of [
      {$ref: '#/definitions/x'},
      {allOf: [{type: 'string'}]},
      {type: 'object', patternProperties: {'^x': {type: 'string'}}},
      {if: {type: 'string'}, then: {minLength: 1}, else: {type: 'number'}},
    ]) {
      expect(output(schema)).toEqual({text: 'unknown', complete: false})
    }
    expect(output(closed({a: {$ref: '#/x'}}))).toEqual({text: '{ a: unknown }', complete: false})
  })

  it('renders deeper than 4 levels (input) or 6 (output) as unknown', () => {
    let schema: unknown = {type: 'string'}
    for (let i = 0; i < 5; i++) schema = closed({a: schema})
    // Root is depth 0; the 5th nested value is depth 5.
    expect(input(schema)).toBe('{ a: { a: { a: { a: { a: unknown } } } } }')
    expect(output(schema)).toEqual({text: '{ a: { a: { a: { a: { a: string } } } } }', complete: true})
    // Output: the 6th nested value (depth 6) still renders, the 7th does not.
    schema = closed({a: schema})
    expect(output(schema)).toEqual({text: '{ a: { a: { a: { a: { a: { a: string } } } } } }', complete: true})
    schema = closed({a: schema})
    expect(output(schema).complete).toBe(false)
    expect(output(schema).text).toContain('unknown')
  })

  it('keeps input hints within 300 characters and output hints within 800, cutting properties', () => {
    const properties = Object.fromEntries(Array.from({length: 15}, (_, i) => [`property_${i}`, {type: 'string', enum: [`value_${i}_a`, `value_${i}_b`]}]))
    const text = input(closed(properties))
    expect(text.length).toBeLessThanOrEqual(300)
    expect(text.endsWith('; ... }')).toBe(true)
    const big = Object.fromEntries(Array.from({length: 20}, (_, i) => [`field_${i}`, closed({alpha: {type: 'string'}, beta: {type: 'number'}, gamma: {type: 'boolean'}})]))
    const rendered = output(closed(big))
    expect(rendered.text.length).toBeLessThanOrEqual(800)
    expect(rendered.complete).toBe(false)
  })

  it('uses the whole character budget: exactly 300 (input) and 800 (output) characters fit', () => {
    // `{ a: "…" }` is the literal plus 9 characters.
    expect(input(closed({a: {const: 'x'.repeat(291)}}))).toHaveLength(300)
    expect(input(closed({a: {const: 'x'.repeat(292)}}))).toBe('{ ... }')
    expect(output(closed({a: {const: 'x'.repeat(791)}}))).toMatchObject({complete: true})
    expect(output(closed({a: {const: 'x'.repeat(792)}}))).toEqual({text: '{ ... }', complete: false})
  })

  it('fits nested objects partially instead of dropping them', () => {
    const inner = Object.fromEntries(Array.from({length: 16}, (_, i) => [`inner_property_${i}`, {type: 'string'}]))
    const text = input(closed({outer: closed(inner)}))
    expect(text.length).toBeLessThanOrEqual(300)
    expect(text.startsWith('{ outer: { inner_property_0: string;')).toBe(true)
    expect(text.endsWith('; ... } }')).toBe(true)
  })

  it('terminates on cyclic schemas', () => {
    const node: Record<string, unknown> = {type: 'object', properties: {}}
    ;(node.properties as Record<string, unknown>).self = node
    const union: Record<string, unknown> = {}
    union.anyOf = [union, {type: 'string'}]
    expect(input(node)).toBe('{ self?: { self?: { self?: { self?: { self?: unknown } } } } }')
    expect(input(union)).toContain('string')
  })

  it('renders empty schemas as unknown and false as never', () => {
    expect(output({})).toEqual({text: 'unknown', complete: true})
    expect(output(true)).toEqual({text: 'unknown', complete: true})
    expect(output(false)).toEqual({text: 'never', complete: true})
    expect(output('string')).toEqual({text: 'unknown', complete: false})
    expect(output({type: 'tuple'})).toEqual({text: 'unknown', complete: false})
  })

  it('is deterministic whatever the key order of the schema', () => {
    const a = {type: 'object', properties: {b: {type: 'string'}, a: {type: 'number'}}, required: ['b', 'a']}
    const b = {required: ['a', 'b'], properties: {a: {type: 'number'}, b: {type: 'string'}}, type: 'object'}
    expect(input(a)).toBe(input(b))
  })
})

describe('entry hints', () => {
  const parameters = closed({path: {type: 'string'}})
  const outputSchema = closed({ok: {type: 'boolean'}})

  it('gives untrusted entries the input hint unknown and no output hint', () => {
    for (const source of ['mcp', 'client'] as const) {
      const entry = tool('x', {source, parameters, outputSchema})
      expect(inputHint(entry)).toBe('unknown')
      expect(outputHint(entry)).toBeUndefined()
    }
  })

  it('gives trusted entries both, the output only when complete', () => {
    expect(inputHint(tool('x', {parameters}))).toBe('{ path: string }')
    expect(outputHint(tool('x', {parameters, outputSchema}))).toBe('{ ok: boolean }')
    expect(outputHint(tool('x', {outputSchema: {type: 'object', properties: {ok: {type: 'boolean'}}}}))).toBeUndefined()
  })

  it('shows incomplete input hints', () => {
    expect(inputHint(tool('x', {parameters: {type: 'object', properties: {a: {$ref: '#/a'}}}}))).toBe('{ a?: unknown }')
  })

  it('gives a trusted tool without parameters the input hint {}', () => {
    expect(inputHint(tool('x'))).toBe('{}')
  })
})
