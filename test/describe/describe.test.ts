/** `toolsearch describe` (SPEC §8.1–8.2): pure description and the built binary. */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {describeEntry} from '../../src/describe/describe.js'
import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {tool} from '../search/tools.js'

const EXAMPLE = join(ROOT, 'examples/catalog.json5')
const run = (args: string[]) => runCli(['describe', '--catalog', EXAMPLE, ...args])

describe('describeEntry', () => {
  it('is the hit plus the raw parameters and, for trusted tools, the output schema', () => {
    const parameters = {type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false}
    const outputSchema = {type: 'object', properties: {ok: {type: 'boolean'}}, required: ['ok'], additionalProperties: false}
    expect(describeEntry(tool('x', {description: 'X.', parameters, outputSchema}))).toEqual({
      id: 'openclaw:plugin:x',
      source: 'openclaw',
      sourceName: 'plugin',
      name: 'x',
      description: 'X.',
      input: '{ a: string }',
      output: '{ ok: boolean }',
      parameters,
      outputSchema,
    })
  })

  it('gives parameters {} when there are none, and never an untrusted output schema', () => {
    expect(describeEntry(tool('x')).parameters).toEqual({})
    const mcp = describeEntry(tool('y', {source: 'mcp', parameters: {type: 'object'}, outputSchema: {type: 'object'}}))
    expect(mcp).toMatchObject({input: 'unknown', parameters: {type: 'object'}})
    expect(mcp).not.toHaveProperty('outputSchema')
    expect(mcp).not.toHaveProperty('output')
  })
})

