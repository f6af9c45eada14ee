/**
 * Processes that try to outlive toolsearch: a server or command tool that `setsid`s a grandchild
 * (here through Node's `detached`, which calls setsid) or double-forks it out of its ancestry,
 * and a toolsearch killed with SIGKILL in the middle of starting its servers. Every one of them
 * is gone afterwards. The escapees ignore SIGTERM, so only a SIGKILL that found them ends them.
 */
import {spawn} from 'node:child_process'
import {once} from 'node:events'
import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {executeCommandTool} from '../../src/call/executors/command.js'
import {listMcpServerTools, parseMcpServers} from '../../src/catalog/mcp/index.js'
import {OWNER_VARIABLE, markedProcesses} from '../../src/process/escapees.js'
import {cleanup, survivors} from '../call/processes.js'
import {BIN, isolatedEnv, tempDir} from '../helpers/cli.js'
import {fixtureServer, leftoverServers, pidFile, recordedPids, writeMcpConfig} from '../mcp/helpers.js'
import {hostileServer} from '../mcp/hostile.js'

describe('escaped grandchildren', () => {
  it('a server that setsids or double-forks a grandchild leaves nothing running after the listing', async () => {
    const pids = pidFile()
    const servers = parseMcpServers({setsid: hostileServer(pids, 'setsid-child'), double: hostileServer(pids, 'double-fork')}, '/config/mcp.json')
    const {entries, unavailable} = await listMcpServerTools(servers, {timeoutMs: 20_000, env: {PATH: process.env.PATH}})
    expect(unavailable).toEqual([])
    // In OpenClaw's order: by name, `<server>__<tool>`.
    expect(entries.map((entry) => entry.id)).toEqual(['mcp:double:double__fine', 'mcp:setsid:setsid__fine'])
    // Two servers and their two escaped grandchildren.
    expect(recordedPids(pids)).toHaveLength(4)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('a command tool that double-forks a grandchild into its own session leaves nothing running after the call', async () => {
    const pids = pidFile()
    const grandchild = `process.on("SIGTERM", () => {}); require("node:fs").appendFileSync(${JSON.stringify(pids)}, process.pid + "\\n"); setInterval(() => {}, 60000)`
    const intermediate = `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(grandchild)}], {detached: true, stdio: "ignore"}).unref()`
    const tool = `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(intermediate)}], {detached: true, stdio: "ignore"}).unref(); const fs = require("node:fs"); setInterval(() => fs.existsSync(${JSON.stringify(pids)}) && (console.log("{}"), process.exit(0)), 20)`
    const outcome = await executeCommandTool({kind: 'command', command: [process.execPath, '-e', tool]}, {}, {timeoutMs: 10_000, catalog: {entries: [], mcpServers: {}, unavailableMcpServers: []}})
    expect(outcome).toEqual({status: 'ok', result: {}})
    expect(recordedPids(pids)).toHaveLength(1)
    expect(await leftoverServers(pids)).toEqual([])
  })
})

describe('a toolsearch killed with SIGKILL', () => {
  it('leaves no server running, not even one that ignores SIGTERM and a closed stdin, nor its escaped grandchild', async () => {
    const dir = tempDir()
    const pids = pidFile(dir)
    const config = writeMcpConfig(dir, {stubborn: fixtureServer(pids, ['--hang-at-start', '--ignore-sigterm']), setsid: hostileServer(pids, 'setsid-child')})
    const child = spawn(process.execPath, [BIN, 'search', 'anything', '--catalog', config], {cwd: dir, env: isolatedEnv({TOOLSEARCH_MCP_TIMEOUT_MS: '60000'}), stdio: 'ignore'})
    const ended = new Promise((resolve) => child.once('close', resolve))
    // Both servers and the grandchild have started: the listing is in progress.
    const deadline = Date.now() + 20_000
    while (recordedPids(pids).length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(recordedPids(pids)).toHaveLength(3)
    child.kill('SIGKILL')
    await ended
    const alive = await survivors(recordedPids(pids), 10_000)
    cleanup(alive)
    expect(alive).toEqual([])
  })
})

describe('finding marked processes', () => {
  it('reads the environment only of processes started no earlier than it is told', async () => {
    const marker = `escape-test-${process.pid}`
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], {env: {PATH: process.env.PATH, [OWNER_VARIABLE]: `${marker}.1`}, stdio: 'ignore'})
    await once(child, 'spawn')
    try {
      const started = Number(readFileSync(`/proc/${child.pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[19])
      const find = (notBefore: number) => markedProcesses({readdirSync, readFileSync}, OWNER_VARIABLE, marker, [], process.pid, notBefore)
      expect(find(0)).toEqual([child.pid])
      expect(find(started)).toEqual([child.pid])
      expect(find(started + 1)).toEqual([])
    } finally {
      child.kill('SIGKILL')
    }
  })
})
