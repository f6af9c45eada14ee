/**
 * Runs the built CLI (`bin/run.cjs` over `dist/`) as a child process, the way a user or CI does.
 * Every run gets an isolated environment: a temp HOME, no inherited OPENCLAW_* variables, no
 * colour, unless the test passes its own values.
 */
import {spawn} from 'node:child_process'
import {mkdtempSync, realpathSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {atFileEnd} from './file-end.js'
import {runInProcess} from './in-process.js'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const BIN = join(ROOT, 'bin', 'run.cjs')

export interface CliResult {
  stdout: string
  stderr: string
  code: number | null
  signal: NodeJS.Signals | null
}

export interface CliOptions {
  cwd?: string
  /** Variables added to the isolated environment (set a value to undefined to drop it). */
  env?: Record<string, string | undefined>
  /** Written to the child's stdin, which is then closed. */
  input?: string
  timeoutMs?: number
  /**
   * Spawn the built CLI as a child process (what a user runs). Without it the command runs in
   * this process (test/helpers/in-process.ts), which is the same code without the start-up cost;
   * tests of signals, TTYs, hangs, timeouts, process trees or stdout buffering must spawn.
   */
  spawn?: boolean
}

const createdDirs: string[] = []

/** A fresh directory under the OS temp dir (real path), removed after the test file. */
export function tempDir(prefix = 'toolsearch-test-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)))
  createdDirs.push(dir)
  return dir
}

atFileEnd(() => {
  for (const dir of createdDirs.splice(0)) rmSync(dir, {recursive: true, force: true})
})

/** The environment a CLI run sees: PATH and a temp HOME, nothing else from the parent. */
export function isolatedEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {PATH: process.env.PATH, HOME: extra.HOME ?? tempDir('toolsearch-home-'), NO_COLOR: '1'}
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }
  return env
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  if (!mustSpawn(options)) {
    return runInProcess(args, {cwd: options.cwd ?? tempDir(), env: isolatedEnv(options.env), input: options.input}, ROOT)
  }
  return spawnCli(args, options)
}

/**
 * Whether a run needs a real process: asked for, asked for by the whole run
 * (`TOOLSEARCH_TEST_SPAWN=1`, to check everything end to end), a time limit (a test of a hang), or
 * Node options (a preload that traces what the process loads).
 */
function mustSpawn(options: CliOptions): boolean {
  return options.spawn === true || process.env.TOOLSEARCH_TEST_SPAWN === '1' || options.timeoutMs !== undefined || options.env?.NODE_OPTIONS !== undefined
}

/** Runs the built CLI (`bin/run.cjs`) as a child process. */
export function spawnCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? tempDir(),
      env: isolatedEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolvePromise({stdout, stderr, code, signal})
    })
    // A command that never reads its stdin may exit before the input is written: that is its right,
    // not a failure of the test (the pipe's EPIPE would otherwise surface as an uncaught error).
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error)
    })
    child.stdin.end(options.input ?? '')
  })
}

/** Parses stdout as the single JSON document `--json` promises; fails the test otherwise. */
export function parseJsonOutput<T = unknown>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T
  } catch {
    throw new Error(`stdout is not one JSON document:\n${result.stdout}\n--- stderr ---\n${result.stderr}`)
  }
}
