/**
 * The command executor (SPEC §8.4): runs a local program as a tool.
 *
 * - Spawned without a shell, so arguments are never reinterpreted; the tool arguments go to stdin
 *   as one JSON document and stdin is closed.
 * - stdout must hold exactly one JSON value: the result. A non-zero exit, a signal or anything else
 *   on stdout is a tool error that quotes the last lines of stderr; so is a result nested deeper
 *   than `MAX_RESULT_DEPTH` levels (it could not be printed).
 * - The program runs in its own process group. At the timeout, on abort (Ctrl-C) or when it exits
 *   leaving children behind, the whole group is stopped (SIGTERM, then SIGKILL after a short grace),
 *   so no process outlives the call. A timeout or an abort makes the tool unavailable (exit 4).
 * - The environment is the caller's plus the entry's `env`; the working directory is the entry's
 *   `cwd` (the catalog loader defaults it to the catalog file's directory).
 */
import {stderrExcerpt} from '../../shared/stderr-excerpt.js'
import type {CommandRun} from '../../catalog/types.js'
import {spawnErrorReason, spawnProcessGroup, workingDirectoryProblem} from '../../process/process-group.js'
import {timerDelay} from '../../process/timer.js'
import type {ExecuteOptions, ExecutionOutcome} from '../types.js'
import {resultDepthProblem} from './result-depth.js'

/** stdout beyond this is a tool error (the result must be one JSON value, not a stream). */
export const MAX_STDOUT_BYTES = 32 * 1024 * 1024
/** How much of stderr is kept for error messages, and how many of its last lines are quoted. */
const STDERR_KEEP_BYTES = 64 * 1024
const STDERR_QUOTED_LINES = 10
const STDERR_LINE_MAX = 500

export async function executeCommandTool(run: CommandRun, args: unknown, options: ExecuteOptions): Promise<ExecutionOutcome> {
  const label = commandLabel(run.command)
  if (options.signal?.aborted) return {status: 'unavailable', message: `${label} was not started: the call was interrupted.`}
  const cwdProblem = workingDirectoryProblem(run.cwd)
  if (cwdProblem !== undefined) return {status: 'unavailable', message: `${label} could not be started: ${cwdProblem}.`}

  const group = spawnProcessGroup(run.command[0]!, run.command.slice(1), {cwd: run.cwd, env: {...(options.env ?? process.env), ...run.env}})
  const {child} = group

  const stdout: Buffer[] = []
  let stdoutBytes = 0
  let stderrTail = ''
  let stopReason: 'timeout' | 'abort' | 'overflow' | undefined

  const stop = (reason: NonNullable<typeof stopReason>) => {
    stopReason ??= reason
    group.stop()
  }

  child.stdout.on('data', (chunk: Buffer) => {
    stdoutBytes += chunk.length
    if (stdoutBytes > MAX_STDOUT_BYTES) stop('overflow')
    else stdout.push(chunk)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_KEEP_BYTES)
  })
  // A tool that never reads stdin closes the pipe early; that is its business, not an error.
  child.stdin.on('error', () => {})
  child.stdin.end(JSON.stringify(args ?? {}))

  const timer = setTimeout(() => stop('timeout'), timerDelay(options.timeoutMs))
  const onAbort = () => stop('abort')
  options.signal?.addEventListener('abort', onAbort, {once: true})

  // Anything the program leaves in its group is stopped when it exits (see ProcessGroup).
  const ending = await group.closed
  clearTimeout(timer)
  options.signal?.removeEventListener('abort', onAbort)

  if (group.spawnError !== undefined) return {status: 'unavailable', message: `${label} could not be started: ${spawnErrorReason(group.spawnError)}.`}
  if (stopReason === 'timeout') return {status: 'unavailable', message: `${label} timed out after ${options.timeoutMs} ms and was stopped.`}
  if (stopReason === 'abort') return {status: 'unavailable', message: `${label} was stopped: the call was interrupted.`}
  if (stopReason === 'overflow') return {status: 'tool-error', message: `${label} printed more than ${MAX_STDOUT_BYTES} bytes on stdout.${quoteStderr(stderrTail)}`}
  if (ending.code !== 0) {
    const how = ending.code === null ? `was killed by ${ending.signal ?? 'a signal'}` : `exited with code ${ending.code}`
    return {status: 'tool-error', message: `${label} ${how}.${quoteStderr(stderrTail)}`}
  }
  const text = Buffer.concat(stdout).toString('utf8')
  let result: unknown
  try {
    result = JSON.parse(text) as unknown
  } catch (error) {
    const what = text.trim() === '' ? 'printed nothing on stdout' : `did not print one JSON value on stdout (${(error as Error).message})`
    return {status: 'tool-error', message: `${label} ${what}; a command tool must print its result as JSON.${quoteStderr(stderrTail)}`}
  }
  const depthProblem = resultDepthProblem(result)
  if (depthProblem !== undefined) return {status: 'tool-error', message: `${label} printed ${depthProblem}.`}
  return {status: 'ok', result}
}

/** `Command "node tool.js"`, shortened: enough to recognise, never a whole script. */
function commandLabel(command: readonly string[]): string {
  const joined = command.join(' ')
  return `Command "${joined.length > 80 ? `${joined.slice(0, 77)}...` : joined}"`
}

/** The last lines of stderr (after its first error line, when that is not among them) as a quoted block, or a note that stderr was empty. */
export function quoteStderr(stderr: string): string {
  const lines = stderrExcerpt(
    stderr.split(/\r?\n/).filter((line) => line.trim() !== ''),
    STDERR_QUOTED_LINES,
  ).map((line) => (line.length > STDERR_LINE_MAX ? `${line.slice(0, STDERR_LINE_MAX)}...` : line))
  if (lines.length === 0) return ' stderr was empty.'
  return `\nLast lines of stderr:\n${lines.map((line) => `  ${line}`).join('\n')}`
}
