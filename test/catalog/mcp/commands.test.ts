import {symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../../helpers/cli.js'

import {assertImportComplete, assertOutputIsNotInput, planImport, serializeImport} from '../../../src/catalog/mcp/catalog-import.js'
import {nativeEntry} from '../../../src/catalog/entries.js'
import {summarizeCatalog} from '../../../src/inspect/catalog-list.js'
import {renderCatalogSummary} from '../../../src/inspect/catalog-list-render.js'
import type {Catalog, CatalogEntry, McpServerConfig} from '../../../src/catalog/types.js'

function entry(source: CatalogEntry['source'], sourceName: string, name: string, extra: Partial<CatalogEntry> = {}): CatalogEntry {
  return {
    id: `${source}:${sourceName}:${name}`,
    name,
    source,
    sourceName,
    description: `${name} tool`,
    trusted: source === 'openclaw',
    visibility: 'deferred',
    requiresApproval: false,
    origin: {file: 'f.json', path: ['tools', 0]},
    ...extra,
  }
}

const stdio: McpServerConfig = {transport: 'stdio', command: 'srv', args: [], env: {}}

const catalog: Catalog = {
  entries: [
    entry('mcp', 'zeta', 'search', {run: {kind: 'mcp', server: 'zeta', tool: 'search'}, mcp: {serverName: 'zeta', safeServerName: 'zeta', toolName: 'search', operation: 'tool'}, parameters: {type: 'object'}}),
    entry('openclaw', 'core', 'read', {visibility: 'direct-and-cataloged'}),
    entry('openclaw', 'core', 'search'),
    entry('client', 'client', 'notify', {visibility: 'direct-only'}),
  ],
  mcpServers: {zeta: stdio, empty: stdio, down: stdio},
  unavailableMcpServers: [{server: 'down', error: 'exited with code 1 during initialize'}],
}

describe('summarizeCatalog', () => {
  it('groups per source and owner, lists servers with no tools and unavailable ones, and finds shared names', () => {
    const summary = summarizeCatalog(catalog, ['f.json'])
    expect(summary.total).toBe(4)
    expect(summary.groups.map(({source, sourceName, tools, status}) => `${source}/${sourceName}/${tools}/${status}`)).toEqual([
      'openclaw/core/2/ok',
      'mcp/down/0/unavailable',
      'mcp/empty/0/ok',
      'mcp/zeta/1/ok',
      'client/client/1/ok',
    ])
    expect(summary.groups[0]).toMatchObject({directAndCataloged: 1, directOnly: 0})
    expect(summary.duplicateNames).toEqual([{name: 'search', ids: ['mcp:zeta:search', 'openclaw:core:search']}])
  })

  it('renders an aligned table with notes', () => {
    expect(renderCatalogSummary(summarizeCatalog(catalog, ['f.json']), {color: false})).toBe(
      [
        '4 tools from 4 owners in f.json',
        '',
        '  SOURCE    OWNER   TOOLS',
        '  openclaw  core        2  1 also directly visible',
        '  mcp       down        -  unavailable: exited with code 1 during initialize',
        '  mcp       empty       0',
        '  mcp       zeta        1',
        '  client    client      1  1 direct-only',
        '',
        'Duplicated names (1): a lookup by one of these names is ambiguous; use the id.',
        '  search  mcp:zeta:search, openclaw:core:search',
        '',
        '1 MCP server unavailable: down',
        '',
      ].join('\n'),
    )
  })
})

describe('catalog list and the tool policy', () => {
  it('says how many tools the policy hides, so a short list is not a mystery', () => {
    const summary = summarizeCatalog(catalog, ['f.json'], {denied: 3})
    expect(summary.denied).toBe(3)
    expect(renderCatalogSummary(summary, {color: false}).split('\n').slice(0, 2)).toEqual(['4 tools from 4 owners in f.json', '3 more tools are hidden by the tool policy (tools.allow / tools.deny, --allow / --deny).'])
    expect(summarizeCatalog(catalog, ['f.json']).denied).toBe(0)
    expect(renderCatalogSummary(summarizeCatalog(catalog, ['f.json']), {color: false})).not.toContain('hidden')
  })

  it('counts the tools --deny and tools.allow leave out (CLI)', async () => {
    const cwd = tempDir()
    writeFileSync(join(cwd, 'openclaw.json'), JSON.stringify({tools: {allow: ['openclaw:*', 'client:*']}}))
    const result = await runCli(['catalog', 'list', '--catalog', join(ROOT, 'examples', 'catalog.json5'), '--deny', 'client:*', '--json', '--project'], {cwd})
    expect(result.code).toBe(0)
    expect(parseJsonOutput<{total: number; denied: number}>(result)).toMatchObject({total: 24, denied: 5})
  })
})

describe('planImport', () => {
  it('writes only live MCP tools, as native mcp entries, and counts them per answering server', () => {
    const plan = planImport(catalog)
    // The run names the server and the tool's own name there, so the snapshot keeps its provenance.
    expect(plan.document).toEqual({tools: [{name: 'search', description: 'search tool', source: 'mcp', sourceName: 'zeta', parameters: {type: 'object'}, run: {mcpServer: 'zeta', mcpTool: 'search'}}]})
    expect(plan.servers).toEqual([
      {server: 'zeta', tools: 1},
      {server: 'empty', tools: 0},
    ])
    expect(serializeImport(plan).endsWith('}\n')).toBe(true)
  })

  it('refuses an incomplete import unless partial', () => {
    expect(() => assertImportComplete(planImport(catalog), false)).toThrow('Nothing written: MCP server "down" is unavailable.')
    expect(() => assertImportComplete(planImport(catalog), true)).not.toThrow()
  })

  it('refuses to write over an input catalog, however it is spelled', () => {
    expect(() => assertOutputIsNotInput('./cfg/../mcp.json', ['mcp.json'], '/srv/project')).toThrow('it is one of the catalogs being imported (mcp.json)')
    expect(() => assertOutputIsNotInput('out.json', ['mcp.json'], '/srv/project')).not.toThrow()
  })

  it('sees through a symlink to an input catalog', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'mcp.json'), '{}')
    symlinkSync(join(dir, 'mcp.json'), join(dir, 'link.json'))
    expect(() => assertOutputIsNotInput('link.json', ['mcp.json'], dir)).toThrow('it is one of the catalogs being imported (mcp.json)')
  })
})

