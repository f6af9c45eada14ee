/**
 * Listing tools from real servers through the library: the fixture server and server-everything
 * over stdio, the fixture over streamable HTTP and legacy SSE, and every way a server can fail.
 * Each test checks that no server process is left running.
 */
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'

import {listMcpServerTools, mcpToolDefinition, parseMcpServers} from '../../src/catalog/mcp/index.js'
import type {CatalogEntry} from '../../src/catalog/types.js'
import {liveProcessGroupCount} from '../../src/process/process-group.js'
import {tempDir} from '../helpers/cli.js'
import {closedPort, everythingServer, fixtureServer, leftoverServers, pidFile, recordedPids, startHttpFixture} from './helpers.js'

const FILE = '/config/mcp.json'
const FIXTURE_TOOLS = ['echo', 'echo_json', 'weather', 'two_blocks', 'fail', 'hang', 'crash', 'read_env', 'whoami']
/** The fixture's tools in OpenClaw's order: by their names, `<server>__<tool>`. */
const FIXTURE_ORDER = ['crash', 'echo', 'echo_json', 'fail', 'hang', 'read_env', 'two_blocks', 'weather', 'whoami']

/** The own names (on the server) of the entries of `server`'s tools, in entry order. */
function toolsOf(entries: CatalogEntry[], server: string): string[] {
  return entries.filter((entry) => entry.mcp?.serverName === server).map((entry) => entry.mcp!.toolName)
}

async function list(servers: Record<string, unknown>, options: {timeoutMs?: number; env?: NodeJS.ProcessEnv; progress?: (message: string) => void} = {}) {
  return listMcpServerTools(parseMcpServers(servers, FILE), {timeoutMs: 10_000, env: {PATH: process.env.PATH}, ...options})
}

