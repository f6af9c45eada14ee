/**
 * The enhanced ranker's top hits on every labelled query set the repository holds, as recorded
 * before the ranker was reorganised into rules: ids, scores (exact doubles) and the top hit's
 * explanation. A refactor must leave them identical; a change that is meant to move rankings
 * re-records them (`TOOLSEARCH_RECORD=1 npx vitest run test/search/enhanced/rankings.test.ts`) in
 * the commit that says what moved and what the eval numbers became (`node bench/eval.js`).
 *
 * The sets: bench/queries/*.jsonl over the 22 real MCP servers of test/fixtures/mcp-tools-list
 * (the catalog bench/eval.js uses when ../shared is absent), and test/fixtures/eval.
 */
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {catalogedEntries} from '../../../src/catalog/entries.js'
import {loadCatalogs} from '../../../src/catalog/index.js'
import type {CatalogEntry} from '../../../src/catalog/types.js'
import {buildEnhancedRanker} from '../../../src/search/enhanced/index.js'
import {parseLabelledQueries} from '../../../src/eval/evaluate.js'
import {ROOT} from '../../helpers/cli.js'

const RECORDED = join(ROOT, 'test/fixtures/enhanced-rankings')
const RECORD = process.env.TOOLSEARCH_RECORD === '1'
/** Hits pinned per query: hit@5 depends on all five. */
const DEPTH = 5

async function entriesOf(files: readonly string[]): Promise<CatalogEntry[]> {
  return catalogedEntries((await loadCatalogs(files)).entries)
}

const mcpDirectory = join(ROOT, 'test/fixtures/mcp-tools-list')
const mcpFiles = readdirSync(mcpDirectory).filter((name) => name.endsWith('.json')).sort().map((name) => join(mcpDirectory, name))
const benchSets = readdirSync(join(ROOT, 'bench/queries')).filter((name) => name.endsWith('.jsonl')).sort()

const SETS: Array<{name: string; catalog: () => Promise<CatalogEntry[]>; queries: string}> = [
  ...benchSets.map((name) => ({name: name.replace(/\.jsonl$/, ''), catalog: () => entriesOf(mcpFiles), queries: join(ROOT, 'bench/queries', name)})),
  {name: 'fixtures-eval', catalog: () => entriesOf([join(ROOT, 'test/fixtures/eval/catalog.json')]), queries: join(ROOT, 'test/fixtures/eval/queries.jsonl')},
]

/** One line per query: the query, its top hits as `[id, score]`, and the top hit's contributions as `[term, field, score, expandedFrom?]`. */
async function rankings(set: (typeof SETS)[number]): Promise<string> {
  const ranker = buildEnhancedRanker(await set.catalog())
  const queries = parseLabelledQueries(readFileSync(set.queries, 'utf8'), set.queries)
  const lines = queries.map(({query}) => {
    const hits = ranker.search(query, DEPTH)
    const explained = hits[0]?.contributions.map(({term, field, score, expandedFrom}) => (expandedFrom === undefined ? [term, field, score] : [term, field, score, expandedFrom]))
    return JSON.stringify({query, top: hits.map((hit) => [hit.entry.id, hit.score]), explained})
  })
  return `${lines.join('\n')}\n`
}

describe('enhanced ranker rankings on the labelled query sets', () => {
  it('covers every query set of bench/queries', () => {
    expect(benchSets.length).toBeGreaterThanOrEqual(6)
  })

  it.each(SETS.map((set) => [set.name, set] as const))('%s: top hits identical to the recording', async (name, set) => {
    const file = join(RECORDED, `${name}.jsonl`)
    const actual = await rankings(set)
    if (RECORD) writeFileSync(file, actual)
    expect(existsSync(file), `${file} is not recorded`).toBe(true)
    const expected = readFileSync(file, 'utf8').split('\n')
    // Line by line, so a failure names the query that moved.
    actual.split('\n').forEach((line, index) => expect(line).toBe(expected[index]))
    expect(actual.split('\n')).toHaveLength(expected.length)
  })
})
