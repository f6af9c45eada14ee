/**
 * Runs a built command inside the test process: the same compiled commands and manifest that
 * `bin/run.cjs` loads, after the same argument and preflight steps, with stdout, stderr, stdin,
 * the environment, the working directory and the exit code swapped in for the run and restored
 * after. It saves a Node start-up and an oclif
 * load per run; tests of what only a real process shows (signals, TTYs, hangs, process trees,
 * crashes) spawn the CLI instead (`runCli(args, {spawn: true})`).
 *
 * Runs are serialised: the swapped globals belong to the whole process.
 */
import {join} from 'node:path'
import {Readable} from 'node:stream'
import {pathToFileURL} from 'node:url'

import {Config, run} from '@oclif/core'

import type {BundledCommands, CommandClass} from '../../src/cli/direct.js'
import type {CliResult} from './cli.js'

let config: Promise<Config> | undefined

/** The steps src/cli/main.ts takes before oclif, from the same built modules. */
interface EntrySteps {
  hoistRootFlags(argv: readonly string[]): string[]
  preflight(argv: string[]): number | undefined
  runDirectly: typeof import('../../src/cli/direct.js').runDirectly
  takesWords: typeof import('../../src/cli/command-line.js').takesWords
}
let entrySteps: Promise<EntrySteps> | undefined

async function loadEntrySteps(root: string): Promise<EntrySteps> {
  const load = (file: string) => import(pathToFileURL(join(root, 'dist', 'src', 'cli', file)).href)
  const [{hoistRootFlags}, {preflight}, {runDirectly}, {takesWords}] = await Promise.all([load('argv.js'), load('preflight.js'), load('direct.js'), load('command-line.js')])
  return {hoistRootFlags, preflight, runDirectly, takesWords}
}

/**
 * The commands as the bundle hands them to `main` (src/cli/direct.ts), from the loaded config: a
 * plain command line runs without oclif's configuration here too, as it does from the bundle.
 */
function bundledCommands(loaded: Config, steps: EntrySteps): BundledCommands {
  return {
    ids: new Set(loaded.commandIDs),
    takingWords: new Set(loaded.commands.filter((command) => steps.takesWords(command)).map((command) => command.id)),
    load: async (id) => (await loaded.findCommand(id, {must: true}).load()) as unknown as CommandClass,
  }
}
let queue: Promise<unknown> = Promise.resolve()

export interface InProcessOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  input?: string
}

type Write = typeof process.stdout.write

/** A `write` that appends to `sink` and reports success like a stream would. */
function capture(sink: {text: string}): Write {
  return ((chunk: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown) => {
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)())
    return true
  }) as Write
}

async function runOnce(args: string[], options: InProcessOptions, root: string): Promise<CliResult> {
  config ??= Config.load({root})
  entrySteps ??= loadEntrySteps(root)
  const loaded = await config
  const steps = await entrySteps
  const stdout = {text: ''}
  const stderr = {text: ''}
  const saved = {
    env: process.env,
    cwd: process.cwd(),
    exitCode: process.exitCode,
    stdoutWrite: process.stdout.write,
    stderrWrite: process.stderr.write,
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin'),
  }
  process.env = options.env
  process.chdir(options.cwd)
  process.exitCode = undefined
  process.stdout.write = capture(stdout)
  process.stderr.write = capture(stderr)
  Object.defineProperty(process, 'stdin', {configurable: true, enumerable: true, get: () => stdin})
  const stdin = Readable.from([Buffer.from(options.input ?? '')])
  let code: number
  try {
    // What src/cli/main.ts does before oclif runs (it then calls oclif's `execute`, which
    // exits the process on an error; a test process keeps running).
    const argv = steps.hoistRootFlags(args)
    const early = steps.preflight(argv)
    if (early !== undefined) process.exitCode = early
    else if (!(await steps.runDirectly(argv, {root, pjson: loaded.pjson}, bundledCommands(loaded, steps)))) await run(argv, loaded)
    code = typeof process.exitCode === 'number' ? process.exitCode : Number(process.exitCode ?? 0)
  } catch (error) {
    const exit = (error as {oclif?: {exit?: number}}).oclif?.exit
    if (exit === undefined) throw error
    code = exit
  } finally {
    process.stdout.write = saved.stdoutWrite
    process.stderr.write = saved.stderrWrite
    if (saved.stdin !== undefined) Object.defineProperty(process, 'stdin', saved.stdin)
    process.chdir(saved.cwd)
    process.env = saved.env
    process.exitCode = saved.exitCode
  }
  return {stdout: stdout.text, stderr: stderr.text, code, signal: null}
}

/** Runs `args` as `toolsearch` would, in this process; one run at a time. */
export function runInProcess(args: string[], options: InProcessOptions, root: string): Promise<CliResult> {
  const result = queue.then(() => runOnce(args, options, root))
  queue = result.catch(() => undefined)
  return result
}
