/**
 * The executor contract (SPEC §8.4): every way of running a tool — fixture, cases, command, MCP —
 * returns one of these outcomes, and the call command maps them to exit codes once.
 */
import type {Catalog} from '../catalog/types.js'

/**
 * `result` is what a person is shown; `modelResult`, where the tool's result reaches the model in
 * another shape (an MCP tool's `{ content, details }`, as OpenClaw returns it), is what the model
 * is shown in `tool_call`'s `result`.
 */
export type ExecutionOutcome =
  /** The tool ran and returned `result` (exit 0, after the output schema check). */
  | {status: 'ok'; result: unknown; modelResult?: unknown}
  /** The tool ran and failed: non-zero exit, invalid JSON, MCP `isError` (exit 1). */
  | {status: 'tool-error'; message: string; result?: unknown; modelResult?: unknown}
  /** The tool could not run: no executor, server down, timeout (exit 4). */
  | {status: 'unavailable'; message: string}

export interface ExecuteOptions {
  /** Hard limit for the whole execution, in milliseconds. */
  timeoutMs: number
  /** The catalog the entry came from (MCP executors need its server configs). */
  catalog: Catalog
  env?: NodeJS.ProcessEnv
  /** Aborts the execution (Ctrl-C): executors must reap any child process. */
  signal?: AbortSignal
}
