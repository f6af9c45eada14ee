/** The model-facing tool_search request (SPEC §5.4): every rule and message. */
import {describe, expect, it} from 'vitest'

import {BATCH_LIMITS, type BatchResponse, fitResponse, resolveSearchRequest, runSearchRequest, serializeResponse} from '../../src/search/batch.js'
import {createOpenClawRanker} from '../../src/search/openclaw.js'
import {thrownBy, tool} from './tools.js'

const limits = {searchDefaultLimit: 8, maxSearchLimit: 20}

function messageOf(request: unknown, settings = limits): string {
  const error = thrownBy(() => resolveSearchRequest(request, settings))
  if (error !== undefined) expect(error.exitCode).toBe(1)
  return error?.message ?? 'no error'
}

describe('request validation', () => {
  it('needs query or queries', () => {
    expect(messageOf({})).toBe('provide query or queries.')
    expect(messageOf(null)).toBe('provide query or queries.')
    expect(messageOf([{query: 'x'}])).toBe('provide query or queries.')
    expect(messageOf({query: '   '})).toBe('provide query or queries.')
  })

  it('needs queries to be a non-empty array unless a scalar query is present', () => {
    expect(messageOf({queries: 'read'})).toBe('queries must be a non-empty array.')
    expect(messageOf({queries: {query: 'read'}})).toBe('queries must be a non-empty array.')
    expect(messageOf({queries: []})).toBe('queries must be a non-empty array.')
    expect(messageOf({query: ' ', queries: []})).toBe('queries must be a non-empty array.')
    expect(messageOf({query: 'read', queries: []})).toBe('no error')
    expect(messageOf({query: 'read', queries: 'x'})).toBe('queries must be a non-empty array.')
  })

  it('needs a string query', () => {
    expect(messageOf({query: 5})).toBe('query must be a string.')
    expect(messageOf({query: null, queries: [{query: 'x'}]})).toBe('query must be a string.')
  })

  it('refuses a top-level limit on a batch', () => {
    expect(messageOf({queries: [{query: 'read'}], limit: 3})).toBe('set limit on each batch query, not on the batch request.')
    expect(messageOf({query: '', queries: [{query: 'read'}], limit: 3})).toBe('set limit on each batch query, not on the batch request.')
    expect(messageOf({query: 'read', queries: [{query: 'write'}], limit: 3})).toBe('no error')
  })

  it('needs a positive integer top-level limit with a scalar query', () => {
    expect(messageOf({query: 'read', limit: 0})).toBe('limit must be a positive integer.')
    expect(messageOf({query: 'read', limit: '3'})).toBe('limit must be a positive integer.')
  })

  it('needs each entry to be an object', () => {
    expect(messageOf({queries: ['read']})).toBe('queries[0] must be an object.')
    expect(messageOf({queries: [{query: 'read'}, null]})).toBe('queries[1] must be an object.')
    expect(messageOf({queries: [{query: 'read'}, [{query: 'x'}]]})).toBe('queries[1] must be an object.')
  })

  it('needs each query to be a non-empty string', () => {
    expect(messageOf({queries: [{query: '  '}]})).toBe('queries[0].query must be a non-empty string.')
    expect(messageOf({queries: [{query: 'a'}, {query: 3}]})).toBe('queries[1].query must be a non-empty string.')
    expect(messageOf({queries: [{limit: 3}]})).toBe('queries[0].query must be a non-empty string.')
  })

  it('caps each query at 512 characters', () => {
    expect(messageOf({queries: [{query: 'a'.repeat(513)}]})).toBe('queries[0].query must not exceed 512 characters.')
    // 512 characters pass this rule (and then meet the byte rule: the JSON adds quotes and brackets).
    expect(messageOf({queries: [{query: 'a'.repeat(512)}]})).toBe('serialized batch query text may use at most 512 UTF-8 bytes.')
    expect(messageOf({queries: [{query: 'a'.repeat(508)}]})).toBe('no error')
    // ["…"] around 508 characters is exactly 512 bytes; one more character is over.
    expect(messageOf({queries: [{query: 'a'.repeat(509)}]})).toBe('serialized batch query text may use at most 512 UTF-8 bytes.')
  })

  it('needs per-query limits to be positive integers', () => {
    for (const limit of [0, -1, 1.5, '3', null, true]) {
      expect(messageOf({queries: [{query: 'a'}, {query: 'b', limit}]})).toBe('queries[1].limit must be a positive integer.')
    }
  })

  it('allows at most 16 entries', () => {
    const entries = (n: number) => Array.from({length: n}, (_, i) => ({query: `q${i}`, limit: 1}))
    expect(messageOf({queries: entries(16)})).toBe('no error')
    expect(messageOf({queries: entries(17)})).toBe('queries may contain at most 16 entries.')
  })

  it('allows at most 50 results in total, counting omitted limits as searchDefaultLimit and clamping each', () => {
    const omitted = Array.from({length: 7}, (_, i) => ({query: `q${i}`}))
    expect(messageOf({queries: omitted})).toBe(
      'batch queries resolve to 56 results, but may request at most 50 in total. An omitted limit counts as 8; set smaller per-query limits and retry.',
    )
    // 100 is clamped to maxSearchLimit 20: 3 × 20 = 60.
    expect(messageOf({queries: [{query: 'a', limit: 100}, {query: 'b', limit: 100}, {query: 'c', limit: 100}]})).toBe(
      'batch queries resolve to 60 results, but may request at most 50 in total. An omitted limit counts as 8; set smaller per-query limits and retry.',
    )
    expect(messageOf({queries: [{query: 'a', limit: 100}, {query: 'b', limit: 100}, {query: 'c', limit: 10}]})).toBe('no error')
    expect(messageOf({queries: [{query: 'a'}, {query: 'b'}]}, {searchDefaultLimit: 5, maxSearchLimit: 10})).toBe('no error')
  })

  it('caps the serialized batch query text at 512 UTF-8 bytes', () => {
    const twice = (text: string) => ({queries: [{query: text}, {query: text}]})
    // 127 × "é" = 254 bytes; two of them in ["…","…"] = 508 + 7 = 515 bytes.
    expect(messageOf(twice('é'.repeat(127)))).toBe('serialized batch query text may use at most 512 UTF-8 bytes.')
    expect(messageOf(twice('é'.repeat(126)))).toBe('no error')
  })

  it('checks rules in order: the first broken one is reported', () => {
    // The spec lists the queries rule before the query-type rule: a non-string query is no scalar.
    expect(messageOf({query: 5, queries: []})).toBe('queries must be a non-empty array.')
    expect(messageOf({query: 5, queries: 'x'})).toBe('queries must be a non-empty array.')
    expect(messageOf({query: 5, queries: [{query: 'x'}], limit: 3})).toBe('query must be a string.')
    expect(messageOf({queries: [{query: 'x'}], limit: 0})).toBe('set limit on each batch query, not on the batch request.')
    expect(messageOf({query: 'a', limit: 0, queries: [{query: ''}]})).toBe('limit must be a positive integer.')
    expect(messageOf({queries: [{query: ''}, 'x']})).toBe('queries[0].query must be a non-empty string.')
    expect(messageOf({queries: Array.from({length: 17}, () => ({query: 'x', limit: 0}))})).toBe('queries[0].limit must be a positive integer.')
  })
})

