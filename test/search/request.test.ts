/** The model-facing tool_search request (SPEC §5.4): every rule and message, and the text the model receives. */
import {describe, expect, it} from 'vitest'

import {endMarker, startMarker} from '../../src/output/external-content.js'
import {createOpenClawRanker} from '../../src/search/openclaw.js'
import {BATCH_LIMITS, batchText, compactBatchCandidate, compactBatchDescription, fitBatchResponse, readSearchRequest, runSearchRequest} from '../../src/search/request.js'
import type {SearchHit} from '../../src/search/hits.js'
import {thrownBy, tool} from './tools.js'

const limits = {searchDefaultLimit: 8, maxSearchLimit: 20}

function messageOf(request: unknown, settings = limits): string {
  const error = thrownBy(() => readSearchRequest(request, settings))
  if (error !== undefined) expect(error.exitCode).toBe(1)
  return error?.message ?? 'no error'
}

/** The text with its random marker id replaced, as the golden cases write it. */
function withMarkerId(text: string): string {
  return text.replace(/id="[0-9a-f]{16}"/g, 'id="xxxxxxxxxxxxxxxx"')
}

describe('request validation', () => {
  it('needs query or queries', () => {
    expect(messageOf({})).toBe('provide query or queries.')
    expect(messageOf(null)).toBe('provide query or queries.')
    expect(messageOf([{query: 'x'}])).toBe('provide query or queries.')
    // null counts as absent, for query, queries and limit alike.
    expect(messageOf({query: null, queries: null, limit: null})).toBe('provide query or queries.')
  })

  it('takes a blank query alone as a search (that finds nothing), not as a missing one', () => {
    expect(messageOf({query: '   '})).toBe('no error')
    expect(readSearchRequest({query: '  '}, limits)).toEqual({kind: 'single', search: {query: '  ', limit: 8}})
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
    expect(messageOf({query: 5, queries: []})).toBe('query must be a string.')
    expect(messageOf({query: null, queries: [{query: 'x'}]})).toBe('no error')
    expect(messageOf({query: 'x', queries: null})).toBe('no error')
  })

  it('refuses a top-level limit on a batch', () => {
    expect(messageOf({queries: [{query: 'read'}], limit: 3})).toBe('set limit on each batch query, not on the batch request.')
    expect(messageOf({query: '', queries: [{query: 'read'}], limit: 3})).toBe('set limit on each batch query, not on the batch request.')
    expect(messageOf({query: 'read', queries: [{query: 'write'}], limit: 3})).toBe('no error')
    // options counts as a batch-level limit too, even empty; a null limit does not.
    expect(messageOf({queries: [{query: 'read'}], options: {}})).toBe('set limit on each batch query, not on the batch request.')
    expect(messageOf({queries: [{query: 'read'}], limit: null})).toBe('no error')
  })

  it('needs a positive integer top-level limit with a scalar query', () => {
    expect(messageOf({query: 'read', limit: 0})).toBe('limit must be a positive integer.')
    expect(messageOf({query: 'read', limit: '3'})).toBe('limit must be a positive integer.')
    expect(messageOf({query: 'read', options: {limit: 0}})).toBe('limit must be a positive integer.')
    expect(messageOf({query: 'read', limit: null, options: 'ignored'})).toBe('no error')
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
    // Characters are code points of the trimmed query: 512 emoji (1,024 UTF-16 units) pass this rule.
    expect(messageOf({queries: [{query: '😀'.repeat(512)}]})).toBe('serialized batch query text may use at most 512 UTF-8 bytes.')
    expect(messageOf({queries: [{query: '😀'.repeat(513)}]})).toBe('queries[0].query must not exceed 512 characters.')
    expect(messageOf({queries: [{query: `  ${'a'.repeat(508)}  `}]})).toBe('no error')
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
    // A non-blank scalar query is the batch's first entry and counts.
    expect(messageOf({query: 'x', limit: 1, queries: entries(15)})).toBe('no error')
    expect(messageOf({query: 'x', limit: 1, queries: entries(16)})).toBe('queries may contain at most 16 entries.')
    expect(messageOf({query: ' ', queries: entries(16)})).toBe('no error')
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
    // The scalar's limit counts toward the 50.
    expect(messageOf({query: 's', limit: 11, queries: [{query: 'a', limit: 20}, {query: 'b', limit: 20}]})).toBe(
      'batch queries resolve to 51 results, but may request at most 50 in total. An omitted limit counts as 8; set smaller per-query limits and retry.',
    )
  })

  it('caps the serialized batch query text at 512 UTF-8 bytes', () => {
    const twice = (text: string) => ({queries: [{query: text}, {query: text}]})
    // 127 × "é" = 254 bytes; two of them in ["…","…"] = 508 + 7 = 515 bytes.
    expect(messageOf(twice('é'.repeat(127)))).toBe('serialized batch query text may use at most 512 UTF-8 bytes.')
    expect(messageOf(twice('é'.repeat(126)))).toBe('no error')
  })

  it('checks rules in order: the first broken one is reported', () => {
    // queries must be an array before query must be a string; the entries before the scalar's limit.
    expect(messageOf({query: 5, queries: 'x'})).toBe('queries must be a non-empty array.')
    expect(messageOf({query: 5, queries: [{query: 'x'}], limit: 3})).toBe('query must be a string.')
    expect(messageOf({queries: [{query: 'x'}], limit: 0})).toBe('set limit on each batch query, not on the batch request.')
    expect(messageOf({query: 'a', limit: 0, queries: [{query: ''}]})).toBe('queries[0].query must be a non-empty string.')
    expect(messageOf({query: 'a', limit: 0, queries: [{query: 'b'}]})).toBe('limit must be a positive integer.')
    expect(messageOf({queries: [{query: ''}, 'x']})).toBe('queries[0].query must be a non-empty string.')
    expect(messageOf({queries: Array.from({length: 17}, () => ({query: 'x', limit: 0}))})).toBe('queries[0].limit must be a positive integer.')
  })
})

