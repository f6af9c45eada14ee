/** `toolsearch eval` and `toolsearch search --ranker enhanced`, end to end through the built binary. */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import type {EvaluationReport} from '../../../src/eval/evaluate.js'
import type {SearchHit} from '../../../src/search/hits.js'
import type {TermContribution} from '../../../src/search/types.js'
import {ROOT, parseJsonOutput, runCli, tempDir} from '../../helpers/cli.js'

const FIXTURES = join(ROOT, 'test/fixtures/eval')
const CATALOG = join(FIXTURES, 'catalog.json')
const QUERIES = join(FIXTURES, 'queries.jsonl')
const evalCli = (args: string[]) => runCli(['eval', '--catalog', CATALOG, ...args])

describe('eval', () => {
  // The fixture's three scorable queries, by hand: both rankers put `read_file` first for its
  // exact name; only enhanced finds `delete_file` for "erase" (a synonym); nobody finds "bonjour".
  // One hit at rank 1 out of 3 → every metric is 1/3; two → 2/3.
  it('prints hit@1, hit@5, MRR@10 and nDCG@10 for every ranker side by side', async () => {
    const result = await evalCli(['--queries', QUERIES])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      [
        `3 queries from ${QUERIES} over 6 tools`,
        '',
        'metric   openclaw  enhanced',
        'hit@1    0.3333    0.6667',
        'hit@5    0.3333    0.6667',
        'MRR@10   0.3333    0.6667',
        'nDCG@10  0.3333    0.6667',
        '',
      ].join('\n'),
    )
  })

  it('warns on stderr about relevant ids the catalog lacks and the queries it skipped', async () => {
    const result = await evalCli(['--queries', QUERIES])
    expect(result.stderr).toBe(
      `Warning: 2 relevant ids in ${QUERIES} are not in the catalog (openclaw:kit:gone_too, openclaw:kit:no_such_tool); ignored.\n` +
        'Warning: 1 query has no relevant tool in the catalog; skipped.\n',
    )
  })

  it('returns the report as one JSON document under --json, warnings still on stderr', async () => {
    const result = await evalCli(['--queries', QUERIES, '--json'])
    const report = parseJsonOutput<EvaluationReport>(result)
    expect(report).toMatchObject({queries: 3, tools: 6, missDepth: 5, skippedLines: [5], unknownIds: ['openclaw:kit:gone_too', 'openclaw:kit:no_such_tool']})
    expect(report.rankers.map((evaluation) => evaluation.ranker)).toEqual(['openclaw', 'enhanced'])
    expect(report.rankers[1]!.metrics).toEqual({hit1: 2 / 3, hit5: 2 / 3, mrr10: 2 / 3, ndcg10: 2 / 3})
    expect(report.rankers[1]!.misses).toEqual([])
    expect(result.stderr).toContain('Warning: 1 query has no relevant tool')
  })

  it('lists the misses of each ranker with what it returned instead (--failures)', async () => {
    const result = await evalCli(['--queries', QUERIES, '--ranker', 'openclaw,enhanced', '--failures'])
    expect(result.code).toBe(0)
    const failures = result.stdout.slice(result.stdout.indexOf('openclaw missed'))
    expect(failures).toBe(
      [
        'openclaw missed 2 of 3 (no relevant tool in the top 5)',
        '  line 2: erase',
        '    expected: openclaw:kit:delete_file (not in the top 10)',
        '    returned: (nothing)',
        '  line 4: bonjour',
        '    expected: openclaw:kit:search_web (not in the top 10)',
        '    returned: (nothing)',
        '',
        'enhanced missed 1 of 3 (no relevant tool in the top 5)',
        '  line 4: bonjour',
        '    expected: openclaw:kit:search_web (not in the top 10)',
        '    returned: (nothing)',
        '',
      ].join('\n'),
    )
  })

  it('shows what came back instead, and the rank of a late hit, with --miss-at', async () => {
    const queries = join(tempDir(), 'q.jsonl')
    // "file" matches both file tools; the labelled one ranks second.
    writeFileSync(queries, '{"query": "file", "relevant": ["openclaw:kit:read_file"]}\n')
    const report = parseJsonOutput<EvaluationReport>(await evalCli(['--queries', queries, '--ranker', 'enhanced', '--miss-at', '1', '--failures', '--json']))
    const [miss] = report.rankers[0]!.misses
    expect(miss!.returned.map((hit) => hit.id)).toEqual(['openclaw:kit:delete_file'])
    expect(miss!.rank).toBe(2)
  })

  it('evaluates only the rankers asked for, in that order', async () => {
    const report = parseJsonOutput<EvaluationReport>(await evalCli(['--queries', QUERIES, '--ranker', 'enhanced', '--json']))
    expect(report.rankers.map((evaluation) => evaluation.ranker)).toEqual(['enhanced'])
  })

  it('names the line of a bad query (exit 2, no stack trace)', async () => {
    const result = await evalCli(['--queries', join(FIXTURES, 'bad-line.jsonl')])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(`Error: ${join(FIXTURES, 'bad-line.jsonl')}:2: relevant must be a non-empty array of tool ids.\n`)
  })

  it('fails clearly on a missing queries file, an unknown ranker, or no usable query', async () => {
    const missing = await evalCli(['--queries', join(FIXTURES, 'nope.jsonl')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe(`Error: Queries file not found: ${join(FIXTURES, 'nope.jsonl')}\n`)

    const unknown = await evalCli(['--queries', QUERIES, '--ranker', 'bm99'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('Unknown ranker "bm99". Known rankers: openclaw, enhanced.')

    const elsewhere = join(tempDir(), 'q.jsonl')
    writeFileSync(elsewhere, '{"query": "x", "relevant": ["mcp:other:tool"]}\n')
    const none = await evalCli(['--queries', elsewhere, '--json'])
    expect(none.code).toBe(2)
    expect(parseJsonOutput<{error: {message: string}}>(none).error.message).toBe(`None of the queries in ${elsewhere} has a relevant tool in the catalog.`)
  })

  it('neutralises control characters from the query file in its output', async () => {
    const queries = join(tempDir(), 'q.jsonl')
    writeFileSync(queries, `${JSON.stringify({query: 'erase\u001b[31m red', relevant: ['openclaw:kit:search_web']})}\n`)
    const result = await evalCli(['--queries', queries, '--failures'])
    expect(result.code).toBe(0)
    expect(result.stdout).not.toContain('\u001b')
  })
})

describe('search --ranker enhanced', () => {
  const search = (args: string[]) => runCli(['search', '--catalog', CATALOG, '--ranker', 'enhanced', ...args])

  it('finds what the default ranker cannot (a synonym), with the hit shape unchanged', async () => {
    const openclaw = parseJsonOutput<SearchHit[]>(await runCli(['search', '--catalog', CATALOG, 'erase', '--json']))
    expect(openclaw).toEqual([])
    const hits = parseJsonOutput<SearchHit[]>(await search(['erase', '--json']))
    expect(hits.map((hit) => hit.id)).toEqual(['openclaw:kit:delete_file'])
    expect(hits[0]).toEqual({
      id: 'openclaw:kit:delete_file',
      source: 'openclaw',
      sourceName: 'kit',
      name: 'delete_file',
      description: 'Remove a file from disk for good.',
      input: 'unknown',
    })
  })

  it('explains each hit: contributions with field and expandedFrom that add up to the score', async () => {
    const hits = parseJsonOutput<Array<SearchHit & {explain: {score: number; terms: TermContribution[]}}>>(await search(['erase', 'files', '--explain', '--json']))
    expect(hits[0]!.id).toBe('openclaw:kit:delete_file')
    for (const hit of hits) {
      const total = hit.explain.terms.reduce((sum, term) => sum + term.score, 0)
      expect(total).toBeCloseTo(hit.explain.score, 10)
    }
    expect(hits[0]!.explain.terms).toContainEqual(expect.objectContaining({field: 'name', expandedFrom: 'erase'}))
    const human = await search(['erase', '--explain'])
    expect(human.stdout).toContain('expanded from "erase"')
  })

  it('runs a raw tool_search request through the enhanced ranker', async () => {
    const result = await search(['--request', '{"queries":[{"query":"erase","limit":1},{"query":"kubectl logs","limit":1}]}'])
    expect(result.code).toBe(0)
    // An MCP tool is among the candidates: the text is wrapped as external content.
    const json = result.stdout.slice(result.stdout.indexOf('---\n') + 4, result.stdout.lastIndexOf('\n<<<END_EXTERNAL_UNTRUSTED_CONTENT'))
    const response = JSON.parse(json) as {results: Array<{query: string; candidates: SearchHit[]}>}
    expect(response.results.map((group) => group.candidates.map((hit) => hit.id))).toEqual([['openclaw:kit:delete_file'], ['mcp:cluster:kubectl_logs']])
  })

  it('never searches the MCP tool schema ("namespace" is only in it)', async () => {
    expect(parseJsonOutput<SearchHit[]>(await search(['namespace', '--json']))).toEqual([])
  })
})
