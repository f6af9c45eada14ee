/**
 * Process groups: a program and everything it starts are stopped together — on `stop()`, when the
 * leader exits, when toolsearch exits and when it is interrupted — for command tools and MCP
 * servers alike. The stubborn processes here ignore SIGTERM, so only SIGKILL ends them.
 */
import {spawn} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'

import {liveProcessGroupCount, spawnProcessGroup} from '../../src/process/process-group.js'
import {cleanup, isAlive, liveGroupMembers, survivors, waitForFile} from '../call/processes.js'
import {BIN, ROOT, isolatedEnv, tempDir} from '../helpers/cli.js'

const HANG = join(ROOT, 'test/fixtures/call/hang.mjs')
const HOLDER = join(ROOT, 'test/fixtures/process/group-holder.mjs')

interface HangPids {
  child: number
  grandchild: number
}

const started: number[] = []
afterEach(() => cleanup(started.splice(0)))

async function pidsFrom(file: string): Promise<HangPids> {
  const pids = JSON.parse(await waitForFile(file)) as HangPids
  started.push(pids.child, pids.grandchild)
  return pids
}

/** A group whose leader and grandchild ignore SIGTERM. */
async function stubbornGroup() {
  const pidFile = join(tempDir(), 'pids.json')
  const group = spawnProcessGroup(process.execPath, [HANG])
  group.child.stdin.end(JSON.stringify({pidFile, ignoreTerm: true}))
  return {group, pids: await pidsFrom(pidFile)}
}

describe('spawnProcessGroup', () => {
  it('runs the program as the leader of its own group, with its children in it', async () => {
    const {group, pids} = await stubbornGroup()
    expect(pids.child).toBe(group.pid)
    expect(liveGroupMembers(group.pid!).sort()).toEqual([pids.child, pids.grandchild].sort())
    group.kill()
    expect(await group.closed).toEqual({code: null, signal: 'SIGKILL'})
  })

  it('stop() ends a group that ignores SIGTERM: SIGKILL after the grace period', async () => {
    const {group, pids} = await stubbornGroup()
    expect(liveProcessGroupCount()).toBe(1)
    group.stop()
    expect(await group.closed).toEqual({code: null, signal: 'SIGKILL'})
    expect(await survivors([pids.child, pids.grandchild])).toEqual([])
    expect(liveProcessGroupCount()).toBe(0)
  })

  it('stops what a leader leaves behind in its group when it exits, even a process that ignores SIGTERM', async () => {
    const pidFile = join(tempDir(), 'pid.txt')
    // The orphan writes its pid once it ignores SIGTERM; the leader exits when it sees the file.
    const orphanScript = `process.on('SIGTERM', () => {}); require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`
    const script = `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(orphanScript)}], {stdio: 'ignore'}); setInterval(() => require('node:fs').existsSync(${JSON.stringify(pidFile)}) && process.exit(0), 20)`
    const group = spawnProcessGroup(process.execPath, ['-e', script])
    expect(await group.closed).toEqual({code: 0, signal: null})
    const orphan = Number(readFileSync(pidFile, 'utf8'))
    started.push(orphan)
    expect(await survivors([orphan])).toEqual([])
    expect(liveGroupMembers(group.pid!)).toEqual([])
    expect(liveProcessGroupCount()).toBe(0)
  })

  it('reports a program that cannot start, and tracks nothing', async () => {
    const group = spawnProcessGroup('toolsearch-no-such-program', [])
    expect(liveProcessGroupCount()).toBe(0)
    await group.closed
    expect(group.spawnError?.message).toContain('ENOENT')
    group.stop()
    group.kill()
  })
})

/** Runs the holder fixture; resolves once its group is running, with the pids in it. */
async function holder(mode: 'exit' | 'wait' | 'handled') {
  const pidFile = join(tempDir(), 'pids.json')
  const child = spawn(process.execPath, [HOLDER, mode, pidFile], {stdio: ['ignore', 'pipe', 'pipe']})
  const output = {stdout: '', stderr: ''}
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk))
  const ended = new Promise<{code: number | null; signal: string | null}>((resolve) => child.once('close', (code, signal) => resolve({code, signal})))
  await new Promise<void>((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output.stdout += chunk
      if (output.stdout.includes('ready\n')) resolve()
    })
  })
  return {child, ended, output, pids: await pidsFrom(pidFile)}
}

describe('groups never outlive toolsearch', () => {
  it('kills every running group when the program calls process.exit()', async () => {
    const {ended, pids} = await holder('exit')
    expect(await ended).toEqual({code: 0, signal: null})
    expect(await survivors([pids.child, pids.grandchild])).toEqual([])
  })

  it('on SIGINT nobody else handles: stops the groups and exits 130', async () => {
    const {child, ended, output, pids} = await holder('wait')
    child.kill('SIGINT')
    expect(await ended).toEqual({code: 130, signal: null})
    expect(output.stderr).toBe('')
    expect(await survivors([pids.child, pids.grandchild])).toEqual([])
  })

  it('on SIGINT the program handles itself: stops the groups and leaves the exit to the program', async () => {
    const {child, ended, output, pids} = await holder('handled')
    child.kill('SIGINT')
    expect(await survivors([pids.child, pids.grandchild])).toEqual([])
    expect(isAlive(child.pid!)).toBe(true)
    expect(output.stdout).toBe('ready\nhandled\n')
    child.kill('SIGKILL')
    await ended
  })
})

describe('command tools through the CLI', () => {
  it('a second Ctrl-C exits at once, and still leaves no tool process behind', async () => {
    const dir = tempDir()
    const pidFile = join(dir, 'pids.json')
    const catalog = join(dir, 'catalog.json')
    writeFileSync(catalog, JSON.stringify({tools: [{name: 'hang', description: 'Never finishes.', run: {command: [process.execPath, HANG]}}]}))
    const child = spawn(process.execPath, [BIN, 'call', '--catalog', catalog, 'hang', '--timeout', '60000', '--args', JSON.stringify({pidFile, ignoreTerm: true})], {
      cwd: dir,
      env: isolatedEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
    const pids = await pidsFrom(pidFile)
    // The tool ignores the SIGTERM the first Ctrl-C sends; the second one exits before any SIGKILL.
    child.kill('SIGINT')
    await new Promise((resolve) => setTimeout(resolve, 100))
    child.kill('SIGINT')
    expect(await ended).toBe(130)
    expect(await survivors([pids.child, pids.grandchild])).toEqual([])
    expect(liveGroupMembers(pids.child)).toEqual([])
  })
})
