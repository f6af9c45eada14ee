import {readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const TOOL_LISTS = join(ROOT, 'test', 'fixtures', 'mcp-tools-list')

interface Surface {
  bytes: number
  tokens: number
  ratio: number
  toolDefinitions: number
}
interface PayloadJson {
  entries: number
  directlyVisible: number
  deferred: number
  direct: Surface
  tools: Surface
  directory: Surface
}

/**
 * The 22 real tools/list results as one native catalog of trusted plugin tools (source openclaw,
 * owner = server), the way they would look had an OpenClaw plugin declared them.
 */
function realToolsAsPlugins(): string {
  const tools: unknown[] = []
  for (const file of readdirSync(TOOL_LISTS).filter((name) => name.endsWith('.json')).sort()) {
    const server = file.replace(/\.json$/, '')
    const list = JSON.parse(readFileSync(join(TOOL_LISTS, file), 'utf8')) as {tools: Array<{name: string; description?: string; inputSchema?: unknown}>}
    for (const tool of list.tools) tools.push({name: tool.name, sourceName: server, description: tool.description ?? '', parameters: tool.inputSchema})
  }
  const catalog = join(tempDir(), 'plugins.json')
  writeFileSync(catalog, JSON.stringify({tools}))
  return catalog
}

describe('toolsearch payload', () => {
  it('reports the tools-mode payload of the 342 real tools as a small fraction of direct exposure', async () => {
    const result = await runCli(['payload', '--catalog', realToolsAsPlugins(), '--json'])
    expect(result.code).toBe(0)
    const report = parseJsonOutput<PayloadJson>(result)
    expect(report).toMatchObject({entries: 342, directlyVisible: 0, deferred: 342})
    expect(report.direct.toolDefinitions).toBe(342)
    expect(report.tools.toolDefinitions).toBe(3)
    // The directory is capped at 18,000 characters; the schemas it replaces are half a megabyte.
    expect(report.direct.bytes).toBeGreaterThan(400_000)
    expect(report.tools.bytes).toBeLessThan(report.direct.bytes * 0.05)
    expect(report.directory.bytes).toBeLessThan(report.tools.bytes)
    expect(report.tools.tokens).toBe(Math.ceil(report.tools.bytes / 4))
    expect(report.tools.ratio).toBeCloseTo(report.tools.bytes / report.direct.bytes)
  })

  it('shrinks further with a small context window', async () => {
    const catalog = realToolsAsPlugins()
    const full = parseJsonOutput<PayloadJson>(await runCli(['payload', '--catalog', catalog, '--json']))
    const small = parseJsonOutput<PayloadJson>(await runCli(['payload', '--catalog', catalog, '--context-window', '32768', '--json']))
    expect(small.direct.bytes).toBe(full.direct.bytes)
    expect(small.tools.bytes).toBeLessThan(full.tools.bytes)
  })

  it('prints a human table with the savings', async () => {
    const result = await runCli(['payload', '--catalog', join(ROOT, 'examples', 'catalog.json5')])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Up-front payload for \d+ tools \(\d+ directly visible, \d+ deferred\)\nTokens are estimated as ceil\(bytes \/ 4\)\.\n/)
    expect(result.stdout).toMatch(/\ndirect +[\d,]+ +[\d,]+ +100\.0%\ntools mode +[\d,]+ +[\d,]+ +\d+\.\d%\ndirectory mode +[\d,]+ +[\d,]+ +\d+\.\d%\n/)
  })

  it('says when compaction costs more than it saves', async () => {
    const catalog = join(tempDir(), 'tiny.json')
    writeFileSync(catalog, JSON.stringify({tools: [{name: 'ping', description: 'Ping.'}]}))
    const result = await runCli(['payload', '--catalog', catalog])
    expect(result.stdout).toContain('Compaction costs more than it saves for this catalog: tools mode sends')
    const json = parseJsonOutput<PayloadJson>(await runCli(['payload', '--catalog', catalog, '--json']))
    expect(json.tools.bytes).toBeGreaterThan(json.direct.bytes)
  })

  it('lists MCP servers that could not start as unavailableMcpServers under --json, only when there are some', async () => {
    const catalog = join(tempDir(), 'down.json')
    writeFileSync(catalog, JSON.stringify({tools: [{name: 'ping', description: 'Ping.'}], mcpServers: {ghost: {command: 'definitely-not-a-program-xyz'}}}))
    const result = await runCli(['payload', '--catalog', catalog, '--json'])
    expect(result.code).toBe(0)
    const report = parseJsonOutput<PayloadJson & {unavailableMcpServers: unknown}>(result)
    expect(report.entries).toBe(1)
    expect(report.unavailableMcpServers).toEqual([{server: 'ghost', error: expect.stringContaining('definitely-not-a-program-xyz')}])
    const healthy = parseJsonOutput<Record<string, unknown>>(await runCli(['payload', '--catalog', join(ROOT, 'examples', 'catalog.json5'), '--json']))
    expect(healthy).not.toHaveProperty('unavailableMcpServers')
  })

  it('counts the controls for the config\'s searchDefaultLimit, and prints them alone with --controls', async () => {
    const dir = tempDir()
    const config = join(dir, 'openclaw.json')
    writeFileSync(config, JSON.stringify({tools: {toolSearch: {searchDefaultLimit: 12}}}))
    const catalog = join(ROOT, 'examples', 'catalog.json5')
    const atDefault = parseJsonOutput<PayloadJson>(await runCli(['payload', '--catalog', catalog, '--json'], {env: {OPENCLAW_CONFIG_PATH: join(dir, 'absent.json')}}))
    const atTwelve = parseJsonOutput<PayloadJson>(await runCli(['payload', '--catalog', catalog, '--json'], {env: {OPENCLAW_CONFIG_PATH: config}}))
    // "8" becomes "12" in the two places tool_search states the default limit.
    expect(atTwelve.tools.bytes - atDefault.tools.bytes).toBe(2)
    const controls = await runCli(['payload', '--controls'], {env: {OPENCLAW_CONFIG_PATH: config}})
    expect(controls.code).toBe(0)
    const definitions = JSON.parse(controls.stdout) as Array<{name: string}>
    expect(definitions.map((definition) => definition.name)).toEqual(['tool_search', 'tool_describe', 'tool_call'])
    expect(controls.stdout).toContain('Defaults to 12 when omitted.')
    expect(controls.stdout).toBe(`${JSON.stringify(definitions, null, 2)}\n`)
  })
})

