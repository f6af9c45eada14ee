/** Catalog documents by shape (SPEC §4.1) and entry rules (SPEC §4.2); pure, no files. */
import {describe, expect, it} from 'vitest'

import {parseCatalogDocument} from '../../src/catalog/formats.js'
import {thrownBy} from '../search/tools.js'

const options = {file: 'tools.json', directory: '/catalogs'}
const parse = (document: unknown, extra: Partial<typeof options> & {owner?: string; hasMcpServers?: boolean} = {}) =>
  parseCatalogDocument(document, {...options, ...extra})

function errorOf(document: unknown, extra: Parameters<typeof parse>[1] = {}): string {
  const error = thrownBy(() => parse(document, extra))
  if (error !== undefined) expect(error.exitCode).toBe(2)
  return error?.message ?? 'no error'
}

describe('native catalogs', () => {
  it('builds ids, sources, owners and defaults', () => {
    const {format, entries} = parse({
      tools: [
        {name: 'read'},
        {name: 'schedule_task', sourceName: 'automations', description: 'Schedule.', label: 'Schedule task'},
        {name: 'create_issue', source: 'mcp', sourceName: 'github'},
        {name: 'pick_file', source: 'client'},
      ],
    })
    expect(format).toBe('native')
    expect(entries.map((entry) => entry.id)).toEqual(['openclaw:core:read', 'openclaw:automations:schedule_task', 'mcp:github:create_issue', 'client:client:pick_file'])
    expect(entries[0]).toMatchObject({description: '', trusted: true, visibility: 'direct-and-cataloged', requiresApproval: false, origin: {file: 'tools.json', path: ['tools', 0]}})
    expect(entries[1]).toMatchObject({label: 'Schedule task', description: 'Schedule.', visibility: 'deferred'})
    expect(entries[2]).toMatchObject({trusted: false, visibility: 'deferred'})
    expect(entries[3]).toMatchObject({trusted: false, sourceName: 'client'})
  })

  it('trusts only openclaw entries: their output schema is kept, others dropped', () => {
    const outputSchema = {type: 'object'}
    const {entries} = parse({tools: [{name: 'a', outputSchema}, {name: 'b', source: 'mcp', sourceName: 's', outputSchema}, {name: 'c', source: 'client', outputSchema}]})
    expect(entries.map((entry) => entry.outputSchema)).toEqual([outputSchema, undefined, undefined])
    expect(entries.map((entry) => entry.trusted)).toEqual([true, false, false])
  })

  it('keeps the core primitives directly visible and cataloged, only with sourceName core', () => {
    const names = ['read', 'write', 'edit', 'ls', 'apply_patch', 'exec', 'process']
    const {entries} = parse({tools: [...names.map((name) => ({name})), {name: 'read', sourceName: 'files'}, {name: 'read', source: 'mcp', sourceName: 'core'}, {name: 'grep'}]})
    expect(entries.map((entry) => entry.visibility)).toEqual([...names.map(() => 'direct-and-cataloged'), 'deferred', 'deferred', 'deferred'])
  })

  it('marks direct-only tools and approval', () => {
    const {entries} = parse({tools: [{name: 'status', catalogMode: 'direct-only'}, {name: 'send', requiresApproval: true}]})
    expect(entries[0]!.visibility).toBe('direct-only')
    expect(entries[1]!.requiresApproval).toBe(true)
  })

  it('accepts inputSchema as the parameters of a native entry', () => {
    const schema = {type: 'object'}
    expect(parse({tools: [{name: 'x', source: 'mcp', sourceName: 's', inputSchema: schema}]}).entries[0]!.parameters).toBe(schema)
  })

  it('lets two entries share a name with different ids', () => {
    const {entries} = parse({tools: [{name: 'search', sourceName: 'notes'}, {name: 'search', sourceName: 'web'}]})
    expect(entries.map((entry) => entry.id)).toEqual(['openclaw:notes:search', 'openclaw:web:search'])
  })

  it('names the file and entry in validation errors', () => {
    expect(errorOf({tools: [{name: 'a'}, {name: 'b'}, {name: 'c'}, {name: 3}]})).toBe('tools.json: tools[3].name: must be a string')
    expect(errorOf({tools: [{description: 'x'}]})).toBe('tools.json: tools[0].name: must be a string')
    expect(errorOf({tools: [{name: '  '}]})).toBe('tools.json: tools[0].name: must not be empty')
    expect(errorOf({tools: ['read']})).toBe('tools.json: tools[0]: must be an object (a tool entry)')
    expect(errorOf({tools: {read: {}}})).toBe('tools.json: tools: must be an array')
    expect(errorOf({tools: [{name: 'a', source: 'plugin'}]})).toBe('tools.json: tools[0].source: must be one of "openclaw", "mcp", "client"')
    expect(errorOf({tools: [{name: 'a', source: 'mcp'}]})).toBe('tools.json: tools[0].sourceName: must be a string')
    expect(errorOf({tools: [{name: 'a', sourceName: ''}]})).toBe('tools.json: tools[0].sourceName: must not be empty')
    expect(errorOf({tools: [{name: 'a', description: ['x']}]})).toBe('tools.json: tools[0].description: must be a string')
    expect(errorOf({tools: [{name: 'a', label: 1}]})).toBe('tools.json: tools[0].label: must be a string')
    expect(errorOf({tools: [{name: 'a', parameters: 'object'}]})).toBe('tools.json: tools[0].parameters: must be an object (a JSON Schema)')
    expect(errorOf({tools: [{name: 'a', outputSchema: []}]})).toBe('tools.json: tools[0].outputSchema: must be an object (a JSON Schema)')
    expect(errorOf({tools: [{name: 'a', catalogMode: 'hidden'}]})).toBe('tools.json: tools[0].catalogMode: must be "direct-only" (or absent)')
    expect(errorOf({tools: [{name: 'a', requiresApproval: 'yes'}]})).toBe('tools.json: tools[0].requiresApproval: must be a boolean')
  })

  it('reads own properties only: a tool named constructor is an ordinary tool', () => {
    const {entries} = parse(JSON.parse('{"tools":[{"name":"constructor","description":"prototype"}]}'))
    expect(entries[0]).toMatchObject({id: 'openclaw:core:constructor', description: 'prototype'})
    expect(errorOf({tools: [{}]})).toBe('tools.json: tools[0].name: must be a string')
  })

  it('rejects a document of the wrong shape', () => {
    expect(errorOf('tools')).toBe('tools.json: a catalog must be a JSON object or an array of tools')
    expect(errorOf({servers: 1})).toBe(
      'tools.json: expected "tools" (a native catalog or an MCP tools/list result), "mcpServers", or an array of OpenAI or Anthropic tools',
    )
  })

  it('accepts a document with only mcpServers when the MCP source found them', () => {
    expect(parse({mcpServers: {}}, {hasMcpServers: true})).toEqual({format: 'mcp-servers', entries: [], skipped: []})
  })
})

