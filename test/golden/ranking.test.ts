/**
 * Golden ranking cases (ranking.jsonl): catalog + query + limit → the ordered ids one OpenClaw
 * search returns. One `search --stdin` run per catalog and limit answers all of its queries.
 */
import {beforeAll, describe, expect, it} from 'vitest'

import {goldenPath, groupBy, inBatches, readGoldenCases, runGolden} from './golden.js'

interface RankingCase {
  id: string
  catalog: string
  query: string
  limit: number
  expect: string[]
  note?: string
}

const cases = readGoldenCases<RankingCase>('ranking.jsonl')
const groups = [...groupBy(cases, (item) => `${item.catalog}\n${item.limit}`).values()]
const actual = new Map<string, string[]>()

beforeAll(async () => {
  const outputs = await inBatches(
    groups.map((group) => async () => {
      const {catalog, limit} = group[0]!
      const input = `${group.map((item) => item.query).join('\n')}\n`
      const result = await runGolden(['search', '--catalog', goldenPath(catalog), '--stdin', '--limit', String(limit)], {input})
      if (result.code !== 0) throw new Error(`search --stdin failed for ${catalog} (limit ${limit}):\n${result.stderr}`)
      return {group, lines: result.stdout.trim().split('\n')}
    }),
  )
  for (const {group, lines} of outputs) {
    expect(lines).toHaveLength(group.length)
    group.forEach((item, index) => {
      const line = JSON.parse(lines[index]!) as {query: string; candidates: Array<{id: string}>}
      expect(line.query).toBe(item.query)
      actual.set(item.id, line.candidates.map((candidate) => candidate.id))
    })
  }
}, 300_000)

describe('golden ranking (OpenClaw order of search results)', () => {
  it('reads every case', () => {
    expect(cases.length).toBeGreaterThan(0)
    expect(new Set(cases.map((item) => item.id)).size).toBe(cases.length)
  })

  it.each(cases.map((item) => [item.id, item] as const))('%s', (_id, item) => {
    expect(actual.get(item.id)).toEqual(item.expect)
  })
})
