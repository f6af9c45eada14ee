/** Tool lookup (SPEC §8.1): exact id, exact name, ambiguity, direct-only, suggestions. */
import {describe, expect, it} from 'vitest'

import {DIRECT_ONLY_MESSAGE, findByOldMcpName, lookupCatalogTool, lookupTool, lookupToolForPerson, suggestTools} from '../../src/call/lookup.js'
import {applyToolPolicy, compileToolPolicy} from '../../src/catalog/policy.js'
import type {ToolsearchError} from '../../src/shared/errors.js'
import {thrownBy, tool} from '../search/tools.js'

const entries = [
  tool('read', {sourceName: 'core'}),
  tool('weather_forecast', {sourceName: 'weather'}),
  tool('web_search', {sourceName: 'web'}),
  tool('web_fetch', {sourceName: 'web'}),
  tool('create_issue', {source: 'mcp', sourceName: 'github'}),
  tool('create_issue', {source: 'mcp', sourceName: 'gitlab'}),
  tool('session_status', {sourceName: 'gateway', directOnly: true}),
  tool('Read', {sourceName: 'docs'}),
]

function lookupError(idOrName: string, list = entries): ToolsearchError {
  const error = thrownBy(() => lookupTool(list, idOrName))
  if (error === undefined) throw new Error(`expected ${idOrName} to fail`)
  return error
}

describe('lookupTool', () => {
  it('finds an exact id first', () => {
    expect(lookupTool(entries, 'mcp:gitlab:create_issue').id).toBe('mcp:gitlab:create_issue')
  })

  it('finds an exact, case-sensitive name', () => {
    expect(lookupTool(entries, 'read').id).toBe('openclaw:core:read')
    expect(lookupTool(entries, 'Read').id).toBe('openclaw:docs:Read')
  })

  it('prefers an id over a name that happens to equal it', () => {
    const tricky = [tool('openclaw:core:read', {sourceName: 'odd'}), tool('read', {sourceName: 'core'})]
    expect(lookupTool(tricky, 'openclaw:core:read').id).toBe('openclaw:core:read')
  })

  it('refuses a name two tools share', () => {
    const error = lookupError('create_issue')
    expect(error.message).toBe('Ambiguous tool name: create_issue; use an exact tool id.')
    expect(error).toMatchObject({code: 'ambiguous-tool', exitCode: 1, suggestions: ['mcp:github:create_issue', 'mcp:gitlab:create_issue']})
  })

  it('refuses a direct-only tool by name or id', () => {
    for (const key of ['session_status', 'openclaw:gateway:session_status']) {
      const error = lookupError(key)
      expect(error.message).toBe(
        'This tool is already available directly, not through the tool catalog. Call it directly by its declared name with its declared parameters.',
      )
      expect(error).toMatchObject({code: 'direct-only-tool', exitCode: 1})
    }
    expect(DIRECT_ONLY_MESSAGE).toContain('already available directly')
  })

  it('names up to three tools sharing a word with an unknown one (OpenClaw scores words, not spelling)', () => {
    const error = lookupError('wether_forecast')
    expect(error.message).toBe(
      'Unknown tool id: wether_forecast. Did you mean: weather_forecast? Use tool_search to find a tool, tool_describe to inspect it, then tool_call with the exact id or name.',
    )
    expect(error).toMatchObject({code: 'unknown-tool', exitCode: 1, suggestions: ['weather_forecast']})
    // A misspelling that shares no word is no suggestion.
    expect(suggestTools(entries, 'wether_forcast')).toEqual([])
  })

  it('suggests ids where names are shared, at most three, highest score first, ties by localeCompare', () => {
    expect(suggestTools(entries, 'create_isue')).toEqual(['mcp:github:create_issue', 'mcp:gitlab:create_issue'])
    expect(suggestTools(entries, 'web_serch')).toEqual(['web_fetch', 'web_search'])
    // Each shared word scores 12: web_search shares two, web_fetch one.
    expect(suggestTools(entries, 'web search')).toEqual(['web_search', 'web_fetch'])
    const many = ['aa1', 'aa2', 'aa3', 'aa4'].map((name) => tool(name))
    expect(suggestTools(many, 'aa')).toEqual(['aa1', 'aa2', 'aa3'])
  })

  it('trims the id or name before looking it up', () => {
    expect(lookupTool(entries, '  read ').id).toBe('openclaw:core:read')
  })

  it('never suggests direct-only tools, and leaves out "Did you mean" when nothing is near', () => {
    expect(suggestTools(entries, 'session_statu')).toEqual([])
    expect(lookupError('zzzzzzzzzzzz').message).toBe(
      'Unknown tool id: zzzzzzzzzzzz. Use tool_search to find a tool, tool_describe to inspect it, then tool_call with the exact id or name.',
    )
  })

  it('treats a denied tool as unknown (lookups run over policy-filtered entries)', () => {
    const visible = entries.filter(compileToolPolicy({allow: [], deny: ['weather_*']}))
    const error = lookupError('weather_forecast', visible)
    expect(error.code).toBe('unknown-tool')
    expect(error.message).not.toContain('Did you mean: weather_forecast')
  })

  it('tells a denied tool from an unknown one only for the operator: same message, exit 3, a note', () => {
    const catalog = applyToolPolicy({entries, mcpServers: {}, unavailableMcpServers: []}, {allow: [], deny: ['weather_*']})
    const denied = thrownBy(() => lookupCatalogTool(catalog, 'weather_forecast'))!
    expect(denied.code).toBe('tool-denied')
    expect(denied.exitCode).toBe(3)
    expect(denied.message).toBe(lookupError('weather_forecast', catalog.entries).message)
    expect(denied.hint).toContain('denied by the tool policy')
    expect(thrownBy(() => lookupCatalogTool(catalog, 'openclaw:weather:weather_forecast'))!.code).toBe('tool-denied')
    expect(thrownBy(() => lookupCatalogTool(catalog, 'nothing'))!.code).toBe('unknown-tool')
    expect(lookupCatalogTool(catalog, 'web_search').name).toBe('web_search')
  })

  it('does not confuse names with Object.prototype keys', () => {
    expect(lookupError('constructor').code).toBe('unknown-tool')
    expect(lookupTool([tool('constructor')], 'constructor').name).toBe('constructor')
  })
})