describe('run executors', () => {
  it('parses fixtures, cases and commands', () => {
    const {entries} = parse({
      tools: [
        {name: 'a', run: {result: {ok: true}}},
        {name: 'b', run: {cases: [{when: {x: 1}, result: 1}], result: 0}},
        {name: 'c', run: {cases: [{when: {}, result: null}]}},
        {name: 'd', run: {command: ['node', 'tools/x.js'], timeoutMs: 5000, env: {MODE: 'test'}}},
        {name: 'e', run: {command: ['./x'], cwd: 'bin'}},
        {name: 'f', run: {command: ['x'], cwd: '/opt/tools'}},
      ],
    })
    expect(entries.map((entry) => entry.run)).toEqual([
      {kind: 'fixture', result: {ok: true}},
      {kind: 'cases', cases: [{when: {x: 1}, result: 1}], result: 0, hasDefault: true},
      {kind: 'cases', cases: [{when: {}, result: null}], hasDefault: false},
      {kind: 'command', command: ['node', 'tools/x.js'], cwd: '/catalogs', timeoutMs: 5000, env: {MODE: 'test'}},
      {kind: 'command', command: ['./x'], cwd: '/catalogs/bin'},
      {kind: 'command', command: ['x'], cwd: '/opt/tools'},
    ])
  })

  it('keeps a fixture result of null', () => {
    expect(parse({tools: [{name: 'a', run: {result: null}}]}).entries[0]!.run).toEqual({kind: 'fixture', result: null})
  })

  it('names the problem in a bad run', () => {
    const bad = (run: unknown) => errorOf({tools: [{name: 'a', run}]})
    expect(bad('node x.js')).toBe('tools.json: tools[0].run: must be an object with "result", "cases" or "command"')
    expect(bad({})).toBe('tools.json: tools[0].run: must have "result", "cases" or "command"')
    expect(bad({command: ['x'], result: 1})).toBe(
      'tools.json: tools[0].run: must have exactly one of "result", "cases" or "command" ("cases" may add a default "result")',
    )
    expect(bad({command: 'node x.js'})).toBe('tools.json: tools[0].run.command: must be a non-empty array of strings ([argv0, ...args])')
    expect(bad({command: []})).toBe('tools.json: tools[0].run.command: must be a non-empty array of strings ([argv0, ...args])')
    expect(bad({command: ['node', 3]})).toBe('tools.json: tools[0].run.command[1]: must be a string')
    expect(bad({command: ['x'], timeoutMs: 0})).toBe('tools.json: tools[0].run.timeoutMs: must be a positive integer (milliseconds)')
    expect(bad({command: ['x'], cwd: 3})).toBe('tools.json: tools[0].run.cwd: must be a non-empty string')
    expect(bad({command: ['x'], env: {A: 1}})).toBe('tools.json: tools[0].run.env.A: must be a string')
    expect(bad({cases: {}})).toBe('tools.json: tools[0].run.cases: must be an array of { when, result }')
    expect(bad({cases: [{result: 1}]})).toBe('tools.json: tools[0].run.cases[0].when: is required (the partial arguments this case answers)')
    expect(bad({cases: [{when: {}}]})).toBe('tools.json: tools[0].run.cases[0].result: is required')
  })
})

