/**
 * The error list OpenClaw's validator (TypeBox 1.1.38) reports, reproduced by `schemaErrors`:
 * every schema × value pair below is checked against TypeBox itself (a dev dependency pinned to
 * the version OpenClaw pins), with OpenClaw's format rules (`uri` checked, other formats
 * annotations). Keyword, value path and parameters must agree, in order.
 */
import {Compile} from 'typebox/compile'
import {Format} from 'typebox/format'
import {beforeAll, describe, expect, it} from 'vitest'

import {MAX_SCHEMA_ERRORS, schemaErrors} from '../../src/call/schema-errors.js'

const SCHEMAS: object[] = [
  {type: 'object', properties: {a: {type: 'string', minLength: 3, enum: ['x', 'yyyy']}, b: {type: 'integer', maximum: 3}}, required: ['c', 'd'], additionalProperties: false},
  {type: 'object', properties: {a: {anyOf: [{type: 'string'}, {type: 'number'}]}}, additionalProperties: {type: 'string'}},
  {type: 'object', properties: {t: {type: 'array', items: {type: 'string', minLength: 2}, uniqueItems: true, minItems: 4, contains: {const: 'zz'}}}},
  {type: 'object', if: {properties: {a: {const: 1}}}, then: {required: ['b']}, else: {required: ['c']}},
  {type: 'object', dependencies: {a: ['b', 'c'], q: {required: ['r']}}, dependentRequired: {x: ['y']}, propertyNames: {maxLength: 2}},
  {type: 'object', properties: {u: {type: 'string', format: 'uri', pattern: '^h', maxLength: 4}, e: {format: 'email', type: 'string'}, n: {type: ['number', 'null'], multipleOf: 0.5, exclusiveMinimum: 0}}},
  {type: 'object', patternProperties: {'^x': {type: 'string'}}, additionalProperties: false, minProperties: 3, maxProperties: 1},
  {$ref: '#/definitions/a', definitions: {a: {type: 'object', required: ['q'], properties: {s: {$ref: '#/definitions/b'}}}, b: {type: 'string'}}},
  {type: 'object', properties: {o: {oneOf: [{type: 'number'}, {type: 'integer'}]}, al: {allOf: [{minimum: 2}, {maximum: 1}]}, nt: {not: {type: 'string'}}}},
  {type: 'array', prefixItems: [{type: 'string'}], items: {type: 'number'}, maxItems: 2},
  {type: 'array', items: [{type: 'string'}, {type: 'number'}], additionalItems: false},
  {type: 'array', contains: {type: 'string'}, minContains: 2, maxContains: 3},
  {type: 'object', properties: {c: {const: {a: [1, 2]}}, m: {enum: [[1], {x: 1}]}}},
  {type: 'object', properties: {deep: {type: 'object', properties: {k: {type: 'object', required: ['z'], additionalProperties: false, properties: {z: {type: 'boolean'}}}}}}},
  {type: 'object', properties: {list: {type: 'array', items: {type: 'integer'}}}, required: ['list', 'name']},
  {type: 'object', properties: {s: {type: 'string', minLength: 2, maxLength: 3}}},
  {type: 'object', properties: {f: false, t: true}, dependentSchemas: {t: {required: ['u']}}},
]

const VALUES: unknown[] = [
  {}, {a: 'x', b: 5.5, e: 1, f: 2}, {a: true, z: 3, y: 's'}, {t: ['a', 1, 'a']}, {t: []}, {a: 1}, {a: 2, c: 3},
  {a: 1, c: 1, x: 1, q: 1, abc: 2}, {u: 'nope', e: 'bad', n: 0.3}, {u: 'http://x.y', n: -1}, {x1: 1, y: 2, xx: 's'},
  {s: 3}, {s: '👍🏽👍🏽'}, {s: 'a👍🏽b🇩🇪'}, {s: 'e\u0301e'}, {s: 'a\uFE0Fbc'}, {s: 'a\uFE0Fb'}, {s: '👨‍👩‍👧x'}, {s: '🇩🇪🇫🇷🇮🇹'}, {o: 1, al: 1.5, nt: 's'}, ['a', 1, 'b'], [1], ['a', 2, 3], ['a', 'b', 'c', 'd'],
  {c: {a: [1, 2]}, m: {x: 1}}, {c: {a: [2, 1]}, m: [2]}, {deep: {k: {z: 1, w: 2}}}, {deep: {k: {}}},
  {list: [1, 'a', 2.5, null, 3, 'b', 'c', 'd', 'e', 'f']}, {f: 1, t: 2}, 5, null, 'str', [], {a: 'yyyy', b: 1, c: 1, d: 1},
]

function typeboxErrors(schema: object, value: unknown): unknown[] {
  return [...Compile(schema as never).Errors(value)].map(({keyword, instancePath, params}) => ({keyword, instancePath, params}))
}

describe('schemaErrors against TypeBox 1.1.38', () => {
  beforeAll(() => {
    // OpenClaw's format rules: uri is checked, every other format is an annotation.
    Format.Set('uri', (value) => URL.canParse(value))
    Format.Set('email', () => true)
  })

  it('reports the same errors, in the same order, for every schema and value', () => {
    const mismatches: unknown[] = []
    let compared = 0
    for (const schema of SCHEMAS) {
      for (const value of VALUES) {
        const expected = typeboxErrors(schema, value)
        const actual = schemaErrors(schema, value)
        compared++
        if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push({schema, value, expected, actual})
      }
    }
    expect(mismatches).toEqual([])
    expect(compared).toBe(SCHEMAS.length * VALUES.length)
  })

  it('keeps at most 8 errors, as TypeBox does by default', () => {
    const schema = {type: 'array', items: {type: 'string'}}
    const value = Array.from({length: 20}, (_, index) => index)
    expect(schemaErrors(schema, value)).toHaveLength(MAX_SCHEMA_ERRORS)
    expect(schemaErrors(schema, value)).toEqual(typeboxErrors(schema, value))
  })
})
