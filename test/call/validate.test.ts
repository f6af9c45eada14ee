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
      `Invalid arguments for tool "openclaw:garden:sprinkler": /zone: must be equal to one of the allowed values; /minutes: must be >= 1. ${HINT}`,
    )
  })

  it('names an unknown property and suggests the nearest declared one', async () => {
    expect(await argumentError(sprinkler, {zone: 'north', colour: 'red'})).toBe(
      `Invalid arguments for tool "openclaw:garden:sprinkler": /colour: must NOT have additional properties. Did you mean: color? ${HINT}`,
    )
  })

  it('suggests a missing required property when a near miss was given instead', async () => {
    expect(await argumentError(sprinkler, {zon: 'north'})).toBe(
      `Invalid arguments for tool "openclaw:garden:sprinkler": /: must have required property 'zone'; /zon: must NOT have additional properties. Did you mean: zone? ${HINT}`,
    )
  })

  it('suggests nothing when no declared property is close', async () => {
    const message = await argumentError(sprinkler, {zone: 'north', temperature: 3})
    expect(message).not.toContain('Did you mean')
    expect(message).toContain('/temperature: must NOT have additional properties.')
  })

  it('escapes JSON-pointer characters in unknown keys', async () => {
    expect(await argumentError(sprinkler, {zone: 'north', 'a/b~c': 1})).toContain('/a~1b~0c: must NOT have additional properties')
  })

  it('rejects arguments that are not an object', async () => {
    expect(await argumentError(sprinkler, [])).toContain(': /: must be object.')
  })

  it('gives a tool without parameters the hint {}', async () => {
    const noParams = entry('ping', {parameters: {type: 'object', additionalProperties: false}})
    expect(await argumentError(noParams, {x: 1})).toBe('Invalid arguments for tool "openclaw:plugin:ping": /x: must NOT have additional properties. Expected input: {}.')
  })

  it('uses the draft named by $schema', async () => {
    const tool = entry('modern', {
      parameters: {$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {list: {type: 'array', prefixItems: [{type: 'number'}], items: false}}},
    })
    expect(await argumentError(tool, {list: [1, 2]})).toContain('/list: must NOT have more than 1 items')
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
    expect(() => assertValidArguments(tool, schemas, {children: [{kids: []}]})).toThrow('/children/0/kids: must NOT have additional properties')
  })

  it('accepts a recursive schema without $id ($ref "#" is its own root)', async () => {
    const tree = {type: 'object', properties: {child: {$ref: '#'}}, additionalProperties: false}
    const tool = entry('tree', {parameters: tree})
    const schemas = await compileToolSchemas(tool)
    expect(() => assertValidArguments(tool, schemas, {child: {child: {}}})).not.toThrow()
    expect(() => assertValidArguments(tool, schemas, {child: {kid: 1}})).toThrow('/child/kid: must NOT have additional properties')
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
