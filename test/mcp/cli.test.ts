/**
 * The built CLI against live MCP servers: every catalog command over an `mcpServers` file, failure
 * reporting, `catalog list`, `catalog import`, interruption — and after each run, no server
 * process left behind.
 */
import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {createServer, type AddressInfo} from 'node:net'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'

import {waitForFile} from '../call/processes.js'
import {BIN, ROOT, isolatedEnv, parseJsonOutput, runCli, tempDir, type CliResult} from '../helpers/cli.js'
import {everythingServer, fixtureServer, leftoverServers, pidFile, recordedPids, startHttpFixture, writeMcpConfig} from './helpers.js'

const CRASH_WARNING =
  'Warning: MCP server "broken" is unavailable: exited with code 3 during initialize; stderr: "fixture: loading settings | fixture: fatal: cannot open database /nonexistent/db.sqlite"; its tools are absent.\n'

/** A directory with `mcp.json` declaring the fixture server (and optionally a broken one). */
function setup(extraServers: (pids: string) => Record<string, unknown> = () => ({})) {
  const dir = tempDir()
  const pids = pidFile(dir)
  const config = writeMcpConfig(dir, {fixture: fixtureServer(pids), ...extraServers(pids)})
  return {dir, pids, config}
}

function expectNoServerNoise(result: CliResult): void {
  // Server stderr is kept for failure reasons, never passed through.
  expect(result.stdout).not.toContain('fixture: ready on stdio')
  expect(result.stderr).not.toContain('fixture: ready on stdio')
}

interface SummaryJson {
  total: number
  groups: Array<{source: string; sourceName: string; tools: number; status: string; error?: string}>
  duplicateNames: Array<{name: string; ids: string[]}>
  unavailableMcpServers: Array<{server: string; error: string}>
}

