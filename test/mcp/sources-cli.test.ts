/**
 * Servers from where people keep them, end to end: an ad-hoc server on the command line (stdio
 * and HTTP, no config file at all), and without --catalog the MCP servers of the resolved OpenClaw
 * config — its tool policy, tool filters, disabled servers and per-server start-up limits applied.
 */
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {FIXTURE_SERVER, RECORD_PID, fixtureServer, leftoverServers, pidFile, recordedPids, startHttpFixture} from './helpers.js'

interface ListJson {
  files: string[]
  tools: Array<{id: string}>
  unavailableMcpServers: Array<{server: string; error: string}>
}

describe('ad-hoc servers on the command line', () => {
  it('--stdio with --env lists and calls without any config file', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const stdio = `"${process.execPath}" --import "${RECORD_PID}" "${FIXTURE_SERVER}"`
    const list = await runCli(['catalog', 'list', '--stdio', stdio, '--env', `FIXTURE_PID_FILE=${pids}`, '--json'], {cwd: dir})
    // Named as mcporter names it: server.js is a generic entry point, so the package it is in (this repository's) names it; the first line says so.
    expect(list.stderr).toBe(`Server: toolsearch (--stdio "${stdio}"); its tools are mcp:toolsearch:toolsearch__<tool>. --server-name sets another name.\n`)
    expect(list.code).toBe(0)
    const listed = parseJsonOutput<ListJson>(list)
    expect(listed.files).toEqual([`--stdio "${stdio}"`])
    expect(listed.tools.map((tool) => tool.id)).toContain('mcp:toolsearch:toolsearch__echo')
    const call = await runCli(['call', '--stdio', stdio, '--env', `FIXTURE_PID_FILE=${pids}`, '--env', 'GREETING=hello there', '--server-name', 'fx', 'mcp:fx:fx__read_env', 'name=GREETING'], {cwd: dir})
    expect(call.stdout).toBe('"***"\n')
    expect(call.code).toBe(0)
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('--http-url with --header reaches a server that wants a token', async () => {
    const secret = 'adhoc-secret-token-42'
    const http = await startHttpFixture('--http', {FIXTURE_REQUIRED_TOKEN: secret})
    const search = await runCli(['search', '--http-url', http.url, '--header', `Authorization: Bearer ${secret}`, 'weather', 'city', '--json'])
    expect(search.stderr).toBe(`Server: 127-0-0-1-mcp (--http-url ${http.url}); its tools are mcp:mcp-127-0-0-1-mcp:mcp-127-0-0-1-mcp__<tool>. --server-name sets another name.\n`)
    expect(parseJsonOutput<Array<{id: string}>>(search)[0]!.id).toBe('mcp:mcp-127-0-0-1-mcp:mcp-127-0-0-1-mcp__weather')
    const call = await runCli(['call', '--http-url', http.url, '--header', `Authorization: Bearer ${secret}`, 'mcp-127-0-0-1-mcp__echo', 'message=hi'])
    expect(call.stdout).toBe('"echo: hi"\n')
    const refused = await runCli(['catalog', 'list', '--http-url', http.url])
    expect(refused.code).toBe(4)
    expect(refused.stderr).toMatch(/^Server: 127-0-0-1-mcp .*\nError: MCP server "127-0-0-1-mcp" is unavailable: answered HTTP 401 at http:\/\/127\.0\.0\.1:\d+\/mcp during initialize/)
  })

  it('refuses --env without --stdio before anything starts', async () => {
    const result = await runCli(['catalog', 'list', '--env', 'A=1', '--catalog', 'x.json'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --env sets a variable of the --stdio server; give --stdio too.\n')
  })
})

describe('without --catalog: the MCP servers OpenClaw would start', () => {
  function openclawHome(servers: Record<string, unknown>, extra: Record<string, unknown> = {}): {home: string; file: string} {
    const home = tempDir('toolsearch-home-')
    mkdirSync(join(home, '.openclaw'))
    const file = join(home, '.openclaw', 'openclaw.json')
    writeFileSync(file, JSON.stringify({...extra, mcp: {servers}}, null, 2))
    return {home, file}
  }

  it('lists the enabled servers of the resolved config, with its tool policy and tool filters, and says so', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const {home, file} = openclawHome(
      {
        fixture: {...fixtureServer(pids), toolFilter: {include: ['echo*', 'weather', 'fail']}},
        off: {...fixtureServer(pids), enabled: false},
      },
      // OpenClaw's tool policy names tools, as the model is given them.
      {tools: {deny: ['fixture__fail']}},
    )
    const result = await runCli(['catalog', 'list', '--json', '--openclaw-tools', 'none'], {env: {HOME: home}})
    expect(result.stderr).toBe(`Catalog: the MCP servers OpenClaw would start, from mcp.servers of ${file} (fixture); the config's tool policy applies.\n`)
    expect(result.code).toBe(0)
    const listed = parseJsonOutput<ListJson & {denied: number}>(result)
    expect(listed.files).toEqual([`mcp.servers of ${file}`])
    expect(listed.tools.map((tool) => tool.id)).toEqual(['mcp:fixture:fixture__echo', 'mcp:fixture:fixture__echo_json', 'mcp:fixture:fixture__weather'])
    expect(listed.denied).toBe(1)
    expect(recordedPids(pids)).toHaveLength(1)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('a hanging server is reported at its own connectionTimeoutMs, not the default limit', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const {home} = openclawHome({fixture: fixtureServer(pids), slow: {...fixtureServer(pids, ['--hang-at-start']), connectionTimeoutMs: 1500}})
    const started = Date.now()
    const result = await runCli(['catalog', 'list', '--name', 'fixture__whoami'], {env: {HOME: home}})
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(result.code).toBe(0)
    expect(result.stderr.split('\n')[1]).toMatch(/^Warning: MCP server "slow" is unavailable: did not answer initialize within 1500 ms(; stderr: "fixture: waiting forever")?; its tools are absent\.$/)
    expect(result.stdout).toContain('  mcp:fixture:fixture__whoami  Returns the server process id.\n')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it("a server's requestTimeoutMs limits a call (exit 4), unless --timeout says otherwise, and no server outlives it", async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const {home} = openclawHome({fixture: {...fixtureServer(pids), requestTimeoutMs: 3000}})
    const hung = await runCli(['call', 'mcp:fixture:fixture__hang'], {env: {HOME: home}})
    expect(hung.code).toBe(4)
    expect(hung.stderr.split('\n')[1]).toBe('Error: MCP server "fixture" did not answer tools/call within 3000 ms; stderr: "fixture: ready on stdio".')
    const flagged = await runCli(['call', 'mcp:fixture:fixture__hang', '--timeout', '2500', '--json'], {env: {HOME: home}})
    expect(flagged.code).toBe(4)
    expect(parseJsonOutput<{error: {message: string}}>(flagged).error.message).toBe('MCP server "fixture" did not answer tools/call within 2500 ms; stderr: "fixture: ready on stdio".')
    const echoed = await runCli(['call', 'mcp:fixture:fixture__echo', 'message=hi'], {env: {HOME: home}})
    expect(echoed.stdout).toBe('"echo: hi"\n')
    expect(recordedPids(pids)).toHaveLength(3)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it("a server's requestTimeoutMs limits its tools/list but not its initialize, which keeps connectionTimeoutMs", async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const {home} = openclawHome({
      fixture: fixtureServer(pids),
      lister: {...fixtureServer(pids, ['--hang-on-list']), requestTimeoutMs: 2000},
      slow: {...fixtureServer(pids, ['--hang-at-start']), connectionTimeoutMs: 2500, requestTimeoutMs: 500},
    })
    const result = await runCli(['catalog', 'list', '--name', 'fixture__whoami'], {env: {HOME: home}})
    expect(result.code).toBe(0)
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('Warning: '))
    expect(warnings[0]).toBe('Warning: MCP server "lister" is unavailable: did not answer tools/list within 2000 ms; stderr: "fixture: ready on stdio"; its tools are absent.')
    expect(warnings[1]).toMatch(/^Warning: MCP server "slow" is unavailable: did not answer initialize within 2500 ms(; stderr: "fixture: waiting forever")?; its tools are absent\.$/)
    expect(warnings).toHaveLength(2)
    expect(result.stdout).toContain('  mcp:fixture:fixture__whoami  Returns the server process id.\n')
    expect(recordedPids(pids)).toHaveLength(3)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('with no servers to start, says where it looked and what to pass (exit 2)', async () => {
    const {home, file} = openclawHome({})
    // OpenClaw's own tools are a catalog of their own…
    const own = await runCli(['catalog', 'list', '--json'], {env: {HOME: home}})
    expect(own.code).toBe(0)
    expect(own.stderr).toBe(`Catalog: what OpenClaw gives the model with ${file}: its own tools and no MCP servers; the config's tool policy applies.\n`)
    expect(parseJsonOutput<ListJson>(own).tools.map((tool) => tool.id)).toContain('openclaw:core:web_fetch')
    // …without them there is nothing to list.
    const empty = await runCli(['catalog', 'list', '--openclaw-tools', 'none'], {env: {HOME: home}})
    expect(empty.code).toBe(2)
    expect(empty.stderr).toBe(`Error: No catalog to load: ${file} declares no MCP servers (mcp.servers). Pass --catalog <file|dir|client>, or one server with --stdio "<command>" or --http-url <url>; "toolsearch catalog sources" lists the MCP configs found.\n`)
  })
})
