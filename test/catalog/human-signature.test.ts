import {describe, expect, it} from 'vitest'

import {humanSignature, oneLineDescription} from '../../src/inspect/human-signature.js'
import {listTools} from '../../src/inspect/catalog-list.js'
import {renderToolList} from '../../src/inspect/catalog-list-render.js'
import type {Catalog, CatalogEntry} from '../../src/catalog/types.js'

function mcpEntry(name: string, parameters: unknown, description = ''): CatalogEntry {
  return {id: `mcp:srv:${name}`, name, source: 'mcp', sourceName: 'srv', description, parameters, trusted: false, visibility: 'deferred', requiresApproval: false, origin: {file: 'f.json', path: ['mcpServers', 'srv']}}
}

describe('humanSignature', () => {
  it('renders an MCP tool\'s real schema, required properties first', () => {
    const entry = mcpEntry('search', {type: 'object', properties: {limit: {type: 'integer', minimum: 1}, query: {type: 'string'}}, required: ['query'], additionalProperties: false})
    expect(humanSignature(entry)).toEqual({text: '{ query: string; limit?: number /* integer, >= 1 */ }', complete: true})
    // An object that allows more properties than it names is shown, but not as complete.
    expect(humanSignature(mcpEntry('open', {type: 'object', properties: {query: {type: 'string'}}}))).toEqual({text: '{ query?: string }', complete: false})
  })
  it('shows {} for a tool that takes no arguments, however the server spells it', () => {
    expect(humanSignature(mcpEntry('a', undefined)).text).toBe('{}')
    expect(humanSignature(mcpEntry('b', {type: 'object', properties: {}})).text).toBe('{}')
    expect(humanSignature(mcpEntry('c', {type: 'object', additionalProperties: false})).text).toBe('{}')
  })
  it('keeps an object open to any property open', () => {
    expect(humanSignature(mcpEntry('d', {type: 'object', additionalProperties: {type: 'string'}})).text).not.toBe('{}')
    expect(humanSignature(mcpEntry('e', {type: 'object', additionalProperties: true})).text).toBe('{ ... }')
  })
})

describe('oneLineDescription', () => {
  it('keeps the first line, collapses whitespace and cuts long lines with an ellipsis', () => {
    expect(oneLineDescription('  Create an issue.\n\nLong details here.')).toBe('Create an issue.')
    expect(oneLineDescription('a   b\tc')).toBe('a b c')
    const long = oneLineDescription('x'.repeat(400))
    expect(long).toHaveLength(160)
    expect(long.endsWith('…')).toBe(true)
  })
})

describe('listTools', () => {
  const catalog: Catalog = {
    entries: [
      mcpEntry('get_sum', {type: 'object', properties: {a: {type: 'number'}, b: {type: 'number'}}, required: ['a', 'b']}, 'Adds.\nMore.'),
      mcpEntry('echo', {type: 'object', properties: {message: {type: 'string'}}, required: ['message']}, 'Echoes.'),
      {id: 'openclaw:core:read', name: 'read', source: 'openclaw', sourceName: 'core', description: 'Read a file.', parameters: {type: 'object', properties: {path: {type: 'string'}}, required: ['path']}, trusted: true, visibility: 'direct-and-cataloged', requiresApproval: false, origin: {file: 'f.json', path: ['tools', 0]}},
    ],
    mcpServers: {},
    unavailableMcpServers: [],
  }
  it('lists every tool with its human signature beside what the model is shown', () => {
    expect(listTools(catalog)).toEqual([
      {id: 'openclaw:core:read', name: 'read', source: 'openclaw', sourceName: 'core', description: 'Read a file.', signature: '{ path: string }', signatureComplete: false, modelInput: '{ path: string }'},
      {id: 'mcp:srv:echo', name: 'echo', source: 'mcp', sourceName: 'srv', description: 'Echoes.', signature: '{ message: string }', signatureComplete: false, modelInput: 'unknown'},
      {id: 'mcp:srv:get_sum', name: 'get_sum', source: 'mcp', sourceName: 'srv', description: 'Adds.', signature: '{ a: number; b: number }', signatureComplete: false, modelInput: 'unknown'},
    ])
  })
  it('filters by a glob over names and ids', () => {
    expect(listTools(catalog, {name: ['get*']}).map((row) => row.id)).toEqual(['mcp:srv:get_sum'])
    expect(listTools(catalog, {name: ['mcp:*', 'read']}).map((row) => row.id)).toEqual(['openclaw:core:read', 'mcp:srv:echo', 'mcp:srv:get_sum'])
    expect(listTools(catalog, {name: ['nothing']})).toEqual([])
  })
  it('renders two lines a tool under a note that tells the person\'s view from the model\'s', () => {
    const rows = listTools(catalog, {name: ['echo']})
    expect(renderToolList(rows, {color: false, total: 3})).toBe(
      [
        'Tools (1 of 3 match):',
        'Input signatures are rendered from each tool\'s schema for you; the model is shown "input: unknown" for MCP and client tools.',
        '  mcp:srv:echo  Echoes.',
        '      { message: string }',
        '',
      ].join('\n'),
    )
    expect(renderToolList(listTools(catalog, {name: ['read']}), {color: false, total: 3})).toBe('Tools (1 of 3 match):\n  openclaw:core:read  Read a file.\n      { path: string }\n')
  })
})