describe('reading a request', () => {
  it('runs a non-blank scalar query first, trimmed, with the top-level limit or options.limit', () => {
    expect(readSearchRequest({queries: [{query: 'b', limit: 2}], query: ' a ', limit: 4}, limits)).toEqual({
      kind: 'batch',
      searches: [
        {query: 'a', limit: 4},
        {query: 'b', limit: 2},
      ],
    })
    expect(readSearchRequest({query: 'a', options: {limit: 3}, queries: [{query: 'b'}]}, limits)).toMatchObject({searches: [{query: 'a', limit: 3}, {query: 'b', limit: 8}]})
    // limit wins over options.limit.
    expect(readSearchRequest({query: 'a', limit: 2, options: {limit: 3}}, limits)).toEqual({kind: 'single', search: {query: 'a', limit: 2}})
  })

  it('trims batch queries', () => {
    expect(readSearchRequest({queries: [{query: '\tweather\n'}]}, limits)).toEqual({kind: 'batch', searches: [{query: 'weather', limit: 8}]})
  })

  it('takes an empty or null batch beside a scalar as one search', () => {
    expect(readSearchRequest({query: 'a', queries: []}, limits)).toEqual({kind: 'single', search: {query: 'a', limit: 8}})
    expect(readSearchRequest({query: 'a', queries: null, limit: null}, limits)).toEqual({kind: 'single', search: {query: 'a', limit: 8}})
  })

  it('defaults omitted limits and clamps to maxSearchLimit', () => {
    expect(readSearchRequest({query: 'a', limit: 99}, limits)).toEqual({kind: 'single', search: {query: 'a', limit: 20}})
    expect(readSearchRequest({queries: [{query: 'b'}, {query: 'c', limit: 30}]}, limits)).toEqual({
      kind: 'batch',
      searches: [
        {query: 'b', limit: 8},
        {query: 'c', limit: 20},
      ],
    })
  })
})

describe('a single search', () => {
  const long = 'Write a file.   ' + 'Lorem ipsum dolor sit amet. '.repeat(10)
  const ranker = createOpenClawRanker([tool('write', {description: long}), tool('read', {description: 'Read a file.'})])

  it('is the bare candidate array, pretty-printed, descriptions whole', () => {
    const answer = runSearchRequest({query: 'write'}, ranker, limits)
    expect(answer.kind).toBe('single')
    expect(answer.text).toBe(JSON.stringify([{id: 'openclaw:plugin:write', source: 'openclaw', sourceName: 'plugin', name: 'write', description: long, input: 'unknown'}], null, 2))
    expect(answer.external).toBe(false)
  })

  it('is [] for a blank query', () => {
    expect(runSearchRequest({query: '   '}, ranker, limits).text).toBe('[]')
  })

  it('has no 4,000-character budget', () => {
    const many = createOpenClawRanker(Array.from({length: 20}, (_, i) => tool(`tool_${i}`, {description: `file ${'x'.repeat(400)}`})))
    const answer = runSearchRequest({query: 'file', limit: 20}, many, limits)
    expect(answer.text.length).toBeGreaterThan(BATCH_LIMITS.maxResponseChars)
    expect(JSON.parse(answer.text)).toHaveLength(20)
  })
})

