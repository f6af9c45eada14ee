import {describe, expect, it} from 'vitest'

import type {CatalogEntry} from '../../src/catalog/types.js'
import {isToolsearchError} from '../../src/shared/errors.js'
import {
  evaluateRanker,
  hitAt,
  meanMetrics,
  ndcgAt,
  parseLabelledQueries,
  reciprocalRankAt,
  restrictToCatalog,
  scoreRanking,
} from '../../src/eval/evaluate.js'
import type {Ranker} from '../../src/search/types.js'

const ranked = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']
const set = (...ids: string[]) => new Set(ids)

describe('hit@k', () => {
  it('is 1 only when a relevant id is within the first k', () => {
    expect(hitAt(1, ranked, set('a'))).toBe(1)
    expect(hitAt(1, ranked, set('b'))).toBe(0)
    expect(hitAt(5, ranked, set('e'))).toBe(1)
    expect(hitAt(5, ranked, set('f'))).toBe(0)
    expect(hitAt(5, ranked, set('zz', 'c'))).toBe(1)
    expect(hitAt(5, [], set('a'))).toBe(0)
  })
})

describe('MRR@10', () => {
  it('is the reciprocal rank of the first relevant id', () => {
    expect(reciprocalRankAt(10, ranked, set('c'))).toBeCloseTo(1 / 3, 12)
    // The first relevant id counts, not the best-ranked label order.
    expect(reciprocalRankAt(10, ranked, set('d', 'b'))).toBeCloseTo(1 / 2, 12)
    expect(reciprocalRankAt(10, ranked, set('j'))).toBeCloseTo(1 / 10, 12)
  })

  it('is 0 past the cut-off or when nothing relevant is returned', () => {
    expect(reciprocalRankAt(10, ranked, set('k'))).toBe(0)
    expect(reciprocalRankAt(10, ranked, set('zz'))).toBe(0)
  })
})

describe('nDCG@10 (binary relevance)', () => {
  it('one relevant id at rank 3: 1/log2(4) = 0.5', () => {
    expect(ndcgAt(10, ranked, set('c'))).toBeCloseTo(0.5, 12)
  })

  it('two relevant ids at ranks 1 and 3: (1 + 0.5) / (1 + 1/log2(3))', () => {
    expect(ndcgAt(10, ranked, set('a', 'c'))).toBeCloseTo(1.5 / (1 + 1 / Math.log2(3)), 12)
  })

  it('is 1 for an ideal ordering and 0 when nothing relevant is in the first 10', () => {
    expect(ndcgAt(10, ranked, set('a', 'b'))).toBeCloseTo(1, 12)
    expect(ndcgAt(10, ranked, set('k', 'l'))).toBe(0)
  })

  it('caps the ideal list at 10 when more than 10 ids are relevant', () => {
    const all = set(...ranked)
    expect(ndcgAt(10, ranked, all)).toBeCloseTo(1, 12)
  })

  it('credits a repeated id once', () => {
    expect(ndcgAt(10, ['a', 'a', 'b'], set('a', 'b'))).toBeCloseTo((1 + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3)), 12)
  })
})

describe('scoreRanking and meanMetrics', () => {
  it('computes all four metrics and averages them per query', () => {
    const first = scoreRanking(ranked, set('a'))
    const second = scoreRanking(ranked, set('f'))
    expect(first).toEqual({hit1: 1, hit5: 1, mrr10: 1, ndcg10: 1})
    expect(second.hit5).toBe(0)
    expect(second.mrr10).toBeCloseTo(1 / 6, 12)
    expect(second.ndcg10).toBeCloseTo(1 / Math.log2(7), 12)
    const mean = meanMetrics([first, second])
    expect(mean.hit1).toBe(0.5)
    expect(mean.hit5).toBe(0.5)
    expect(mean.mrr10).toBeCloseTo((1 + 1 / 6) / 2, 12)
  })

  it('is all zeros for no queries', () => {
    expect(meanMetrics([])).toEqual({hit1: 0, hit5: 0, mrr10: 0, ndcg10: 0})
  })
})

