/** The text the openclaw ranker indexes per entry (SPEC §5.1). */
import {describe, expect, it} from 'vitest'

import {openclawDocumentText, parameterText} from '../../src/search/document.js'
import {tool} from './tools.js'

/** `{ properties: { <name>: <inner> }, description }` nested `levels` deep around `inner`. */
function nested(levels: number, inner: unknown): unknown {
  let schema = inner
  for (let level = levels; level > 0; level--) schema = {description: `d${level - 1}`, properties: {[`p${level}`]: schema}}
  return schema
}

describe('parameterText', () => {
  it('collects descriptions and property names to depth 4 (the root schema is depth 0)', () => {
    // d0 is the root's description, p1 its property (depth 1), … d4 sits at depth 4, d5 at depth 5.
    expect(parameterText(nested(6, {description: 'deepest'}))).toBe('d0 p1 d1 p2 d2 p3 d3 p4 d4 p5')
  })

  it('recurses into properties and a single items schema, as OpenClaw 2026.9.6 does — not into anyOf, oneOf, allOf or tuple items', () => {
    const schema = {
      type: 'object',
      properties: {
        tags: {type: 'array', items: {description: 'tag text'}},
        target: {anyOf: [{description: 'by id'}, {description: 'by name'}]},
        mode: {oneOf: [{description: 'fast mode'}]},
        limits: {allOf: [{properties: {cap: {description: 'upper cap'}}}]},
        pair: {items: [{description: 'first half'}, {description: 'second half'}]},
        blank: {description: ''},
      },
    }
    // The recorded `searches` run (test/fixtures/openclaw-runs) shows it: a property inside one
    // branch of an anyOf does not make its tool found.
    expect(parameterText(schema)).toBe('tags tag text target mode limits pair blank')
    // Items count one level deeper: an items schema at depth 5 is not read.
    expect(parameterText(nested(4, {items: {description: 'too deep'}, description: 'kept'}))).toBe('d0 p1 d1 p2 d2 p3 d3 p4 kept')
  })

  it('reads nothing else: not enum values, titles, defaults, examples or other subschemas', () => {
    expect(parameterText({type: 'string', title: 'T', enum: ['alpha'], default: 'beta', examples: ['gamma'], const: 'delta'})).toBe('')
    const elsewhere = {description: 'nope'}
    expect(parameterText({additionalProperties: elsewhere, patternProperties: {x: elsewhere}, $defs: {x: elsewhere}, not: elsewhere, if: elsewhere})).toBe('')
  })

  it('reads own keys only and survives cycles and non-object schemas', () => {
    const cyclic: Record<string, unknown> = {description: 'loop'}
    cyclic.items = cyclic
    expect(parameterText(cyclic)).toBe('loop loop loop loop loop')
    expect(parameterText(JSON.parse('{"properties":{"constructor":{"description":"ctor"}}}'))).toBe('constructor ctor')
    for (const schema of [undefined, null, 'text', 3, [{description: 'x'}]]) expect(parameterText(schema)).toBe('')
  })
})

describe('openclawDocumentText', () => {
  const parameters = {type: 'object', properties: {latitude: {type: 'number', description: 'Degrees north.'}}}

  it('joins name, id, label, description and, for trusted entries, the parameter text', () => {
    expect(openclawDocumentText(tool('geo', {label: 'Geo', description: 'Locate.', parameters}))).toBe('geo openclaw:plugin:geo Geo Locate. latitude Degrees north.')
  })

  it('never walks MCP or client schemas', () => {
    expect(openclawDocumentText(tool('geo', {source: 'mcp', description: 'Locate.', parameters}))).toBe('geo mcp:server:geo Locate.')
    expect(openclawDocumentText(tool('geo', {source: 'client', parameters}))).toBe('geo client:client:geo ')
  })
})
