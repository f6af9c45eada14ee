/**
 * What the entry point settles before oclif starts, because oclif would get it wrong:
 * - a working directory that was deleted: oclif fails inside `process.cwd()` with a raw
 *   `uv_cwd` error; this says what happened (exit 2);
 * - help asked for with `--json` (`toolsearch --json`, `toolsearch config --json`,
 *   `toolsearch search --help --json`): oclif prints help text, which breaks the rule that with
 *   `--json` stdout is one JSON document. This prints the same help as one JSON document, read
 *   from the command manifest written at build time.
 * Returns the exit code when the run ends here, undefined to let oclif run.
 */
import {readFileSync} from 'node:fs'

import {writeStdout} from '../output/stdout.js'

interface ManifestFlag {
  name: string
  char?: string
  description?: string
  type: 'boolean' | 'option'
  helpGroup?: string
}

interface ManifestCommand {
  id: string
  summary?: string
  description?: string
  flags: Record<string, ManifestFlag>
  args: Record<string, {name: string; description?: string; required?: boolean}>
}

interface PackageInfo {
  version: string
  description: string
  oclif: {topics?: Record<string, {description: string}>}
}

// The package root, worked out only to print help (most runs never do).
const readJson = <T>(name: string) => JSON.parse(readFileSync(new URL(name, new URL('../../../', import.meta.url)), 'utf8')) as T

// Read once per run: `preflight` looks up every leading run of words of a `--json` command line.
let manifestCommands: Record<string, ManifestCommand> | undefined
const commandsInManifest = () => (manifestCommands ??= readJson<{commands: Record<string, ManifestCommand>}>('oclif.manifest.json').commands)

const shownId = (id: string) => id.replaceAll(':', ' ')

function commandHelp(command: ManifestCommand): Record<string, unknown> {
  return {
    command: shownId(command.id),
    summary: command.summary,
    description: command.description,
    args: Object.values(command.args).map(({name, description, required}) => ({name, description, required: required === true})),
    flags: Object.values(command.flags).map(({name, char, description, type}) => ({name: `--${name}`, ...(char === undefined ? {} : {char: `-${char}`}), type, description})),
  }
}

/** The help document for `words` (the command line without flags), or undefined when it names nothing. */
export function jsonHelp(words: string[]): Record<string, unknown> | undefined {
  const commands = commandsInManifest()
  const id = words.join(':')
  if (commands[id] !== undefined) return commandHelp(commands[id])
  const prefix = id === '' ? '' : `${id}:`
  const listed = Object.values(commands).filter((command) => command.id.startsWith(prefix))
  if (listed.length === 0) return undefined
  const info = readJson<PackageInfo>('package.json')
  const topic = id === '' ? {name: 'toolsearch', version: info.version, description: info.description} : {topic: shownId(id), description: info.oclif.topics?.[id]?.description}
  return {...topic, commands: listed.map((command) => ({command: shownId(command.id), summary: command.summary}))}
}

function cwdIsGone(): boolean {
  try {
    process.cwd()
    return false
  } catch {
    return true
  }
}

/**
 * Whether a `--json` command line that asks for no help runs a command, from the command ids
 * alone. Help is printed only when its words (the line without flags) name a topic and not a
 * command: a command runs, and so do words that name neither (the longest leading words that do
 * name one are fewer than all of them), as `preflight` decides from the manifest.
 */
function runsCommand(words: string[], commandIds: ReadonlySet<string>): boolean {
  const id = words.join(':')
  if (commandIds.has(id)) return true
  if (id === '') return false
  for (const commandId of commandIds) if (commandId.startsWith(`${id}:`)) return false
  return true
}

/**
 * `commandIds` (the bundle has them) spares a `--json` run of a command reading the 100 kB
 * manifest, which oclif then reads again: it is read only to print help.
 */
export function preflight(argv: string[], commandIds?: ReadonlySet<string>): number | undefined {
  const json = argv.includes('--json')
  if (cwdIsGone()) {
    const message = 'The current directory no longer exists (it was deleted or moved). Change to an existing directory and run the command again.'
    if (json) writeStdout(`${JSON.stringify({error: {code: 'cwd-missing', message}}, null, 2)}\n`)
    else process.stderr.write(`Error: ${message}\n`)
    return 2
  }
  if (!json) return undefined
  const words = argv.filter((arg) => !arg.startsWith('-'))
  const askedForHelp = argv.includes('--help') || argv.includes('-h')
  if (!askedForHelp && commandIds !== undefined && runsCommand(words, commandIds)) return undefined
  // The longest leading words that name a command or a topic (the rest are arguments).
  for (let count = words.length; count >= 0; count--) {
    const help = jsonHelp(words.slice(0, count))
    if (help === undefined) continue
    // A command given `--json` runs as usual; help asked for, or a bare topic, is JSON.
    const isHelp = askedForHelp || (help.command === undefined && count === words.length)
    if (!isHelp) return undefined
    writeStdout(`${JSON.stringify(help, null, 2)}\n`)
    return 0
  }
  return undefined
}