describe('MCP tools/list results', () => {
  const list = {tools: [{name: 'create_issue', title: 'Create issue', description: 'Create an issue', inputSchema: {type: 'object'}, outputSchema: {type: 'object'}}]}

  it('are told apart by their entries: owner = file name, source mcp, untrusted', () => {
    const {format, entries} = parse(list, {file: 'catalogs/github.json'})
    expect(format).toBe('mcp-tools-list')
    expect(entries[0]).toMatchObject({id: 'mcp:github:create_issue', source: 'mcp', sourceName: 'github', label: 'Create issue', trusted: false, parameters: {type: 'object'}})
    expect(entries[0]!.outputSchema).toBeUndefined()
  })

  it('take the owner from --owner', () => {
    expect(parse(list, {owner: 'gh'}).entries[0]!.id).toBe('mcp:gh:create_issue')
  })

  it('use annotations.title as the label when there is no title', () => {
    const {entries} = parse({tools: [{name: 'x', inputSchema: {}, annotations: {title: 'X marks'}}]})
    expect(entries[0]!.label).toBe('X marks')
  })

  it('stay native when any entry has parameters, source or run', () => {
    for (const key of ['parameters', 'source', 'run']) {
      const value = key === 'source' ? 'openclaw' : key === 'run' ? {result: 1} : {}
      const {format} = parse({tools: [{name: 'a', inputSchema: {}}, {name: 'b', inputSchema: {}, [key]: value}]})
      expect(format).toBe('native')
    }
    expect(parse({tools: [{name: 'a', inputSchema: {}}, {name: 'b'}]}).format).toBe('native')
  })

  it('may come wrapped in a JSON-RPC response', () => {
    const {format, entries} = parse({jsonrpc: '2.0', id: 1, result: list}, {file: 'github.json'})
    expect(format).toBe('mcp-tools-list')
    expect(entries[0]!.origin).toEqual({file: 'github.json', path: ['result', 'tools', 0]})
  })

  it('name the entry in errors', () => {
    expect(errorOf({tools: [{name: 'a', inputSchema: {}}, {name: 5, inputSchema: {}}]})).toBe('tools.json: tools[1].name: must be a string')
    expect(errorOf({tools: [{name: 'a', inputSchema: 'object'}]})).toBe('tools.json: tools[0].inputSchema: must be an object (a JSON Schema)')
    expect(errorOf({tools: [{name: 'a', inputSchema: {}, description: 5}]})).toBe('tools.json: tools[0].description: must be a string')
    expect(errorOf({tools: [{name: 'a', inputSchema: {}, title: ['x']}]})).toBe('tools.json: tools[0].title: must be a string')
    expect(errorOf({jsonrpc: '2.0', result: {tools: {}}})).toBe('tools.json: result.tools: must be an array')
  })

  it('say so when the file saved a JSON-RPC error instead of a tools/list result', () => {
    expect(errorOf({jsonrpc: '2.0', id: 1, error: {code: -32601, message: 'Method not found'}})).toBe('tools.json: error: the file holds a JSON-RPC error response, not a tools/list result (-32601 Method not found)')
  })
})

