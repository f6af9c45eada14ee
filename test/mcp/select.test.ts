/**
 * Only what is needed starts: `call` and `describe` of one tool start that tool's server (once),
 * `--server` narrows a command to the servers it names — shown with a five-server config in which
 * one server hangs, over stdio and HTTP.
 */
import {describe, expect, it} from 'vitest'

import {namedServers, serversForTool, toolOnServer} from '../../src/mcp/select.js'
import {parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {everythingServer, fixtureServer, leftoverServers, pidFile, recordedPids, startHttpFixture, writeMcpConfig} from './helpers.js'

describe('serversForTool', () => {
  const declared = ['github', 'git', 'a:b', 'a']
  it('starts only the server an mcp id names, by the longest declared key', () => {
    expect(serversForTool('mcp:github:create_issue', declared)).toEqual(['github'])
    expect(serversForTool('mcp:git:log', declared)).toEqual(['git'])
    expect(serversForTool('mcp:a:b:tool', declared)).toEqual(['a:b'])
    expect(serversForTool('mcp:a:tool', declared)).toEqual(['a'])
  })
  it('knows a server by its safe name too, the one OpenClaw\'s ids carry, assigned over every declared server', () => {
    expect(serversForTool('mcp:github:github__create_issue', declared)).toEqual(['github'])
    // "a:b" is "a-b" to the model; "my server" is "my-server"; a second "My.Server" is "My-Server-2".
    expect(serversForTool('mcp:a-b:a-b__tool', declared)).toEqual(['a:b'])
    expect(serversForTool('mcp:My-Server-2:My-Server-2__x', ['my server', 'My.Server'])).toEqual(['My.Server'])
    expect(serversForTool('mcp:my-server:my-server__x', ['my server', 'My.Server'])).toEqual(['my server'])
    // A key that is another server's safe name: both start, and the lookup tells them apart.
    expect(serversForTool('mcp:a-b:a-b__tool', ['a b', 'a-b'])).toEqual(['a b', 'a-b'])
  })
  it('starts none for an mcp id of an undeclared server, and all for a name or another source', () => {
    expect(serversForTool('mcp:gitlab:create_issue', declared)).toEqual([])
    expect(serversForTool('mcp:github:', declared)).toEqual([])
    expect(serversForTool('create_issue', declared)).toEqual(declared)
    expect(serversForTool('openclaw:core:read', declared)).toEqual(declared)
    expect(serversForTool(undefined, declared)).toEqual(declared)
  })
})

describe('namedServers and toolOnServer', () => {
  it('keeps the named servers in declaration order; no names means all', () => {
    expect(namedServers(['b', 'a'], ['a', 'b', 'c'])).toEqual(['a', 'b'])
    expect(namedServers(undefined, ['a', 'b'])).toEqual(['a', 'b'])
    expect(namedServers([], ['a'])).toEqual(['a'])
  })
  it('refuses a name no source declares, listing the declared ones (exit 2)', () => {
    expect(() => namedServers(['gh'], ['github', 'git'])).toThrow('No MCP server named "gh" (declared: github, git).')
    expect(() => namedServers(['gh'], [])).toThrow('No MCP server named "gh" (no MCP servers are declared).')
  })
  it('reads a bare name as the tool of --server, and leaves ids alone', () => {
    expect(toolOnServer('echo', 'fixture')).toBe('mcp:fixture:echo')
    expect(toolOnServer('mcp:other:echo', 'fixture')).toBe('mcp:other:echo')
    expect(toolOnServer('openclaw:core:read', 'fixture')).toBe('openclaw:core:read')
    expect(toolOnServer('echo', undefined)).toBe('echo')
  })
})

describe('a five-server config with one hanging server', () => {
  async function fiveServers() {
    const dir = tempDir()
    const pids = pidFile(dir)
    const http = await startHttpFixture('--http')
    const config = writeMcpConfig(dir, {
      fixture: fixtureServer(pids),
      everything: everythingServer(pids),
      hanging: fixtureServer(pids, ['--hang-at-start']),
      web: {url: http.url},
      spare: fixtureServer(pids),
    })
    return {dir, pids, config}
  }

  it('call of a healthy stdio tool starts that server alone, once', async () => {
    const {pids, config} = await fiveServers()
    const started = Date.now()
    const result = await runCli(['call', '--catalog', config, 'mcp:everything:everything__echo', 'message=hi', '--json'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(parseJsonOutput(result)).toMatchObject({tool: {id: 'mcp:everything:everything__echo'}, result: 'Echo: hi'})
    expect(recordedPids(pids)).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('call over HTTP and --server with a bare name start no stdio server but the one named', async () => {
    const {pids, config} = await fiveServers()
    const web = await runCli(['call', '--catalog', config, 'mcp:web:web__echo', 'message=over http'])
    expect(web.stdout).toBe('"echo: over http"\n')
    expect(web.code).toBe(0)
    expect(recordedPids(pids)).toHaveLength(0)
    // The tool's own name on the named server: found without a note.
    const named = await runCli(['call', '--catalog', config, '--server', 'fixture', 'echo', 'message=named'])
    expect(named.stdout).toBe('"echo: named"\n')
    expect(named.stderr).toBe('')
    expect(recordedPids(pids)).toHaveLength(1)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('describe starts only the tool\'s server; an unknown --server is a usage error before any start', async () => {
    const {pids, config} = await fiveServers()
    const described = await runCli(['describe', '--catalog', config, 'mcp:fixture:fixture__echo', '--json'])
    expect(described.code).toBe(0)
    expect(parseJsonOutput(described)).toMatchObject({id: 'mcp:fixture:fixture__echo', parameters: {required: ['message']}})
    expect(recordedPids(pids)).toHaveLength(1)
    const unknown = await runCli(['describe', '--catalog', config, '--server', 'nope', 'echo'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe('Error: No MCP server named "nope" (declared: fixture, everything, hanging, web, spare).\n')
    expect(recordedPids(pids)).toHaveLength(1)
    expect(await leftoverServers(pids)).toEqual([])
  })
})
