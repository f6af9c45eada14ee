/**
 * Secret redaction against a hostile server: redaction runs on decoded values (after a text block
 * is parsed as JSON), at any depth, and before anything the server wrote is cut to length — so no
 * secret, and no prefix of one, reaches a result or a message.
 */
import {describe, expect, it} from 'vitest'

import {executeCommandTool} from '../../src/call/executors/command.js'
import {executeMcpTool} from '../../src/call/executors/mcp.js'
import {MAX_RESULT_DEPTH} from '../../src/call/executors/result-depth.js'
import {redactValue, redactor} from '../../src/mcp/expand.js'
import {listMcpServerTools, parseMcpServers} from '../../src/catalog/mcp/index.js'
import type {Catalog} from '../../src/catalog/types.js'
import {runCli, tempDir} from '../helpers/cli.js'
import {leftoverServers, pidFile, writeMcpConfig} from './helpers.js'
import {hostileServer} from './hostile.js'

const SECRET = 'sk-live-0123456789abcdef'
const ENV = {PATH: process.env.PATH, SECRET}
/** The server gets the secret the way a real config passes it: `env: { API_KEY: "${SECRET}" }`. */
const withSecret = {env: {API_KEY: '${SECRET}'}}

function catalogOf(servers: Record<string, unknown>): Catalog {
  return {entries: [], mcpServers: parseMcpServers(servers, '/config/mcp.json'), unavailableMcpServers: []}
}

async function callHostile(mode: string, args: string[] = []) {
  const pids = pidFile()
  const servers = {hostile: hostileServer(pids, mode, {args, ...withSecret})}
  const outcome = await executeMcpTool({kind: 'mcp', server: 'hostile', tool: 'fine'}, {}, {timeoutMs: 10_000, catalog: catalogOf(servers), env: ENV})
  expect(await leftoverServers(pids)).toEqual([])
  return outcome
}

/** The string at the bottom of `{a: {a: … {leaf}}}`, found without recursion. */
function deepestLeaf(value: unknown): {depth: number; leaf: unknown} {
  let depth = 0
  let current = value as Record<string, unknown>
  while (current.a !== undefined) {
    current = current.a as Record<string, unknown>
    depth += 1
  }
  return {depth, leaf: current.leaf}
}

describe('redaction of tool results', () => {
  it('redacts a secret that a text block spells with JSON escapes, after decoding it', async () => {
    const outcome = await callHostile('escaped-secret')
    // The model's text too: the block is written anew from its decoded, redacted value.
    expect(outcome).toEqual({status: 'ok', result: {k: '***'}, modelResult: {content: [{type: 'text', text: '{"k":"***"}'}], details: {mcpServer: 'hostile', mcpTool: 'fine'}}})
  })

  it('redacts structuredContent below the old 256-level cut-off (here 900 levels)', async () => {
    const outcome = await callHostile('deep-result', ['900'])
    expect(outcome.status).toBe('ok')
    expect(deepestLeaf((outcome as {result: unknown}).result)).toEqual({depth: 900, leaf: '***'})
  })

  it('redactValue copies keys and strings at any depth without recursion', () => {
    let value: unknown = {token: SECRET, [SECRET]: 1}
    for (let level = 0; level < 100_000; level += 1) value = {a: value}
    const redacted = redactValue(value, redactor([SECRET]))
    let bottom = redacted as Record<string, unknown>
    while (bottom.a !== undefined) bottom = bottom.a as Record<string, unknown>
    expect(bottom).toEqual({token: '***', '***': 1})
  })
})

describe('redaction before truncation', () => {
  it('a stray stdout line is redacted before it is cut to 200 characters: no prefix of the secret is quoted', async () => {
    const pids = pidFile()
    const {unavailable} = await listMcpServerTools(parseMcpServers({hostile: hostileServer(pids, 'stray-secret', withSecret)}, '/config/mcp.json'), {timeoutMs: 1500, env: ENV})
    expect(unavailable).toHaveLength(1)
    expect(unavailable[0].error).toContain('it wrote non-JSON-RPC output on stdout: "ssss')
    expect(unavailable[0].error).toContain(`${'s'.repeat(10)}***`)
    expect(unavailable[0].error).not.toContain(SECRET.slice(0, 4))
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('a stderr line is redacted before it is cut to 500 characters, also in the live debug output', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {hostile: hostileServer(pids, 'stderr-secret', withSecret)})
    const result = await runCli(['search', 'anything', '--catalog', config], {cwd: dir, env: {DEBUG: 'toolsearch', SECRET}})
    expect(result.stderr).toContain(`[mcp hostile] ${'e'.repeat(495)}***`)
    expect(result.stderr).toContain('MCP server "hostile" is unavailable: exited with code 1 during initialize')
    expect(result.stderr).not.toContain(SECRET.slice(0, 4))
    expect(await leftoverServers(pids)).toEqual([])
  })
})

describe('results too deep to print', () => {
  it('a tool result nested 20,000 levels deep is the tool\'s error, not a crash of the printer', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {hostile: hostileServer(pids, 'deep-result', {args: ['20000'], ...withSecret})})
    const result = await runCli(['call', 'mcp:hostile:hostile__fine', '--catalog', config, '--json'], {cwd: dir, env: {SECRET}})
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stdout)).toMatchObject({error: {code: 'tool-error', message: `MCP server "hostile" returned a result nested deeper than ${MAX_RESULT_DEPTH} levels (it is not shown).`}})
    expect(result.stdout + result.stderr).not.toContain(SECRET.slice(0, 4))
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('the same for a command tool that prints one', async () => {
    const script = `process.stdout.write('['.repeat(20000) + ']'.repeat(20000))`
    const outcome = await executeCommandTool({kind: 'command', command: [process.execPath, '-e', script]}, {}, {timeoutMs: 10_000, catalog: catalogOf({})})
    expect(outcome).toEqual({status: 'tool-error', message: `Command "${process.execPath} -e ${script}" printed a result nested deeper than ${MAX_RESULT_DEPTH} levels (it is not shown).`.replace(/"(.{77}).*" printed/, '"$1..." printed')})
  })
})