describe('parseLabelledQueries', () => {
  it('reads one query per line, skips blank lines, keeps line numbers and dedupes ids', () => {
    const text = '{"query":"open a pr","relevant":["mcp:github:create_pull_request"]}\n\n{"query":"x","relevant":["a","a","b"]}\r\n'
    expect(parseLabelledQueries(text, 'q.jsonl')).toEqual([
      {query: 'open a pr', relevant: ['mcp:github:create_pull_request'], line: 1},
      {query: 'x', relevant: ['a', 'b'], line: 3},
    ])
  })

  const badLines: Array<[string, string]> = [
    ['{"query": "x", "relevant": ["a"]', 'not valid JSON'],
    ['["x", ["a"]]', 'must be a JSON object'],
    ['{"relevant": ["a"]}', 'query must be a non-empty string'],
    ['{"query": "  ", "relevant": ["a"]}', 'query must be a non-empty string'],
    ['{"query": "x", "relevant": []}', 'relevant must be a non-empty array'],
    ['{"query": "x", "relevant": "a"}', 'relevant must be a non-empty array'],
    ['{"query": "x", "relevant": ["a", 3]}', 'relevant[1] must be a non-empty string'],
  ]
  for (const [line, problem] of badLines) {
    it(`names the line of a bad entry: ${line}`, () => {
      const text = `{"query":"fine","relevant":["a"]}\n${line}\n`
      try {
        parseLabelledQueries(text, 'q.jsonl')
        expect.fail('should have thrown')
      } catch (error) {
        expect(isToolsearchError(error)).toBe(true)
        expect((error as Error).message).toContain('q.jsonl:2: ')
        expect((error as Error).message).toContain(problem)
        expect((error as {line?: number}).line).toBe(2)
      }
    })
  }

  it('rejects a file with no queries', () => {
    expect(() => parseLabelledQueries('\n\n', 'empty.jsonl')).toThrow('empty.jsonl: no labelled queries found.')
  })
})

describe('restrictToCatalog', () => {
  it('drops unknown ids, reports them once, and skips queries left with nothing relevant', () => {
    const queries = [
      {query: 'one', relevant: ['a', 'gone'], line: 1},
      {query: 'two', relevant: ['gone', 'missing'], line: 2},
      {query: 'three', relevant: ['b'], line: 3},
    ]
    const coverage = restrictToCatalog(queries, new Set(['a', 'b']))
    expect(coverage.queries).toEqual([
      {query: 'one', relevant: ['a'], line: 1},
      {query: 'three', relevant: ['b'], line: 3},
    ])
    expect(coverage.unknownIds).toEqual(['gone', 'missing'])
    expect(coverage.skipped.map((q) => q.line)).toEqual([2])
  })
})

describe('evaluateRanker', () => {
  const entry = (id: string): CatalogEntry => ({
    id,
    name: id,
    source: 'openclaw',
    sourceName: 'core',
    description: '',
    trusted: true,
    visibility: 'deferred',
    requiresApproval: false,
    origin: {file: 'test', path: ['tools', 0]},
  })
  // Returns a fixed list per query, so the metrics can be checked by hand.
  const fixed = (lists: Record<string, string[]>): Ranker => ({
    name: 'fixed',
    search: (query, limit) =>
      (lists[query] ?? []).slice(0, limit).map((id, index) => ({entry: entry(id), score: 10 - index, exact: false, literal: true, contributions: []})),
  })

  it('averages per-query metrics and lists the queries missed at depth 5 with what came back', () => {
    const ranker = fixed({first: ['a', 'b'], second: ['c', 'd', 'e', 'f', 'g', 'h'], third: []})
    const result = evaluateRanker(ranker, [
      {query: 'first', relevant: ['a'], line: 1},
      {query: 'second', relevant: ['h'], line: 2},
      {query: 'third', relevant: ['a'], line: 3},
    ])
    expect(result.queries).toBe(3)
    expect(result.metrics.hit1).toBeCloseTo(1 / 3, 12)
    expect(result.metrics.hit5).toBeCloseTo(1 / 3, 12)
    expect(result.metrics.mrr10).toBeCloseTo((1 + 1 / 6) / 3, 12)
    expect(result.misses.map((miss) => [miss.line, miss.rank, miss.returned.map((r) => r.id)])).toEqual([
      [2, 6, ['c', 'd', 'e', 'f', 'g']],
      [3, null, []],
    ])
  })

  it('uses the requested miss depth', () => {
    const ranker = fixed({q: ['x', 'a']})
    expect(evaluateRanker(ranker, [{query: 'q', relevant: ['a'], line: 1}], {missDepth: 1}).misses).toHaveLength(1)
    expect(evaluateRanker(ranker, [{query: 'q', relevant: ['a'], line: 1}], {missDepth: 2}).misses).toHaveLength(0)
  })
})
