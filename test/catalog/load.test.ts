/** Loading catalog files: parsing, merging, and hostile input (SPEC §4.1, §9). */
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {assertSafeCatalogDocument, MAX_CATALOG_DEPTH, MAX_TOOL_CHARS} from '../../src/catalog/guard.js'
import {loadCatalogs} from '../../src/catalog/index.js'
import {isToolsearchError, type ToolsearchError} from '../../src/shared/errors.js'
import {createOpenClawRanker} from '../../src/search/openclaw.js'
import {tempDir} from '../helpers/cli.js'
import {fixtureServer, leftoverServers, pidFile, recordedPids} from '../mcp/helpers.js'

function write(dir: string, name: string, content: string): string {
  const file = join(dir, name)
  writeFileSync(file, content)
  return file
}

async function loadError(files: string[], cwd?: string): Promise<ToolsearchError> {
  const error = await loadCatalogs(files, {cwd}).catch((caught: unknown) => caught)
  if (!isToolsearchError(error)) throw new Error(`expected a ToolsearchError, got ${String(error)}`)
  return error
}

describe('loadCatalogs', () => {
  it('reads JSON5 (comments, trailing commas, unquoted keys, single quotes)', async () => {
    const dir = tempDir()
    const file = write(dir, 'tools.json5', `// a comment\n{tools: [{name: 'read', description: "Read a file.",},],}\n`)
    const catalog = await loadCatalogs([file])
    expect(catalog.entries.map((entry) => entry.id)).toEqual(['openclaw:core:read'])
    expect(catalog).toMatchObject({mcpServers: {}, unavailableMcpServers: []})
  })

  it('strips a byte-order mark', async () => {
    const dir = tempDir()
    const file = write(dir, 'tools.json', '\ufeff{"tools":[{"name":"read"}]}')
    expect((await loadCatalogs([file])).entries).toHaveLength(1)
  })

  it('resolves relative paths against cwd and command cwd against the file directory', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'sub'))
    write(join(dir, 'sub'), 'tools.json', JSON.stringify({tools: [{name: 'x', run: {command: ['node', 'x.js']}}]}))
    const catalog = await loadCatalogs(['sub/tools.json'], {cwd: dir})
    expect(catalog.entries[0]!.run).toEqual({kind: 'command', command: ['node', 'x.js'], cwd: join(dir, 'sub')})
    expect(catalog.entries[0]!.origin.file).toBe('sub/tools.json')
  })

  it('merges several files in order, each detected by shape', async () => {
    const dir = tempDir()
    const native = write(dir, 'native.json', JSON.stringify({tools: [{name: 'read'}]}))
    const mcp = write(dir, 'github.json', JSON.stringify({tools: [{name: 'create_issue', inputSchema: {type: 'object'}}]}))
    const openai = write(dir, 'openai.json', JSON.stringify([{type: 'function', function: {name: 'get_weather'}}]))
    const anthropic = write(dir, 'anthropic.json', JSON.stringify([{name: 'get_stock', input_schema: {}}]))
    const catalog = await loadCatalogs([native, mcp, openai, anthropic])
    expect(catalog.entries.map((entry) => entry.id)).toEqual(['openclaw:core:read', 'mcp:github:create_issue', 'client:client:get_weather', 'client:client:get_stock'])
  })

  it('reads a directory as the catalog files directly in it, in code-unit order, beside explicit files', async () => {
    const dir = tempDir()
    const tools = join(dir, 'tools')
    mkdirSync(join(tools, 'nested'), {recursive: true})
    write(tools, 'b.json', JSON.stringify({tools: [{name: 'b_tool'}]}))
    write(tools, 'B.json5', `{tools: [{name: 'upper_b'}]}`)
    write(tools, 'a.json', JSON.stringify({tools: [{name: 'a_tool'}]}))
    write(tools, 'notes.txt', 'not a catalog')
    write(join(tools, 'nested'), 'deep.json', JSON.stringify({tools: [{name: 'deep_tool'}]}))
    write(dir, 'extra.json', JSON.stringify({tools: [{name: 'extra_tool'}]}))
    const catalog = await loadCatalogs(['extra.json', 'tools'], {cwd: dir})
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['extra_tool', 'upper_b', 'a_tool', 'b_tool'])
    expect(catalog.entries[1]!.origin.file).toBe(join('tools', 'B.json5'))
  })

  it('refuses one id defined twice, naming both places', async () => {
    const dir = tempDir()
    const a = write(dir, 'a.json', JSON.stringify({tools: [{name: 'read'}]}))
    const b = write(dir, 'b.json', JSON.stringify({tools: [{name: 'write'}, {name: 'read'}]}))
    const error = await loadError([a, b])
    expect(error.message).toBe(`${b}: tools[1]: duplicate tool id "openclaw:core:read" (first defined at ${a}: tools[0])`)
    expect(error.exitCode).toBe(2)
  })

  it('names a missing file, a directory without catalogs and a syntax error with its line and column', async () => {
    const dir = tempDir()
    expect((await loadError(['nope.json'], dir)).message).toBe('Catalog not found: nope.json')
    expect((await loadError(['.'], dir)).message).toBe('.: a directory with no catalog files (*.json, *.json5)')
    write(dir, 'bad.json5', '{\n  tools: [\n    {name: "read",, }\n  ]\n}\n')
    const error = await loadError(['bad.json5'], dir)
    expect(error.message).toMatch(/^bad\.json5:3:19: not valid JSON or JSON5: invalid character ','$/)
    expect(error).toMatchObject({file: 'bad.json5', line: 3, column: 19, exitCode: 2})
  })

  it('lists servers of an mcpServers block and reports the ones that fail, keeping the static tools', async () => {
    const dir = tempDir()
    const file = write(
      dir,
      'mixed.json',
      JSON.stringify({tools: [{name: 'read'}], mcpServers: {broken: {command: join(dir, 'no-such-server')}}}),
    )
    const catalog = await loadCatalogs([file], {mcpTimeoutMs: 5000})
    expect(catalog.entries.map((entry) => entry.id)).toEqual(['openclaw:core:read'])
    expect(Object.keys(catalog.mcpServers)).toEqual(['broken'])
    expect(catalog.unavailableMcpServers.map((server) => server.server)).toEqual(['broken'])
  })

  it('accepts a file with only mcpServers, and refuses one server declared in two files', async () => {
    const dir = tempDir()
    const a = write(dir, 'a.json', JSON.stringify({mcpServers: {}}))
    expect((await loadCatalogs([a])).entries).toEqual([])
    const b = write(dir, 'b.json', JSON.stringify({mcpServers: {srv: {command: join(dir, 'missing')}}}))
    const c = write(dir, 'c.json', JSON.stringify({mcpServers: {srv: {command: join(dir, 'missing')}}}))
    const error = await loadError([b, c])
    expect(error.message).toBe(`${c}: mcpServers.srv: server "srv" is already declared in ${b}`)
  })

  it('names the real block of a duplicate server: servers.<key> in a VS Code file', async () => {
    const dir = tempDir()
    const a = write(dir, 'a.json', JSON.stringify({mcpServers: {srv: {command: join(dir, 'missing')}}}))
    const vscode = write(dir, 'vscode.json', JSON.stringify({servers: {srv: {type: 'stdio', command: join(dir, 'missing')}}}))
    expect((await loadError([a, vscode])).message).toBe(`${vscode}: servers.srv: server "srv" is already declared in ${a}`)
  })

  it('starts the servers of every file in one listing, keeping file order in the merged entries', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    // "1" is an integer-like key: an object would list it before "zed", whatever the file order.
    const first = write(dir, 'first.json', JSON.stringify({tools: [{name: 'own_first'}], mcpServers: {zed: fixtureServer(pids)}}))
    const second = write(dir, 'second.json', JSON.stringify({tools: [{name: 'own_second'}], mcpServers: {1: fixtureServer(pids)}}))
    const progress: string[] = []
    const catalog = await loadCatalogs([first, second], {mcpTimeoutMs: 20_000, env: {PATH: process.env.PATH}, progress: (line) => progress.push(line)})
    // One listing for both files: a single count over both servers.
    expect(progress.filter((line) => line.startsWith('Starting MCP servers: 0/'))).toEqual([expect.stringMatching(/^Starting MCP servers: 0\/2 done /)])
    const owners = catalog.entries.map((entry) => (entry.source === 'mcp' ? entry.mcp!.serverName : entry.name))
    expect([...new Set(owners)]).toEqual(['own_first', 'zed', 'own_second', '1'])
    // The server "1" is "mcp-1" to the model: a safe name starts with a letter.
    expect(new Set(catalog.entries.filter((entry) => entry.mcp?.serverName === '1').map((entry) => entry.sourceName))).toEqual(new Set(['mcp-1']))
    expect(catalog.unavailableMcpServers).toEqual([])
    expect(Object.keys(catalog.mcpServers).sort()).toEqual(['1', 'zed'])
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('reports unavailable servers in declaration order across files', async () => {
    const dir = tempDir()
    const first = write(dir, 'first.json', JSON.stringify({mcpServers: {zed: {command: join(dir, 'missing')}}}))
    const second = write(dir, 'second.json', JSON.stringify({mcpServers: {1: {command: join(dir, 'missing')}}}))
    const catalog = await loadCatalogs([first, second], {mcpTimeoutMs: 5000})
    expect(catalog.unavailableMcpServers.map((server) => server.server)).toEqual(['zed', '1'])
  })

  it('refuses a duplicate server or tool id before any server starts', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const a = write(dir, 'a.json', JSON.stringify({tools: [{name: 'read'}], mcpServers: {srv: fixtureServer(pids)}}))
    const sameServer = write(dir, 'b.json', JSON.stringify({mcpServers: {srv: fixtureServer(pids)}}))
    expect((await loadError([a, sameServer])).message).toBe(`${sameServer}: mcpServers.srv: server "srv" is already declared in ${a}`)
    const sameTool = write(dir, 'c.json', JSON.stringify({tools: [{name: 'read'}]}))
    expect((await loadError([a, sameTool])).message).toBe(`${sameTool}: tools[0]: duplicate tool id "openclaw:core:read" (first defined at ${a}: tools[0])`)
    expect(recordedPids(pids)).toEqual([])
  })

  it('names an empty file, and a file that is a JSON string, number or null', async () => {
    const dir = tempDir()
    write(dir, 'empty.json', '')
    write(dir, 'blank.json5', '\ufeff  \n')
    expect((await loadError(['empty.json'], dir)).message).toBe('empty.json: the file is empty (expected a JSON object or an array of tools)')
    expect((await loadError(['blank.json5'], dir)).message).toBe('blank.json5: the file is empty (expected a JSON object or an array of tools)')
    for (const [name, text] of [['string.json', '"tools"'], ['number.json', '42'], ['null.json', 'null']]) {
      write(dir, name!, text!)
      const error = await loadError([name!], dir)
      expect(error.message).toBe(`${name}: a catalog must be a JSON object or an array of tools`)
      expect(error.exitCode).toBe(2)
    }
  })
})

