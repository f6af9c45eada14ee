/**
 * Inspecting live servers as a person: `catalog list` names every tool with an input signature
 * rendered from the real schema (over stdio and HTTP), `describe` shows it beside the model's
 * view, and a command whose catalog is MCP servers alone exits 4 when none of them answered.
 */
import {describe, expect, it} from 'vitest'

import {parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {everythingServer, fixtureServer, leftoverServers, pidFile, startHttpFixture, writeMcpConfig} from './helpers.js'

interface ListJson {
  total: number
  tools: Array<{id: string; description: string; signature: string; modelInput: string}>
  unavailableMcpServers: Array<{server: string; error: string}>
}

const CRASH_REASON = 'exited with code 3 during initialize; stderr: "fixture: loading settings | fixture: fatal: cannot open database /nonexistent/db.sqlite"'

describe('catalog list names every tool with its human signature', () => {
  it('over stdio (server-everything, the fixture server) and streamable HTTP', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const http = await startHttpFixture('--http')
    const config = writeMcpConfig(dir, {everything: everythingServer(pids), fixture: fixtureServer(pids), web: {url: http.url}})
    const json = await runCli(['catalog', 'list', '--catalog', config, '--json'])
    expect(json.stderr).toBe('')
    expect(json.code).toBe(0)
    const listed = parseJsonOutput<ListJson>(json)
    expect(listed.tools).toHaveLength(listed.total)
    expect(listed.tools.filter((tool) => tool.id.startsWith('mcp:web:'))).toHaveLength(9)
    expect(listed.tools.find((tool) => tool.id === 'mcp:everything:everything__get-sum')).toEqual(expect.objectContaining({signature: '{ a: number; b: number }', modelInput: 'unknown'}))
    expect(listed.tools.find((tool) => tool.id === 'mcp:web:web__weather')).toEqual(expect.objectContaining({description: 'Current weather for a city, as structured content.', signature: '{ city: string }'}))

    const text = await runCli(['catalog', 'list', '--catalog', config, '--server', 'fixture', '--server', 'web', '--name', '*__echo*'])
    expect(text.code).toBe(0)
    expect(text.stdout.slice(text.stdout.indexOf('Tools ('))).toBe(
      [
        'Tools (4 of 18 match):',
        'Input signatures are rendered from each tool\'s schema for you; the model is shown "input: unknown" for MCP and client tools.',
        '  mcp:fixture:fixture__echo  Echo a message back as text.',
        '      { message: string }',
        '  mcp:fixture:fixture__echo_json  Echo a message back as a JSON text block.',
        '      { message: string }',
        '  mcp:web:web__echo  Echo a message back as text.',
        '      { message: string }',
        '  mcp:web:web__echo_json  Echo a message back as a JSON text block.',
        '      { message: string }',
        '',
      ].join('\n'),
    )
    expect(text.stdout).not.toContain('everything')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('describe shows the human signature beside the model\'s "unknown", labelled apart', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {fixture: fixtureServer(pids)})
    const result = await runCli(['describe', '--catalog', config, 'mcp:fixture:fixture__weather'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('  input:       unknown  (what the model is shown)\n  signature:   { city: string }  (for you, from the schema; not shown to the model)\n')
    expect(await leftoverServers(pids)).toEqual([])
  })
})

describe('exit codes tell the truth', () => {
  it('an MCP-only catalog with every server down exits 4 with each reason', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {broken: fixtureServer(pids, ['--crash-at-start']), missing: {command: '/nonexistent/server'}})
    for (const command of [['catalog', 'list'], ['search', 'echo'], ['directory']]) {
      const result = await runCli([...command, '--catalog', config])
      expect(result.code).toBe(4)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(`Error: None of the 2 MCP servers could be used:\n  MCP server "broken" is unavailable: ${CRASH_REASON}.\n  MCP server "missing" is unavailable: cannot start "/nonexistent/server": command not found.\n`)
    }
    const json = await runCli(['catalog', 'list', '--catalog', config, '--json'])
    expect(json.code).toBe(4)
    expect(parseJsonOutput<{error: {code: string; unavailableMcpServers: unknown[]}}>(json).error).toMatchObject({code: 'mcp-unavailable', unavailableMcpServers: [{server: 'broken'}, {server: 'missing'}]})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('with some servers up it exits 0 and names the missing ones on stderr; a named server that is down exits 4', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {fixture: fixtureServer(pids), broken: fixtureServer(pids, ['--crash-at-start'])})
    const some = await runCli(['catalog', 'list', '--catalog', config, '--name', 'whoami'])
    expect(some.code).toBe(0)
    expect(some.stderr).toBe(`Warning: MCP server "broken" is unavailable: ${CRASH_REASON}; its tools are absent.\n`)
    const call = await runCli(['call', '--catalog', config, 'mcp:broken:echo', 'message=hi'])
    expect(call.code).toBe(4)
    expect(call.stderr).toBe(`Error: MCP server "broken" is unavailable: ${CRASH_REASON}.\n`)
    const described = await runCli(['describe', '--catalog', config, 'mcp:broken:echo'])
    expect(described.code).toBe(4)
    expect(described.stderr).toBe(`Error: MCP server "broken" is unavailable: ${CRASH_REASON}.\n`)
    expect(await leftoverServers(pids)).toEqual([])
  })
})