describe('toolsearch describe', () => {
  it('prints the tool with its signatures and schemas', async () => {
    const result = await run(['weather_forecast'])
    expect(result.code).toBe(0)
    const lines = result.stdout.split('\n')
    expect(lines.slice(0, 6)).toEqual([
      'openclaw:weather:weather_forecast',
      '  name:        weather_forecast',
      '  source:      openclaw (weather)',
      '  visibility:  deferred (reached through tool_search / tool_call)',
      '  input:       { location: string; days?: number /* integer, >= 1, <= 7 */; units?: "metric" | "imperial" }',
      '  output:      { days: Array<{ date: string; high: number; low: number; summary: string }>; location: string }',
    ])
    expect(result.stdout).toContain('  parameters:\n    {\n      "type": "object",')
    expect(result.stdout).toContain('  outputSchema:\n')
  })

  it('prints the description as JSON under --json, by id or name', async () => {
    const byName = parseJsonOutput<Record<string, unknown>>(await run(['read', '--json']))
    const byId = parseJsonOutput<Record<string, unknown>>(await run(['openclaw:core:read', '--json']))
    expect(byName).toEqual(byId)
    expect(Object.keys(byName)).toEqual(['id', 'source', 'sourceName', 'name', 'description', 'input', 'parameters'])
    expect(byName.input).toBe('{ path: string; limit?: number /* integer, >= 1, <= 2000 */; offset?: number /* integer, >= 1 */ }')
  })

  it('describes an MCP tool by id with its raw schema, untrusted', async () => {
    const described = parseJsonOutput<Record<string, unknown>>(await run(['mcp:gitlab:create_issue', '--json']))
    expect(described).toMatchObject({input: 'unknown', parameters: {required: ['project_id', 'title']}})
    expect(described).not.toHaveProperty('outputSchema')
    const human = await run(['mcp:gitlab:create_issue'])
    expect(human.stdout).toContain('  source:      mcp (gitlab), untrusted\n')
  })

  it('marks core primitives and tools that need approval', async () => {
    expect((await run(['exec'])).stdout).toContain('  visibility:  directly visible and cataloged (core primitive)\n')
    expect((await run(['send_message'])).stdout).toContain('  approval:    required before each call\n')
  })

  it('fails with exit 1 on an unknown tool, suggesting tools that share a word (ties by localeCompare) and the commands a person can run', async () => {
    const result = await run(['web_serch'])
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: "Error: Unknown tool: web_serch. Did you mean: web_fetch, web_search?\nSee every tool with: toolsearch catalog list (add --name '<glob>' to narrow it), or find one with: toolsearch search <words>\n",
    })
    // --json says the same to a person: the model's words belong to tool_describe, not to this command.
    expect(parseJsonOutput(await run(['web_serch', '--json']))).toEqual({
      error: {code: 'unknown-tool', message: "Unknown tool: web_serch. Did you mean: web_fetch, web_search?\nSee every tool with: toolsearch catalog list (add --name '<glob>' to narrow it), or find one with: toolsearch search <words>"},
    })
  })

  it('fails with exit 1 on a name two tools share, listing the ids and the command to pick one', async () => {
    const result = await run(['create_issue'])
    expect(result).toMatchObject({
      code: 1,
      stderr: 'Error: Ambiguous tool name: create_issue: 2 tools have it:\n  mcp:github:create_issue\n  mcp:gitlab:create_issue\nPick one by its id, e.g.: toolsearch describe mcp:github:create_issue\n',
    })
    expect(parseJsonOutput(await run(['create_issue', '--json']))).toEqual({
      error: {code: 'ambiguous-tool', message: 'Ambiguous tool name: create_issue: 2 tools have it:\n  mcp:github:create_issue\n  mcp:gitlab:create_issue\nPick one by its id, e.g.: toolsearch describe mcp:github:create_issue'},
    })
  })

  it('fails with exit 1 on a direct-only tool, saying so to a person in text and --json alike', async () => {
    const message = 'Direct-only tool: session_status. The model is given it directly, not through the tool catalog, so toolsearch describe does not reach it (toolsearch catalog list shows it).'
    expect(await run(['session_status'])).toMatchObject({code: 1, stderr: `Error: ${message}\n`})
    expect(parseJsonOutput(await run(['session_status', '--json']))).toEqual({error: {code: 'direct-only-tool', message}})
  })

  it('gives a denied tool the unknown-tool message, blocked by policy (exit 3) with a note', async () => {
    expect((await run(['read', '--json'])).code).toBe(0)
    const denied = await run(['read', '--deny', 'openclaw:core:*'])
    expect(denied.code).toBe(3)
    expect(denied.stderr).toMatch(/^Error: Unknown tool id: read\. .*\nNote: "read" is denied by the tool policy/)
    const dir = tempDir()
    writeFileSync(join(dir, 'openclaw.json'), JSON.stringify({tools: {deny: ['weather_*']}}))
    const fromConfig = await run(['weather_forecast', '--config', join(dir, 'openclaw.json')])
    expect(fromConfig.code).toBe(3)
    expect(fromConfig.stderr).not.toContain('Did you mean: weather_forecast')
    // A name nothing defines stays plainly unknown (exit 1).
    expect((await run(['no_such_tool', '--config', join(dir, 'openclaw.json')])).code).toBe(1)
  })

  it('neutralises escape sequences in what it prints', async () => {
    const result = await runCli(['describe', '--catalog', join(ROOT, 'test/fixtures/catalogs/hostile.json'), 'clear\u001b[2J_screen'])
    expect(result.code).toBe(0)
    expect(result.stdout).not.toMatch(/[\u001b\u0007\u007f\u009b\u202e]/)
    expect(result.stdout).toContain('Looks harmless.\\u001b]0;owned\\u0007\n    Injected row\\u001b[31m red')
    // JSON.stringify leaves DEL, C1 controls and bidi overrides raw: the schemas are escaped too.
    expect(result.stdout).toContain('      "description": "Options \\u009b2J \\u202ereversed\\u007f",\n')
    expect(result.stdout).toContain('          "const": "\\u009b\\u202e"\n')
  })

  it('carries unavailableMcpServers under --json when a server could not be used, errors included', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'mixed.json'), JSON.stringify({tools: [{name: 'notes'}], mcpServers: {ghost: {command: join(dir, 'missing-server')}}}))
    const found = parseJsonOutput<Record<string, unknown>>(await runCli(['describe', '--catalog', 'mixed.json', 'notes', '--json'], {cwd: dir}))
    expect(found).toMatchObject({id: 'openclaw:core:notes', unavailableMcpServers: [{server: 'ghost', error: expect.any(String)}]})
    expect(Object.keys(found).at(-1)).toBe('unavailableMcpServers')
    const missing = await runCli(['describe', '--catalog', 'mixed.json', 'ghost_tool', '--json'], {cwd: dir})
    expect(missing.code).toBe(1)
    expect(parseJsonOutput(missing)).toMatchObject({error: {code: 'unknown-tool', unavailableMcpServers: [{server: 'ghost', error: expect.any(String)}]}})
  })
})
