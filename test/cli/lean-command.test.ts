/**
 * The lean bundles' stand-in for oclif's command class (src/cli/lean/command.ts) and its hand-over
 * to the whole bundle (src/cli/lean/whole-bundle.ts): a plain line runs the command as oclif's
 * class runs it; any other line is handed over before anything of the command runs.
 */
import {describe, expect, it} from 'vitest'

import {Command} from '../../src/cli/lean/command.js'
import {handle} from '../../src/cli/lean/errors.js'
import {execute} from '../../src/cli/lean/execute.js'
import {boolean, integer, string} from '../../src/cli/lean/flags.js'
import {escapedToWholeBundle, wholeBundleNeeded, wholeBundleRequest} from '../../src/cli/lean/whole-bundle.js'

const config = {userAgent: 'toolsearch/test', scopedEnvVar: () => undefined, scopedEnvVarKeys: (key: string) => [`TOOLSEARCH_${key}`]}

/** A command that records what ran, with a flag of each kind. */
class Probe extends Command {
  static override enableJsonFlag = true
  static override strict = false
  static override flags = {limit: integer({char: 'l', min: 1}), name: string({multiple: true, multipleNonGreedy: true}), cache: boolean({allowNo: true, default: true})}
  ran: string[] = []
  json: unknown[] = []
  override async init(): Promise<void> {
    this.ran.push('init')
    await super.init()
  }

  async run(): Promise<unknown> {
    const {flags, argv} = await this.parse()
    this.ran.push('run')
    return {flags, argv}
  }

  override logJson(json: unknown): void {
    this.json.push(json)
  }
}

describe('the lean Command', () => {
  it('runs a plain line as oclif does: init, run, then the result as JSON under --json', async () => {
    const probe = new Probe(['read', '--json', '-l', '3', '--name', 'a', '--no-cache', 'file'], config)
    const result = await probe._run()
    expect(probe.ran).toEqual(['init', 'run'])
    expect(result).toEqual({flags: {json: true, limit: 3, name: ['a'], cache: false}, argv: ['read', 'file']})
    expect(probe.json).toEqual([result])
    expect(probe.parsed).toBe(true)
  })

  it('hands a line that is not plain to the whole bundle before anything of the command runs', async () => {
    const before = process.exitCode
    for (const argv of [['read', '--limit', '0'], ['--bogus'], ['--name'], ['--', 'x']]) {
      const probe = new Probe(argv, config)
      const error = await probe._run().then(() => undefined, (error: unknown) => error)
      expect(wholeBundleRequest(error), argv.join(' ')).toBe('run')
      expect(probe.ran, argv.join(' ')).toEqual([])
      expect(probe.json).toEqual([])
    }
    expect(process.exitCode).toBe(before)
  })

  it('says whether --json is on as oclif does: before any --, or by TOOLSEARCH_CONTENT_TYPE', () => {
    expect(new Probe(['--json'], config).jsonEnabled()).toBe(true)
    expect(new Probe(['x', '--', '--json'], config).jsonEnabled()).toBe(false)
    expect(new Probe(['x'], {...config, scopedEnvVar: (key: string) => (key === 'CONTENT_TYPE' ? 'JSON' : undefined)}).jsonEnabled()).toBe(true)
  })
})

describe('the hand-over to the whole bundle', () => {
  it("gives an error that escaped a command to the whole bundle's oclif to report, with the error itself", async () => {
    const escaped = new Error('escaped')
    const error = await handle(escaped).catch((caught: unknown) => caught)
    expect(wholeBundleRequest(error)).toBe('handle')
    expect((error as Error).cause).toBe(escaped)
    // A hand-over already asked for passes on as it is.
    const run = wholeBundleNeeded()
    expect(await handle(run).catch((caught: unknown) => caught)).toBe(run)
    expect(wholeBundleRequest(await execute().catch((caught: unknown) => caught))).toBe('run')
  })

  it('marks only its own errors', () => {
    expect(wholeBundleRequest(new Error('x'))).toBeUndefined()
    expect(wholeBundleRequest(undefined)).toBeUndefined()
    expect(wholeBundleRequest('run')).toBeUndefined()
    expect(wholeBundleRequest(escapedToWholeBundle(1))).toBe('handle')
  })
})