describe('external content', () => {
  const catalog = [
    tool('read_file', {description: 'Read a file.'}),
    tool('fetch_page', {source: 'mcp', sourceName: 'web', description: 'Fetch a web page.'}),
    tool('pick_file', {source: 'client', description: 'Let the user pick a file.'}),
  ]
  const ranker = createOpenClawRanker(catalog)

  it('wraps a result holding an MCP or client tool, with one random id in both markers', () => {
    for (const query of ['fetch page', 'pick']) {
      const answer = runSearchRequest({query}, ranker, limits)
      expect(answer.external).toBe(true)
      const id = /EXTERNAL_UNTRUSTED_CONTENT id="([0-9a-f]{16})"/.exec(answer.text)![1]!
      expect(answer.text.startsWith('SECURITY NOTICE: The following content is from an EXTERNAL, UNTRUSTED source')).toBe(true)
      expect(answer.text).toContain(`\n\n\n${startMarker(id)}\nSource: API\n---\n[\n`)
      expect(answer.text.endsWith(`\n]\n${endMarker(id)}`)).toBe(true)
    }
    // A fresh id each time.
    const ids = new Set(Array.from({length: 5}, () => /id="([0-9a-f]{16})"/.exec(runSearchRequest({query: 'fetch'}, ranker, limits).text)![1]))
    expect(ids.size).toBe(5)
  })

  it('leaves a result of openclaw tools alone, in a batch too', () => {
    expect(runSearchRequest({query: 'read'}, ranker, limits).text.startsWith('[')).toBe(true)
    expect(runSearchRequest({queries: [{query: 'read'}]}, ranker, limits).text.startsWith('{')).toBe(true)
  })

  it('wraps a whole batch when any of its searches found an external tool', () => {
    const answer = runSearchRequest({queries: [{query: 'read'}, {query: 'fetch'}]}, ranker, limits)
    expect(answer.external).toBe(true)
    expect(withMarkerId(answer.text)).toContain('Source: API\n---\n{\n  "results": [')
  })

  it('gives MCP hits their server and tool', () => {
    const answer = runSearchRequest({query: 'fetch'}, ranker, limits)
    expect(answer.kind === 'single' && answer.candidates[0]).toEqual({
      id: 'mcp:web:fetch_page',
      source: 'mcp',
      sourceName: 'web',
      mcp: {serverName: 'web', safeServerName: 'web', toolName: 'fetch_page', operation: 'tool'},
      name: 'fetch_page',
      description: 'Fetch a web page.',
      input: 'unknown',
    })
  })
})