describe('resolved searches', () => {
  it('runs a non-empty scalar query first, with the top-level limit', () => {
    expect(resolveSearchRequest({queries: [{query: 'b', limit: 2}], query: 'a', limit: 4}, limits)).toEqual([
      {query: 'a', limit: 4},
      {query: 'b', limit: 2},
    ])
  })

  it('defaults omitted limits and clamps to maxSearchLimit', () => {
    expect(resolveSearchRequest({query: 'a'}, limits)).toEqual([{query: 'a', limit: 8}])
    expect(resolveSearchRequest({query: 'a', limit: 99}, limits)).toEqual([{query: 'a', limit: 20}])
    expect(resolveSearchRequest({queries: [{query: 'b'}, {query: 'c', limit: 30}]}, limits)).toEqual([
      {query: 'b', limit: 8},
      {query: 'c', limit: 20},
    ])
  })
})

describe('batch results', () => {
  const catalog = [
    tool('read', {description: 'Read   a\n\tfile   from disk.'}),
    tool('write', {description: 'Write a file. ' + 'Lorem ipsum dolor sit amet. '.repeat(10)}),
    tool('exact180', {description: 'x'.repeat(171) + ' document'}),
  ]
  const ranker = createOpenClawRanker(catalog)

  it('has { results: [{ query, candidates }] } with hits', () => {
    const response = runSearchRequest({queries: [{query: 'read file', limit: 1}]}, ranker, limits)
    expect(response).toEqual({
      results: [{query: 'read file', candidates: [{id: 'openclaw:plugin:read', source: 'openclaw', sourceName: 'plugin', name: 'read', description: 'Read a file from disk.', input: 'unknown'}]}],
    })
  })

  it('compacts descriptions: whitespace collapsed, over 180 characters → 177 + ...', () => {
    const response = runSearchRequest({query: 'write file'}, ranker, limits)
    const description = response.results[0]!.candidates.find((hit) => hit.name === 'write')!.description
    expect(description).toHaveLength(180)
    expect(description.endsWith('...')).toBe(true)
    expect(description).not.toMatch(/\s{2}/)
    const exact = runSearchRequest({query: 'document'}, ranker, limits).results[0]!.candidates[0]!.description
    expect(exact).toHaveLength(180)
    expect(exact.endsWith(' document')).toBe(true)
  })

  it('serializes as pretty-printed JSON with 2 spaces', () => {
    const response = runSearchRequest({query: 'read'}, ranker, limits)
    expect(serializeResponse(response)).toBe(JSON.stringify(response, null, 2))
  })
})