describe('an MCP run in a native catalog (what catalog import writes)', () => {
  const context = {file: '/c/tools.json', directory: '/c'}
  const read = (raw: Record<string, unknown>) => nativeEntry({name: 'docs__search', source: 'mcp', sourceName: 'docs', ...raw}, ['tools', 0], context)

  it('keeps the tool\'s server and own name, so it reads back with the live provenance', () => {
    expect(read({run: {mcpServer: 'my docs', mcpTool: 'search'}})).toMatchObject({
      id: 'mcp:docs:docs__search',
      run: {kind: 'mcp', server: 'my docs', tool: 'search'},
      mcp: {serverName: 'my docs', safeServerName: 'docs', toolName: 'search', operation: 'tool'},
    })
    expect(read({run: {mcpServer: 'my docs', mcpOperation: 'prompts_get'}})).toMatchObject({
      run: {kind: 'mcp', server: 'my docs', tool: 'prompts_get', operation: 'prompts_get'},
      mcp: {serverName: 'my docs', toolName: 'prompts_get', operation: 'prompts_get'},
    })
    // Without a run, an MCP entry keeps the golden corpus's convention: its provenance comes from its owner and name.
    expect(read({}).mcp).toBeUndefined()
  })

  it('refuses a malformed MCP run, naming the field', () => {
    expect(() => read({run: {mcpServer: 'docs'}})).toThrow('/c/tools.json: tools[0].run: an MCP run has exactly one of "mcpTool" or "mcpOperation" beside "mcpServer"')
    expect(() => read({run: {mcpServer: 'docs', mcpTool: 'a', mcpOperation: 'prompts_get'}})).toThrow('an MCP run has exactly one of "mcpTool" or "mcpOperation"')
    expect(() => read({run: {mcpServer: 'docs', mcpOperation: 'tools_call'}})).toThrow('tools[0].run.mcpOperation: must be one of "resources_list", "resources_read", "prompts_list", "prompts_get"')
    expect(() => read({run: {mcpServer: ' ', mcpTool: 'a'}})).toThrow('tools[0].run.mcpServer: must be a non-empty string')
    expect(() => read({run: {mcpServer: 'docs', mcpTool: 'a', result: 1}})).toThrow('tools[0].run: an MCP run ("mcpServer") has no "result", "cases" or "command"')
    expect(() => nativeEntry({name: 'x', run: {mcpServer: 'docs', mcpTool: 'a'}}, ['tools', 0], context)).toThrow('tools[0].run: names an MCP server, so the tool needs "source": "mcp"')
  })
})
