import {describe, expect, it} from 'vitest'

import {assertValidArguments, assertValidOutput, compileToolSchemas} from '../../src/call/validate.js'
import {entry} from '../directory/entry.js'
import {WATER_HINT, WATER_PARAMETERS} from './garden.js'

const sprinkler = entry('sprinkler', {
  sourceName: 'garden',
  parameters: WATER_PARAMETERS,
  outputSchema: {type: 'object', properties: {ok: {type: 'boolean'}}, required: ['ok'], additionalProperties: false},
})

async function argumentError(tool: typeof sprinkler, args: unknown): Promise<string> {
  const schemas = await compileToolSchemas(tool)
  try {
    assertValidArguments(tool, schemas, args)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected the arguments to be rejected')
}

const HINT = `Expected input: ${WATER_HINT}.`

describe('argument validation', () => {
  it('accepts valid arguments', async () => {
    const schemas = await compileToolSchemas(sprinkler)
    expect(() => assertValidArguments(sprinkler, schemas, {zone: 'north', minutes: 5})).not.toThrow()
  })

  it('lists every problem with its path, then the input hint', async () => {
    expect(await argumentError(sprinkler, {zone: 'east', minutes: 0})).toBe(
      `Invalid arguments for tool "openclaw:garden:sprinkler": zone: must be equal to one of the allowed values (allowed: "north", "south"); minutes: must be >= 1. ${HINT}`,
    )
  })

  it('names an unknown property and suggests the nearest declared one', async () => {
    expect(await argumentError(sprinkler, {zone: 'north', colour: 'red'})).toBe(
      `Invalid arguments for tool "openclaw:garden:sprinkler": <root>: must not have additional properties: "colour". Did you mean: color? ${HINT}`,
    )
  })

  it('suggests a missing required property when a near miss was given instead', async () => {
    expect(await argumentError(sprinkler, {zon: 'north'})).toBe(
      `Invalid arguments for tool "openclaw:garden:sprinkler": zone: must have required property 'zone'; <root>: must not have additional properties: "zon". Did you mean: zone? ${HINT}`,
    )
  })

  it('suggests nothing when no declared property is close', async () => {
    const message = await argumentError(sprinkler, {zone: 'north', temperature: 3})
    expect(message).not.toContain('Did you mean')
    expect(message).toContain('<root>: must not have additional properties: "temperature".')
  })

  it('quotes unknown keys as they are, and dots the path of a nested key containing a slash', async () => {
    expect(await argumentError(sprinkler, {zone: 'north', 'a/b~c': 1})).toContain('<root>: must not have additional properties: "a/b~c".')
    const nested = entry('nested', {parameters: {type: 'object', properties: {'a/b': {type: 'object', properties: {c: {type: 'string'}}}}}})
    expect(await argumentError(nested, {'a/b': {c: 1}})).toContain(': a.b.c: must be string.')
  })

  it('names every rejected key in one error, and only the first missing property', async () => {
    const strict = entry('strict', {parameters: {type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}}, required: ['a', 'b'], additionalProperties: false}})
    expect(await argumentError(strict, {xx: 1, yy: 2})).toBe(
      'Invalid arguments for tool "openclaw:plugin:strict": a: must have required property \'a\'; <root>: must not have additional properties: "xx", "yy". Expected input: { a: string; b: string }.',
    )
  })

  it('lists errors in TypeBox order: type, object keywords, array, string, number, then const, enum and combinators', async () => {
    const tool = entry('order', {
      parameters: {
        type: 'object',
        properties: {
          tags: {type: 'array', items: {type: 'string', minLength: 2}, maxItems: 1, uniqueItems: true},
          level: {type: 'integer', minimum: 5, exclusiveMaximum: 0, multipleOf: 2},
          mode: {anyOf: [{type: 'string'}, {type: 'number'}]},
          kind: {type: 'string', enum: ['a', 1]},
        },
        minProperties: 9,
      },
    })
    expect(await argumentError(tool, {tags: ['x', 1, 1], level: 3, mode: true, kind: 5})).toBe(
      'Invalid arguments for tool "openclaw:plugin:order": tags.0: must not have fewer than 2 characters; tags.1: must be string; tags.2: must be string; ' +
        'tags: must not have more than 1 items; tags: must not have duplicate items; level: must be < 0; level: must be >= 5; level: must be multiple of 2. Expected input: ' +
        '{ kind?: "a" | 1; level?: number /* integer, >= 5, < 0 */; mode?: string | number; tags?: Array<string> }.',
    )
  })

  it('keeps at most 8 errors, and reports the failing branches of anyOf before the anyOf itself', async () => {
    const tool = entry('union', {parameters: {type: 'object', properties: {mode: {anyOf: [{type: 'string'}, {const: 3}]}, list: {type: 'array', items: {type: 'string'}}}}})
    const message = await argumentError(tool, {mode: true, list: [1, 2, 3, 4, 5, 6, 7, 8, 9]})
    expect(message).toContain(': mode: must be string; mode: must be equal to constant (allowed: 3); mode: must match a schema in anyOf; list.0: must be string;')
    expect(message.match(/must be string/g)).toHaveLength(6)
  })

  it('appends the allowed values of an enum, quoted by type (1 and "1" stay apart)', async () => {
    const tool = entry('enum', {parameters: {type: 'object', properties: {mode: {enum: ['a', 'b', 1, '1', null]}}}})
    expect(await argumentError(tool, {mode: 'c'})).toContain('mode: must be equal to one of the allowed values (allowed: "a", "b", 1, "1", null).')
  })

  it('rejects arguments that are not an object', async () => {
    expect(await argumentError(sprinkler, [])).toContain(': <root>: must be object.')
    expect(await argumentError(sprinkler, 'north')).toContain(': <root>: must be object.')
  })

  it('gives a tool without parameters the hint {}', async () => {
    const noParams = entry('ping', {parameters: {type: 'object', additionalProperties: false}})
    expect(await argumentError(noParams, {x: 1})).toBe('Invalid arguments for tool "openclaw:plugin:ping": <root>: must not have additional properties: "x". Expected input: {}.')
  })

  it('uses the draft named by $schema', async () => {
    const tool = entry('modern', {
      parameters: {$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {list: {type: 'array', prefixItems: [{type: 'number'}], items: false}}},
    })
    expect(await argumentError(tool, {list: [1, 2]})).toContain('list.1: schema is false')
  })

  it('skips untrusted tools entirely', async () => {
    const remote = entry('remote', {source: 'mcp', sourceName: 'srv', parameters: {type: 'object', required: ['x']}})
    const schemas = await compileToolSchemas(remote)
    expect(schemas).toEqual({})
    expect(() => assertValidArguments(remote, schemas, {})).not.toThrow()
  })
})

