/**
 * The openclaw ranker on 22 real MCP servers' tools/list results (342 tools; see
 * test/fixtures/mcp-tools-list/SOURCES.md for packages and licences).
 */
import {readdirSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'

import {loadCatalogs} from '../../src/catalog/index.js'
import type {Catalog} from '../../src/catalog/types.js'
import {createOpenClawRanker} from '../../src/search/openclaw.js'
import type {Ranker} from '../../src/search/types.js'
import {ROOT} from '../helpers/cli.js'

const directory = join(ROOT, 'test/fixtures/mcp-tools-list')
const files = readdirSync(directory).filter((name) => name.endsWith('.json')).sort()

let catalog: Catalog
let ranker: Ranker

beforeAll(async () => {
  catalog = await loadCatalogs(files.map((name) => join(directory, name)))
  ranker = createOpenClawRanker(catalog.entries)
})

const top = (query: string, n = 1): string[] => ranker.search(query, n).map((hit) => hit.entry.id)

describe('real MCP tool lists', () => {
  it('loads every file as MCP tools owned by the file name', () => {
    expect(files).toHaveLength(22)
    expect(catalog.entries).toHaveLength(342)
    expect(new Set(catalog.entries.map((entry) => entry.source))).toEqual(new Set(['mcp']))
    expect(catalog.entries.every((entry) => entry.id === `mcp:${entry.sourceName}:${entry.name}` && !entry.trusted)).toBe(true)
    expect(new Set(catalog.entries.map((entry) => entry.sourceName)).size).toBe(22)
    expect(catalog.entries.find((entry) => entry.id === 'mcp:github:create_issue')).toBeDefined()
  })

  it('keeps MCP titles as labels', () => {
    const titled = catalog.entries.filter((entry) => entry.label !== undefined)
    expect(titled.length).toBeGreaterThan(0)
  })

  it('finds screenshot tools for "take a screenshot of the page"', () => {
    expect(top('take a screenshot of the page', 2).sort()).toEqual(['mcp:chrome-devtools:take_screenshot', 'mcp:playwright:browser_take_screenshot'])
  })

  it('finds GitHub issue creation for "create an issue on github"', () => {
    expect(top('create an issue on github')).toEqual(['mcp:github:create_issue'])
  })

  it('finds sensible tools for everyday requests', () => {
    expect(top('open a pull request on github', 3)).toContain('mcp:github:create_pull_request')
    expect(top('show the logs of a kubernetes pod', 1)).toEqual(['mcp:kubernetes:kubectl_logs'])
    expect(top('send a message to a slack channel', 3)).toContain('mcp:slack:slack_post_message')
    expect(top('get directions between two places', 3)).toContain('mcp:google-maps:maps_directions')
    expect(top('query a postgres database', 1)).toEqual(['mcp:postgres:query'])
  })

  it('answers an exact tool name first', () => {
    expect(top('browser_navigate')).toEqual(['mcp:playwright:browser_navigate'])
  })

  it('returns [] for a query in another language', () => {
    expect(ranker.search('写一封电子邮件给我的老板', 10)).toEqual([])
  })
})
