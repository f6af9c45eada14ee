/**
 * Golden control definitions (controls.json): for each default search limit, the tool_search,
 * tool_describe and tool_call definitions exactly as OpenClaw declares them. `payload --controls`
 * prints what the model receives for the searchDefaultLimit of the config in effect.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'

import {tempDir} from '../helpers/cli.js'
import {GOLDEN_DIR, inBatches, runGolden} from './golden.js'

const golden = JSON.parse(readFileSync(join(GOLDEN_DIR, 'controls.json'), 'utf8')) as Record<string, unknown[]>
const limits = Object.keys(golden).map((key) => Number(/^searchDefaultLimit=(\d+)$/.exec(key)![1]))
const printed = new Map<number, string>()

beforeAll(async () => {
  const outputs = await inBatches(
    limits.map((limit) => async () => {
      const configPath = join(tempDir('toolsearch-golden-'), 'openclaw.json')
      writeFileSync(configPath, JSON.stringify({tools: {toolSearch: {searchDefaultLimit: limit}}}))
      const result = await runGolden(['payload', '--controls'], {configPath})
      if (result.code !== 0) throw new Error(`payload --controls failed:\n${result.stderr}`)
      return [limit, result.stdout] as const
    }),
  )
  for (const [limit, stdout] of outputs) printed.set(limit, stdout)
}, 120_000)

describe('golden controls (the control tools as OpenClaw declares them)', () => {
  it('reads every default limit of the file', () => {
    expect(limits).toEqual([8, 5, 3])
  })

  it.each(limits)('searchDefaultLimit=%i: the same definitions, key order included', (limit) => {
    const expected = golden[`searchDefaultLimit=${limit}`]
    // Byte for byte as compact JSON (what a payload count measures) and as printed.
    expect(JSON.stringify(JSON.parse(printed.get(limit)!))).toBe(JSON.stringify(expected))
    expect(printed.get(limit)).toBe(`${JSON.stringify(expected, null, 2)}\n`)
  })
})
