/**
 * What `toolsearch call` does around one call, so the command only parses flags and prints: the
 * call with its notes, verdict and session-log event (`callAndLog`), Ctrl-C (`withInterrupt`), and
 * the replay of a file of model requests (`replayRequestFile`).
 */
import type {Catalog, CatalogEntry} from '../catalog/types.js'
import {type ErrorCode, ExitCode, asToolsearchError, exitCodeFor} from '../shared/errors.js'
import {safeInline} from '../output/terminal.js'
import type {ApprovalMode} from './approval.js'
import {type CallInput, type CallOutcome, type ResolvedCall, resolveCall, runCall} from './call.js'
import {lookupErrorForPerson} from './lookup-advice.js'

/**
 * How a call ended, for the session log: the tool (the target as typed when the lookup failed),
 * its arguments, and its status and exit code, or the error it failed with.
 */
export type CallReport = {tool: CatalogEntry | string; args: unknown} & ({status: 'ok' | 'blocked'; exitCode: number} | {error: unknown})

/** What the command lends a call: its stderr notes, its verdict and its session log. */
export interface CallIo {
  note(text: string): void
  endWith(verdict: ErrorCode): void
  logCall(report: CallReport): Promise<void>
}

export interface CallSetup {
  catalog: Catalog
  approval: ApprovalMode
  /** `--timeout` in milliseconds. */
  timeoutMs?: number
  signal: AbortSignal
  readStdin: () => Promise<string>
  /**
   * Whether to say that a tool was named the old way; not for a bare name with `--server`, which
   * is the tool's own name on that server.
   */
  lookupNotes: boolean
}

/** `--approve` / `--no-approve` / neither (ask on a terminal). */
export function approvalMode(flag: boolean | undefined): ApprovalMode {
  if (flag === true) return 'approve'
  if (flag === false) return 'refuse'
  return 'ask'
}

/**
 * Resolves, runs and logs one call: notes go to stderr (each prefixed with `notePrefix`), a
 * blocked call ends the run with exit 3, and a failure is logged, then thrown as a ToolsearchError.
 */
export async function callAndLog(input: CallInput, setup: CallSetup, io: CallIo, notePrefix = ''): Promise<CallOutcome> {
  let resolved: ResolvedCall | undefined
  try {
    resolved = await resolveCall(input, setup.catalog, setup.readStdin).catch((error: unknown) => {
      // A replayed request keeps the model's wording; a person typing a name gets shell advice, in text and --json alike.
      throw input.request !== undefined || input.target === undefined ? error : lookupErrorForPerson(error, input.target, 'call')
    })
    for (const key of resolved.ignoredKeys) io.note(`Note: ${notePrefix}ignored top-level key "${safeInline(key)}": a nested args object wins.`)
    if (resolved.note !== undefined && setup.lookupNotes) io.note(safeInline(resolved.note))
    const outcome = await runCall(resolved.entry, resolved.args, {catalog: setup.catalog, approval: setup.approval, terminal: {input: process.stdin, output: process.stderr}, timeoutMs: setup.timeoutMs, signal: setup.signal})
    const exitCode = outcome.status === 'blocked' ? exitCodeFor('blocked') : ExitCode.ok
    await io.logCall({tool: resolved.entry, args: resolved.args, status: outcome.status, exitCode})
    if (outcome.status === 'blocked') io.endWith('blocked')
    return outcome
  } catch (error) {
    await io.logCall({tool: resolved?.entry ?? input.target ?? '', args: resolved?.args, error})
    throw asToolsearchError(error)
  }
}

/**
 * Runs `run` with a signal that Ctrl-C (or SIGTERM) aborts: the tool and its servers are stopped
 * and the call ends with exit 130. A second Ctrl-C exits at once.
 */
export async function withInterrupt<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const interrupt = new AbortController()
  const onSignal = () => (interrupt.signal.aborted ? process.exit(exitCodeFor('interrupted')) : interrupt.abort())
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
  try {
    return await run(interrupt.signal)
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
  }
}

/**
 * `--request-file`: each request called in turn (`call(request, index)`), one JSON line printed
 * for each as it ends: its envelope, or `{ error: { code, message, hint? } }`, the run's exit code
 * the failure's. Ctrl-C stops the replay. `--json` prints the lines as one `{ results }` document.
 */
export async function replayRequestFile(
  lines: readonly string[],
  call: (request: string, index: number) => Promise<CallOutcome>,
  io: Pick<CallIo, 'endWith'> & {print(text: string): void},
): Promise<{results: unknown[]}> {
  const results: unknown[] = []
  for (const [index, line] of lines.entries()) {
    let result: unknown
    try {
      result = (await call(line, index)).envelope
    } catch (error) {
      const failure = asToolsearchError(error)
      if (failure.code === 'interrupted') throw failure
      io.endWith(failure.code)
      result = {error: {code: failure.code, message: failure.message, ...(failure.hint === undefined ? {} : {hint: failure.hint})}}
    }
    results.push(result)
    io.print(JSON.stringify(result))
  }
  return {results}
}