describe('one catalog, one set of numbers', () => {
  it('payload, catalog list, lint and eval count the same tools and the same up-front bytes (a direct-only tool included)', async () => {
    const catalog = join(ROOT, 'examples', 'catalog.json5')
    const queries = join(tempDir(), 'queries.jsonl')
    writeFileSync(queries, '{"query": "read a file", "relevant": ["openclaw:core:read"]}\n')
    const payload = parseJsonOutput<PayloadJson>(await runCli(['payload', '--catalog', catalog, '--json']))
    const list = parseJsonOutput<{total: number}>(await runCli(['catalog', 'list', '--catalog', catalog, '--json']))
    const lint = parseJsonOutput<{tools: number; searchable: number; findings: Array<{rule: string; data: Record<string, unknown>}>}>(await runCli(['lint', '--catalog', catalog, '--json']))
    const evaluation = parseJsonOutput<{tools: number; searchable: number}>(await runCli(['eval', '--catalog', catalog, '--queries', queries, '--json']))
    // examples/catalog.json5 has one direct-only tool: in the catalog and sent up front, not searchable.
    expect([payload.entries, list.total, lint.tools, evaluation.tools]).toEqual([29, 29, 29, 29])
    expect([lint.searchable, evaluation.searchable]).toEqual([28, 28])
    const finding = lint.findings.find((found) => found.rule === 'payload')!
    expect(finding.data).toMatchObject({direct: payload.direct.bytes, surface: payload.tools.bytes, tools: 29, percent: '27.9%'})
    const text = await runCli(['payload', '--catalog', catalog])
    expect(text.stdout).toContain('Tool Search saves 27.9% up front in tools mode: 2,783 bytes (~696 tokens) less than exposing every tool directly.\n')
    expect(text.stdout).not.toContain('of direct exposure')
    expect((await runCli(['lint', '--catalog', catalog])).stdout).toContain('for 29 tools (28 searchable; 1 tool flagged; limit 8, tools mode).')
    expect((await runCli(['eval', '--catalog', catalog, '--queries', queries])).stdout).toMatch(/^1 query from .* over 29 tools \(28 searchable\)\n/)
  })
})
