import {describe, expect, it} from 'vitest'

import {MAX_ARGUMENT_DEPTH, assertArgumentDepth, parseArgumentsJson, parseKeyValuePairs} from '../../src/call/arguments.js'

const schema = {
  type: 'object',
  properties: {
    name: {type: 'string'},
    count: {type: 'integer'},
    ratio: {type: 'number'},
    dry: {type: 'boolean'},
    opts: {type: 'object'},
    tags: {type: 'array'},
    level: {enum: [1, 2, 3]},
    maybe: {anyOf: [{type: 'number'}, {type: 'null'}]},
    code: {type: ['string', 'number']},
  },
}

describe('key=value pairs', () => {
  it('types values by the declared property', () => {
    const args = parseKeyValuePairs(
      ['name=42', 'count=3', 'ratio=-0.5', 'dry=true', 'opts={"a":[1]}', 'tags=["x","y"]', 'level=2', 'maybe=null', 'code=007', 'free=1'],
      schema,
    )
    expect(args).toEqual({name: '42', count: 3, ratio: -0.5, dry: true, opts: {a: [1]}, tags: ['x', 'y'], level: 2, maybe: null, code: '007', free: '1'})
  })

  it('keeps text that fits no declared type, for validation to report', () => {
    expect(parseKeyValuePairs(['count=many', 'dry=yes', 'ratio='], schema)).toEqual({count: 'many', dry: 'yes', ratio: ''})
  })

  it('keeps a number too large for JSON as text: Infinity would reach the tool as null', () => {
    expect(parseKeyValuePairs(['ratio=1e400', 'count=-1e999'], schema)).toEqual({ratio: '1e400', count: '-1e999'})
  })

  it('splits at the first = only', () => {
    expect(parseKeyValuePairs(['name=a=b'], schema)).toEqual({name: 'a=b'})
  })

  it('parses every value as JSON with --raw', () => {
    expect(parseKeyValuePairs(['name=42', 'free="x"', 'list=[1]'], schema, {raw: true})).toEqual({name: 42, free: 'x', list: [1]})
    expect(() => parseKeyValuePairs(['name=bare'], schema, {raw: true})).toThrow('With --raw, the value of "name" must be JSON')
  })

  it('rejects malformed pairs, duplicates and bad JSON for objects', () => {
    expect(() => parseKeyValuePairs(['novalue'], schema)).toThrow('Expected key=value, got "novalue".')
    expect(() => parseKeyValuePairs(['=x'], schema)).toThrow('Expected key=value, got "=x".')
    expect(() => parseKeyValuePairs(['count=1', 'count=2'], schema)).toThrow('Argument "count" is given more than once.')
    expect(() => parseKeyValuePairs(['opts={bad'], schema)).toThrow('The value of "opts" must be JSON (an object)')
  })

  it('treats every value as a string without a schema or for hostile schemas', () => {
    expect(parseKeyValuePairs(['n=1'], undefined)).toEqual({n: '1'})
    expect(parseKeyValuePairs(['n=1'], {properties: 'nope'})).toEqual({n: '1'})
    expect(parseKeyValuePairs(['toString=1'], {properties: {}})).toEqual({toString: '1'})
  })

  it('never lets __proto__ change a prototype', () => {
    const args = parseKeyValuePairs(['__proto__={"polluted":true}'], {}, {raw: true})
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
    expect(Object.keys(args)).toEqual(['__proto__'])
    // Typed by a schema that declares an own `__proto__` property: parsed as JSON, kept as data.
    const typed = parseKeyValuePairs(['__proto__={"polluted":true}'], JSON.parse('{"properties": {"__proto__": {"type": "object"}}}'))
    expect(Object.getPrototypeOf(typed)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(typed, '__proto__')?.value).toEqual({polluted: true})
    expect((typed as {polluted?: unknown}).polluted).toBeUndefined()
  })
})

describe('--args JSON', () => {
  it('accepts one JSON object and names the source on error', () => {
    expect(parseArgumentsJson('{"a": 1}', '--args')).toEqual({a: 1})
    expect(() => parseArgumentsJson('{a: 1}', '--args')).toThrow(/^--args is not valid JSON: /)
    expect(() => parseArgumentsJson('[1]', 'args.json')).toThrow('args.json must be a JSON object of tool arguments.')
  })
})

describe('argument depth', () => {
  const nested = (levels: number) => JSON.parse(`${'{"a":['.repeat(levels / 2)}1${']}'.repeat(levels / 2)}`)

  it('accepts arguments up to the limit and rejects a depth bomb without overflowing the stack', () => {
    expect(MAX_ARGUMENT_DEPTH).toBe(256)
    expect(() => assertArgumentDepth(nested(256))).not.toThrow()
    expect(() => assertArgumentDepth(nested(258))).toThrow('The tool arguments nest deeper than 256 levels.')
    expect(() => assertArgumentDepth(nested(200_000))).toThrow('The tool arguments nest deeper than 256 levels.')
    expect(() => assertArgumentDepth({wide: Array.from({length: 100_000}, (_, i) => ({i}))})).not.toThrow()
  })
})
