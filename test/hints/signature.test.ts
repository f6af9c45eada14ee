/** Compact signatures (SPEC §6) as OpenClaw renders them: one test per rule. */
import {describe, expect, it} from 'vitest'

import {OUTPUT_SIGNATURE_LIMITS, inputHint, outputHint, renderInputHint, renderOutputHint, renderSignature} from '../../src/hints/index.js'
import {tool} from '../search/tools.js'

const input = renderInputHint
const output = renderOutputHint
/** The output walk itself, to see what an omitted output hint would have said. */
const walk = (schema: unknown) => renderSignature(schema, OUTPUT_SIGNATURE_LIMITS)
const closed = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
})
const fields = (count: number, name: (index: number) => string, schema: unknown = {type: 'string'}) =>
  Object.fromEntries(Array.from({length: count}, (_, index) => [name(index), schema]))

describe('primitive types', () => {
  it('renders string, boolean and null as is; integer and number as number', () => {
    expect(input({type: 'string'})).toBe('string')
    expect(input({type: 'boolean'})).toBe('boolean')
    expect(input({type: 'null'})).toBe('null')
    expect(input({type: 'number'})).toBe('number')
    expect(output({type: 'integer'})).toBe('number')
  })

  it('annotates number bounds in input hints, in the order integer, min, max, exclusive min, exclusive max', () => {
    expect(input({type: 'integer'})).toBe('number /* integer */')
    expect(input({type: 'integer', minimum: 0, maximum: 10})).toBe('number /* integer, >= 0, <= 10 */')
    expect(input({maximum: 10, exclusiveMaximum: 11, exclusiveMinimum: -1, minimum: 0, type: 'integer'})).toBe('number /* integer, >= 0, <= 10, > -1, < 11 */')
    expect(input({type: 'number', exclusiveMinimum: 0})).toBe('number /* > 0 */')
    expect(input({type: 'number', minimum: -1.5, maximum: 0})).toBe('number /* >= -1.5, <= 0 */')
  })

  it('makes a number with a bound that is not a finite number unknown in input hints', () => {
    expect(input({type: 'number', minimum: '1'})).toBe('unknown')
    // Draft-4 boolean exclusive bounds are not numbers either.
    expect(input({type: 'number', minimum: 0, exclusiveMinimum: true})).toBe('unknown')
    expect(input(closed({a: {type: 'integer', maximum: null}}))).toBe('{ a: unknown }')
    // Inside a union the unknown variant makes the whole union unknown.
    expect(input({type: ['integer', 'null'], minimum: 'zero'})).toBe('unknown')
  })

  it('never annotates output hints', () => {
    expect(output({type: 'integer', minimum: 0, maximum: 10})).toBe('number')
    expect(output(closed({values: {type: 'array', items: {type: 'number', minimum: 0, nullable: true}}}))).toBe('{ values: Array<number | null> }')
    expect(input(closed({values: {type: 'array', items: {type: 'number', minimum: 0, nullable: true}}}))).toBe('{ values: Array<number /* >= 0 */ | null> }')
  })

  it('counts the annotations towards the 300 characters of an input hint', () => {
    const schema = closed(fields(12, (index) => `field_${String(index).padStart(2, '0')}`, {type: 'integer', minimum: 0, maximum: 100}))
    const text = input(schema)
    expect(text.startsWith('{ field_00: number /* integer, >= 0, <= 100 */; ')).toBe(true)
    expect(text.endsWith('; ... }')).toBe(true)
    expect(text.length).toBeLessThanOrEqual(300)
    expect(output(schema)).toContain('field_11: number')
  })
})

