/**
 * Golden directory cases (directory.jsonl): catalog + context window + mode → the exact text of
 * the capability directory. One `directory --stdin` run per catalog renders all of its cases
 * (one request line each); the first case of every distinct window also runs alone through the
 * `--context-window` / `--mode` flags, so both ways in are held to the same text.
 */
import {beforeAll, describe, expect, it} from 'vitest'

import {goldenPath, groupBy, inBatches, readGoldenCases, runGolden} from './golden.js'

interface DirectoryCase {
  id: string
  catalog: string
  contextWindow: number | null
  mode: 'tools' | 'directory'
  expect: string
  note?: string
}

const cases = readGoldenCases<DirectoryCase>('directory.jsonl')
const byCatalog = [...groupBy(cases, (directoryCase) => directoryCase.catalog).values()]
const flagCases = [...groupBy(cases, (directoryCase) => String(directoryCase.contextWindow)).values()].map((group) => group[0]!)
const fromStdin = new Map<string, string>()
const fromFlags = new Map<string, {stdout: string; stderr: string; code: number | null}>()

function flagArgs(directoryCase: DirectoryCase): string[] {
  const window = directoryCase.contextWindow === null ? [] : ['--context-window', String(directoryCase.contextWindow)]
  return ['directory', '--catalog', goldenPath(directoryCase.catalog), '--mode', directoryCase.mode, ...window]
}

beforeAll(async () => {
  const stdinRuns = byCatalog.map((group) => async () => {
    const input = group.map(({contextWindow, mode}) => JSON.stringify({contextWindow, mode})).join('\n')
    const result = await runGolden(['directory', '--catalog', goldenPath(group[0]!.catalog), '--stdin'], {input: `${input}\n`})
    if (result.code !== 0 || result.stderr !== '') throw new Error(`directory --stdin failed for ${group[0]!.catalog}:\n${result.stderr}`)
    const lines = result.stdout.trim().split('\n')
    expect(lines).toHaveLength(group.length)
    group.forEach((directoryCase, index) => {
      const line = JSON.parse(lines[index]!) as {contextWindow: number | null; mode: string; text: string}
      expect([line.contextWindow, line.mode]).toEqual([directoryCase.contextWindow, directoryCase.mode])
      fromStdin.set(directoryCase.id, line.text)
    })
  })
  const flagRuns = flagCases.map((directoryCase) => async () => fromFlags.set(directoryCase.id, await runGolden(flagArgs(directoryCase))))
  await inBatches([...stdinRuns, ...flagRuns])
}, 300_000)

describe('golden directory through the CLI', () => {
  it('covers both modes, a zero and a null context window', () => {
    expect(new Set(cases.map((directoryCase) => directoryCase.mode))).toEqual(new Set(['tools', 'directory']))
    expect(flagCases.map((directoryCase) => directoryCase.contextWindow)).toEqual(expect.arrayContaining([0, null]))
  })

  it.each(cases)('$id ($catalog, window $contextWindow, $mode mode)', (directoryCase) => {
    expect(fromStdin.get(directoryCase.id)).toBe(directoryCase.expect)
  })

  it.each(flagCases)('$id through --context-window and --mode', (directoryCase) => {
    const result = fromFlags.get(directoryCase.id)!
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${directoryCase.expect}\n`)
  })
})