describe('batch results', () => {
  const catalog = [
    tool('read', {description: 'Read   a\n\tfile   from disk.'}),
    tool('write', {description: 'Write a file. ' + 'Lorem ipsum dolor sit amet. '.repeat(10)}),
    tool('exact180', {description: 'x'.repeat(171) + ' document'}),
  ]
  const ranker = createOpenClawRanker(catalog)

  it('has { results: [{ query, candidates }] } with hits, pretty-printed', () => {
    const answer = runSearchRequest({queries: [{query: ' read file ', limit: 1}]}, ranker, limits)
    const response = {
      results: [{query: 'read file', candidates: [{id: 'openclaw:plugin:read', source: 'openclaw', sourceName: 'plugin', name: 'read', description: 'Read a file from disk.', input: 'unknown'}]}],
    }
    expect(answer.kind === 'batch' && answer.response).toEqual(response)
    expect(answer.text).toBe(JSON.stringify(response, null, 2))
  })

  it('compacts descriptions: whitespace collapsed; over 180 characters → 177, end trimmed, + ...', () => {
    expect(compactBatchDescription('a  b\n\tc')).toBe('a b c')
    expect(compactBatchDescription('x'.repeat(171) + ' document')).toHaveLength(180)
    expect(compactBatchDescription('x'.repeat(181))).toBe(`${'x'.repeat(177)}...`)
    // The cut lands after a space: it is trimmed before the ellipsis.
    expect(compactBatchDescription(`${'x'.repeat(176)} yyyy`)).toBe(`${'x'.repeat(176)}...`)
    // Never half an emoji.
    expect(compactBatchDescription(`${'x'.repeat(176)}😀😀😀`)).toBe(`${'x'.repeat(176)}...`)
    // Only the first 720 characters are read: a longer description is always cut, even if its
    // whitespace would collapse to under 180.
    expect(compactBatchDescription(`short${' '.repeat(800)}`)).toBe('short...')
  })

  it('keeps a candidate\'s identity whole and drops optional metadata past 2,000 characters', () => {
    const hit = (fields: Partial<SearchHit>): SearchHit => ({id: 'openclaw:p:t', source: 'openclaw', sourceName: 'p', name: 't', description: 'd', input: '{}', ...fields})
    expect(compactBatchCandidate(hit({name: 'n'.repeat(2000)}))).toBeUndefined()
    const trimmed = compactBatchCandidate(hit({label: 'l'.repeat(1990), output: 'string'}))!
    expect(trimmed.label).toBeUndefined()
    expect(trimmed.output).toBe('string')
    expect(JSON.stringify(Object.keys(JSON.parse(JSON.stringify(trimmed))))).toBe('["id","source","sourceName","name","description","input","output"]')
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

  it('drops candidates until the text fits, marking groups and the top level', () => {
    const answer = runSearchRequest(request, ranker, {searchDefaultLimit: 8, maxSearchLimit: 20})
    if (answer.kind !== 'batch') throw new Error('a batch')
    expect(answer.text.length).toBeLessThanOrEqual(BATCH_LIMITS.maxResponseChars)
    expect(answer.response.truncated).toBe(true)
    const counts = answer.response.results.map((group) => group.candidates.length)
    // The largest groups were trimmed first: what remains is within one of each other.
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
    for (const group of answer.response.results) expect(group.truncated).toBe(true)
  })

  it('keeps survivors as ranked prefixes', () => {
    const answer = runSearchRequest(request, ranker, limits)
    if (answer.kind !== 'batch') throw new Error('a batch')
    answer.response.results.forEach((group, i) => {
      const full = ranker.search(group.query, request.queries[i]!.limit).map((hit) => hit.entry.id)
      expect(group.candidates.map((hit) => hit.id)).toEqual(full.slice(0, group.candidates.length))
    })
  })

  it('leaves a small response alone (no truncated keys)', () => {
    const answer = runSearchRequest({queries: [{query: 'report', limit: 2}]}, ranker, limits)
    expect(answer.text).not.toContain('truncated')
  })

  it('is 4,000 characters of the text the model receives: exactly 4,000 is left alone, 4,001 loses a candidate', () => {
    expect(BATCH_LIMITS.maxResponseChars).toBe(4000)
    const hit = (id: string, description: string): SearchHit => ({id, source: 'openclaw', sourceName: 'p', name: id, description, input: '{}'})
    for (const external of [false, true]) {
      // Descriptions are compacted and labels capped, so the padding goes into the echoed query.
      const groups = (pad: number) => [{query: `a${'x'.repeat(pad)}`, candidates: [hit('a1', 'd'), hit('a2', 'd')]}]
      const base = batchText(fitBatchResponse(groups(0), external).response, external).length
      const exactly = fitBatchResponse(groups(4000 - base), external)
      expect(exactly.text).toHaveLength(4000)
      expect(exactly.response.truncated).toBeUndefined()
      const over = fitBatchResponse(groups(4001 - base), external)
      expect(over.response.truncated).toBe(true)
      expect(over.response.results[0]).toMatchObject({truncated: true})
      expect(over.response.results[0]!.candidates.map((candidate) => candidate.id)).toEqual(['a1'])
    }
  })

  it('trims the group with most candidates, then the longer last candidate (compact JSON), then the earliest group', () => {
    const hit = (id: string, description = 'd'): SearchHit => ({id, source: 'openclaw', sourceName: 'p', name: id, description, input: '{}'})
    const make = () => [
      {query: 'a', candidates: [hit('a1'), hit('a2')]},
      {query: 'b', candidates: [hit('b1'), hit('b2', 'a longer description')]},
      {query: 'c', candidates: [hit('c1')]},
    ]
    const oneDrop = fitBatchResponse(make(), false).text.length - 1
    // Equal counts: group b's last candidate is longer, so it goes first.
    const first = fitBatchResponse(make(), false, oneDrop).response
    expect(first.results.map((group) => group.candidates.length)).toEqual([2, 1, 1])
    expect(first.results[1]).toMatchObject({truncated: true})
    expect(first.results[0]).not.toHaveProperty('truncated')
    // Equal counts and equal last lengths: the earliest group goes first.
    const even = () => [
      {query: 'a', candidates: [hit('a1'), hit('a2')]},
      {query: 'b', candidates: [hit('b1'), hit('b2')]},
    ]
    expect(fitBatchResponse(even(), false, fitBatchResponse(even(), false).text.length - 1).response.results.map((group) => group.candidates.length)).toEqual([1, 2])
  })
})
