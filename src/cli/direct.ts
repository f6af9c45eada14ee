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
import {arch, platform} from 'node:os'

import {flushStdout} from '../output/stdout.js'

/** What the bundle tells `main` about its commands (scripts/bundle.js writes both). */
export interface BundledCommands {
  /** Every command id, as in the manifest (`config:get`). */
  ids: ReadonlySet<string>
  /** The ids of commands that take positional words (arguments, or `strict = false`). */
  takingWords: ReadonlySet<string>
  /** The command class of `id`, its module initialised on first use. */
  load: (id: string) => CommandClass | Promise<CommandClass>
}

export type CommandClass = (new (argv: string[], config: never) => Command) & {id?: string}

/**
 * Whether oclif's reading of the leading words stops after this command's id: it takes positional
 * words (arguments, or `strict = false`). scripts/bundle.js lists these commands from the manifest.
 */
export function takesWords(command: {strict?: boolean; args?: Record<string, unknown>}): boolean {
  return command.strict === false || Object.keys(command.args ?? {}).length > 0
}

/** The flags oclif answers itself before any command: help anywhere before `--`, version first. */
const HELP_FLAGS = new Set(['--help', '-h'])
const VERSION_FLAGS = new Set(['--version', '-v'])
/** Commands that read oclif's whole configuration (help renders every command and topic). */
const NEEDS_OCLIF_CONFIG = new Set(['help'])

/**
 * The command id and its words, as oclif's `main` would find them for `argv` (a topic separator
 * of one space: `config get x` is `config:get` with `x`), when oclif would go straight on to run
 * that command; undefined when it would do anything else first or instead.
 */
export function directCommandLine(argv: readonly string[], commands: Pick<BundledCommands, 'ids' | 'takingWords'>): {id: string; argv: string[]} | undefined {
  if (argv.length === 0 || VERSION_FLAGS.has(argv[0]!)) return undefined
  for (const arg of argv) {
    if (arg === '--') break
    if (HELP_FLAGS.has(arg)) return undefined
  }
  const [id, ...words] = normalizedArgv(argv, commands)
  if (id === undefined || !commands.ids.has(id) || NEEDS_OCLIF_CONFIG.has(id)) return undefined
  return {id, argv: words}
}

/**
 * The command line as oclif's `normalizeArgv` gives it (a topic separator of one space): an id
 * typed with colons (`config:get`) stands as typed; otherwise the leading words make the id
 * (`collateSpacedCmdIDFromArgs`): a word joins it while the id it makes is a command or a topic; a
 * flag, a word with `=`, or a word after a command that takes words ends it; any other word joins
 * it too (making an unknown id). The words after the id are the line without as many leading
 * words as the id has parts.
 */
function normalizedArgv(argv: readonly string[], commands: Pick<BundledCommands, 'ids' | 'takingWords'>): string[] {
  if (argv[0]!.includes(':') || argv.length === 1) return [...argv]
  const usable = usableIds(commands.ids)
  const words: string[] = []
  for (const arg of argv) {
    const joined = [...words, arg].join(':')
    if (usable.has(joined)) words.push(arg)
    else if (arg.includes('=') || arg.startsWith('-') || commands.takingWords.has(words.join(':'))) break
    else words.push(arg)
  }
  if (words.length === 0) return [...argv]
  const id = words.join(':')
  return [id, ...argv.slice(id.split(':').length)]
}

/** Every command id and every leading part of one (the topics), as oclif's `collectUsableIds`. */
function usableIds(ids: ReadonlySet<string>): Set<string> {
  const usable = new Set<string>()
  for (const id of ids) {
    const parts = id.split(':')
    for (let count = 1; count <= parts.length; count++) usable.add(parts.slice(0, count).join(':'))
  }
  return usable
}

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
  readonly arch = arch() === 'ia32' ? 'x86' : arch()
  readonly platform: string = platform()
  readonly windows = this.platform === 'win32'
  readonly userAgent: string
  readonly commandIDs: string[]

  constructor(
    options: {root: string; pjson: PJSON},
    private readonly commands: Pick<BundledCommands, 'ids' | 'takingWords'>,
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
 * Whether oclif would do anything around a command of this package beyond running it: hooks
 * other than `command_not_found` (which a known command never fires), plugins, a debug setting
 * (`DEBUG`, `<BIN>_DEBUG`) or development mode.
 */
export function canRunDirectly(pjson: PJSON, env: NodeJS.ProcessEnv): boolean {
  const hooks = Object.keys(pjson.oclif.hooks ?? {})
  if (hooks.some((event) => event !== 'command_not_found')) return false
  if ((pjson.oclif.plugins ?? []).length > 0 || (pjson.oclif.devPlugins ?? []).length > 0) return false
  const bin = (pjson.oclif.bin || pjson.name).replaceAll('@', '').replaceAll(/[/-]/g, '_').toUpperCase()
  return (env.DEBUG ?? '') === '' && env[`${bin}_DEBUG`] === undefined && env.NODE_ENV !== 'development'
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

