import {readFileSync, readdirSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterEach, describe, expect, it} from 'vitest'

import type {Catalog, CommandRun} from '../../src/catalog/types.js'
import {DEFAULT_COMMAND_TIMEOUT_MS, executeTool} from '../../src/call/execute.js'
import {executeCommandTool} from '../../src/call/executors/command.js'
import {NO_MATCHING_CASE, executeFixture, isDeepSubset} from '../../src/call/executors/fixture.js'
import {tempDir} from '../helpers/cli.js'
import {cleanup, liveGroupMembers, markedProcesses, markedSurvivors, processMarker, survivors, waitForFile} from './processes.js'

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/call')
const catalog: Catalog = {entries: [], mcpServers: {}, unavailableMcpServers: []}
const node = (script: string, extra: Partial<CommandRun> = {}): CommandRun => ({kind: 'command', command: [process.execPath, join(FIXTURES, script)], ...extra})

const started: number[] = []
afterEach(() => cleanup(started.splice(0)))

describe('fixture executors', () => {
  it('always returns a plain fixture result', () => {
    expect(executeFixture({kind: 'fixture', result: {ok: 1}}, {anything: true})).toEqual({status: 'ok', result: {ok: 1}})
  })

  it('returns the first case whose when is a deep subset of the arguments', () => {
    const run = {
      kind: 'cases' as const,
      cases: [
        {when: {zone: 'north', opts: {deep: true}}, result: 'north-deep'},
        {when: {zone: 'north'}, result: 'north'},
        {when: {tags: ['a', 'b']}, result: 'tagged'},
      ],
      result: 'default',
      hasDefault: true,
    }
    expect(executeFixture(run, {zone: 'north', opts: {deep: true, extra: 1}, more: 2})).toEqual({status: 'ok', result: 'north-deep'})
    expect(executeFixture(run, {zone: 'north', opts: {deep: false}})).toEqual({status: 'ok', result: 'north'})
    expect(executeFixture(run, {tags: ['a', 'b']})).toEqual({status: 'ok', result: 'tagged'})
    expect(executeFixture(run, {tags: ['a', 'b', 'c']})).toEqual({status: 'ok', result: 'default'})
    expect(executeFixture(run, {zone: 'south'})).toEqual({status: 'ok', result: 'default'})
  })

  it('is a tool error when no case matches and there is no default', () => {
    const run = {kind: 'cases' as const, cases: [{when: {a: 1}, result: 1}], hasDefault: false}
    expect(executeFixture(run, {a: 2})).toEqual({status: 'tool-error', message: NO_MATCHING_CASE})
  })

  it('treats a default of null as a real default', () => {
    expect(executeFixture({kind: 'cases', cases: [], result: null, hasDefault: true}, {})).toEqual({status: 'ok', result: null})
  })

  it('matches deep subsets strictly', () => {
    expect(isDeepSubset({}, {a: 1})).toBe(true)
    expect(isDeepSubset({a: 1}, {a: '1'})).toBe(false)
    expect(isDeepSubset({a: null}, {})).toBe(false)
    expect(isDeepSubset({a: {}}, {a: []})).toBe(false)
    expect(isDeepSubset([], {})).toBe(false)
    expect(isDeepSubset({toString: 1}, {})).toBe(false)
  })

  it('matches nested objects inside arrays and never reads inherited properties', () => {
    expect(isDeepSubset({list: [{id: 1}, {id: 2}]}, {list: [{id: 1, x: 0}, {id: 2}]})).toBe(true)
    expect(isDeepSubset({list: [{id: 1}]}, {list: [{id: 1}, {id: 2}]})).toBe(false)
    expect(isDeepSubset([1, [2, {a: 3}]], [1, [2, {a: 3, b: 4}]])).toBe(true)
    const proto = JSON.parse('{"__proto__": {"admin": true}}')
    expect(isDeepSubset(proto, JSON.parse('{"__proto__": {"admin": true}, "x": 1}'))).toBe(true)
    expect(isDeepSubset(proto, {})).toBe(false)
    expect(isDeepSubset({constructor: {}}, {})).toBe(false)
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })
})

