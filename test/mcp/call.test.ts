/**
 * Calling tools on real servers through the MCP executor: results, tool errors, crashes,
 * timeouts and interruptions — and after each, no server process left running.
 */
import {describe, expect, it} from 'vitest'

import {parseMcpServers} from '../../src/catalog/mcp/index.js'
import type {Catalog} from '../../src/catalog/types.js'
import {executeMcpTool, mcpResultValue} from '../../src/call/executors/mcp.js'
import type {ExecutionOutcome} from '../../src/call/types.js'
import {waitForFile} from '../call/processes.js'
import {everythingServer, fixtureServer, leftoverServers, pidFile, recordedPids, startHttpFixture} from './helpers.js'

/** What OpenClaw hands the model for `blocks` from `tool` on `server` (see mcp-results.ts). */
function modelResult(server: string, tool: string, blocks: string[], details: Record<string, unknown> = {}): unknown {
  return {content: blocks.map((text) => ({type: 'text', text})), details: {mcpServer: server, mcpTool: tool, ...details}}
}

function catalogOf(servers: Record<string, unknown>): Catalog {
  return {entries: [], mcpServers: parseMcpServers(servers, '/config/mcp.json'), unavailableMcpServers: []}
}

async function call(servers: Record<string, unknown>, server: string, tool: string, args: unknown, options: {timeoutMs?: number; env?: NodeJS.ProcessEnv; signal?: AbortSignal} = {}): Promise<ExecutionOutcome> {
  return executeMcpTool({kind: 'mcp', server, tool}, args, {timeoutMs: 10_000, catalog: catalogOf(servers), env: {PATH: process.env.PATH}, ...options})
}

describe('mcpResultValue', () => {
  it('prefers structuredContent over text', () => {
    expect(mcpResultValue({structuredContent: {a: 1}, content: [{type: 'text', text: '{"a": 2}'}]})).toEqual({a: 1})
  })

  it('parses a single JSON text block, and returns plain text as a string', () => {
    expect(mcpResultValue({content: [{type: 'text', text: '{"ok": true}'}]})).toEqual({ok: true})
    expect(mcpResultValue({content: [{type: 'text', text: '42'}]})).toBe(42)
    expect(mcpResultValue({content: [{type: 'text', text: 'hello'}]})).toBe('hello')
  })

  it('returns the content array for several blocks or non-text content', () => {
    const blocks = [{type: 'text', text: 'a'}, {type: 'text', text: 'b'}]
    expect(mcpResultValue({content: blocks})).toEqual(blocks)
    const image = [{type: 'image', data: 'AAAA', mimeType: 'image/png'}]
    expect(mcpResultValue({content: image})).toEqual(image)
    expect(mcpResultValue({content: []})).toEqual([])
  })

  it('reads the toolResult of old servers', () => {
    expect(mcpResultValue({toolResult: {legacy: true}})).toEqual({legacy: true})
  })
})

