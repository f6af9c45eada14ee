/**
 * How the CLI's own process ends (src/cli/exit.ts): at once when nothing is pending, as Node would
 * end it otherwise.
 */
import {spawnSync} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {exitWhenIdle, nothingPending} from '../../src/cli/exit.js'
import {ROOT, tempDir} from '../helpers/cli.js'

describe('nothing pending', () => {
  it('is no open resource, or only the handles of standard streams that were made', () => {
    expect(nothingPending([])).toBe(true)
    expect(nothingPending(['PipeWrap'])).toBe(true)
    expect(nothingPending(['TTYWrap', 'PipeWrap', 'TTYWrap'])).toBe(true)
  })

  it('is not a queued write, a timer, a child process, a socket, a file operation or a fourth pipe', () => {
    for (const resources of [['SimpleWriteWrap', 'PipeWrap'], ['WriteWrap'], ['ShutdownWrap'], ['Timeout'], ['Immediate'], ['ProcessWrap', 'PipeWrap'], ['TCPWrap'], ['FSReqCallback'], ['FSReqPromise'], ['PipeWrap', 'PipeWrap', 'PipeWrap', 'PipeWrap']]) {
      expect(nothingPending(resources), resources.join(' ')).toBe(false)
    }
  })
})

describe('exitWhenIdle', () => {
  const processWith = (resources: string[] | undefined) => {
    const exits: unknown[][] = []
    const proc = {exit: (...args: unknown[]) => void exits.push(args), ...(resources === undefined ? {} : {getActiveResourcesInfo: () => resources})} as never
    return {proc, exits}
  }

  it('ends the process, with the exit code already set, when nothing is pending', () => {
    const {proc, exits} = processWith(['PipeWrap'])
    exitWhenIdle(proc)
    expect(exits).toEqual([[]])
  })

  it('leaves it to the event loop when something is pending, or the runtime cannot say', () => {
    for (const resources of [['SimpleWriteWrap', 'PipeWrap'], undefined]) {
      const {proc, exits} = processWith(resources)
      exitWhenIdle(proc)
      expect(exits).toEqual([])
    }
  })
})

describe('the built CLI', () => {
  it('ends as soon as a command is done, its output whole and its exit code kept', () => {
    const dir = tempDir()
    // Node emits beforeExit only when the event loop ran dry: an ending by exitWhenIdle skips it.
    const watch = join(dir, 'watch.cjs')
    writeFileSync(watch, "let dry = false\nprocess.on('beforeExit', () => { dry = true })\nprocess.on('exit', (code) => process.stderr.write(`ended ${dry ? 'by the event loop' : 'at once'} with ${code}\\n`))\n")
    const config = join(dir, 'openclaw.json5')
    writeFileSync(config, '{ tools: { toolSearch: { mode: "tools" } } }\n')
    const run = (args: string[]) => spawnSync(process.execPath, ['--require', watch, join(ROOT, 'bin', 'run.cjs'), ...args], {encoding: 'utf8', env: {PATH: process.env.PATH, HOME: dir}})
    const get = run(['config', 'get', 'tools.toolSearch', '--json', '--config', config])
    expect(JSON.parse(get.stdout)).toEqual({mode: 'tools'})
    expect(get.stderr).toBe('ended at once with 0\n')
    const missing = run(['config', 'get', 'tools.nothing', '--config', config])
    expect(missing.status).not.toBe(0)
    expect(missing.stderr).toMatch(new RegExp(`with ${missing.status}\\n$`))
  })
})
