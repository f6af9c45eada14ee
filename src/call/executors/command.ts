/**
 * The command executor (SPEC §8.4): runs a local program as a tool.
 *
 * - Spawned without a shell, so arguments are never reinterpreted; the tool arguments go to stdin
 *   as one JSON document and stdin is closed.
 * - stdout must hold exactly one JSON value: the result. A non-zero exit, a signal or anything else
 *   on stdout is a tool error that quotes the last lines of stderr.
 * - The program runs in its own process group. At the timeout, on abort (Ctrl-C) or when it exits
 *   leaving children behind, the whole group is stopped (SIGTERM, then SIGKILL after a short grace),
 *   so no process outlives the call. A timeout or an abort makes the tool unavailable (exit 4).
 * - The environment is the caller's plus the entry's `env`; the working directory is the entry's
 *   `cwd` (the catalog loader defaults it to the catalog file's directory).
 */
import {spawn} from 'node:child_process'

import type {CommandRun} from '../../catalog/types.js'
import type {ExecuteOptions, ExecutionOutcome} from '../types.js'

/** How long a process group gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 1000
/** stdout beyond this is a tool error (the result must be one JSON value, not a stream). */
export const MAX_STDOUT_BYTES = 32 * 1024 * 1024
/** How much of stderr is kept for error messages, and how many of its last lines are quoted. */
const STDERR_KEEP_BYTES = 64 * 1024
const STDERR_QUOTED_LINES = 10
const STDERR_LINE_MAX = 500

type Ending = {kind: 'exit'; code: number | null; signal: NodeJS.Signals | null} | {kind: 'spawn-error'; error: Error}

export async function executeCommandTool(run: CommandRun, args: unknown, options: ExecuteOptions): Promise<ExecutionOutcome> {
  const label = commandLabel(run.command)
  if (options.signal?.aborted) return {status: 'unavailable', message: `${label} was not started: the call was interrupted.`}

  const child = spawn(run.command[0]!, run.command.slice(1), {
    cwd: run.cwd,
    env: {...(options.env ?? process.env), ...run.env},
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
  })

  const stdout: Buffer[] = []
  let stdoutBytes = 0
  let stdoutOverflow = false
  let stderrTail = ''
  let stopReason: 'timeout' | 'abort' | 'overflow' | undefined

  const group = processGroup(child.pid)
  const stop = (reason: NonNullable<typeof stopReason>) => {
    stopReason ??= reason
    group.terminate()
  }

  child.stdout.on('data', (chunk: Buffer) => {
    stdoutBytes += chunk.length
    if (stdoutBytes > MAX_STDOUT_BYTES) {
      stdoutOverflow = true
      stop('overflow')
      return
    }
    stdout.push(chunk)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_KEEP_BYTES)
  })
  // A tool that never reads stdin closes the pipe early; that is its business, not an error.
  child.stdin.on('error', () => {})
  child.stdin.end(JSON.stringify(args ?? {}))

  const timer = setTimeout(() => stop('timeout'), options.timeoutMs)
  const onAbort = () => stop('abort')
  options.signal?.addEventListener('abort', onAbort, {once: true})

  const ending = await new Promise<Ending>((resolve) => {
    let exit: Ending | undefined
    child.once('error', (error) => resolve({kind: 'spawn-error', error}))
    // The program is gone; anything it left in its group goes too, which also closes the pipes.
    child.once('exit', (code, signal) => {
      exit = {kind: 'exit', code, signal}
      group.kill()
      // A grandchild that left the group (setsid) may still hold the pipes open: stop waiting.
      setTimeout(() => {
        child.stdout.destroy()
        child.stderr.destroy()
        resolve(exit!)
      }, KILL_GRACE_MS).unref()
    })
    child.once('close', (code, signal) => resolve(exit ?? {kind: 'exit', code, signal}))
  })
  clearTimeout(timer)
  options.signal?.removeEventListener('abort', onAbort)
  group.settle()

  if (ending.kind === 'spawn-error') {
    return {status: 'unavailable', message: `${label} could not be started: ${ending.error.message}.`}
  }
  if (stopReason === 'timeout') return {status: 'unavailable', message: `${label} timed out after ${options.timeoutMs} ms and was stopped.`}
  if (stopReason === 'abort') return {status: 'unavailable', message: `${label} was stopped: the call was interrupted.`}
  if (stdoutOverflow) return {status: 'tool-error', message: `${label} printed more than ${MAX_STDOUT_BYTES} bytes on stdout.${quoteStderr(stderrTail)}`}
  if (ending.code !== 0) {
    const how = ending.code === null ? `was killed by ${ending.signal ?? 'a signal'}` : `exited with code ${ending.code}`
    return {status: 'tool-error', message: `${label} ${how}.${quoteStderr(stderrTail)}`}
  }
  const text = Buffer.concat(stdout).toString('utf8')
  try {
    return {status: 'ok', result: JSON.parse(text) as unknown}
  } catch (error) {
    const what = text.trim() === '' ? 'printed nothing on stdout' : `did not print one JSON value on stdout (${(error as Error).message})`
    return {status: 'tool-error', message: `${label} ${what}; a command tool must print its result as JSON.${quoteStderr(stderrTail)}`}
  }
}

/** `Command "node tool.js"`, shortened: enough to recognise, never a whole script. */
function commandLabel(command: readonly string[]): string {
  const joined = command.join(' ')
  return `Command "${joined.length > 80 ? `${joined.slice(0, 77)}...` : joined}"`
}

/** The last lines of stderr as a quoted block, or nothing when stderr was empty. */
export function quoteStderr(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(-STDERR_QUOTED_LINES)
    .map((line) => (line.length > STDERR_LINE_MAX ? `${line.slice(0, STDERR_LINE_MAX)}...` : line))
  if (lines.length === 0) return ' stderr was empty.'
  return `\nLast lines of stderr:\n${lines.map((line) => `  ${line}`).join('\n')}`
}

/**
 * Signals a child's process group (the child is its leader: spawned `detached`). `terminate`
 * asks politely and escalates after KILL_GRACE_MS; `kill` is immediate. Errors (the group is
 * already gone) are expected and ignored.
 */
function processGroup(pid: number | undefined) {
  let escalation: NodeJS.Timeout | undefined
  const signal = (name: NodeJS.Signals) => {
    if (pid === undefined) return
    try {
      if (process.platform === 'win32') process.kill(pid, name)
      else process.kill(-pid, name)
    } catch {
      // ESRCH: nothing left to signal.
    }
  }
  return {
    terminate() {
      signal('SIGTERM')
      escalation ??= setTimeout(() => signal('SIGKILL'), KILL_GRACE_MS)
    },
    kill() {
      signal('SIGKILL')
    },
    /** Called once the child is gone: make sure nothing in the group survives, stop the timer. */
    settle() {
      if (escalation !== undefined) clearTimeout(escalation)
      signal('SIGKILL')
    },
  }
}