describe('OpenAI and Anthropic tools', () => {
  it('load OpenAI function tools as client tools (Chat Completions and Responses shapes)', () => {
    const {format, entries} = parse([
      {type: 'function', function: {name: 'get_weather', description: 'Weather.', parameters: {type: 'object'}}},
      {type: 'function', name: 'flat_tool', description: 'Flat.', parameters: {type: 'object'}},
    ])
    expect(format).toBe('openai')
    expect(entries.map((entry) => entry.id)).toEqual(['client:client:get_weather', 'client:client:flat_tool'])
    expect(entries[0]).toMatchObject({source: 'client', sourceName: 'client', trusted: false, description: 'Weather.', parameters: {type: 'object'}, origin: {path: [0]}})
  })

  it('load Anthropic tools as client tools', () => {
    const {format, entries} = parse([{name: 'get_stock', description: 'Stock.', input_schema: {type: 'object'}}])
    expect(format).toBe('anthropic')
    expect(entries[0]).toMatchObject({id: 'client:client:get_stock', trusted: false, parameters: {type: 'object'}})
  })

  it('are recognised inside the tools array of a request body', () => {
    expect(parse({tools: [{type: 'function', function: {name: 'a'}}]}).format).toBe('openai')
    expect(parse({model: 'claude', tools: [{name: 'a', input_schema: {}}]}).format).toBe('anthropic')
  })

  it('load an empty array as no tools', () => {
    expect(parse([]).entries).toEqual([])
  })

  it('name the entry in errors', () => {
    expect(errorOf([{type: 'function', function: {name: 'a'}}, {type: 'function', function: {description: 'x'}}])).toBe('tools.json: [1].function.name: must be a string')
    expect(errorOf([{type: 'function', function: {name: 'a'}}, {type: 'web_search'}])).toBe('tools.json: [1].type: must be "function" (only function tools can be cataloged)')
    expect(errorOf([{name: 'a', input_schema: {}}, {name: 'b'}])).toBe('tools.json: [1].input_schema: must be an object (a JSON Schema)')
    expect(errorOf([{name: 'a'}])).toBe('tools.json: [0]: expected an OpenAI function tool ({ type: "function", function: {...} }) or an Anthropic tool ({ name, input_schema })')
    expect(errorOf([{type: 'function', function: 'get_weather'}])).toBe('tools.json: [0].function: must be an object ({ name, description, parameters })')
    expect(errorOf([{type: 'function', function: {name: 'a', parameters: []}}])).toBe('tools.json: [0].function.parameters: must be an object (a JSON Schema)')
    expect(errorOf([{name: 'a', input_schema: {}, description: {}}])).toBe('tools.json: [0].description: must be a string')
    expect(errorOf({tools: null})).toBe('tools.json: tools: must be an array')
  })
})
