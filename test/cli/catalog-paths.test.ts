/** `--catalog <dir>`: every command that reads catalogs takes a directory of catalog files. */
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const LISTS = join(ROOT, 'test', 'fixtures', 'mcp-tools-list')

describe('--catalog <dir>', () => {
  it('loads every tools/list file of a directory, each owned by its file name', async () => {
    const result = await runCli(['catalog', 'list', '--catalog', LISTS, '--json'])
    expect(result.code).toBe(0)
    const listing = parseJsonOutput<{total: number; groups: Array<{sourceName: string}>}>(result)
    expect(listing.total).toBe(342)
    const hits = parseJsonOutput<Array<{id: string}>>(await runCli(['search', '--catalog', LISTS, 'take', 'a', 'screenshot', '--json', '--limit', '2']))
    expect(hits.map((hit) => hit.id)).toEqual(['mcp:playwright:browser_take_screenshot', 'mcp:chrome-devtools:take_screenshot'])
  })

  it('keeps catalog import from writing over a file of a catalog directory it reads', async () => {
    const dir = tempDir()
    const catalogs = join(dir, 'catalogs')
    mkdirSync(catalogs)
    copyFileSync(join(ROOT, 'examples', 'mcp-servers.json'), join(catalogs, 'servers.json'))
    const servers = JSON.parse(readFileSync(join(catalogs, 'servers.json'), 'utf8')) as {mcpServers: Record<string, {cwd?: string}>}
    for (const server of Object.values(servers.mcpServers)) server.cwd = join(ROOT, 'examples')
    writeFileSync(join(catalogs, 'servers.json'), JSON.stringify(servers))
    const before = readFileSync(join(catalogs, 'servers.json'), 'utf8')
    const result = await runCli(['catalog', 'import', '--catalog', 'catalogs', '--out', join('catalogs', 'servers.json'), '--force'], {cwd: dir})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('it is one of the catalogs being imported')
    expect(readFileSync(join(catalogs, 'servers.json'), 'utf8')).toBe(before)
  })
})