describe('the 4,000-character bound', () => {
  // 40 tools that all match "report": long descriptions and long input hints.
  const wide = Array.from({length: 40}, (_, i) =>
    tool(`report_${String(i).padStart(2, '0')}`, {
      description: `Report number ${i}. ` + 'Summarises the quarterly numbers for the finance team in detail. '.repeat(4),
      parameters: {type: 'object', properties: {quarter: {enum: ['q1', 'q2', 'q3', 'q4']}, year: {type: 'integer', minimum: 2000}}, required: ['quarter']},
    }),
  )
  const ranker = createOpenClawRanker(wide)
  const request = {queries: [{query: 'report', limit: 10}, {query: 'quarterly report', limit: 6}, {query: 'finance numbers', limit: 12}]}

  it('drops candidates until the pretty-printed response fits, marking groups and the top level', () => {
    const response = runSearchRequest(request, ranker, {searchDefaultLimit: 8, maxSearchLimit: 20})
    expect(serializeResponse(response).length).toBeLessThanOrEqual(BATCH_LIMITS.maxResponseChars)
    expect(response.truncated).toBe(true)
    const counts = response.results.map((group) => group.candidates.length)
    // The largest groups were trimmed first: what remains is within one of each other.
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
    for (const group of response.results) expect(group.truncated).toBe(true)
  })

  it('keeps survivors as ranked prefixes', () => {
    const response = runSearchRequest(request, ranker, limits)
    response.results.forEach((group, i) => {
      const full = ranker.search(group.query, request.queries[i]!.limit).map((hit) => hit.entry.id)
      expect(group.candidates.map((hit) => hit.id)).toEqual(full.slice(0, group.candidates.length))
    })
  })

  it('leaves a small response alone (no truncated keys)', () => {
    const response = runSearchRequest({queries: [{query: 'report', limit: 2}]}, ranker, limits)
    expect(response.truncated).toBeUndefined()
    expect(response.results[0]).not.toHaveProperty('truncated')
  })

  it('is 4,000 characters: a response of exactly 4,000 is left alone, 4,001 loses a candidate', () => {
    expect(BATCH_LIMITS.maxResponseChars).toBe(4000)
    const hit = (id: string, description: string) => ({id, source: 'openclaw' as const, sourceName: 'p', name: id, description, input: '{}'})
    const sized = (length: number): BatchResponse => {
      const padded = (pad: string): BatchResponse => ({results: [{query: 'a', candidates: [hit('a1', pad), hit('a2', 'd')]}]})
      return padded('x'.repeat(length - serializeResponse(padded('')).length))
    }
    expect(serializeResponse(sized(4000))).toHaveLength(4000)
    expect(fitResponse(sized(4000))).toEqual(sized(4000))
    const over = fitResponse(sized(4001))
    expect(over.truncated).toBe(true)
    expect(over.results[0]).toMatchObject({truncated: true})
    expect(over.results[0]!.candidates.map((candidate) => candidate.id)).toEqual(['a1'])
  })

  it('trims the group with most candidates, then the longer last candidate, then the earliest group', () => {
    const hit = (id: string, description = 'd') => ({id, source: 'openclaw' as const, sourceName: 'p', name: id, description, input: '{}'})
    const make = (): BatchResponse => ({
      results: [
        {query: 'a', candidates: [hit('a1'), hit('a2')]},
        {query: 'b', candidates: [hit('b1'), hit('b2', 'a longer description')]},
        {query: 'c', candidates: [hit('c1')]},
      ],
    })
    const oneDrop = (response: BatchResponse) => serializeResponse(response).length - 1
    // Equal counts: group b's last candidate is longer, so it goes first.
    const first = fitResponse(make(), oneDrop(make()))
    expect(first.results.map((group) => group.candidates.length)).toEqual([2, 1, 1])
    expect(first.results[1]).toMatchObject({truncated: true})
    expect(first.results[0]).not.toHaveProperty('truncated')
    // Equal counts and equal last lengths: the earliest group goes first.
    const even = (): BatchResponse => ({results: [{query: 'a', candidates: [hit('a1'), hit('a2')]}, {query: 'b', candidates: [hit('b1'), hit('b2')]}]})
    expect(fitResponse(even(), serializeResponse(even()).length - 1).results.map((group) => group.candidates.length)).toEqual([1, 2])
  })
})