describe('catalog commands over an mcpServers file', () => {
  it('search finds live MCP tools beside native ones, and names the server that failed', async () => {
    const {dir, pids, config} = setup((p) => ({broken: fixtureServer(p, ['--crash-at-start'])}))
    writeFileSync(join(dir, 'native.json'), JSON.stringify({tools: [{name: 'forecast_report', description: 'Weather forecast report for a region.'}]}))
    const result = await runCli(['search', '--catalog', 'native.json', '--catalog', config, 'weather', '--json'], {cwd: dir})
    expect(result.stderr).toBe(CRASH_WARNING)
    expect(result.code).toBe(0)
    const hits = parseJsonOutput<Array<{id: string; source: string; sourceName: string; input: string}>>(result)
    expect(hits.map((hit) => hit.id)).toEqual(expect.arrayContaining(['mcp:fixture:fixture__weather', 'openclaw:core:forecast_report']))
    expect(hits.find((hit) => hit.id === 'mcp:fixture:fixture__weather')).toMatchObject({source: 'mcp', sourceName: 'fixture', input: 'unknown'})
    expectNoServerNoise(result)
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('starts the servers of every --catalog file in parallel', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const peer = () => fixtureServer(pids, ['--await-peers', '2'])
    const first = writeMcpConfig(dir, {first: peer()}, {}, 'first.json')
    const second = writeMcpConfig(dir, {second: peer()}, {}, 'second.json')
    const result = await runCli(['catalog', 'list', '--catalog', first, '--catalog', second, '--json'], {env: {TOOLSEARCH_MCP_TIMEOUT_MS: '10000'}})
    expect(result.stderr).toBe('')
    expect(parseJsonOutput<SummaryJson>(result).groups.map(({sourceName, tools}) => [sourceName, tools])).toEqual([
      ['first', 9],
      ['second', 9],
    ])
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('describe shows the server schema of an MCP tool', async () => {
    const {pids, config} = setup()
    const result = await runCli(['describe', '--catalog', config, 'mcp:fixture:fixture__echo', '--json'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(parseJsonOutput(result)).toMatchObject({id: 'mcp:fixture:fixture__echo', source: 'mcp', sourceName: 'fixture', label: 'Echo', parameters: {required: ['message']}})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('works with mcpServers beside tools in one file, and with a VS Code servers block', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const both = writeMcpConfig(dir, {fixture: fixtureServer(pids)}, {tools: [{name: 'local_echo', description: 'Echo locally.', run: {result: 'local'}}]}, 'both.json')
    mkdirSync(join(dir, '.vscode'))
    writeFileSync(join(dir, '.vscode/mcp.json'), JSON.stringify({inputs: [], servers: {code: {type: 'stdio', ...fixtureServer(pids)}}}))
    const result = await runCli(['catalog', 'list', '--catalog', both, '--catalog', '.vscode/mcp.json', '--json'], {cwd: dir})
    expect(result.stderr).toBe('')
    const summary = parseJsonOutput<SummaryJson>(result)
    expect(summary.groups.map(({source, sourceName, tools}) => [source, sourceName, tools])).toEqual([
      ['openclaw', 'core', 1],
      ['mcp', 'code', 9],
      ['mcp', 'fixture', 9],
    ])
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('directory and payload count live MCP tools but never show their names', async () => {
    const {pids, config} = setup((p) => ({broken: fixtureServer(p, ['--crash-at-start'])}))
    const directory = await runCli(['directory', '--catalog', config, '--json'])
    expect(directory.stderr).toBe(CRASH_WARNING)
    expect(directory.code).toBe(0)
    const rendered = parseJsonOutput<{text: string; rows: number; omitted: number}>(directory)
    expect(rendered).toMatchObject({rows: 0, omitted: 9})
    expect(rendered.text).not.toContain('echo')
    const payload = await runCli(['payload', '--catalog', config, '--json'])
    expect(payload.code).toBe(0)
    expect(parseJsonOutput(payload)).toMatchObject({entries: 9, deferred: 9, direct: {toolDefinitions: 9}})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('call returns the server result, structuredContent first', async () => {
    const {pids, config} = setup()
    const text = await runCli(['call', '--catalog', config, 'mcp:fixture:fixture__echo', '--args', '{"message": "hi"}'])
    expect(text.stdout).toBe('"echo: hi"\n')
    expect(text.code).toBe(0)
    const structured = await runCli(['call', '--catalog', config, 'fixture__weather', 'city=Oslo', '--json'])
    expect(parseJsonOutput(structured)).toEqual({tool: {id: 'mcp:fixture:fixture__weather', name: 'fixture__weather', source: 'mcp'}, result: {city: 'Oslo', temperature: 21}})
    expect(structured.code).toBe(0)
    expectNoServerNoise(structured)
    // Each call starts the server once: it lists the tools and calls over the same session.
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('call: isError is a tool error with the server text (exit 1)', async () => {
    const {pids, config} = setup()
    const result = await runCli(['call', '--catalog', config, 'fixture__fail', '--args', '{"reason": "disk full"}'])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('Error: failed on purpose: disk full\n')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('call: escape sequences in the text of a tool error never reach the terminal', async () => {
    const {pids, config} = setup()
    const reason = '\u001b]0;pwned\u0007\u001b[31mred\rforged'
    const result = await runCli(['call', '--catalog', config, 'fixture__fail', '--args', JSON.stringify({reason})])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('Error: failed on purpose: \\u001b]0;pwned\\u0007\\u001b[31mred\\u000dforged\n')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('call: a tool name two servers share is ambiguous, and no server is started for the call', async () => {
    const {pids, config} = setup((p) => ({other: fixtureServer(p)}))
    // `echo` is each server's own name for its tool (the model knows them as fixture__echo and other__echo).
    const result = await runCli(['call', '--catalog', config, 'echo', 'message=hi'])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('Error: Ambiguous tool name: echo: 2 tools have it:\n  mcp:fixture:fixture__echo\n  mcp:other:other__echo\nPick one by its id, e.g.: toolsearch call mcp:fixture:fixture__echo …\n')
    // Both servers were started to list their tools; neither once more for a call.
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('call: a timeout or a crash makes the server unavailable (exit 4) and reaps it', async () => {
    const {pids, config} = setup()
    const hung = await runCli(['call', '--catalog', config, 'fixture__hang', '--timeout', '4000'])
    expect(hung.code).toBe(4)
    expect(hung.stderr).toContain('MCP server "fixture" did not answer tools/call within 4000 ms')
    const crashed = await runCli(['call', '--catalog', config, 'fixture__crash', '--json'])
    expect(crashed.code).toBe(4)
    expect(JSON.stringify(parseJsonOutput(crashed))).toContain('MCP server \\"fixture\\" exited with code 7 during tools/call')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('reaches an HTTP server with a header from the environment and never prints the secret', async () => {
    const secret = 'http-fixture-secret-77'
    const http = await startHttpFixture('--http', {FIXTURE_REQUIRED_TOKEN: secret})
    const dir = tempDir()
    const config = writeMcpConfig(dir, {remote: {url: http.url, headers: {Authorization: 'Bearer ${REMOTE_TOKEN}'}}})
    const ok = await runCli(['call', '--catalog', config, 'remote__read_env', 'name=FIXTURE_REQUIRED_TOKEN', '--json'], {env: {REMOTE_TOKEN: secret}})
    expect(parseJsonOutput(ok)).toMatchObject({result: '***'})
    const wrong = await runCli(['catalog', 'list', '--catalog', config, '--json'], {env: {REMOTE_TOKEN: 'a-wrong-secret-token'}})
    // The only server is down: nothing to list (exit 4), the reason in the JSON error.
    expect(wrong.code).toBe(4)
    expect(parseJsonOutput<{error: {message: string; unavailableMcpServers: unknown[]}}>(wrong).error).toMatchObject({
      message: expect.stringMatching(/^MCP server "remote" is unavailable: answered HTTP 401 at http:\/\/127\.0\.0\.1:\d+\/mcp during initialize/) as unknown as string,
      unavailableMcpServers: [{server: 'remote'}],
    })
    for (const output of [ok.stdout, ok.stderr, wrong.stdout, wrong.stderr]) {
      expect(output).not.toContain(secret)
      expect(output).not.toContain('a-wrong-secret-token')
    }
  })

  it('neutralises escape sequences in tool names and descriptions from a server', async () => {
    const {pids, config} = setup((p) => ({hostile: fixtureServer(p, ['--hostile'])}))
    const list = await runCli(['catalog', 'list', '--catalog', config])
    expect(list.code).toBe(0)
    expect(list.stdout).not.toContain('\u001b')
    const search = await runCli(['search', '--catalog', config, 'title', 'forges'])
    expect(search.code).toBe(0)
    // OpenClaw's name for the tool is provider-safe: every other character is a "-".
    expect(search.stdout).toContain('mcp:hostile:hostile__red--31m_tool')
    expect(search.stdout).not.toContain('\u001b')
    expect(search.stdout).not.toContain('\u0007')
    // The old id (the tool's own name) still finds it, with a note; its label is that name, shown escaped.
    const described = await runCli(['describe', '--catalog', config, 'mcp:hostile:red\u001b[31m_tool'])
    expect(described.code).toBe(0)
    expect(described.stdout).toContain('label:       red\\u001b[31m_tool')
    expect(described.stdout).toContain('Sets the title \\u001b]0;pwned\\u0007 and')
    expect(described.stdout).not.toMatch(/[\u0007\u001b]/)
    expect(described.stderr).toBe('Note: "mcp:hostile:red\\u001b[31m_tool" is now mcp:hostile:hostile__red--31m_tool (OpenClaw\'s name for this MCP tool); use that id.\n')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('an HTTP server that accepts the connection but never answers is unavailable at the time limit', async () => {
    // Reads and drops the request; the connection ends when the client goes away.
    const silent = createServer((socket) => socket.on('error', () => undefined).resume())
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const {port} = silent.address() as AddressInfo
    try {
      const dir = tempDir()
      const pids = pidFile(dir)
      const config = writeMcpConfig(dir, {silent: {url: `http://127.0.0.1:${port}/mcp`}, fixture: fixtureServer(pids)})
      // The limit is every server's: the healthy fixture must start within it even on a loaded machine.
      const result = await runCli(['catalog', 'list', '--catalog', config, '--json'], {env: {TOOLSEARCH_MCP_TIMEOUT_MS: '6000'}})
      expect(result.code).toBe(0)
      expect(result.stderr).toBe('Warning: MCP server "silent" is unavailable: did not answer initialize within 6000 ms; its tools are absent.\n')
      expect(parseJsonOutput<SummaryJson>(result).groups.map(({sourceName, tools}) => [sourceName, tools])).toEqual([
        ['fixture', 9],
        ['silent', 0],
      ])
      expect(await leftoverServers(pids)).toEqual([])
    } finally {
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('a missing variable makes that server unavailable, naming the variable', async () => {
    const dir = tempDir()
    const config = writeMcpConfig(dir, {needsToken: {command: process.execPath, env: {TOKEN: '${TOOLSEARCH_TEST_TOKEN}'}}})
    const result = await runCli(['catalog', 'list', '--catalog', config])
    expect(result.code).toBe(4)
    expect(result.stderr).toBe('Error: MCP server "needsToken" is unavailable: mcpServers.needsToken.env.TOKEN needs environment variable TOOLSEARCH_TEST_TOKEN, which is not set.\n')
  })

  it('a bad mcpServers block is a usage error naming the file and entry', async () => {
    const dir = tempDir()
    const config = writeMcpConfig(dir, {bad: {command: ['node', 'server.js']}})
    const result = await runCli(['catalog', 'list', '--catalog', config, '--json'])
    expect(result.code).toBe(2)
    expect(parseJsonOutput(result)).toEqual({error: {code: 'invalid-catalog', message: `${config}: mcpServers.bad.command: must be a string`}})
  })

  it('TOOLSEARCH_MCP_TIMEOUT_MS bounds how long a server may take to start', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {slow: fixtureServer(pids, ['--hang-at-start', '--ignore-sigterm'])})
    const result = await runCli(['catalog', 'list', '--catalog', config], {env: {TOOLSEARCH_MCP_TIMEOUT_MS: '2500'}})
    expect(result.code).toBe(4)
    expect(result.stderr).toBe('Error: MCP server "slow" is unavailable: did not answer initialize within 2500 ms; stderr: "fixture: waiting forever".\n')
    expect(await leftoverServers(pids)).toEqual([])
  })
})

describe('loading', () => {
  it('loads the MCP SDK only when a catalog declares servers', async () => {
    const {dir, pids, config} = setup()
    writeFileSync(join(dir, 'native.json'), JSON.stringify({tools: [{name: 'alpha', description: 'The first tool.'}]}))
    const trace = join(dir, 'sdk-modules.txt')
    const env = {NODE_OPTIONS: `--import=${pathToFileURL(join(ROOT, 'test/fixtures/mcp-server/trace-sdk.mjs')).href}`, TRACE_SDK_FILE: trace}
    const native = await runCli(['search', '--catalog', 'native.json', 'first'], {cwd: dir, env})
    expect(native.code).toBe(0)
    expect(existsSync(trace)).toBe(false)
    const live = await runCli(['search', '--catalog', config, 'echo'], {cwd: dir, env})
    expect(live.code).toBe(0)
    expect(readFileSync(trace, 'utf8')).toMatch(/\/@modelcontextprotocol\/sdk\/dist\/(esm|cjs)\/client\/index\.js/)
    expect(await leftoverServers(pids)).toEqual([])
  })
})

describe('the bundled example', () => {
  it('examples/mcp-servers.json runs the shipped example server, as docs/mcp.md shows', async () => {
    const search = await runCli(['search', '--catalog', 'examples/mcp-servers.json', 'add', 'two', 'numbers', '--json'], {cwd: ROOT})
    expect(search.stderr).toBe('')
    expect(parseJsonOutput<Array<{id: string}>>(search)[0].id).toBe('mcp:demo:demo__add')
    const call = await runCli(['call', '--catalog', 'examples/mcp-servers.json', 'demo__echo', 'message=hello'], {cwd: ROOT})
    expect(call.stderr).toBe('')
    expect(call.stdout).toBe('"Echo: hello"\n')
    expect(call.code).toBe(0)
  })
})

describe('why a server could not start', () => {
  it("quotes the server's first error line, not only the last lines of its stack trace (a script that is not there)", async () => {
    const dir = tempDir()
    const missing = join(dir, 'node_modules', 'gone', 'dist', 'index.js')
    writeFileSync(join(dir, 'servers.json'), JSON.stringify({mcpServers: {gone: {command: process.execPath, args: [missing, 'stdio']}}}))
    const result = await runCli(['catalog', 'list', '--catalog', 'servers.json'], {cwd: dir})
    expect(result.code).toBe(4)
    expect(result.stderr).toContain(`exited with code 1 during initialize; stderr: "Error: Cannot find module '${missing}' | … | `)
  })
})

describe('catalog list', () => {
  it('counts tools per source and server, with shared names and unavailable servers', async () => {
    const {pids, config} = setup((p) => ({everything: everythingServer(p), broken: fixtureServer(p, ['--crash-at-start'])}))
    const text = await runCli(['catalog', 'list', '--catalog', config])
    expect(text.code).toBe(0)
    expect(text.stderr).toBe(CRASH_WARNING)
    const lines = text.stdout.split('\n')
    expect(lines[0]).toMatch(new RegExp(`^\\d+ tools from 2 owners in ${config.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    expect(lines.slice(2, 6)).toEqual([
      '  SOURCE  OWNER       TOOLS',
      '  mcp     broken          -  unavailable: exited with code 3 during initialize; stderr: "fixture: loading settings | fixture: fatal: cannot open database /nonexistent/db.sqlite"',
      expect.stringMatching(/^ {2}mcp {5}everything +\d+$/) as unknown as string,
      '  mcp     fixture         9',
    ])
    // Each server's tools carry its name (everything__echo, fixture__echo): no name is shared.
    expect(text.stdout).not.toContain('Duplicated names')
    expect(text.stdout).toContain('1 MCP server unavailable: broken\n')

    const json = parseJsonOutput<SummaryJson>(await runCli(['catalog', 'list', '--catalog', config, '--json']))
    const everything = json.groups.find((group) => group.sourceName === 'everything')!
    // server-everything: its 12 tools OpenClaw offers and the 4 operations over its resources and prompts.
    expect(everything.tools).toBe(16)
    expect(json.total).toBe(9 + everything.tools)
    expect(json.duplicateNames).toEqual([])
    expect(json.unavailableMcpServers).toEqual([{server: 'broken', error: 'exited with code 3 during initialize; stderr: "fixture: loading settings | fixture: fatal: cannot open database /nonexistent/db.sqlite"'}])
    expect(json.groups.find((group) => group.sourceName === 'broken')).toMatchObject({tools: 0, status: 'unavailable'})
    expect(await leftoverServers(pids)).toEqual([])
  })
})

describe('catalog import', () => {
  it('writes the live tools as a native catalog that works offline', async () => {
    const {dir, pids, config} = setup()
    const result = await runCli(['catalog', 'import', '--catalog', config, '--out', 'tools.json'], {cwd: dir})
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('Imported 9 tools from 1 MCP server into tools.json\n  fixture     9\n')
    const written = JSON.parse(readFileSync(join(dir, 'tools.json'), 'utf8')) as {tools: Array<Record<string, unknown>>}
    expect(Object.keys(written)).toEqual(['tools'])
    expect(written.tools).toHaveLength(9)
    // The tools as OpenClaw names them, in its order; the run names the server and the tool's own name.
    expect(written.tools.map((tool) => tool.name)).toEqual(['crash', 'echo', 'echo_json', 'fail', 'hang', 'read_env', 'two_blocks', 'weather', 'whoami'].map((tool) => `fixture__${tool}`))
    expect(written.tools[1]).toEqual({
      name: 'fixture__echo',
      label: 'Echo',
      description: 'Echo a message back as text.',
      source: 'mcp',
      sourceName: 'fixture',
      parameters: {type: 'object', properties: {message: {type: 'string', description: 'Text to echo'}}, required: ['message'], additionalProperties: false},
      run: {mcpServer: 'fixture', mcpTool: 'echo'},
    })
    expect(written.tools.find((tool) => tool.name === 'fixture__weather')?.outputSchema).toMatchObject({required: ['city', 'temperature']})
    const before = recordedPids(pids).length
    // Offline: no server starts, and the tools are found under the same ids.
    const offline = await runCli(['search', '--catalog', 'tools.json', 'weather', '--json'], {cwd: dir})
    expect(parseJsonOutput<Array<{id: string}>>(offline)[0].id).toBe('mcp:fixture:fixture__weather')
    // The snapshot keeps each tool's provenance: describe shows what the live server gave, to the byte.
    const offlineDescribe = await runCli(['describe', '--catalog', 'tools.json', 'mcp:fixture:fixture__weather', '--json'], {cwd: dir})
    expect(recordedPids(pids)).toHaveLength(before)
    const liveDescribe = await runCli(['describe', '--catalog', config, 'mcp:fixture:fixture__weather', '--json'], {cwd: dir})
    expect(offlineDescribe.stdout).toBe(liveDescribe.stdout)
    expect(JSON.parse(offlineDescribe.stdout)).toMatchObject({mcp: {serverName: 'fixture', toolName: 'weather', operation: 'tool'}})
    // Called without its server declared, the snapshot's tool is unavailable (exit 4).
    const called = await runCli(['call', '--catalog', 'tools.json', 'fixture__echo', 'message=hi'], {cwd: dir})
    expect(called.code).toBe(4)
    expect(called.stderr).toBe('Error: MCP server "fixture" is not declared in the loaded catalogs.\n')
    expect(recordedPids(pids)).toHaveLength(before + 1)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('refuses to replace a file without --force, and keeps a backup with it', async () => {
    const {dir, config} = setup()
    writeFileSync(join(dir, 'tools.json'), '{"tools": []}\n')
    const refused = await runCli(['catalog', 'import', '--catalog', config, '--out', 'tools.json'], {cwd: dir})
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe('Error: tools.json already exists; pass --force to replace it (the old file is kept as tools.json.bak).\n')
    expect(readFileSync(join(dir, 'tools.json'), 'utf8')).toBe('{"tools": []}\n')
    const forced = await runCli(['catalog', 'import', '--catalog', config, '--out', 'tools.json', '--force', '--json'], {cwd: dir})
    expect(forced.code).toBe(0)
    expect(parseJsonOutput(forced)).toEqual({file: 'tools.json', status: 'written', tools: 9, servers: [{server: 'fixture', tools: 9}], unavailableMcpServers: [], backup: join(dir, 'tools.json.bak')})
    expect(readFileSync(join(dir, 'tools.json.bak'), 'utf8')).toBe('{"tools": []}\n')
  })

  it('writes nothing when a server is unavailable, unless --partial', async () => {
    const {dir, pids, config} = setup((p) => ({broken: fixtureServer(p, ['--crash-at-start'])}))
    const refused = await runCli(['catalog', 'import', '--catalog', config, '--out', 'tools.json', '--json'], {cwd: dir})
    expect(refused.code).toBe(4)
    expect(parseJsonOutput(refused)).toEqual({
      error: {
        code: 'mcp-unavailable',
        message: 'Nothing written: MCP server "broken" is unavailable. Fix it, or pass --partial to import the servers that answered.',
        unavailableMcpServers: [{server: 'broken', error: expect.stringMatching(/^exited with code 3/) as unknown}],
      },
    })
    expect(existsSync(join(dir, 'tools.json'))).toBe(false)
    const partial = await runCli(['catalog', 'import', '--catalog', config, '--out', 'tools.json', '--partial'], {cwd: dir})
    expect(partial.code).toBe(0)
    expect(partial.stdout).toBe('Imported 9 tools from 1 MCP server into tools.json\n  fixture     9\nNot imported (unavailable): broken\n')
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('refuses to overwrite the config it reads, and files without servers', async () => {
    const {dir, config} = setup()
    const before = readFileSync(config, 'utf8')
    const self = await runCli(['catalog', 'import', '--catalog', config, '--out', config, '--force'], {cwd: dir})
    expect(self.code).toBe(2)
    expect(self.stderr).toContain('it is one of the catalogs being imported')
    expect(readFileSync(config, 'utf8')).toBe(before)
    writeFileSync(join(dir, 'native.json'), '{"tools": [{"name": "a"}]}')
    const none = await runCli(['catalog', 'import', '--catalog', 'native.json', '--out', 'out.json'], {cwd: dir})
    expect(none.code).toBe(2)
    expect(none.stderr).toBe('Error: No MCP servers in native.json: catalog import writes the tools of the servers an "mcpServers" block declares.\n')
    expect(existsSync(join(dir, 'out.json'))).toBe(false)
  })

  it('never writes a secret into the imported catalog', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const secret = 'import-secret-value-31337'
    const config = writeMcpConfig(dir, {fixture: fixtureServer(pids, [], {env: {API_KEY: '${API_KEY_FOR_TEST}'}})})
    const result = await runCli(['catalog', 'import', '--catalog', config, '--out', 'tools.json'], {cwd: dir, env: {API_KEY_FOR_TEST: secret}})
    expect(result.code).toBe(0)
    const written = readFileSync(join(dir, 'tools.json'), 'utf8')
    expect(written).not.toContain(secret)
    expect(written).not.toContain('API_KEY')
    expect(statSync(join(dir, 'tools.json')).isFile()).toBe(true)
    expect(await leftoverServers(pids)).toEqual([])
  })
})

describe('interruption', () => {
  /** Starts the CLI, waits until `ready()` holds, sends SIGINT, and returns how it ended. */
  async function interrupt(args: string[], ready: () => Promise<unknown>): Promise<{code: number | null; signal: string | null; stdout: string; stderr: string}> {
    const child = spawn(process.execPath, [BIN, ...args], {env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const ended = new Promise<{code: number | null; signal: string | null}>((resolve) => child.once('close', (code, signal) => resolve({code, signal})))
    await ready()
    child.kill('SIGINT')
    return {...(await ended), stdout, stderr}
  }

  it.each([
    ['one that ignores SIGTERM', (pids: string) => ({slow: fixtureServer(pids, ['--hang-at-start', '--ignore-sigterm'])}), 1],
    ['one that stops on SIGTERM, beside one that starts', (pids: string) => ({slow: fixtureServer(pids, ['--hang-at-start']), quick: fixtureServer(pids)}), 2],
    ['one that leaves a child behind in its group', (pids: string) => ({slow: fixtureServer(pids, ['--stubborn-child', '--hang-at-start'])}), 2],
  ])('Ctrl-C while servers start (%s) stops them and exits 130 without a half result', async (_, servers, running) => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, servers(pids))
    const ended = await interrupt(['catalog', 'list', '--catalog', config], async () => {
      while (recordedPids(pids).length < running) await new Promise((resolve) => setTimeout(resolve, 25))
      // The servers are running; give them a moment to be mid start-up.
      await new Promise((resolve) => setTimeout(resolve, 200))
    })
    // Nothing reports the servers toolsearch stopped itself as failures.
    expect(ended).toEqual({code: 130, signal: null, stdout: '', stderr: ''})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('Ctrl-C during a call stops the server', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const calls = join(dir, 'calls.txt')
    const config = writeMcpConfig(dir, {fixture: fixtureServer(pids, [], {env: {FIXTURE_CALL_FILE: calls}})})
    const ended = await interrupt(['call', '--catalog', config, 'fixture__hang'], () => waitForFile(calls))
    expect(ended.code).toBe(130)
    expect(ended.stderr).toBe('Error: Interrupted: the call was stopped.\n')
    expect(ended.stdout).toBe('')
    // One start lists the tools and serves the call.
    expect(recordedPids(pids)).toHaveLength(1)
    expect(await leftoverServers(pids)).toEqual([])
  })
})