describe('command executor', () => {
  it('passes the arguments on stdin and returns the JSON stdout, with env and cwd', async () => {
    const cwd = tempDir()
    const outcome = await executeCommandTool(node('echo.mjs', {env: {TOOL_GREETING: 'hi'}, cwd}), {path: 'a b', n: 2}, {timeoutMs: 10_000, catalog})
    expect(outcome).toEqual({status: 'ok', result: {args: {path: 'a b', n: 2}, cwd, greeting: 'hi'}})
  })

  it('reports a non-zero exit as a tool error quoting the last lines of stderr', async () => {
    const outcome = await executeCommandTool(node('fail.mjs'), {}, {timeoutMs: 10_000, catalog})
    expect(outcome.status).toBe('tool-error')
    const message = (outcome as {message: string}).message
    expect(message).toMatch(/^Command ".*fail\.mjs" exited with code 3\.\nLast lines of stderr:\n/)
    expect(message).toContain('  fail: database is on fire')
    expect(message).toContain('  fail: line 4')
    expect(message).not.toContain('fail: line 3\n')
  })

  it('reports stdout that is not one JSON value as a tool error', async () => {
    const outcome = await executeCommandTool(node('bad-json.mjs'), {}, {timeoutMs: 10_000, catalog})
    expect(outcome.status).toBe('tool-error')
    expect((outcome as {message: string}).message).toMatch(/did not print one JSON value on stdout .*\nLast lines of stderr:\n {2}bad-json: printed two documents$/s)
  })

  it('reports a command that prints nothing, or dies by a signal, as a tool error', async () => {
    const silent = await executeCommandTool({kind: 'command', command: [process.execPath, '-e', '']}, {}, {timeoutMs: 10_000, catalog})
    expect(silent).toEqual({status: 'tool-error', message: expect.stringMatching(/" printed nothing on stdout; a command tool must print its result as JSON\. stderr was empty\.$/)})
    const killed = await executeCommandTool({kind: 'command', command: [process.execPath, '-e', 'process.kill(process.pid, "SIGKILL")']}, {}, {timeoutMs: 10_000, catalog})
    expect(killed).toEqual({status: 'tool-error', message: expect.stringMatching(/" was killed by SIGKILL\. stderr was empty\.$/)})
  })

  it('runs the program without a shell: metacharacters reach it as plain arguments', async () => {
    const cwd = tempDir()
    const script = 'process.stdout.write(JSON.stringify(process.argv.slice(1)))'
    const argv = ['$(touch pwned)', '; touch pwned2', '`touch pwned3`', '*', '> out']
    const outcome = await executeCommandTool({kind: 'command', command: [process.execPath, '-e', script, ...argv], cwd}, {}, {timeoutMs: 10_000, catalog})
    expect(outcome).toEqual({status: 'ok', result: argv})
    expect(readdirSync(cwd)).toEqual([])
  })

  it('stops a command that floods stdout (100 MiB) at 32 MiB: a tool error, and the process is gone', async () => {
    const pidFile = join(tempDir(), 'pids.json')
    const outcome = await executeCommandTool(node('flood.mjs'), {pidFile}, {timeoutMs: 60_000, catalog})
    const {child} = JSON.parse(readFileSync(pidFile, 'utf8')) as {child: number}
    started.push(child)
    expect(outcome).toEqual({status: 'tool-error', message: expect.stringMatching(/flood\.mjs" printed more than 33554432 bytes on stdout\. stderr was empty\.$/)})
    expect(await survivors([child])).toEqual([])
  })

  it('does not fail when a command ignores 10 MB of arguments on stdin', async () => {
    const cwd = tempDir()
    const outcome = await executeCommandTool(node('marker.mjs', {cwd}), {blob: 'x'.repeat(10_000_000)}, {timeoutMs: 10_000, catalog})
    expect(outcome).toEqual({status: 'ok', result: {ran: true}})
  })

  it('honours a time limit beyond what a Node timer can wait instead of firing at once', async () => {
    const outcome = await executeCommandTool(node('echo.mjs'), {n: 1}, {timeoutMs: 2 ** 40, catalog})
    expect(outcome.status).toBe('ok')
  })

  it('reports a program that cannot start as unavailable, saying why in words', async () => {
    const outcome = await executeCommandTool({kind: 'command', command: ['definitely-not-a-program-xyz']}, {}, {timeoutMs: 10_000, catalog})
    expect(outcome).toEqual({status: 'unavailable', message: 'Command "definitely-not-a-program-xyz" could not be started: command not found.'})
  })

  it('blames a missing working directory, not the program', async () => {
    const cwd = join(tempDir(), 'absent')
    const outcome = await executeCommandTool({kind: 'command', command: [process.execPath, '-e', '1'], cwd}, {}, {timeoutMs: 10_000, catalog})
    expect(outcome).toEqual({status: 'unavailable', message: `Command "${process.execPath} -e 1" could not be started: working directory ${cwd} does not exist.`})
  })

  it('stops the whole process group at the timeout, even a child that ignores SIGTERM', async () => {
    const marker = processMarker()
    const outcome = await executeCommandTool(node('hang.mjs'), {marker, ignoreTerm: true}, {timeoutMs: 1500, catalog})
    started.push(...markedProcesses(marker))
    expect(outcome).toEqual({status: 'unavailable', message: expect.stringMatching(/hang\.mjs" timed out after 1500 ms and was stopped\.$/)})
    expect(await markedSurvivors(marker)).toEqual([])
  })

  it('stops the process group when the call is aborted', async () => {
    const pidFile = join(tempDir(), 'pids.json')
    const controller = new AbortController()
    const pending = executeCommandTool(node('hang.mjs'), {pidFile}, {timeoutMs: 60_000, catalog, signal: controller.signal})
    const pids = JSON.parse(await waitForFile(pidFile)) as {child: number; grandchild: number}
    started.push(pids.child, pids.grandchild)
    controller.abort()
    expect(await pending).toMatchObject({status: 'unavailable', message: expect.stringContaining('interrupted')})
    expect(await survivors([pids.child, pids.grandchild])).toEqual([])
    expect(liveGroupMembers(pids.child)).toEqual([])
  })

  it('kills what a successful command left running in its group', async () => {
    const pidFile = join(tempDir(), 'pids.json')
    const outcome = await executeCommandTool(node('leave-child.mjs'), {pidFile}, {timeoutMs: 10_000, catalog})
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as {child: number; grandchild: number}
    started.push(pids.grandchild)
    expect(outcome).toEqual({status: 'ok', result: {done: true}})
    expect(await survivors([pids.grandchild])).toEqual([])
  })
})

describe('command time limits (SPEC §8.4: "timeoutMs": 10000)', () => {
  it('default to 10 s when neither the call nor the entry sets one', async () => {
    expect(DEFAULT_COMMAND_TIMEOUT_MS).toBe(10_000)
    // A command slower than a short limit still finishes under the default.
    const slow = {kind: 'command' as const, command: [process.execPath, '-e', 'setTimeout(() => console.log(JSON.stringify("done")), 400)']}
    expect(await executeTool(slow, {}, {catalog})).toEqual({status: 'ok', result: 'done'})
  })

  it('take the entry’s timeoutMs over the default, and the call’s limit over both', async () => {
    const hang = (timeoutMs: number) => ({kind: 'command' as const, command: [process.execPath, '-e', 'setInterval(() => {}, 1000)'], timeoutMs})
    expect(await executeTool(hang(300), {}, {catalog})).toMatchObject({status: 'unavailable', message: expect.stringContaining('timed out after 300 ms')})
    expect(await executeTool(hang(60_000), {}, {catalog, timeoutMs: 250})).toMatchObject({status: 'unavailable', message: expect.stringContaining('timed out after 250 ms')})
  })
})
