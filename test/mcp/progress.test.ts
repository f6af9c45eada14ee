import {spawnSync} from 'node:child_process'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {spawn} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'

import {ttyProgressLine} from '../../src/catalog/mcp/index.js'
import {startingMessage} from '../../src/mcp/list.js'
import {type ProgressClock, PROGRESS_TICK_MS} from '../../src/mcp/progress.js'
import {BIN, ROOT, isolatedEnv, tempDir} from '../helpers/cli.js'
import {FIXTURE_SERVER} from './helpers.js'

function fakeStream(isTTY: boolean, columns = 40) {
  const writes: string[] = []
  return {writes, stream: {isTTY, columns, write: (text: string) => writes.push(text)}}
}

describe('ttyProgressLine', () => {
  it('rewrites one line on a TTY and clears it on the empty message', () => {
    const {writes, stream} = fakeStream(true)
    const progress = ttyProgressLine(stream)
    progress('Starting MCP servers: 0/2 done')
    progress('Starting MCP servers: 1/2 done')
    progress('')
    expect(writes).toEqual(['\r\u001b[2KStarting MCP servers: 0/2 done', '\r\u001b[2KStarting MCP servers: 1/2 done', '\r\u001b[2K'])
  })

  it('fits the terminal width and neutralises control characters from server names', () => {
    const {writes, stream} = fakeStream(true, 30)
    ttyProgressLine(stream)('waiting for \u001b[31mevil\u001b[0m and a very long list of servers')
    expect(writes[0]).toBe('\r\u001b[2Kwaiting for \\u001b[31mevil\\u…')
  })

  it('clears a line still showing when the process exits (Ctrl-C while servers start)', () => {
    const module = join(ROOT, 'dist/src/mcp/progress.js')
    const script = `const {ttyProgressLine} = await import(${JSON.stringify(module)}); const progress = ttyProgressLine({isTTY: true, columns: 80, write: (text) => process.stdout.write(text)}); progress('Starting MCP servers: 0/1 done'); process.exit(130)`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(run.status).toBe(130)
    expect(run.stdout).toBe('\r\u001b[2KStarting MCP servers: 0/1 done\r\u001b[2K')
  })

  it('prints nothing when the stream is not a terminal', () => {
    const {writes, stream} = fakeStream(false)
    const progress = ttyProgressLine(stream)
    progress('Starting MCP servers: 0/1 done')
    progress('')
    expect(writes).toEqual([])
  })
})

/** A clock the test moves by hand, and the ticks it would have fired. */
function manualClock() {
  let now = 0
  const ticks = new Set<() => void>()
  const clock: ProgressClock = {
    now: () => now,
    every(ms, tick) {
      expect(ms).toBe(PROGRESS_TICK_MS)
      ticks.add(tick)
      return () => ticks.delete(tick)
    },
  }
  const advance = (ms: number) => {
    now += ms
    for (const tick of [...ticks]) tick()
  }
  return {clock, advance, running: () => ticks.size}
}

describe('what the progress line says while servers start', () => {
  it('names what it waits for and each limit, grouped by limit, at most three servers', () => {
    expect(startingMessage(2, [{server: 'slow', limitMs: 30_000}])).toBe('Starting MCP servers: 1/2 done (waiting for slow: limit 30 s)')
    expect(startingMessage(5, [{server: 'a', limitMs: 30_000}, {server: 'b', limitMs: 2500}, {server: 'c', limitMs: 30_000}, {server: 'd', limitMs: 30_000}])).toBe(
      'Starting MCP servers: 1/5 done (waiting for a, c: limit 30 s; b: limit 2500 ms; +1 more)',
    )
  })

  it('says every second how long the wait has lasted, and stops when the servers are done', () => {
    const {writes, stream} = fakeStream(true, 120)
    const {clock, advance, running} = manualClock()
    const progress = ttyProgressLine(stream, clock)
    progress('Starting MCP servers: 0/1 done (waiting for slow: limit 30 s)')
    advance(1000)
    advance(1000)
    progress('Starting MCP servers: 1/2 done (waiting for other: limit 30 s)')
    advance(1500)
    progress('')
    expect(running()).toBe(0)
    expect(writes).toEqual([
      '\r\u001b[2KStarting MCP servers: 0/1 done (waiting for slow: limit 30 s)',
      '\r\u001b[2KStarting MCP servers: 0/1 done (waiting for slow: limit 30 s) — 1 s so far',
      '\r\u001b[2KStarting MCP servers: 0/1 done (waiting for slow: limit 30 s) — 2 s so far',
      '\r\u001b[2KStarting MCP servers: 1/2 done (waiting for other: limit 30 s) — 2 s so far',
      '\r\u001b[2KStarting MCP servers: 1/2 done (waiting for other: limit 30 s) — 3 s so far',
      '\r\u001b[2K',
    ])
  })
})

describe('--timeout on every command that starts servers', () => {
  it('catalog list on a terminal says what it waits for and the limit --timeout set, then gives up at it', async () => {
    const dir = tempDir()
    const servers = join(dir, 'servers.json')
    writeFileSync(servers, JSON.stringify({mcpServers: {silent: {command: process.execPath, args: [FIXTURE_SERVER, '--hang-at-start']}}}))
    const quoted = [process.execPath, BIN, 'catalog', 'list', '--catalog', servers, '--timeout', '1500'].map((part) => `'${part}'`).join(' ')
    // `script` gives the CLI a pseudo-terminal, so the progress line shows.
    const {code, output} = await new Promise<{code: number | null; output: string}>((done) => {
      const child = spawn('script', ['-qec', quoted, '/dev/null'], {cwd: dir, env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe']})
      let text = ''
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      child.on('close', (exit) => done({code: exit, output: text}))
    })
    expect(output).toContain('Starting MCP servers: 0/1 done (waiting for silent: limit 1500 ms)')
    expect(output).toContain('MCP server "silent" is unavailable: did not answer initialize within 1500 ms')
    expect(code).toBe(4)
  })

  it('is a flag of every command that reads a catalog', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {flags: Record<string, {type: string}>}>}
    for (const id of ['search', 'describe', 'directory', 'payload', 'lint', 'eval', 'call', 'catalog:list', 'catalog:import']) {
      expect(manifest.commands[id]!.flags.timeout, id).toMatchObject({type: 'option'})
    }
  })
})
