/**
 * Golden request cases (requests.jsonl): catalog + config + raw tool_search request → the exact
 * text the model receives, or the exact error. One `search --request-file` run per catalog and
 * config answers all of their requests, one JSON line each.
 */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'

import {tempDir} from '../helpers/cli.js'
import {goldenPath, groupBy, inBatches, readGoldenCases, runGolden} from './golden.js'

interface RequestCase {
  id: string
  catalog: string
  config: {searchDefaultLimit?: number; maxSearchLimit?: number} | null
  request: unknown
  expect: {text: string} | {error: string}
  note?: string
}

/** The README's one normalization: the external-content marker id, random per result. */
function withGoldenMarkerId(text: string): string {
  return text.replace(/(<<<(?:END_)?EXTERNAL_UNTRUSTED_CONTENT id=")[0-9a-f]{16}(">>>)/g, '$1xxxxxxxxxxxxxxxx$2')
}

const cases = readGoldenCases<RequestCase>('requests.jsonl')
const groups = [...groupBy(cases, (item) => `${item.catalog}\n${JSON.stringify(item.config)}`).values()]
const actual = new Map<string, {text?: string; error?: string}>()

beforeAll(async () => {
  const outputs = await inBatches(
    groups.map((group) => async () => {
      const {catalog, config} = group[0]!
      const dir = tempDir('toolsearch-golden-')
      const requests = join(dir, 'requests.jsonl')
      writeFileSync(requests, group.map((item) => `${JSON.stringify(item.request)}\n`).join(''))
      let configPath: string | undefined
      if (config !== null) {
        configPath = join(dir, 'openclaw.json')
        writeFileSync(configPath, JSON.stringify({tools: {toolSearch: config}}))
      }
      const result = await runGolden(['search', '--catalog', goldenPath(catalog), '--request-file', requests], {configPath})
      if (result.code !== 0) throw new Error(`search --request-file failed for ${catalog}:\n${result.stderr}`)
      return {group, lines: result.stdout.trimEnd().split('\n')}
    }),
  )
  for (const {group, lines} of outputs) {
    expect(lines).toHaveLength(group.length)
    group.forEach((item, index) => actual.set(item.id, JSON.parse(lines[index]!) as {text?: string; error?: string}))
  }
}, 300_000)

describe('golden requests (what tool_search returns for a raw request)', () => {
  it('reads every case', () => {
    expect(cases.length).toBeGreaterThan(0)
    expect(new Set(cases.map((item) => item.id)).size).toBe(cases.length)
  })

  it.each(cases.map((item) => [item.id, item] as const))('%s', (_id, item) => {
    const got = actual.get(item.id)!
    if ('error' in item.expect) expect(got).toEqual({error: item.expect.error})
    else expect({text: got.text === undefined ? got : withGoldenMarkerId(got.text)}).toEqual({text: item.expect.text})
  })
})
