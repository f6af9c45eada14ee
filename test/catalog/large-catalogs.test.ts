/**
 * Catalogs far larger than any real one still load, and are searched: a file of 200,000 tools
 * (130,000 of them skipped for a `__proto__` key each), and one MCP server listing 150,000 tools.
 * Either used to end the whole run with `Maximum call stack size exceeded`: the skipped tools and
 * the server's entries were spread into `push(...)` (test/design/spreads.test.ts now forbids that).
 */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {catalogedEntries, loadCatalogs} from '../../src/catalog/index.js'
import {createOpenClawRanker} from '../../src/search/openclaw.js'
import {tempDir} from '../helpers/cli.js'
import {fixtureServer, leftoverServers, pidFile, writeMcpConfig} from '../mcp/helpers.js'

describe('very large catalogs', () => {
  it('a file of 200,000 tools, 130,000 of them skipped, loads: the rest are searchable and each skipped one is named', async () => {
    const dir = tempDir()
    const file = join(dir, 'tools.json')
    const tools = Array.from({length: 200_000}, (_, i) => `{"name":"tool_${i}","description":"Generated tool number ${i}."${i < 130_000 ? ',"parameters":{"type":"object","__proto__":{"x":1}}' : ''}}`)
    writeFileSync(file, `{"tools":[${tools.join(',')}]}`)
    const catalog = await loadCatalogs([file])
    expect(catalog.entries).toHaveLength(70_000)
    expect(catalog.skippedTools).toHaveLength(130_000)
    expect(catalog.skippedTools![129_999]).toMatchObject({name: 'tool_129999', problem: 'the key "__proto__" is not allowed'})
    const hits = createOpenClawRanker(catalogedEntries(catalog.entries)).search('tool_199999', 1)
    expect(hits.map((hit) => hit.entry.id)).toEqual(['openclaw:core:tool_199999'])
  })

  it('an MCP server listing 150,000 tools loads them all', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {big: fixtureServer(pids, ['--extra-tools', '150000'])})
    const catalog = await loadCatalogs([config], {env: {PATH: process.env.PATH}})
    expect(catalog.unavailableMcpServers).toEqual([])
    // The fixture's own tools and every generated one, named as OpenClaw names them.
    const generated = catalog.entries.filter((entry) => /^mcp:big:big__generated_\d+$/u.test(entry.id))
    expect(generated).toHaveLength(150_000)
    expect(generated.some((entry) => entry.id === 'mcp:big:big__generated_149999')).toBe(true)
    expect(catalog.entries.length).toBeGreaterThan(150_000)
    expect(await leftoverServers(pids)).toEqual([])
  })
})
