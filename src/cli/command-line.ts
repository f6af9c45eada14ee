/**
 * Which command line a bundled command runs without oclif (`direct.ts`): how oclif reads the
 * command id and its words from the leading words of a line, and whether it would do anything
 * around the command. Pure and free of oclif's modules: the entry point's start
 * (`src/cli/start.ts`) reads lines with it too, before any bundle is loaded, to choose one.
 */
import type {PJSON} from '@oclif/core/interfaces'

/** What reading a command line needs of the commands: every id, and those that take words. */
export interface CommandIds {
  /** Every command id, as in the manifest (`config:get`). */
  ids: ReadonlySet<string>
  /** The ids of commands that take positional words (`takesWords`). */
  takingWords: ReadonlySet<string>
}

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
export function directCommandLine(argv: readonly string[], commands: CommandIds): {id: string; argv: string[]} | undefined {
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
function normalizedArgv(argv: readonly string[], commands: CommandIds): string[] {
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