describe('lookupToolForPerson: the old names of live MCP tools', () => {
  const live = (server: string, own: string) => {
    const entry = tool(`${server}__${own}`, {source: 'mcp', sourceName: server})
    entry.mcp = {serverName: server, safeServerName: server, toolName: own, operation: 'tool'}
    return entry
  }
  const catalog = {entries: [live('everything', 'echo'), live('everything', 'get-sum'), live('other', 'get-sum'), tool('read', {sourceName: 'core'})], mcpServers: {}, unavailableMcpServers: []}

  it('finds mcp:<server>:<tool>, the bare tool name and mcp:<server>:<name>, with a note naming the new id', () => {
    const note = 'Note: "mcp:everything:echo" is now mcp:everything:everything__echo (OpenClaw\'s name for this MCP tool); use that id.'
    expect(lookupToolForPerson(catalog, ' mcp:everything:echo ')).toEqual({entry: catalog.entries[0], note})
    expect(lookupToolForPerson(catalog, 'echo').entry.id).toBe('mcp:everything:everything__echo')
    expect(lookupToolForPerson(catalog, 'mcp:everything:everything__echo')).toEqual({entry: catalog.entries[0]})
    expect(lookupToolForPerson(catalog, 'read')).toEqual({entry: catalog.entries[3]})
  })

  it('calls an old name two servers\' tools had ambiguous, and leaves what fits nothing unknown', () => {
    const ambiguous = thrownBy(() => lookupToolForPerson(catalog, 'get-sum'))
    expect(ambiguous).toMatchObject({code: 'ambiguous-tool', message: 'Ambiguous tool name: get-sum; use an exact tool id.', suggestions: ['mcp:everything:everything__get-sum', 'mcp:other:other__get-sum']})
    expect(lookupToolForPerson(catalog, 'mcp:other:get-sum').entry.id).toBe('mcp:other:other__get-sum')
    expect(thrownBy(() => lookupToolForPerson(catalog, 'mcp:everything:nope'))?.code).toBe('unknown-tool')
  })

  it('never finds an old name where the model looks', () => {
    expect(findByOldMcpName(catalog.entries, 'mcp:everything:echo')).toHaveLength(1)
    expect(thrownBy(() => lookupCatalogTool(catalog, 'mcp:everything:echo'))?.code).toBe('unknown-tool')
    expect(thrownBy(() => lookupCatalogTool(catalog, 'echo'))?.code).toBe('unknown-tool')
  })
})