describe('literals and unions', () => {
  it('renders const as a JSON literal, and a non-primitive const as unknown', () => {
    expect(input({const: 'drip'})).toBe('"drip"')
    expect(input({const: 3})).toBe('3')
    expect(input({const: null})).toBe('null')
    expect(input({const: {a: 1}})).toBe('unknown')
    expect(input({type: 'object', const: {a: 1}, additionalProperties: false})).toBe('{}')
  })

  it('renders an enum of up to 8 primitives (96 characters of text) as a literal union', () => {
    expect(input({type: 'string', enum: ['a', 'b']})).toBe('"a" | "b"')
    expect(input({enum: [1, true, null, 'x']})).toBe('1 | true | null | "x"')
    expect(input({type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']})).toBe('"a" | "b" | "c" | "d" | "e" | "f" | "g" | "h"')
    // The bound is on the union text: 96 characters are listed, 97 are not.
    const union96 = ['x'.repeat(44), 'y'.repeat(45)]
    expect(input({type: 'string', enum: union96})).toHaveLength(96)
    expect(input({type: 'string', enum: [union96[0], `${union96[1]}y`]})).toBe('string')
  })

  it('falls back to the type for an enum it cannot list, and to unknown without a type', () => {
    expect(input({type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']})).toBe('string')
    expect(input({type: 'string', enum: ['auto', {mode: 'custom'}]})).toBe('string')
    expect(input({enum: Array.from({length: 9}, (_, i) => `v${i}`)})).toBe('unknown')
    expect(input({enum: ['auto', {mode: 'custom'}]})).toBe('unknown')
  })

  it('joins type arrays of up to 5 types with |', () => {
    expect(input({type: ['string', 'null']})).toBe('string | null')
    expect(input({type: ['integer', 'null'], minimum: 1})).toBe('number /* integer, >= 1 */ | null')
    expect(output({type: ['string', 'number', 'boolean', 'null', 'object'], additionalProperties: false})).toBe('string | number | boolean | null | {}')
    expect(input({type: ['string', 'number', 'boolean', 'null', 'object', 'integer']})).toBe('unknown')
    expect(input({type: []})).toBe('unknown')
    expect(input({type: ['string', 5]})).toBe('unknown')
  })

  it('renders unions of up to 8 consts as literal unions and up to 5 shapes structurally', () => {
    expect(input({oneOf: [{const: 'drip'}, {const: 'flood'}]})).toBe('"drip" | "flood"')
    expect(output({anyOf: Array.from({length: 8}, (_, i) => ({const: i}))})).toBe('0 | 1 | 2 | 3 | 4 | 5 | 6 | 7')
    expect(input({anyOf: Array.from({length: 9}, (_, i) => ({const: i}))})).toBe('unknown')
    const variant = (index: number) => closed({kind: {const: `variant-${index}`}, value: {type: 'number'}})
    const five = {anyOf: Array.from({length: 5}, (_, index) => variant(index))}
    expect(output(five)).toBe(Array.from({length: 5}, (_, index) => `{ kind: "variant-${index}"; value: number }`).join(' | '))
    expect(output({anyOf: Array.from({length: 6}, (_, index) => variant(index))})).toBeUndefined()
    expect(input({anyOf: [{const: 'a'}, {type: 'string'}]})).toBe('"a" | string')
  })

  it('lists identical variants once', () => {
    expect(input({oneOf: Array.from({length: 4}, (_, i) => ({type: i % 2 === 0 ? 'string' : 'boolean'}))})).toBe('string | boolean')
    expect(input({anyOf: [{anyOf: [{type: 'string'}, {type: 'number'}]}, {type: 'boolean'}]})).toBe('string | number | boolean')
  })

  it('makes a union with an incomplete variant unknown', () => {
    expect(input({anyOf: [closed({a: {type: 'string'}}), {type: 'string'}]})).toBe('{ a: string } | string')
    expect(input({anyOf: [{type: 'object', properties: {a: {type: 'string'}}}, {type: 'string'}]})).toBe('unknown')
    expect(input(closed({filter: {anyOf: [{type: 'object', additionalProperties: true}, {type: 'string'}]}}))).toBe('{ filter: unknown }')
    expect(input({anyOf: [{$ref: '#/a'}, {type: 'string'}]})).toBe('unknown')
  })

  it('has no rendering for a union beside a type or shape of its own (an intersection), nor for anyOf with oneOf', () => {
    expect(input({type: 'string', anyOf: [{format: 'email'}, {format: 'uri'}]})).toBe('unknown')
    const base = closed({id: {type: 'string'}})
    expect(output({...base, oneOf: [{required: ['id']}]})).toBeUndefined()
    expect(output({...base, anyOf: Array.from({length: 5}, (_, index) => ({const: index}))})).toBeUndefined()
    expect(output({anyOf: [{const: 'a'}], oneOf: [{const: 'b'}]})).toBeUndefined()
    expect(output({anyOf: []})).toBeUndefined()
    // Without a shape of its own, a described schema is the union.
    expect(output({description: 'either', anyOf: [{type: 'string'}, {type: 'number'}]})).toBe('string | number')
  })

  it('widens a nullable type with null, as the validator does', () => {
    expect(output({type: 'string', nullable: true})).toBe('string | null')
    expect(output({type: ['string', 'null'], nullable: true})).toBe('string | null')
    expect(output({...closed({id: {type: 'string'}}), nullable: true})).toBe('{ id: string } | null')
    // An enum is rendered before the widened type.
    expect(output({type: 'string', nullable: true, enum: ['ready']})).toBe('"ready"')
    expect(input({type: 'string', nullable: false})).toBe('string')
  })

  it('has no rendering for a nullable that is not a boolean or has no type to widen', () => {
    expect(input({type: 'string', nullable: 'yes'})).toBe('unknown')
    expect(input({nullable: true})).toBe('unknown')
    expect(input({enum: ['a'], nullable: true})).toBe('unknown')
  })

  it('reads a root object of an input hint as an object, whatever its nullable', () => {
    expect(input({...closed({id: {type: 'string'}}), nullable: true})).toBe('{ id: string }')
  })

  it('renders arrays as Array<T>, Array<unknown> without a single item schema', () => {
    expect(input({type: 'array', items: {type: 'string'}})).toBe('Array<string>')
    expect(input({type: 'array', items: {enum: ['north', 'south']}})).toBe('Array<"north" | "south">')
    expect(input({type: 'array'})).toBe('Array<unknown>')
    expect(output({type: 'array'})).toBeUndefined()
    expect(output({type: 'array', items: {}})).toBe('Array<unknown>')
    expect(input({type: 'array', prefixItems: [{type: 'string'}]})).toBe('Array<unknown>')
  })
})

describe('objects', () => {
  it('puts required keys first, each group sorted', () => {
    const schema = {type: 'object', properties: {zeta: {type: 'string'}, beta: {type: 'string'}, alpha: {type: 'string'}, yank: {type: 'string'}}, required: ['zeta', 'beta']}
    expect(input(schema)).toBe('{ beta: string; zeta: string; alpha?: string; yank?: string }')
  })

  it('sorts keys as localeCompare does, not by code units', () => {
    const schema = {type: 'object', properties: fields(7, (index) => ['b', 'a', 'B', 'A', 'ä', 'z', 'Z'][index]!), required: ['Z', 'b', 'A']}
    expect(input(schema)).toBe('{ A: string; b: string; Z: string; a?: string; "ä"?: string; B?: string; z?: string }')
    expect(input(closed(fields(4, (index) => ['a-b', '_ok', '$ok', '1st'][index]!)))).toBe('{ _ok: string; $ok: string; "1st": string; "a-b": string }')
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
    expect(output(closed({a: {type: 'string'}}))).toBe('{ a: string }')
    // Omitting additionalProperties: no "; ...", but not complete.
    expect(walk({type: 'object', properties: {a: {type: 'string'}}, required: ['a']})).toEqual({text: '{ a: string }', complete: false})
    // A nested open object makes the whole incomplete.
    expect(output(closed({a: {type: 'object', properties: {b: {type: 'string'}}}}))).toBeUndefined()
  })

  it('appends "; ..." when additionalProperties is true or a schema', () => {
    expect(input({type: 'object', properties: {a: {type: 'string'}}, additionalProperties: true})).toBe('{ a?: string; ... }')
    expect(walk({type: 'object', properties: {a: {type: 'string'}}, additionalProperties: {type: 'string'}})).toEqual({text: '{ a?: string; ... }', complete: false})
  })

  it('appends "; ..." past 16 properties (input) and 20 (output)', () => {
    const properties = fields(21, (i) => `p${String(i).padStart(2, '0')}`)
    const inputText = input(closed(properties, []))
    expect(inputText.match(/\?: string/g)).toHaveLength(16)
    expect(inputText.endsWith('p15?: string; ... }')).toBe(true)
    const outputText = walk(closed(properties, []))
    expect(outputText.text.match(/\?: string/g)).toHaveLength(20)
    expect(outputText).toMatchObject({complete: false})
    expect(outputText.text.endsWith('; ... }')).toBe(true)
    expect(output(closed(fields(20, (i) => `p${i}`), []))).toBeDefined()
  })

  it('leaves out names over 128 characters', () => {
    const longName = 'n'.repeat(129)
    expect(input(closed({a: {type: 'string'}, [longName]: {type: 'string'}}))).toBe('{ a: string; ... }')
    expect(input(closed({['m'.repeat(128)]: {type: 'string'}}))).toBe(`{ ${'m'.repeat(128)}: string }`)
    expect(input(closed({['x'.repeat(10_000)]: {type: 'string'}}))).toBe('{ ... }')
    expect(output(closed({['x'.repeat(10_000)]: {type: 'string'}}))).toBeUndefined()
  })

  it('appends "; ..." when a required key is missing from properties or not a string', () => {
    expect(walk({type: 'object', properties: {a: {type: 'string'}}, required: ['a', 'b'], additionalProperties: false})).toEqual({text: '{ a: string; ... }', complete: false})
    // Own properties only: "constructor" is not found on Object.prototype.
    expect(input({type: 'object', properties: {a: {type: 'string'}}, required: ['constructor'], additionalProperties: false})).toBe('{ a?: string; ... }')
    expect(input({type: 'object', properties: {a: {type: 'string'}}, required: ['a', 7], additionalProperties: false})).toBe('{ a: string; ... }')
  })

  it('renders no keys as {} (complete only when closed), and no properties as { ... } unless closed', () => {
    expect(output({type: 'object', additionalProperties: false})).toBe('{}')
    expect(output({type: 'object', properties: {}, additionalProperties: false})).toBe('{}')
    expect(input({type: 'object', properties: {}})).toBe('{}')
    expect(output({type: 'object', properties: {}})).toBeUndefined()
    expect(input({type: 'object'})).toBe('{ ... }')
    expect(input({type: 'object', required: ['a'], additionalProperties: false})).toBe('{ ... }')
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

describe('what has no rendering', () => {
  it('renders a schema without a type as unknown', () => {
    for (const schema of [{$ref: '#/definitions/x'}, {allOf: [{type: 'string'}]}, {minLength: 1}, {type: 'tuple'}, 'string', true, false, null]) {
      expect(input(schema)).toBe('unknown')
      expect(output(schema)).toBeUndefined()
    }
    expect(input(closed({a: true, b: false}))).toBe('{ a: unknown; b: unknown }')
  })

  it('keeps the text beside allOf, patternProperties, if/then/else and the like, but as incomplete', () => {
    expect(input({type: 'string', allOf: [{minLength: 1}]})).toBe('string')
    expect(output({type: 'string', allOf: [{minLength: 1}]})).toBeUndefined()
    const patterned = {type: 'object', properties: {a: {type: 'string'}}, patternProperties: {'^x': {type: 'string'}}, additionalProperties: false}
    expect(input(patterned)).toBe('{ a?: string }')
    expect(output(patterned)).toBeUndefined()
    expect(input({type: 'object', properties: {a: {type: 'string'}}, if: {properties: {a: {const: 'x'}}}, then: {required: ['a']}})).toBe('{ a?: string }')
    expect(output(closed({a: {$ref: '#/x'}}))).toBeUndefined()
  })

  it('renders the empty schema as unknown, exactly', () => {
    expect(output({})).toBe('unknown')
    expect(output(closed({count: {type: 'number'}, payload: {}, messages: {type: 'array', items: {}}}, ['count', 'messages']))).toBe(
      '{ count: number; messages: Array<unknown>; payload?: unknown }',
    )
  })

  it('stops at depth 4 (input) and 6 (output)', () => {
    let schema: unknown = {type: 'string'}
    for (let i = 0; i < 5; i++) schema = closed({a: schema})
    // An input hint's root object keeps its properties at depth 0; nested ones add a level each.
    expect(input(schema)).toBe('{ a: { a: { a: { a: { a: unknown } } } } }')
    expect(output(schema)).toBe('{ a: { a: { a: { a: { a: string } } } } }')
    expect(output(closed({a: schema}))).toBeUndefined()
    expect(walk(closed({a: schema})).text).toBe('{ a: { a: { a: { a: { a: { a: unknown } } } } } }')
    let array: unknown = {type: 'string'}
    for (let i = 0; i < 5; i++) array = {type: 'array', items: array}
    expect(input(array)).toBe('Array<Array<Array<Array<unknown>>>>')
    expect(output(array)).toBe('Array<Array<Array<Array<Array<string>>>>>')
  })

  it('terminates on cyclic schemas', () => {
    const node: Record<string, unknown> = {type: 'object', properties: {}}
    ;(node.properties as Record<string, unknown>).self = node
    const union: Record<string, unknown> = {}
    union.anyOf = [union, {type: 'string'}]
    expect(input(node)).toBe('{ self?: { self?: { self?: { self?: { self?: unknown } } } } }')
    expect(output(node)).toBeUndefined()
    expect(input(union)).toBe('unknown')
  })

  it('is deterministic whatever the key order of the schema', () => {
    const a = {type: 'object', properties: {b: {type: 'string'}, a: {type: 'number'}}, required: ['b', 'a']}
    const b = {required: ['a', 'b'], properties: {a: {type: 'number'}, b: {type: 'string'}}, type: 'object'}
    expect(input(a)).toBe(input(b))
  })
})

describe('length caps', () => {
  it('adds keys while each object fits its cap, then marks the rest with "; ..."', () => {
    const properties = fields(15, (i) => `property_${i}`, {type: 'string', enum: ['value_a', 'value_b']})
    const text = input(closed(properties))
    expect(text.length).toBeLessThanOrEqual(300)
    expect(text.endsWith('; ... }')).toBe(true)
  })

  it('counts UTF-16 code units: exactly 300 (input) and 800 (output) characters fit', () => {
    for (const [limit, render] of [
      [300, input],
      [800, output],
    ] as const) {
      const fits = `{ a: string; "z😀": "${'x'.repeat(limit - 24)}" }`
      expect(fits).toHaveLength(limit)
      expect(render(closed({a: {type: 'string'}, 'z😀': {const: 'x'.repeat(limit - 24)}}))).toBe(fits)
    }
    expect(input(closed({a: {type: 'string'}, 'z😀': {const: 'x'.repeat(277)}}))).toBe('{ a: string; ... }')
    expect(output(closed({a: {type: 'string'}, 'z😀': {const: 'x'.repeat(777)}}))).toBeUndefined()
  })

  it('makes an input hint over 300 characters unknown, though each object fit on its own', () => {
    // Nine 31-character keys fill 299 characters; the tenth does not fit and "; ..." overflows.
    const schema = closed(fields(16, (i) => `field_${String(i).padStart(2, '0')}_with_long_name`))
    expect(input(schema)).toBe('unknown')
    expect(output(schema)!.length).toBeGreaterThan(300)
    // A nested object of 292 characters fits, its parent with a second key does not.
    const nested = closed({a: closed(fields(12, (i) => `field_number_${i}`)), b: {type: 'string'}})
    expect(input(nested)).toBe('unknown')
    expect(output(nested)).toContain('field_number_9: string }; b: string }')
  })

  it('shows no output hint past 20 properties or 800 characters', () => {
    expect(output(closed(fields(32, (i) => `field_${i}`)))).toBeUndefined()
    expect(input(closed(fields(32, (i) => `field_${i}`)))).toContain('; ... }')
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

  it('gives a trusted tool without parameters the input hint unknown', () => {
    expect(inputHint(tool('x'))).toBe('unknown')
    expect(outputHint(tool('x'))).toBeUndefined()
  })
})
