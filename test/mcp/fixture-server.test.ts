/**
 * The fixture server's stdio mode speaks JSON-RPC itself (test/fixtures/mcp-server/server.js says
 * why). These check the parts of it the SDK's client relies on and that could drift from the SDK:
 * the protocol versions it echoes, ping, unknown methods; and that it never loads the SDK.
 */
import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS} from '@modelcontextprotocol/sdk/types.js'
import {describe, expect, it} from 'vitest'

import {ROOT, tempDir} from '../helpers/cli.js'
import {FIXTURE_SERVER} from './helpers.js'

const TRACE_SDK = pathToFileURL(join(ROOT, 'test/fixtures/mcp-server/trace-sdk.mjs')).href

/** Sends `messages` (one per line) to a stdio fixture, closes stdin, and returns its answers by id once it exits. */
async function exchange(messages: unknown[], env: Record<string, string>): Promise<Map<unknown, Record<string, unknown>>> {
  const child = spawn(process.execPath, [FIXTURE_SERVER], {env: {PATH: process.env.PATH, ...env}, stdio: ['pipe', 'pipe', 'ignore']})
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  const exited = new Promise((resolve) => child.on('close', resolve))
  child.stdin.end(messages.map((message) => `${JSON.stringify(message)}\n`).join(''))
  await exited
  const answers = stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  return new Map(answers.map((answer) => [answer.id, answer]))
}

const initialize = (id: number | string, protocolVersion: string) => ({jsonrpc: '2.0', id, method: 'initialize', params: {protocolVersion, capabilities: {}, clientInfo: {name: 'test', version: '1'}}})

describe('the fixture server over stdio', () => {
  it('echoes every protocol version the SDK supports, answers ping and unknown methods, and never loads the SDK', async () => {
    const trace = join(tempDir(), 'sdk-modules.txt')
    const answers = await exchange(
      [
        ...SUPPORTED_PROTOCOL_VERSIONS.map((version, index) => initialize(index, version)),
        initialize('unknown', '1999-01-01'),
        {jsonrpc: '2.0', method: 'notifications/initialized'},
        {jsonrpc: '2.0', id: 'ping', method: 'ping'},
        {jsonrpc: '2.0', id: 'other', method: 'resources/list'},
      ],
      {NODE_OPTIONS: `--import=${TRACE_SDK}`, TRACE_SDK_FILE: trace},
    )
    // One answer per request: the notification gets none.
    expect(answers.size).toBe(SUPPORTED_PROTOCOL_VERSIONS.length + 3)
    for (const [index, version] of SUPPORTED_PROTOCOL_VERSIONS.entries()) {
      expect(answers.get(index)).toEqual({jsonrpc: '2.0', id: index, result: {protocolVersion: version, capabilities: {tools: {}}, serverInfo: {name: 'toolsearch-fixture', version: '1.0.0'}}})
    }
    // A version the SDK does not know is answered with its latest, as the SDK's server does.
    expect((answers.get('unknown')?.result as {protocolVersion: string}).protocolVersion).toBe(LATEST_PROTOCOL_VERSION)
    expect(answers.get('ping')).toEqual({jsonrpc: '2.0', id: 'ping', result: {}})
    expect(answers.get('other')).toEqual({jsonrpc: '2.0', id: 'other', error: {code: -32601, message: 'Method not found'}})
    expect(existsSync(trace)).toBe(false)
  })
})
