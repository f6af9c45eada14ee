import type {Interfaces} from '@oclif/core'
import {Command} from '@oclif/core/command'
import * as Errors from '@oclif/core/errors'
import * as Flags from '@oclif/core/flags'

import {selectConfigSchema} from '../config/schema-source.js'
import {type ErrorCode, ExitCode, ToolsearchError, asToolsearchError, exitCodeFor, isDebugEnabled, isToolsearchError} from '../shared/errors.js'
import {safeBlock, safeInline, shouldUseColor, terminalJson} from '../output/terminal.js'
import {writeStdout} from '../output/stdout.js'

export type CommandFlags<T extends typeof Command> = Interfaces.InferredFlags<(typeof BaseCommand)['baseFlags'] & T['flags']>
export type CommandArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>

/**
 * The base of every toolsearch command. It owns the cross-cutting rules of SPEC §9 so commands
 * stay thin: `--json` prints exactly one JSON document (the value `run()` returns, or
 * `{ "error": { code, message } }`), `--no-color`/`NO_COLOR`/non-TTY disable colour, and every
 * error becomes one message on stderr and an exit code — never a stack trace, unless
 * `DEBUG=toolsearch*` asks for one. A command that works on a catalog extends `CatalogCommand`
 * (catalog-command.ts), which adds loading it, the `--session` log and control results as the
 * model reads them; the others never load (nor, in a lean bundle, hold) any of that.
 */
export abstract class BaseCommand<T extends typeof Command> extends Command {
  static enableJsonFlag = true

  static baseFlags = {
    color: Flags.boolean({
      allowNo: true,
      description: 'Colour the output (default: only on a terminal; NO_COLOR disables it).',
      helpGroup: 'GLOBAL',
    }),
  }

  protected flags!: CommandFlags<T>
  protected args!: CommandArgs<T>

  public override async init(): Promise<void> {
    await super.init()
    const {args, flags, argv} = await this.parse({
      flags: this.ctor.flags,
      baseFlags: (super.ctor as typeof BaseCommand).baseFlags,
      enableJsonFlag: this.ctor.enableJsonFlag,
      args: this.ctor.args,
      strict: this.ctor.strict,
    })
    this.flags = flags as CommandFlags<T>
    this.args = args as CommandArgs<T>
    // `--schema` (schemaFlags) applies to every validation of this run.
    selectConfigSchema((flags as {schema?: string}).schema)
    this.argvRest = argv as string[]
  }

  /** Positional words left after parsing (for commands with `strict = false`). */
  protected argvRest: string[] = []

  /** Whether human output on stdout may use colour. */
  protected get color(): boolean {
    if (this.jsonEnabled()) return false
    return shouldUseColor({flag: (this.flags as {color?: boolean} | undefined)?.color})
  }

  /** Writes human output to stdout (suppressed under `--json`). */
  protected print(text: string): void {
    if (this.jsonEnabled()) return
    writeStdout(text.endsWith('\n') ? text : `${text}\n`)
  }

  /**
   * Ends the run with the exit code of `verdict` (`findings`, `blocked`, `config-refused`, or the
   * code of an error already reported), unless an earlier verdict of this run already failed it.
   */
  protected endWith(verdict: ErrorCode): void {
    if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = exitCodeFor(verdict)
  }

  /** Writes a diagnostic line to stderr; under `--json` too, since stdout stays pure JSON. */
  protected note(text: string): void {
    process.stderr.write(text.endsWith('\n') ? text : `${text}\n`)
  }

  /**
   * Fields every `--json` object this run prints carries, success or error (e.g.
   * `unavailableMcpServers`, known only once catalogs are loaded). Arrays are printed as they are.
   */
  protected jsonExtras: Record<string, unknown> = {}

  /** Pretty JSON with DEL, C1 and bidi controls escaped too: still valid JSON, safe on a terminal. */
  public override logJson(json: unknown): void {
    writeStdout(`${terminalJson(json, 2)}\n`)
  }

  public override toSuccessJson(result: unknown): unknown {
    const isPlainObject = typeof result === 'object' && result !== null && !Array.isArray(result)
    return isPlainObject ? {...result, ...this.jsonExtras} : result
  }

  public override toErrorJson(err: unknown): unknown {
    const error = toToolsearchError(err)
    const hint = error.hint === undefined ? {} : {hint: error.hint}
    return {error: {code: error.code, message: error.message, ...hint, ...(error.details ?? {}), ...this.jsonExtras}}
  }

  public override async catch(err: Interfaces.CommandError): Promise<void> {
    const error = toToolsearchError(err)
    process.exitCode = error.exitCode
    if (this.jsonEnabled()) {
      this.logJson(this.toErrorJson(error))
    } else {
      process.stderr.write(`${formatErrorForTerminal(error)}\n`)
    }
    if (isDebugEnabled()) process.stderr.write(`${(err as Error).stack ?? String(err)}\n`)
  }
}

/** Maps anything thrown to a ToolsearchError: oclif parse errors are usage errors (exit 2). */
export function toToolsearchError(err: unknown): ToolsearchError {
  if (isToolsearchError(err)) return err
  if (err instanceof Errors.CLIError) {
    const oclif = err as Errors.CLIError & {parse?: unknown; oclif?: {exit?: number}}
    const message = plainParseMessage(err.message.replace(/\nSee more help with --help$/, ''))
    const usage = oclif.parse !== undefined || oclif.oclif?.exit === ExitCode.usage
    return new ToolsearchError(usage ? 'usage' : 'error', message, {cause: err})
  }
  return asToolsearchError(err)
}

/**
 * oclif's parse failures, said plainly: without its "The following error occurred:" header and
 * indent, a required flag named as it is typed (`--queries`), an exclusive pair said once (oclif
 * says it from each side), and without its note that arguments must come before flags.
 */
export function plainParseMessage(text: string): string {
  // Every flag that takes several values takes one per use (`multipleNonGreedy`), so flags may
  // come before the arguments: oclif's note that they may not is not true here.
  const message = text.replace(/\n\nNote: [^\n]* allows? multiple values\. Because of this you need to provide all arguments before providing th(?:at flag|ose flags)\.\nAlternatively, you can use "--" to signify the end of the flags and the beginning of arguments\.$/u, '')
  const header = /^The following errors? occurred:\n/u.exec(message)
  if (header === null) return message
  const pairs = new Set<string>()
  const reasons = message
    .slice(header[0].length)
    .split('\n')
    .map((line) => line.replace(/\u001b\[[0-9;]*m/gu, '').trim())
    .filter((line) => line !== '')
    .map((line) => line.replace(/^Missing required flag ([\w-]+)$/u, 'Missing required flag --$1'))
    .filter((line) => {
      const pair = /^--([\w-]+)=.* cannot also be provided when using --([\w-]+)$/u.exec(line)
      if (pair === null) return true
      const key = [pair[1], pair[2]].sort().join('\0')
      if (pairs.has(key)) return false
      pairs.add(key)
      return true
    })
  return reasons.join('\n')
}

function formatErrorForTerminal(error: ToolsearchError): string {
  const location = error.file === undefined ? '' : `${error.file}${error.line === undefined ? '' : `:${error.line}${error.column === undefined ? '' : `:${error.column}`}`}: `
  const message = safeBlock(error.message)
  // The file name is untrusted too (a catalog or log named on the command line).
  const prefix = location !== '' && !error.message.includes(error.file ?? '\0') ? safeInline(location) : ''
  const hint = error.hint === undefined ? '' : `\nNote: ${safeBlock(error.hint)}`
  return `Error: ${prefix}${message}${hint}`
}