describe('hostile catalogs', () => {
  it('skips a tool with a __proto__ key inside it, in JSON and JSON5, without polluting prototypes', async () => {
    const dir = tempDir()
    const json = write(dir, 'proto.json', '{"tools":[{"name":"x","parameters":{"type":"object","properties":{"__proto__":{"polluted":true}}}},{"name":"kept"}]}')
    const fromJson = await loadCatalogs([json])
    expect(fromJson.entries.map((entry) => entry.name)).toEqual(['kept'])
    expect(fromJson.skippedTools).toEqual([{name: 'x', source: json, path: 'tools[0].parameters.properties.__proto__', problem: 'the key "__proto__" is not allowed'}])
    const json5 = write(dir, 'proto.json5', "{tools: [{name: 'x', __proto__: {polluted: true}}, {name: 'kept'}]}")
    const fromJson5 = await loadCatalogs([json5])
    expect(fromJson5.entries.map((entry) => entry.name)).toEqual(['kept'])
    expect(fromJson5.skippedTools).toEqual([{name: 'x', source: json5, path: 'tools[0].__proto__', problem: 'the key "__proto__" is not allowed'}])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses a __proto__ key outside the tools: the file is at fault, not one tool', async () => {
    const dir = tempDir()
    const top = write(dir, 'top.json5', "{__proto__: {polluted: true}, tools: [{name: 'x'}]}")
    expect((await loadError([top])).message).toBe(`${top}: __proto__: the key "__proto__" is not allowed`)
    const servers = write(dir, 'servers.json', '{"tools":[],"mcpServers":{"a":{"command":"x","env":{"__proto__":{}}}}}')
    expect((await loadError([servers])).message).toBe(`${servers}: mcpServers.a.env.__proto__: the key "__proto__" is not allowed`)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('treats constructor and prototype keys as data', async () => {
    const dir = tempDir()
    const file = write(dir, 'ctor.json', JSON.stringify({tools: [{name: 'constructor', parameters: {type: 'object', properties: {prototype: {type: 'string'}}}, constructor: 1}]}))
    const catalog = await loadCatalogs([file])
    expect(catalog.entries[0]!.id).toBe('openclaw:core:constructor')
    expect(createOpenClawRanker(catalog.entries).search('prototype', 5)).toHaveLength(1)
  })

  it('skips a tool whose schema is a depth bomb, with a readable path, and keeps the others', async () => {
    const dir = tempDir()
    const depth = 100_000
    const file = write(dir, 'deep.json', `{"tools":[{"name":"first"},{"name":"x","parameters":${'{"items":'.repeat(depth)}{}${'}'.repeat(depth)}},{"name":"last"}]}`)
    const catalog = await loadCatalogs([file])
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['first', 'last'])
    expect(catalog.skippedTools).toHaveLength(1)
    const [skipped] = catalog.skippedTools!
    expect(skipped).toMatchObject({name: 'x', source: file, problem: `nests deeper than ${MAX_CATALOG_DEPTH} levels`})
    expect(skipped!.path).toMatch(/^tools\[1\]\.parameters(\.items)+…(\.items)+$/)
    expect(skipped!.path.length).toBeLessThanOrEqual(120)
  })

  it('skips a tool larger than the size limit, and keeps a merely big one', async () => {
    const dir = tempDir()
    const file = write(dir, 'huge.json', JSON.stringify({tools: [{name: 'huge', description: 'x'.repeat(MAX_TOOL_CHARS + 1)}, {name: 'big', description: 'y'.repeat(1_000_000)}]}))
    const catalog = await loadCatalogs([file])
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['big'])
    expect(catalog.skippedTools).toEqual([{name: 'huge', source: file, path: 'tools[0].description', problem: `is larger than ${MAX_TOOL_CHARS} characters`}])
  })

  it('still refuses a malformed entry that also has a defect: a tool without a name is an error naming it', async () => {
    const dir = tempDir()
    const file = write(dir, 'nameless.json', `{"tools":[{"name":"ok"},{"description":"no name","parameters":${'{"items":'.repeat(500)}{}${'}'.repeat(500)}}]}`)
    expect((await loadError([file])).message).toBe(`${file}: tools[1].name: must be a string`)
    const openai = write(dir, 'openai.json', `[{"type":"function","function":{"name":"","parameters":${'{"items":'.repeat(500)}{}${'}'.repeat(500)}}}]`)
    expect((await loadError([openai])).message).toBe(`${openai}: [0].function.name: must not be empty`)
  })

  it('accepts nesting up to the limit', async () => {
    const dir = tempDir()
    // document → tools → [0] → parameters: depth 3, then the items chain.
    const chain = MAX_CATALOG_DEPTH - 3
    const file = write(dir, 'ok.json', `{"tools":[{"name":"x","parameters":${'{"items":'.repeat(chain)}{}${'}'.repeat(chain)}}]}`)
    expect((await loadCatalogs([file])).entries).toHaveLength(1)
  })

  it('refuses cyclic values built in code', () => {
    const schema: Record<string, unknown> = {type: 'object'}
    schema.properties = {self: schema}
    expect(() => assertSafeCatalogDocument({tools: [{name: 'x', parameters: schema}]}, 'built')).toThrow('built: tools[0].parameters.properties.self: is cyclic (it contains itself)')
  })

  it('visits shared sub-objects once (no blow-up on a DAG)', () => {
    let node: Record<string, unknown> = {type: 'string'}
    for (let i = 0; i < 60; i++) node = {anyOf: [node, node]}
    expect(() => assertSafeCatalogDocument({tools: [{name: 'x', parameters: node}]}, 'built')).not.toThrow()
  })

  it('loads ANSI escapes in names and descriptions as data (renderers neutralise them)', async () => {
    const dir = tempDir()
    const file = write(dir, 'ansi.json', JSON.stringify({tools: [{name: 'evil\u001b[2J', description: '\u001b]0;pwned\u0007 clear screen'}]}))
    const catalog = await loadCatalogs([file])
    expect(catalog.entries[0]!.name).toBe('evil\u001b[2J')
  })

  it('names control characters in a duplicate id as escapes, not raw', async () => {
    const dir = tempDir()
    const file = write(dir, 'dup.json', JSON.stringify({tools: [{name: 'x\u001b[2J'}, {name: 'x\u001b[2J'}]}))
    expect((await loadError([file])).message).toBe(`${file}: tools[1]: duplicate tool id "openclaw:core:x\\u001b[2J" (first defined at ${file}: tools[0])`)
  })

  it('loads and searches a catalog of 50,000 tools', async () => {
    const dir = tempDir()
    const tools = Array.from({length: 50_000}, (_, i) => ({name: `tool_${i}`, description: `Handles widget ${i % 100} for the shared queue.`, parameters: {type: 'object', properties: {id: {type: 'string'}}}}))
    const catalog = await loadCatalogs([write(dir, 'many.json', JSON.stringify({tools}))])
    expect(catalog.entries).toHaveLength(50_000)
    const ranker = createOpenClawRanker(catalog.entries)
    // Every tool matches "queue" equally: ties are broken by id, and only the limit comes back.
    expect(ranker.search('queue', 3).map((hit) => hit.entry.name)).toEqual(['tool_0', 'tool_1', 'tool_10'])
    expect(ranker.search('tool_49999', 1)[0]).toMatchObject({exact: true, entry: {name: 'tool_49999'}})
  })

  it('loads and searches a 10 MB description', async () => {
    const dir = tempDir()
    const description = 'lorem ipsum dolor '.repeat(600_000) + 'needle'
    const file = write(dir, 'big.json', JSON.stringify({tools: [{name: 'big', description}, {name: 'small', description: 'haystack'}]}))
    const catalog = await loadCatalogs([file])
    expect(catalog.entries[0]!.description.length).toBeGreaterThan(10_000_000)
    const ranker = createOpenClawRanker(catalog.entries)
    expect(ranker.search('needle', 5).map((hit) => hit.entry.name)).toEqual(['big'])
  })
})
