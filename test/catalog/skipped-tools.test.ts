/**
 * One bad tool does not take down the catalog: a defect inside one tool (nesting 5,000 levels
 * deep, a tool over the size limit, a `__proto__` key) skips that tool — not searchable, not
 * callable — with one warning line naming it, from a file and from a live server alike. A
 * `__proto__` key is the same defect wherever the tool comes from, even where the MCP SDK's
 * parsing would drop it without a word.
 */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {listMcpServerTools, parseMcpServers} from '../../src/catalog/mcp/index.js'
import {loadCatalogs, MAX_TOOL_CHARS} from '../../src/catalog/index.js'
import {runCli, tempDir} from '../helpers/cli.js'
import {leftoverServers, pidFile, writeMcpConfig} from '../mcp/helpers.js'
import {hostileServer} from '../mcp/hostile.js'

/** `{"type":"object","properties":{"inner": …}}` nested `levels` deep, as text (JSON.stringify would overflow). */
function deepSchemaText(levels: number): string {
  return `${'{"type":"object","properties":{"inner":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}`
}

const DEEP_WARNING = /^Warning: deep\.json: tool "deep" is skipped \(it cannot be searched or called\): tools\[1\]\.parameters\.properties\.inner\.[a-z.]*….inner[a-z.]*: nests deeper than 128 levels\.$/

describe('a catalog file with one tool nested 5,000 levels deep', () => {
  const dir = tempDir()
  writeFileSync(join(dir, 'deep.json'), `{"tools":[{"name":"open_pull_request","description":"Open a pull request."},{"name":"deep","description":"Open a deep pull request.","parameters":${deepSchemaText(5000)}}]}`)

  it.each([
    ['search', ['search', 'pull', 'request', '--json'], 0],
    ['directory', ['directory'], 0],
    ['describe (the skipped tool is unknown)', ['describe', 'deep'], 1],
    ['call (the skipped tool cannot be called)', ['call', 'deep', '--args', '{}'], 1],
  ])('%s loads the rest and warns once, in one readable line', async (_name, args, code) => {
    const result = await runCli([...args, '--catalog', 'deep.json'], {cwd: dir})
    const [warning, ...rest] = result.stderr.split('\n')
    expect(warning).toMatch(DEEP_WARNING)
    expect(warning!.length).toBeLessThan(300)
    expect(rest.join('\n')).not.toContain('Warning')
    expect(result.code).toBe(code)
    expect(result.stdout).not.toContain('"deep"')
    if (args[0] === 'search') expect(JSON.parse(result.stdout).map((hit: {id: string}) => hit.id)).toEqual(['openclaw:core:open_pull_request'])
    if (args[0] === 'directory') expect(result.stdout).toContain('open_pull_request')
  })

  it('an entry without a name stays an error naming the entry', async () => {
    writeFileSync(join(dir, 'nameless.json'), JSON.stringify({tools: [{name: 'fine'}, {description: 'no name'}]}))
    const result = await runCli(['search', 'fine', '--catalog', 'nameless.json'], {cwd: dir})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('nameless.json: tools[1].name: must be a string')
  })
})

describe('a live server listing one bad tool', () => {
  it('skips the deep, the huge and the __proto__ tool, keeping each server\'s sound tool', async () => {
    const pids = pidFile()
    const servers = parseMcpServers(
      {deep: hostileServer(pids, 'deep-tool', {args: ['5000']}), huge: hostileServer(pids, 'huge-tool'), proto: hostileServer(pids, 'proto-tool')},
      '/config/mcp.json',
    )
    const {entries, unavailable, skipped} = await listMcpServerTools(servers, {timeoutMs: 20_000, env: {PATH: process.env.PATH}})
    expect(unavailable).toEqual([])
    expect(entries.map((entry) => entry.id)).toEqual(['mcp:deep:deep__fine', 'mcp:huge:huge__fine', 'mcp:proto:proto__fine'])
    expect(skipped.map(({name, source, problem}) => ({name, source, problem}))).toEqual([
      {name: 'deep', source: 'MCP server "deep"', problem: 'nests deeper than 128 levels'},
      {name: 'huge', source: 'MCP server "huge"', problem: `is larger than ${MAX_TOOL_CHARS} characters`},
      {name: 'proto', source: 'MCP server "proto"', problem: 'the key "__proto__" is not allowed'},
    ])
    expect(skipped[0]!.path.length).toBeLessThanOrEqual(120)
    expect(skipped[1]!.path).toBe('tools[1].description')
    expect(skipped[2]!.path).toBe('tools[1].inputSchema.__proto__')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('treats __proto__ in a server\'s tool exactly as in a tools/list file, and says so on stderr', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    // The same tools/list result, saved to a file and served live.
    writeFileSync(join(dir, 'proto.json'), '{"tools":[{"name":"fine","description":"A sound tool beside the bad one.","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}},{"name":"proto","description":"Smuggles a prototype.","inputSchema":{"type":"object","__proto__":{"polluted":true},"properties":{}}}]}')
    const fromFile = await loadCatalogs([join(dir, 'proto.json')])
    const config = writeMcpConfig(dir, {proto: hostileServer(pids, 'proto-tool')})
    const live = await loadCatalogs([config], {env: {PATH: process.env.PATH}})
    const withoutSource = ({path, problem, name}: {path: string; problem: string; name: string}) => ({path, problem, name})
    expect(live.skippedTools?.map(withoutSource)).toEqual(fromFile.skippedTools?.map(withoutSource))
    // A saved listing keeps its names as written; the live server's tools are named as OpenClaw names them.
    expect(live.entries.map((entry) => entry.mcp?.toolName)).toEqual(fromFile.entries.map((entry) => entry.name))
    expect(live.entries.map((entry) => entry.name)).toEqual(fromFile.entries.map((entry) => `proto__${entry.name}`))

    const result = await runCli(['search', 'prototype', '--catalog', config], {cwd: dir})
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('Warning: MCP server "proto": tool "proto" is skipped (it cannot be searched or called): tools[1].inputSchema.__proto__: the key "__proto__" is not allowed.\n')
    expect(await leftoverServers(pids)).toEqual([])
  })
})
