/**
 * OpenClaw's golden tool_call cases (test/fixtures/openclaw-golden/call.jsonl) through the built
 * CLI: one `call --request-file` run per catalog replays every request, and each printed line is
 * compared with the case — the tool that ran and the exact input it received (every tool of the
 * catalog echoes its input), or the exact model-facing error message.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, runCli, tempDir} from '../helpers/cli.js'

const GOLDEN = join(ROOT, 'test', 'fixtures', 'openclaw-golden')

interface CallCase {
  id: string
  catalog: string
  request: unknown
  toolCallSchemaValid: boolean
  expect: {tool: string; args: unknown} | {error: string}
}

type ReplayLine = {tool: {id: string}; result: unknown} | {error: {code: string; message: string}}

const cases: CallCase[] = readFileSync(join(GOLDEN, 'call.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as CallCase)

function observed(line: ReplayLine): CallCase['expect'] {
  return 'error' in line ? {error: line.error.message} : {tool: line.tool.id, args: line.result}
}

describe('golden tool_call cases (call.jsonl)', () => {
  for (const catalog of [...new Set(cases.map((c) => c.catalog))]) {
    it(`agrees with OpenClaw on every case of ${catalog}`, async () => {
      const selected = cases.filter((c) => c.catalog === catalog)
      const dir = tempDir()
      const requests = join(dir, 'requests.jsonl')
      writeFileSync(requests, `${selected.map((c) => JSON.stringify(c.request)).join('\n')}\n`)
      const env = {OPENCLAW_CONFIG_PATH: join(dir, 'no-config.json')}
      const result = await runCli(['call', '--catalog', join(GOLDEN, catalog), '--request-file', requests], {env})
      const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as ReplayLine)
      expect(lines).toHaveLength(selected.length)
      const mismatches = selected.flatMap((c, index) => {
        const got = observed(lines[index]!)
        return JSON.stringify(sortKeys(got)) === JSON.stringify(sortKeys(c.expect)) ? [] : [{id: c.id, expected: c.expect, got}]
      })
      expect(mismatches).toEqual([])
      // Some cases fail (the exit code is the first failure's), but none is a usage error.
      expect(result.code).toBe(1)
      // stderr holds only labelled notes for the person (top-level keys a nested args made unused).
      for (const line of result.stderr.trim().split('\n').filter((text) => text !== '')) expect(line).toMatch(/^Note: request \d+: /)
    }, 180_000)
  }
})

/** Key order of call arguments is not significant (README of the golden cases). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]))
}
