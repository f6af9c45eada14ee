/**
 * Running a plain command line without oclif's `Config.load`. A run through oclif first loads its
 * whole configuration (the package's plugin, the command manifest, every command and topic, hooks)
 * and the modules that do it, to then run one command class with the words after its id: about a
 * third of a cold `config get`. The bundle knows its commands already, so a command line that
 * names one of them and asks oclif for nothing else (no help, no version, no hooks to run) runs
 * that command class here, with the same class method oclif calls (`_run`: parse, run, catch,
 * `--json` output) and a configuration holding exactly what a command reads of it (`DirectConfig`).
 * Anything else — help, a topic, an unknown command, a debug run — goes to oclif as before.
 */
import type {Command} from '@oclif/core/command'
import type {PJSON} from '@oclif/core/interfaces'

import {flushStdout} from '../output/stdout.js'
import {type CommandIds, canRunDirectly, directCommandLine} from './command-line.js'

/** What the bundle tells `main` about its commands (scripts/bundle.js writes both). */
export interface BundledCommands extends CommandIds {
  /** The command class of `id`, its module initialised on first use. */
  load: (id: string) => CommandClass | Promise<CommandClass>
}

export type CommandClass = (new (argv: string[], config: never) => Command) & {id?: string}

/**
 * What a command reads of oclif's configuration while it runs (`Command` and its parser): names,
 * the version, the `TOOLSEARCH_*` variables, the command ids (its check for deprecated aliases) and
 * hooks, of which a direct run has none to run (`canRunDirectly`).
 */
export class DirectConfig {
  readonly root: string
  readonly pjson: PJSON
  readonly name: string
  readonly version: string
  readonly bin: string
  readonly dirname: string
  readonly binAliases: string[] | undefined = undefined
  readonly topicSeparator = ' '
  readonly flexibleTaxonomy = false
  readonly isSingleCommandCLI = false
  // `os.arch()` and `os.platform()` are these (loading `node:os` is a quarter of a millisecond).
  readonly arch = process.arch === 'ia32' ? 'x86' : process.arch
  readonly platform: string = process.platform
  readonly windows = this.platform === 'win32'
  readonly userAgent: string
  readonly commandIDs: string[]

  constructor(
    options: {root: string; pjson: PJSON},
    private readonly commands: CommandIds,
  ) {
    this.root = options.root
    this.pjson = options.pjson
    this.name = options.pjson.name
    this.version = options.pjson.version || '0.0.0'
    this.bin = options.pjson.oclif.bin || this.name
    this.dirname = options.pjson.oclif.dirname || this.name
    this.userAgent = `${this.name}/${this.version} ${this.platform}-${this.arch} node-${process.version}`
    this.commandIDs = [...commands.ids]
  }

  /** What `collateSpacedCmdIDFromArgs` asks of a command: whether it takes words. */
  findCommand(id: string): {id: string; strict: boolean; args: Record<string, never>} | undefined {
    if (!this.commands.ids.has(id)) return undefined
    return {id, strict: !this.commands.takingWords.has(id), args: {}}
  }

  async runHook(): Promise<{successes: never[]; failures: never[]}> {
    return {successes: [], failures: []}
  }

  scopedEnvVarKeys(key: string): string[] {
    return [this.bin, ...(this.binAliases ?? [])].filter(Boolean).map((alias) => [alias.replaceAll('@', '').replaceAll(/[/-]/g, '_'), key].join('_').toUpperCase())
  }

  scopedEnvVarKey(key: string): string {
    return [this.bin, key]
      .map((part) => part.replaceAll('@', '').replaceAll(/[/-]/g, '_'))
      .join('_')
      .toUpperCase()
  }

  scopedEnvVar(key: string): string | undefined {
    const found = this.scopedEnvVarKeys(key).find((name) => process.env[name])
    return found === undefined ? undefined : process.env[found]
  }

  scopedEnvVarTrue(key: string): boolean {
    const value = this.scopedEnvVar(key)
    return value === '1' || value === 'true'
  }
}

/**
 * Runs `argv` directly when it is a plain command line of a bundled command (see the module's
 * doc) and returns true; returns false, having done nothing, when oclif must run it. What escapes
 * the command's own `catch` is thrown, for the caller to end the run as oclif's `execute` would.
 */
export async function runDirectly(argv: readonly string[], options: {root: string; pjson: PJSON}, commands: BundledCommands): Promise<boolean> {
  if (!canRunDirectly(options.pjson, process.env)) return false
  const line = directCommandLine(argv, commands)
  if (line === undefined) return false
  const CommandClass = await commands.load(line.id)
  // oclif sets the id on the class it loads; commands read it (`this.id`).
  CommandClass.id = line.id
  const command = new CommandClass(line.argv, new DirectConfig(options, commands) as never)
  await (command as unknown as {_run(): Promise<unknown>})._run()
  await flushStdout()
  return true
}