describe('listMcpServerTools with live servers', () => {
  it('lists the fixture and server-everything over stdio as mcp entries, then stops both', async () => {
    const pids = pidFile()
    const progress: string[] = []
    const {entries, unavailable} = await list({fixture: fixtureServer(pids), everything: everythingServer(pids)}, {progress: (line) => progress.push(line)})
    expect(unavailable).toEqual([])
    expect(toolsOf(entries, 'fixture')).toEqual(FIXTURE_ORDER)
    expect(entries.filter((entry) => entry.sourceName === 'fixture').map((entry) => entry.name)).toEqual(FIXTURE_ORDER.map((tool) => `fixture__${tool}`))
    const echo = entries.find((entry) => entry.id === 'mcp:everything:everything__echo')
    expect(echo).toMatchObject({
      name: 'everything__echo',
      source: 'mcp',
      sourceName: 'everything',
      mcp: {serverName: 'everything', safeServerName: 'everything', toolName: 'echo', operation: 'tool'},
      description: 'Echoes back the input string',
      label: 'Echo Tool',
      trusted: false,
      visibility: 'deferred',
      requiresApproval: false,
      run: {kind: 'mcp', server: 'everything', tool: 'echo'},
      origin: {file: FILE, path: ['mcpServers', 'everything']},
    })
    expect(echo?.parameters).toMatchObject({type: 'object', required: ['message']})
    expect(entries.filter((entry) => entry.sourceName === 'everything').length).toBeGreaterThan(5)
    // Untrusted entries do not carry the output schema; the import reads it from the definition.
    const weather = entries.find((entry) => entry.id === 'mcp:fixture:fixture__weather')!
    expect(weather.outputSchema).toBeUndefined()
    expect(mcpToolDefinition(weather)?.outputSchema).toMatchObject({required: ['city', 'temperature']})
    expect(progress[0]).toBe('Starting MCP servers: 0/2 done (waiting for fixture, everything: limit 10 s)')
    expect(progress.at(-1)).toBe('')
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
    expect(liveProcessGroupCount()).toBe(0)
  })

  it('starts the servers in parallel: each waits for the others before it answers', async () => {
    const pids = pidFile()
    const peer = () => fixtureServer(pids, ['--await-peers', '3'])
    const {entries, unavailable} = await list({a: peer(), b: peer(), c: peer()})
    expect(unavailable).toEqual([])
    expect(entries).toHaveLength(3 * FIXTURE_TOOLS.length)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('declares no client capabilities in initialize, as OpenClaw does', async () => {
    const pids = pidFile()
    const init = `${pids}.init`
    const {unavailable} = await list({fixture: fixtureServer(pids, [], {env: {FIXTURE_INIT_FILE: init}})})
    expect(unavailable).toEqual([])
    expect(readFileSync(init, 'utf8')).toBe('{}\n')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('lists a server that offers prompts and no tools (tools/list an unknown method) as its prompt operations', async () => {
    const pids = pidFile()
    const {entries, unavailable} = await list({prompter: fixtureServer(pids, ['--prompts-only']), fixture: fixtureServer(pids)})
    expect(unavailable).toEqual([])
    expect(entries.filter((entry) => entry.mcp?.serverName === 'prompter').map((entry) => entry.name)).toEqual(['prompter__prompts_get', 'prompter__prompts_list'])
    // A server that offers tools has no resource or prompt operations.
    expect(entries.filter((entry) => entry.mcp?.serverName === 'fixture').every((entry) => entry.mcp?.operation === 'tool')).toBe(true)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('pages through tools/list with nextCursor', async () => {
    const pids = pidFile()
    const {entries, unavailable} = await list({paged: fixtureServer(pids, ['--page-size', '4', '--extra-tools', '25'])})
    expect(unavailable).toEqual([])
    expect(entries).toHaveLength(FIXTURE_TOOLS.length + 25)
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length)
    expect(toolsOf(entries, 'paged').filter((tool) => tool.startsWith('generated_'))).toEqual(Array.from({length: 25}, (_, i) => `generated_${String(i).padStart(3, '0')}`))
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('lists thousands of tools, over many pages or in one message', async () => {
    const pids = pidFile()
    const {entries, unavailable} = await list({
      paged: fixtureServer(pids, ['--page-size', '250', '--extra-tools', '3000']),
      whole: fixtureServer(pids, ['--extra-tools', '3000']),
    })
    expect(unavailable).toEqual([])
    for (const server of ['paged', 'whole']) {
      const names = toolsOf(entries, server)
      expect(names).toHaveLength(FIXTURE_TOOLS.length + 3000)
      expect(new Set(names).size).toBe(names.length)
      expect(names).toContain('generated_2999')
    }
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('skips a listed tool with a defect inside it, and a tool with a blank name, keeping each server\'s other tools', async () => {
    const pids = pidFile()
    const {entries, unavailable, skipped} = await list({good: fixtureServer(pids), deep: fixtureServer(pids, ['--deep-schema']), blank: fixtureServer(pids, ['--blank-name'])})
    expect(toolsOf(entries, 'good')).toEqual(FIXTURE_ORDER)
    // The deep tool alone is left out; its server's other tools are used.
    expect(toolsOf(entries, 'deep')).toEqual(FIXTURE_ORDER)
    // OpenClaw leaves a tool with a blank name out and uses the server's others; so does toolsearch, with a warning.
    expect(toolsOf(entries, 'blank')).toEqual(FIXTURE_ORDER)
    expect(unavailable).toEqual([])
    expect(skipped).toHaveLength(2)
    expect(skipped[0]).toMatchObject({name: 'deep', source: 'MCP server "deep"', problem: 'nests deeper than 128 levels'})
    expect(skipped[0]!.path).toMatch(/^tools\[9\]\.inputSchema\.properties\.inner\..*….*\.properties\.inner$/)
    expect(skipped[0]!.path.length).toBeLessThanOrEqual(120)
    expect(skipped[1]).toEqual({name: '  ', source: 'MCP server "blank"', path: 'tools[9].name', problem: 'its name is blank, and OpenClaw leaves such a tool out'})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('stops what a server leaves running in its process group, even a process that ignores SIGTERM', async () => {
    const pids = pidFile()
    const {entries, unavailable} = await list({parent: fixtureServer(pids, ['--stubborn-child'])})
    expect(unavailable).toEqual([])
    expect(entries).toHaveLength(FIXTURE_TOOLS.length)
    // The server and the child it left behind.
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
    expect(liveProcessGroupCount()).toBe(0)
  })

  it("tolerates a banner line on a server's stdout", async () => {
    const pids = pidFile()
    const {entries, unavailable} = await list({noisy: fixtureServer(pids, ['--banner'])})
    expect(unavailable).toEqual([])
    expect(entries).toHaveLength(FIXTURE_TOOLS.length)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('reaches servers over streamable HTTP and legacy SSE, with headers expanded from the environment', async () => {
    const token = 'fixture-token-4242'
    const http = await startHttpFixture('--http', {FIXTURE_REQUIRED_TOKEN: token})
    const sse = await startHttpFixture('--sse', {FIXTURE_REQUIRED_TOKEN: token})
    const headers = {Authorization: 'Bearer ${FIXTURE_TOKEN}'}
    const {entries, unavailable} = await list({http: {url: http.url, headers}, sse: {type: 'sse', url: sse.url, headers}}, {env: {FIXTURE_TOKEN: token}})
    expect(unavailable).toEqual([])
    expect(toolsOf(entries, 'http')).toEqual(FIXTURE_ORDER)
    expect(toolsOf(entries, 'sse')).toEqual(FIXTURE_ORDER)
  })

  it('reports every failing server with its reason while the others keep working', async () => {
    const pids = pidFile()
    const port = await closedPort()
    const cwd = tempDir()
    const {entries, unavailable} = await list({
      good: fixtureServer(pids),
      crash: fixtureServer(pids, ['--crash-at-start']),
      badlist: fixtureServer(pids, ['--bad-list']),
      loop: fixtureServer(pids, ['--loop-cursor']),
      missing: {command: 'toolsearch-no-such-server-binary'},
      nocwd: {command: process.execPath, cwd: `${cwd}/absent`},
      novar: {command: process.execPath, env: {TOKEN: '${TOOLSEARCH_TEST_UNSET_TOKEN}'}},
      refused: {url: `http://127.0.0.1:${port}/mcp`},
    })
    expect(entries.every((entry) => entry.sourceName === 'good')).toBe(true)
    expect(entries).toHaveLength(FIXTURE_TOOLS.length)
    const reasons = Object.fromEntries(unavailable.map(({server, error}) => [server, error]))
    expect(Object.keys(reasons).sort()).toEqual(['badlist', 'crash', 'loop', 'missing', 'nocwd', 'novar', 'refused'])
    expect(reasons.crash).toBe('exited with code 3 during initialize; stderr: "fixture: loading settings | fixture: fatal: cannot open database /nonexistent/db.sqlite"')
    expect(reasons.badlist).toBe('returned an invalid tools/list result: tools: Invalid input: expected array, received string')
    expect(reasons.loop).toBe('returned the same tools/list cursor twice (its paging never ends)')
    expect(reasons.missing).toBe('cannot start "toolsearch-no-such-server-binary": command not found')
    expect(reasons.nocwd).toBe(`working directory ${cwd}/absent does not exist`)
    expect(reasons.novar).toBe('mcpServers.novar.env.TOKEN needs environment variable TOOLSEARCH_TEST_UNSET_TOKEN, which is not set')
    expect(reasons.refused).toMatch(new RegExp(`^cannot be reached at http://127\\.0\\.0\\.1:${port}/mcp: .*ECONNREFUSED`))
    expect(recordedPids(pids)).toHaveLength(4)
    expect(await leftoverServers(pids)).toEqual([])
    expect(liveProcessGroupCount()).toBe(0)
  })

  it('stops servers that never answer at the time limit, even one that ignores SIGTERM', async () => {
    const pids = pidFile()
    const {entries, unavailable} = await list(
      {
        hang: fixtureServer(pids, ['--hang-at-start']),
        garbage: fixtureServer(pids, ['--garbage']),
        stubborn: fixtureServer(pids, ['--hang-at-start', '--ignore-sigterm']),
      },
      {timeoutMs: 4000},
    )
    expect(entries).toEqual([])
    const reasons = Object.fromEntries(unavailable.map(({server, error}) => [server, error]))
    expect(reasons.hang).toBe('did not answer initialize within 4000 ms; stderr: "fixture: waiting forever"')
    expect(reasons.garbage).toBe('did not answer initialize within 4000 ms; it wrote non-JSON-RPC output on stdout: "<html>this is not JSON-RPC</html>"')
    expect(reasons.stubborn).toBe('did not answer initialize within 4000 ms; stderr: "fixture: waiting forever"')
    expect(recordedPids(pids)).toHaveLength(3)
    expect(await leftoverServers(pids)).toEqual([])
    expect(liveProcessGroupCount()).toBe(0)
  })

  it('never reports a secret: wrong HTTP credentials are named without their value', async () => {
    const http = await startHttpFixture('--http', {FIXTURE_REQUIRED_TOKEN: 'the-right-token'})
    const secret = 'wrong-but-secret-token'
    const {unavailable} = await list({http: {url: `${http.url}?key=\${KEY}`, headers: {Authorization: 'Bearer ${TOKEN}'}}}, {env: {TOKEN: secret, KEY: 'query-secret-123'}})
    expect(unavailable).toHaveLength(1)
    expect(unavailable[0].error).toMatch(/^answered HTTP 401 at http:\/\/127\.0\.0\.1:\d+\/mcp\?key=\$\{KEY\} during initialize: .*missing or wrong token$/)
    expect(JSON.stringify(unavailable)).not.toContain(secret)
    expect(JSON.stringify(unavailable)).not.toContain('query-secret-123')
  })

  it('redacts secret values that a server echoes into its stderr', async () => {
    const secret = 'sk-live-abcdef123456'
    const script = 'process.stderr.write("token is " + process.env.API_KEY + "\\n"); process.exit(1)'
    const {unavailable} = await list({leaky: {command: process.execPath, args: ['-e', script], env: {API_KEY: '${SECRET}'}}}, {env: {SECRET: secret}})
    expect(unavailable).toEqual([{server: 'leaky', error: 'exited with code 1 during initialize; stderr: "token is ***"'}])
  })

  it('makes no process and loads nothing when there are no servers', async () => {
    expect(await listMcpServerTools({})).toEqual({entries: [], unavailable: [], skipped: []})
  })
})