describe('executeMcpTool against the fixture server', () => {
  it.each([
    ['echo', {message: 'hi'}, 'echo: hi', modelResult('fixture', 'echo', ['echo: hi'])],
    ['echo_json', {message: 'hi'}, {message: 'hi', length: 2}, modelResult('fixture', 'echo_json', ['{"message":"hi","length":2}'])],
    [
      'weather',
      {city: 'Oslo'},
      {city: 'Oslo', temperature: 21},
      // The structured content first, keys sorted; the text block, which does not repeat it, after.
      modelResult('fixture', 'weather', ['structuredContent:\n{\n  "city": "Oslo",\n  "temperature": 21\n}', 'Oslo: 21 degrees'], {structuredContent: {city: 'Oslo', temperature: 21}}),
    ],
    ['two_blocks', {}, [{type: 'text', text: 'first'}, {type: 'text', text: 'second'}], modelResult('fixture', 'two_blocks', ['first', 'second'])],
  ])('%s returns its result (and the model its own) and the server is gone afterwards', async (tool, args, result, model) => {
    const pids = pidFile()
    expect(await call({fixture: fixtureServer(pids)}, 'fixture', tool, args)).toEqual({status: 'ok', result, modelResult: model})
    expect(recordedPids(pids)).toHaveLength(1)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('turns isError into a tool error carrying the server text', async () => {
    const pids = pidFile()
    expect(await call({fixture: fixtureServer(pids)}, 'fixture', 'fail', {reason: 'disk full'})).toEqual({
      status: 'tool-error',
      message: 'failed on purpose: disk full',
      result: 'failed on purpose: disk full',
      // OpenClaw hands the model the result, marked as an error.
      modelResult: modelResult('fixture', 'fail', ['failed on purpose: disk full'], {status: 'error'}),
    })
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('passes no arguments as an empty object, and refuses arguments that are not an object', async () => {
    const pids = pidFile()
    expect(await call({fixture: fixtureServer(pids)}, 'fixture', 'two_blocks', undefined)).toMatchObject({status: 'ok'})
    expect(await call({fixture: fixtureServer(pids)}, 'fixture', 'echo', ['hi'])).toEqual({status: 'tool-error', message: 'MCP tools take an object of arguments; got an array.'})
    expect(recordedPids(pids)).toHaveLength(1)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('makes a crash during the call unavailable, quoting the server stderr', async () => {
    const pids = pidFile()
    expect(await call({fixture: fixtureServer(pids)}, 'fixture', 'crash', {})).toEqual({
      status: 'unavailable',
      message: 'MCP server "fixture" exited with code 7 during tools/call; stderr: "fixture: ready on stdio | fixture: crashing in the middle of a call".',
    })
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('stops a hanging call at the timeout and reaps the server, even one that ignores SIGTERM', async () => {
    const pids = pidFile()
    const servers = {fixture: fixtureServer(pids), stubborn: fixtureServer(pids, ['--ignore-sigterm'])}
    const [hung, stubborn] = await Promise.all([call(servers, 'fixture', 'hang', {}, {timeoutMs: 4000}), call(servers, 'stubborn', 'hang', {}, {timeoutMs: 4000})])
    expect(hung).toEqual({status: 'unavailable', message: 'MCP server "fixture" did not answer tools/call within 4000 ms; stderr: "fixture: ready on stdio".'})
    expect(stubborn).toEqual({status: 'unavailable', message: 'MCP server "stubborn" did not answer tools/call within 4000 ms; stderr: "fixture: ready on stdio".'})
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('stops the server when the call is aborted (Ctrl-C)', async () => {
    const pids = pidFile()
    const controller = new AbortController()
    const callFile = `${pids}.calls`
    const pending = call({fixture: fixtureServer(pids, [], {env: {FIXTURE_CALL_FILE: callFile}})}, 'fixture', 'hang', {}, {signal: controller.signal})
    // Abort once the call has reached the server.
    await waitForFile(callFile)
    controller.abort()
    expect(await pending).toEqual({status: 'unavailable', message: 'MCP server "fixture" was interrupted during tools/call.'})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('makes a tool the server does not know a tool error', async () => {
    const pids = pidFile()
    expect(await call({fixture: fixtureServer(pids)}, 'fixture', 'no_such_tool', {})).toEqual({status: 'tool-error', message: 'unknown tool no_such_tool', result: 'unknown tool no_such_tool', modelResult: modelResult('fixture', 'no_such_tool', ['unknown tool no_such_tool'], {status: 'error'})})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('replaces secrets from the server config in results', async () => {
    const pids = pidFile()
    const servers = {fixture: fixtureServer(pids, [], {env: {API_KEY: '${SECRET}'}})}
    const outcome = await call(servers, 'fixture', 'read_env', {name: 'API_KEY'}, {env: {PATH: process.env.PATH, SECRET: 'sk-live-0123456789'}})
    expect(outcome).toEqual({status: 'ok', result: '***', modelResult: modelResult('fixture', 'read_env', ['***'])})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('gives a stdio server only a safe part of the environment plus its own env', async () => {
    const pids = pidFile()
    const env = {PATH: process.env.PATH, HOME: '/home/someone', AWS_SECRET_ACCESS_KEY: 'not-for-servers'}
    const servers = {fixture: fixtureServer(pids, [], {env: {OWN: 'own-value'}})}
    expect(await call(servers, 'fixture', 'read_env', {name: 'AWS_SECRET_ACCESS_KEY'}, {env})).toMatchObject({status: 'ok', result: '(unset)'})
    expect(await call(servers, 'fixture', 'read_env', {name: 'HOME'}, {env})).toMatchObject({status: 'ok', result: '/home/someone'})
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('reports a server missing from the catalog and a server that cannot start as unavailable', async () => {
    expect(await call({}, 'ghost', 'echo', {})).toEqual({status: 'unavailable', message: 'MCP server "ghost" is not declared in the loaded catalogs.'})
    expect(await call({gone: {command: 'toolsearch-no-such-server-binary'}}, 'gone', 'echo', {})).toEqual({status: 'unavailable', message: 'MCP server "gone" cannot start "toolsearch-no-such-server-binary": command not found.'})
  })
})

describe('executeMcpTool over HTTP and against server-everything', () => {
  it('calls over streamable HTTP and legacy SSE', async () => {
    const http = await startHttpFixture('--http')
    const sse = await startHttpFixture('--sse')
    const servers = {http: {url: http.url}, sse: {url: sse.url}}
    expect(await call(servers, 'http', 'echo', {message: 'over http'})).toMatchObject({status: 'ok', result: 'echo: over http'})
    expect(await call(servers, 'sse', 'weather', {city: 'Lima'})).toMatchObject({status: 'ok', result: {city: 'Lima', temperature: 21}})
  })

  it('calls server-everything tools: text, structured content and sums', async () => {
    const pids = pidFile()
    const servers = {everything: everythingServer(pids)}
    expect(await call(servers, 'everything', 'echo', {message: 'hello'})).toEqual({status: 'ok', result: 'Echo: hello', modelResult: modelResult('everything', 'echo', ['Echo: hello'])})
    const structured = {temperature: 36, conditions: 'Light rain / drizzle', humidity: 82}
    expect(await call(servers, 'everything', 'get-structured-content', {location: 'Chicago'})).toEqual({
      status: 'ok',
      result: structured,
      // The structured content first, keys sorted; server-everything's compact JSON text of it is
      // no pretty-printed copy, so it stays (OpenClaw drops only a text block that is its pretty JSON).
      modelResult: modelResult(
        'everything',
        'get-structured-content',
        [`structuredContent:\n${JSON.stringify({conditions: 'Light rain / drizzle', humidity: 82, temperature: 36}, null, 2)}`, JSON.stringify(structured)],
        {structuredContent: structured},
      ),
    })
    const sum = await call(servers, 'everything', 'get-sum', {a: 2, b: 3})
    expect(sum.status).toBe('ok')
    expect(JSON.stringify(sum)).toContain('5')
    expect(recordedPids(pids)).toHaveLength(3)
    expect(await leftoverServers(pids)).toEqual([])
  })
})