describe('invalid schemas', () => {
  it.each([
    ['a wrong type name', {type: 'strng'}],
    ['a non-object schema', 'object'],
    ['an unresolvable $ref', {$ref: 'https://example.com/remote.json'}],
    ['a broken pattern', {type: 'string', pattern: '('}],
  ])('rejects %s in parameters before anything runs', async (_label, parameters) => {
    await expect(compileToolSchemas(entry('broken', {parameters}))).rejects.toThrow('Tool "openclaw:plugin:broken" has an invalid inputSchema.')
  })

  it('rejects an invalid output schema', async () => {
    await expect(compileToolSchemas(entry('broken', {outputSchema: {type: 7}}))).rejects.toThrow('Tool "openclaw:plugin:broken" has an invalid outputSchema.')
  })

  it('compiles input and output schemas sharing an $id', async () => {
    const tool = entry('same-id', {parameters: {$id: 'https://example.com/x.json', type: 'object'}, outputSchema: {$id: 'https://example.com/x.json', type: 'object'}})
    await expect(compileToolSchemas(tool)).resolves.toMatchObject({input: expect.any(Function), output: expect.any(Function)})
  })

  it('accepts recursive schemas', async () => {
    const tree = {$id: 'https://example.com/tree.json', type: 'object', properties: {children: {type: 'array', items: {$ref: '#'}}}, additionalProperties: false}
    const tool = entry('tree', {parameters: tree})
    const schemas = await compileToolSchemas(tool)
    expect(() => assertValidArguments(tool, schemas, {children: [{children: []}]})).not.toThrow()
    expect(() => assertValidArguments(tool, schemas, {children: [{kids: []}]})).toThrow('children.0: must not have additional properties: "kids"')
  })

  it('accepts a recursive schema without $id ($ref "#" is its own root)', async () => {
    const tree = {type: 'object', properties: {child: {$ref: '#'}}, additionalProperties: false}
    const tool = entry('tree', {parameters: tree})
    const schemas = await compileToolSchemas(tool)
    expect(() => assertValidArguments(tool, schemas, {child: {child: {}}})).not.toThrow()
    expect(() => assertValidArguments(tool, schemas, {child: {kid: 1}})).toThrow('child: must not have additional properties: "kid"')
  })

  it('reports a $ref cycle that never reaches a schema as an invalid inputSchema', async () => {
    const loop = {$ref: '#/definitions/a', definitions: {a: {$ref: '#/definitions/b'}, b: {$ref: '#/definitions/a'}}}
    await expect(compileToolSchemas(entry('loop', {parameters: loop}))).rejects.toThrow('Tool "openclaw:plugin:loop" has an invalid inputSchema.')
  })
})

describe('output validation', () => {
  it('passes a matching result and rejects a mismatch', async () => {
    const schemas = await compileToolSchemas(sprinkler)
    expect(() => assertValidOutput(sprinkler, schemas, {ok: true})).not.toThrow()
    expect(() => assertValidOutput(sprinkler, schemas, {ok: 'yes'})).toThrow(
      'Tool "openclaw:garden:sprinkler" returned details that do not match its declared outputSchema.',
    )
  })
})

describe('string lengths', () => {
  it('counts as TypeBox does, so the verdict and the message agree', async () => {
    const tool = entry('short', {parameters: {type: 'object', properties: {s: {type: 'string', maxLength: 2, minLength: 2}}}})
    const schemas = await compileToolSchemas(tool)
    // e + combining acute is one character to TypeBox (ajv alone would count three code points).
    expect(() => assertValidArguments(tool, schemas, {s: 'e\u0301e'})).not.toThrow()
    // A skin-tone modifier is a character of its own to TypeBox.
    expect(() => assertValidArguments(tool, schemas, {s: '👍🏽👍🏽'})).toThrow('s: must not have more than 2 characters.')
    expect(() => assertValidArguments(tool, schemas, {s: 'x'})).toThrow('s: must not have fewer than 2 characters.')
  })
})
