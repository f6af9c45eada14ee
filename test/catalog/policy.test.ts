/** Tool policy (SPEC §4.2): globs over names and ids, deny wins, fail closed. */
import {describe, expect, it} from 'vitest'

import {applyToolPolicy, compileToolPolicy, globToRegExp, mergeToolPolicies} from '../../src/catalog/policy.js'
import {tool} from '../search/tools.js'

const entries = [
  tool('read', {sourceName: 'core'}),
  tool('web_search', {sourceName: 'web'}),
  tool('create_issue', {source: 'mcp', sourceName: 'github'}),
  tool('create_issue', {source: 'mcp', sourceName: 'gitlab'}),
]
const allowed = (allow: string[], deny: string[] = []) => entries.filter(compileToolPolicy({allow, deny})).map((entry) => entry.id)

describe('globToRegExp', () => {
  it('supports * (any run, colons included) and ? (one character); the rest is literal', () => {
    expect(globToRegExp('mcp:github:*').test('mcp:github:create_issue')).toBe(true)
    expect(globToRegExp('*_issue').test('create_issue')).toBe(true)
    expect(globToRegExp('re?d').test('read')).toBe(true)
    expect(globToRegExp('re?d').test('reed_x')).toBe(false)
    expect(globToRegExp('a.b').test('axb')).toBe(false)
    expect(globToRegExp('(x)+[y]').test('(x)+[y]')).toBe(true)
    expect(globToRegExp('READ').test('read')).toBe(false)
  })
})

describe('tool policy', () => {
  it('allows everything with empty lists', () => {
    expect(allowed([])).toHaveLength(4)
  })

  it('matches names and ids', () => {
    expect(allowed([], ['create_issue'])).toEqual(['openclaw:core:read', 'openclaw:web:web_search'])
    expect(allowed([], ['mcp:gitlab:*'])).toEqual(['openclaw:core:read', 'openclaw:web:web_search', 'mcp:github:create_issue'])
  })

  it('admits only matches of a non-empty allow list', () => {
    expect(allowed(['openclaw:*'])).toEqual(['openclaw:core:read', 'openclaw:web:web_search'])
    expect(allowed(['nothing-matches'])).toEqual([])
  })

  it('lets deny win over allow', () => {
    expect(allowed(['*'], ['read'])).toEqual(['openclaw:web:web_search', 'mcp:github:create_issue', 'mcp:gitlab:create_issue'])
  })

  it('adds flag patterns to the config lists', () => {
    expect(mergeToolPolicies({allow: ['a'], deny: ['b']}, {allow: ['c'], deny: undefined})).toEqual({allow: ['a', 'c'], deny: ['b']})
  })

  it('removes denied entries from the catalog, keeping the rest of it', () => {
    const catalog = {entries, mcpServers: {}, unavailableMcpServers: []}
    const filtered = applyToolPolicy(catalog, {allow: [], deny: ['mcp:*']})
    expect(filtered.entries.map((entry) => entry.name)).toEqual(['read', 'web_search'])
    expect(catalog.entries).toHaveLength(4)
  })
})
