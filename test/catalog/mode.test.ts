/** Catalog membership per Tool Search mode: what OpenClaw catalogs in `tools` and `directory` mode. */
import {describe, expect, it} from 'vitest'

import {entriesForMode} from '../../src/catalog/index.js'
import type {CatalogEntry} from '../../src/catalog/types.js'
import {renderDirectory} from '../../src/directory/render.js'
import {entry} from '../directory/entry.js'

const summary = (entries: readonly CatalogEntry[]) => entries.map((item) => `${item.id} ${item.visibility}`)

describe('entriesForMode', () => {
  const catalog = [
    entry('pick_file', {source: 'client'}),
    entry('pick_file', {sourceName: 'files'}),
    entry('ls', {sourceName: 'core'}),
    entry('ls', {sourceName: 'fsplus'}),
    entry('read', {sourceName: 'core'}),
    entry('create_issue', {source: 'mcp', sourceName: 'github'}),
  ]

  it('keeps every tool, and core primitives directly visible, in tools mode', () => {
    expect(entriesForMode(catalog, 'tools')).toEqual(catalog)
  })

  it('catalogs no client tool in directory mode, and defers a core primitive whose name another tool has', () => {
    expect(summary(entriesForMode(catalog, 'directory'))).toEqual([
      'openclaw:files:pick_file deferred',
      'openclaw:core:ls deferred',
      'openclaw:fsplus:ls deferred',
      'openclaw:core:read direct-and-cataloged',
      'mcp:github:create_issue deferred',
    ])
  })

  it('counts a name shared with a client tool or a direct-only tool as unique in directory mode', () => {
    // Neither is cataloged in directory mode, so `read` stays the one cataloged tool of that name.
    const entries = [entry('read', {sourceName: 'core'}), entry('read', {source: 'client'}), entry('read', {sourceName: 'plugin', directOnly: true})]
    expect(summary(entriesForMode(entries, 'directory'))).toEqual(['openclaw:core:read direct-and-cataloged', 'openclaw:plugin:read direct-only'])
  })

  it('leaves the entries it is given unchanged', () => {
    const before = summary(catalog)
    entriesForMode(catalog, 'directory')
    expect(summary(catalog)).toEqual(before)
  })

  it('makes the directory of directory mode list a plugin tool whose name only a client tool shared', () => {
    const tools = renderDirectory(entriesForMode(catalog, 'tools'), {mode: 'tools'})
    const directory = renderDirectory(entriesForMode(catalog, 'directory'), {mode: 'directory'})
    expect(tools.text).not.toContain('- pick_file')
    expect([tools.rows, tools.omitted]).toEqual([0, 4])
    expect(directory.text).toContain('- pick_file (files): Does pick_file.')
    // The client tool is neither listed nor omitted; both ls tools and the MCP tool are omitted.
    expect([directory.rows, directory.omitted]).toEqual([1, 3])
  })
})
