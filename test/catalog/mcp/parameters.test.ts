/**
 * An MCP tool's inputSchema as OpenClaw hands it to the model (`src/catalog/mcp/parameters.ts`):
 * each rule, with the key order the model reads.
 */
import {describe, expect, it} from 'vitest'

import {openclawToolParameters} from '../../../src/catalog/mcp/parameters.js'

/** The JSON text the model reads: key order matters. */
const text = (schema: unknown): string => JSON.stringify(openclawToolParameters(schema))

describe('openclawToolParameters', () => {
  it('leaves an object schema with properties as it is, and never changes its input', () => {
    const schema = {type: 'object', properties: {message: {type: 'string'}}, required: ['message'], $schema: 'http://json-schema.org/draft-07/schema#'}
    const before = JSON.stringify(schema)
    expect(text(schema)).toBe(before)
    expect(JSON.stringify(schema)).toBe(before)
  })

  it('inlines local references, keeping the referrer\'s title, description and default, and drops the definitions', () => {
    const schema = {
      type: 'object',
      properties: {
        when: {$ref: '#/$defs/Date', description: 'When to run'},
        where: {$ref: '#/definitions/Place'},
        first: {$ref: '#/properties/where'},
      },
      $defs: {Date: {type: 'string', format: 'date', description: 'A date'}},
      definitions: {Place: {type: 'object', properties: {city: {type: 'string'}}}},
    }
    expect(openclawToolParameters(schema)).toEqual({
      type: 'object',
      properties: {
        when: {type: 'string', format: 'date', description: 'When to run'},
        where: {type: 'object', properties: {city: {type: 'string'}}},
        // A pointer anywhere into the document, itself a reference: followed to the end.
        first: {type: 'object', properties: {city: {type: 'string'}}},
      },
    })
  })

  it('turns a reference back into its own expansion into {}, and keeps the definitions when one does not resolve', () => {
    const recursive = {type: 'object', properties: {node: {$ref: '#/$defs/Node'}}, $defs: {Node: {type: 'object', properties: {next: {$ref: '#/$defs/Node'}}}}}
    expect(openclawToolParameters(recursive)).toEqual({type: 'object', properties: {node: {type: 'object', properties: {next: {}}}}})
    const dangling = {type: 'object', properties: {a: {$ref: '#/$defs/Missing'}}, $defs: {Other: {type: 'string'}}}
    expect(text(dangling)).toBe('{"type":"object","properties":{"a":{"$ref":"#/$defs/Missing"}},"$defs":{"Other":{"type":"string"}}}')
  })

  it('turns OpenAPI spellings into JSON Schema: nullable, and annotations JSON Schema does not have', () => {
    const schema = {
      type: 'object',
      properties: {
        name: {type: 'string', nullable: true, example: 'x', readOnly: true},
        kind: {enum: ['a', 'b'], type: 'string', nullable: true},
        either: {anyOf: [{type: 'string'}, {type: 'number'}], nullable: true, description: 'One of two'},
        already: {oneOf: [{type: 'string'}, {type: 'null'}], nullable: true},
      },
    }
    expect(openclawToolParameters(schema)).toEqual({
      type: 'object',
      properties: {
        name: {type: ['string', 'null']},
        kind: {enum: ['a', 'b', null], type: ['string', 'null']},
        either: {anyOf: [{anyOf: [{type: 'string'}, {type: 'number'}], description: 'One of two'}, {type: 'null'}], description: 'One of two'},
        already: {oneOf: [{type: 'string'}, {type: 'null'}]},
      },
    })
  })

  it('makes the top an object: a missing type or properties, and an empty schema', () => {
    expect(text({properties: {a: {type: 'string'}}})).toBe('{"properties":{"a":{"type":"string"}},"type":"object"}')
    expect(text({required: ['a']})).toBe('{"required":["a"],"type":"object","properties":{}}')
    expect(text({type: 'object'})).toBe('{"type":"object","properties":{}}')
    expect(text({type: 'object', properties: null, required: []})).toBe('{"type":"object","properties":{},"required":[]}')
    expect(text({})).toBe('{"type":"object","properties":{}}')
    expect(text({type: 'string'})).toBe('{"type":"string"}')
  })

  it('flattens a top-level anyOf/oneOf of objects into one object', () => {
    const schema = {
      title: 'Lookup',
      oneOf: [
        {type: 'object', properties: {by: {const: 'id'}, id: {type: 'string'}}, required: ['by', 'id']},
        {type: 'object', properties: {by: {const: 'name'}, name: {type: 'string'}}, required: ['by', 'name']},
      ],
    }
    expect(text(schema)).toBe(
      '{"type":"object","title":"Lookup","properties":{"by":{"type":"string","enum":["id","name"]},"id":{"type":"string"},"name":{"type":"string"}},"required":["by"],"additionalProperties":true}',
    )
    // The schema's own required list wins; additionalProperties is kept.
    expect(openclawToolParameters({anyOf: [{properties: {a: {type: 'string'}}, required: ['a']}], required: ['z'], additionalProperties: false})).toEqual({
      type: 'object',
      properties: {a: {type: 'string'}},
      required: ['z'],
      additionalProperties: false,
    })
  })

  it('gives every array schema without items an empty items schema, at any depth', () => {
    const schema = {type: 'object', properties: {tags: {type: 'array'}, nested: {type: 'object', properties: {deep: {anyOf: [{type: 'array'}, {type: 'null'}]}}}, tuple: {type: 'array', items: [{type: 'array'}]}}}
    expect(openclawToolParameters(schema)).toEqual({
      type: 'object',
      properties: {
        tags: {type: 'array', items: {}},
        nested: {type: 'object', properties: {deep: {anyOf: [{type: 'array', items: {}}, {type: 'null'}]}}},
        tuple: {type: 'array', items: [{type: 'array', items: {}}]},
      },
    })
  })

  it('keeps a property named __proto__ an ordinary property', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"array"}}}') as unknown
    const normalized = openclawToolParameters(schema) as {properties: Record<string, unknown>}
    expect(Object.getPrototypeOf(normalized.properties)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(normalized.properties, '__proto__')?.value).toEqual({type: 'array', items: {}})
  })
})
