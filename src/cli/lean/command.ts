/**
 * oclif's `Command` as the lean bundles have it (in place of `@oclif/core/command`, see
 * scripts/bundle.js): the part of the class toolsearch's commands use, running a command as
 * oclif's class does (`_run`: init, run, catch, finally, then the `--json` result), with the
 * command line read by `parse.ts`. The line is read before anything runs: one that is not plain is
 * handed to the whole bundle, with oclif, untouched (`wholeBundleNeeded`). A lean bundle so holds
 * none of oclif — its parser, help, configuration and error rendering, half of what the bundle of
 * `search` was — and a run initialises and reads none of it.
 */
import {boolean} from './flags.js'
import {type ArgDefinition, type FlagDefinition, type ParseInput, type ParsedLine, parsePlainLine} from './parse.js'
import {wholeBundleNeeded} from './whole-bundle.js'

/** What a command reads of its configuration (`DirectConfig`, src/cli/direct.ts). */
interface CommandConfig {
  userAgent: string
  scopedEnvVar(key: string): string | undefined
  scopedEnvVarKeys(key: string): string[]
}

/** oclif's `--json` flag, as its `aggregateFlags` adds it to a command that enables it. */
const JSON_FLAG = boolean({description: 'Format output as json.', helpGroup: 'GLOBAL'})

export abstract class Command {
  static id: string | undefined
  static args: Record<string, ArgDefinition> = {}
  static flags: Record<string, FlagDefinition> | undefined
  static baseFlags: Record<string, FlagDefinition> | undefined
  static enableJsonFlag = false
  static strict = true

  id: string | undefined
  parsed = false
  /** The line as read before the command ran (`_run`), for `parse` to give the command. */
  private plainLine: ParsedLine | undefined

  constructor(
    public argv: string[],
    public config: CommandConfig,
  ) {
    this.id = this.ctor.id
  }

  get ctor(): typeof Command {
    return this.constructor as typeof Command
  }

  abstract run(): Promise<unknown>

  async _run(): Promise<unknown> {
    this.plainLine = await parsePlainLine(this.argv, this.declared(), JSON_FLAG)
    if (this.plainLine === undefined) throw wholeBundleNeeded()
    let err: unknown
    let result: unknown
    try {
      this.removeEnvVar('REDIRECTED')
      await this.init()
      result = await this.run()
    } catch (error) {
      err = error
      await this.catch(error as Error & {exitCode?: number})
    } finally {
      await this.finally(err)
    }
    if (result && this.jsonEnabled()) this.logJson(this.toSuccessJson(result))
    return result
  }

  async init(): Promise<void> {
    const global = globalThis as {'http-call'?: {userAgent?: string}}
    global['http-call'] = global['http-call'] ?? {}
    global['http-call'].userAgent = this.config.userAgent
  }

  /**
   * The line read (`_run`), for the command's declared flags and arguments: what every toolsearch
   * command asks for (`BaseCommand.init`). Asked for anything else, the line is read for that.
   */
  async parse(options: ParseInput = this.declared()): Promise<ParsedLine> {
    const declared = this.declared()
    const same = options.flags === declared.flags && options.baseFlags === declared.baseFlags && options.args === declared.args && options.enableJsonFlag === declared.enableJsonFlag && options.strict === declared.strict
    const line = same ? this.plainLine : await parsePlainLine(this.argv, options, JSON_FLAG)
    // Read once already when `same`; otherwise too late to hand the line over: say so plainly.
    if (line === undefined) throw new Error(`toolsearch: ${this.id ?? 'a command'} parsed its line for flags it does not declare`)
    this.parsed = true
    return line
  }

  /** Whether `--json` is on, as oclif's class decides it. */
  jsonEnabled(): boolean {
    if (!this.ctor.enableJsonFlag) return false
    if (this.config.scopedEnvVar('CONTENT_TYPE')?.toLowerCase() === 'json') return true
    const passThroughIndex = this.argv.indexOf('--')
    const jsonIndex = this.argv.indexOf('--json')
    return passThroughIndex === -1 ? jsonIndex !== -1 : jsonIndex !== -1 && jsonIndex < passThroughIndex
  }

  async catch(err: Error & {exitCode?: number}): Promise<void> {
    process.exitCode = process.exitCode ?? err.exitCode ?? 1
    if (this.jsonEnabled()) this.logJson(this.toErrorJson(err))
    else throw err
  }

  async finally(_error: unknown): Promise<void> {}

  logJson(json: unknown): void {
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`)
  }

  toErrorJson(err: unknown): unknown {
    return {error: err}
  }

  toSuccessJson(result: unknown): unknown {
    return result
  }

  private declared(): ParseInput {
    const {flags, baseFlags, enableJsonFlag, args, strict} = this.ctor
    return {flags, baseFlags, enableJsonFlag, args, strict}
  }

  private removeEnvVar(name: string): void {
    for (const key of this.config.scopedEnvVarKeys(name)) delete process.env[key]
  }
}
