/**
 * Every MCP transport caps a message at MAX_MESSAGE_BYTES: a stdio line, an HTTP JSON body, one
 * event of a streamable-HTTP SSE response and of a legacy SSE stream. A server that sends one
 * without end is reported unavailable with that reason as soon as the limit passes (long before
 * the time limit, so memory stays bounded), and no server process is left.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {afterAll, describe, expect, it} from 'vitest'

import {listMcpServerTools, parseMcpServers} from '../../src/catalog/mcp/index.js'
import {MAX_MESSAGE_BYTES} from '../../src/mcp/message-limit.js'
import {leftoverServers, pidFile} from './helpers.js'
import {HOSTILE_SERVER, hostileServer} from './hostile.js'

const httpServers: ChildProcess[] = []
afterAll(() => {
  for (const child of httpServers.splice(0)) child.kill('SIGKILL')
})

async function startHostileHttp(mode: string): Promise<string> {
  const child = spawn(process.execPath, [HOSTILE_SERVER, mode], {stdio: ['ignore', 'pipe', 'ignore']})
  httpServers.push(child)
  const line = await new Promise<string>((resolve) => {
    let buffer = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk
      if (buffer.includes('\n')) resolve(buffer.split('\n')[0]!)
    })
  })
  return (JSON.parse(line) as {url: string}).url
}

describe('one message limit for every transport', () => {
  it('an endless stdio line, HTTP body, SSE response event and legacy SSE event make their server unavailable with the reason', async () => {
    const pids = pidFile()
    const [json, sse, legacy] = await Promise.all([startHostileHttp('http-endless-json'), startHostileHttp('http-endless-sse'), startHostileHttp('sse-endless')])
    const servers = parseMcpServers({stdio: hostileServer(pids, 'endless-line'), json: {url: json}, sse: {url: sse}, legacy: {url: legacy}}, '/config/mcp.json')
    const started = Date.now()
    const timeoutMs = 60_000
    const {entries, unavailable} = await listMcpServerTools(servers, {timeoutMs, env: {PATH: process.env.PATH}})
    expect(entries).toEqual([])
    const reason = `sent a message larger than the ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB limit for one MCP message during initialize`
    expect(unavailable).toEqual([
      {server: 'stdio', error: reason},
      {server: 'json', error: reason},
      {server: 'sse', error: reason},
      {server: 'legacy', error: reason},
    ])
    // Cut at the limit, not at the time limit.
    expect(Date.now() - started).toBeLessThan(timeoutMs)
    expect(await leftoverServers(pids)).toEqual([])
  })
})
