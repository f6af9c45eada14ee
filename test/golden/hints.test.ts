/**
 * Golden hints (`hints.jsonl`): every case's schema becomes one tool of a temporary catalog —
 * an openclaw tool with it as `parameters` and `outputSchema` when the case is trusted, an MCP
 * tool otherwise — and one `search --stdin` run looks each tool up by its exact name, so the hints
 * compared are the ones the built CLI gives the model.
 */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'

import {tempDir} from '../helpers/cli.js'
import {readGoldenCases, runGolden} from './golden.js'

interface HintCase {
  id: string
  schema?: unknown
  trusted: boolean
  /** The output of a malformed numeric bound is left open by OpenClaw's tests. */
  outputUnpinned?: boolean
  expect: {input: string; output: string | null}
}

interface Candidate {
  name: string
  input: string
  output?: string
}

const cases = readGoldenCases<HintCase>('hints.jsonl')

/** `hint-0001` → `hint_0001`: a name no other case's query can match exactly. */
const toolName = (id: string): string => id.replace('-', '_')

function toolFor(hintCase: HintCase): Record<string, unknown> {
  const schemas = hintCase.schema === undefined ? {} : {parameters: hintCase.schema, ...(hintCase.trusted ? {outputSchema: hintCase.schema} : {})}
  const source = hintCase.trusted ? {} : {source: 'mcp', sourceName: 'golden'}
  return {name: toolName(hintCase.id), description: `Golden hint case ${hintCase.id}.`, ...source, ...schemas}
}

describe('golden hints through the CLI', () => {
  const hits = new Map<string, Candidate | undefined>()

  beforeAll(async () => {
    const dir = tempDir()
    const catalog = join(dir, 'hints.json')
    writeFileSync(catalog, JSON.stringify({tools: cases.map(toolFor)}))
    const queries = cases.map((hintCase) => toolName(hintCase.id))
    const result = await runGolden(['search', '--stdin', '--catalog', catalog, '--limit', '1'], {input: `${queries.join('\n')}\n`})
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    for (const line of result.stdout.trim().split('\n')) {
      const {query, candidates} = JSON.parse(line) as {query: string; candidates: Candidate[]}
      hits.set(query, candidates.find((candidate) => candidate.name === query))
    }
  })

  it('has cases of both trust levels', () => {
    expect(cases.length).toBeGreaterThan(300)
    expect(cases.some((hintCase) => !hintCase.trusted)).toBe(true)
    expect(cases.some((hintCase) => hintCase.outputUnpinned === true)).toBe(true)
  })

  it.each(cases)('$id', (hintCase) => {
    const hit = hits.get(toolName(hintCase.id))
    expect(hit, 'the tool is found by its exact name').toBeDefined()
    expect(hit!.input).toBe(hintCase.expect.input)
    if (hintCase.outputUnpinned !== true) expect(hit!.output ?? null).toBe(hintCase.expect.output)
  })
})
