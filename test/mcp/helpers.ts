/**
 * Real MCP servers for integration tests: the fixture server (test/fixtures/mcp-server/server.js)
 * and @modelcontextprotocol/server-everything, each started with `node --import record-pid.mjs`
 * so the test learns every server pid and can prove none outlives a command.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {join} from 'node:path'
import {cleanup, survivors} from '../call/processes.js'
import {ROOT, tempDir} from '../helpers/cli.js'
import {atFileEnd} from '../helpers/file-end.js'

export const FIXTURE_SERVER = join(ROOT, 'test/fixtures/mcp-server/server.js')
export const RECORD_PID = join(ROOT, 'test/fixtures/mcp-server/record-pid.mjs')
export const EVERYTHING_SERVER = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')

/** A pid file shared by the servers of one test: every server started appends its pid. */
export function pidFile(dir = tempDir('toolsearch-mcp-pids-')): string {
  return join(dir, 'pids.txt')
}

export function recordedPids(file: string): number[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number)
}

/** Server pids still alive after a bounded wait (empty when every server is gone). */
export async function leftoverServers(file: string): Promise<number[]> {
  const pids = recordedPids(file)
  const alive = await survivors(pids)
  cleanup(alive)
  return alive
}

/** An `mcpServers` entry running the fixture server with `flags`, recording its pid. */
export function fixtureServer(pids: string, flags: string[] = [], extra: {env?: Record<string, string>; cwd?: string} = {}): Record<string, unknown> {
  return {command: process.execPath, args: ['--import', RECORD_PID, FIXTURE_SERVER, ...flags], env: {FIXTURE_PID_FILE: pids, ...extra.env}, ...(extra.cwd ? {cwd: extra.cwd} : {})}
}

/** An `mcpServers` entry running server-everything in stdio mode, recording its pid. */
export function everythingServer(pids: string): Record<string, unknown> {
  return {command: process.execPath, args: ['--import', RECORD_PID, EVERYTHING_SERVER, 'stdio'], env: {FIXTURE_PID_FILE: pids}}
}

/** Writes `{ mcpServers }` (plus any other top-level keys) to a file and returns its path. */
export function writeMcpConfig(dir: string, servers: Record<string, unknown>, extra: Record<string, unknown> = {}, name = 'mcp.json'): string {
  const file = join(dir, name)
  writeFileSync(file, `${JSON.stringify({...extra, mcpServers: servers}, null, 2)}\n`)
  return file
}

const httpServers: ChildProcess[] = []

atFileEnd(() => {
  for (const child of httpServers.splice(0)) child.kill('SIGKILL')
})

/** Starts the fixture server over HTTP (`--http` or `--sse`) and returns its URL; stopped after the file. */
export async function startHttpFixture(mode: '--http' | '--sse', env: Record<string, string> = {}): Promise<{url: string; pid: number}> {
  const child = spawn(process.execPath, [FIXTURE_SERVER, mode], {stdio: ['ignore', 'pipe', 'ignore'], env: {PATH: process.env.PATH, ...env}})
  httpServers.push(child)
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk
      if (buffer.includes('\n')) resolve(buffer.split('\n')[0])
    })
    child.once('exit', (code) => reject(new Error(`HTTP fixture exited with ${code}`)))
  })
  return {url: (JSON.parse(line) as {url: string}).url, pid: child.pid!}
}

/** A TCP port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
