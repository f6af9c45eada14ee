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

import type {CliResult} from './cli.js'

let config: Promise<Config> | undefined

/** The steps src/cli/main.ts takes before oclif, from the same built modules. */
interface EntrySteps {
  hoistRootFlags(argv: readonly string[]): string[]
  preflight(argv: string[]): number | undefined
}
let entrySteps: Promise<EntrySteps> | undefined

async function loadEntrySteps(root: string): Promise<EntrySteps> {
  const load = (file: string) => import(pathToFileURL(join(root, 'dist', 'src', 'cli', file)).href)
  const [{hoistRootFlags}, {preflight}] = await Promise.all([load('argv.js'), load('preflight.js')])
  return {hoistRootFlags, preflight}
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
    if (early === undefined) await run(argv, loaded)
    else process.exitCode = early
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
