/**
 * Every case of OpenClaw's golden limits corpus (config + model → effective settings for the
 * default agent) through `config explain --json`, the built CLI as a user runs it.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

interface LimitsCase {
  id: string
  config: unknown
  model: {provider?: string; model?: string; baseUrl?: string}
  expect: {enabled: boolean; mode: string; searchDefaultLimit: number; maxSearchLimit: number}
}

const cases: LimitsCase[] = readFileSync(join(ROOT, 'test/fixtures/openclaw-golden/limits.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as LimitsCase)

function explainArgs(testCase: LimitsCase, dir: string): string[] {
  const file = join(dir, `${testCase.id}.json`)
  writeFileSync(file, JSON.stringify(testCase.config))
  const {provider, model, baseUrl} = testCase.model
  return ['config', 'explain', '--json', '--config', file, ...(provider === undefined ? [] : ['--provider', provider]), ...(model === undefined ? [] : ['--model', model]), ...(baseUrl === undefined ? [] : ['--base-url', baseUrl])]
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += width) results.push(...(await Promise.all(items.slice(start, start + width).map(work))))
  return results
}

describe('golden limits cases through config explain --json', () => {
  it(`agrees with OpenClaw on all ${cases.length} cases`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(35)
    const dir = tempDir()
    const outcomes = await inBatches(cases, 4, async (testCase) => {
      const result = await runCli(explainArgs(testCase, dir))
      const {settings} = parseJsonOutput<{settings: LimitsCase['expect']}>(result)
      const got = {enabled: settings.enabled, mode: settings.mode, searchDefaultLimit: settings.searchDefaultLimit, maxSearchLimit: settings.maxSearchLimit}
      return {id: testCase.id, got, expected: testCase.expect}
    })
    const disagreements = outcomes.filter((outcome) => JSON.stringify(outcome.got) !== JSON.stringify(outcome.expected))
    expect(disagreements).toEqual([])
  }, 120_000)
})
