/**
 * Dispatches a call to the executor its entry's `run` names (SPEC §8.4) and picks its time limit.
 * The MCP executor (and with it the MCP SDK) loads only when an MCP tool is called.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {executeCommandTool} from './executors/command.js'
import {executeFixture} from './executors/fixture.js'
import type {ExecuteOptions, ExecutionOutcome} from './types.js'

/** A command's time limit when neither `--timeout` nor the entry's `timeoutMs` sets one. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000

export function noExecutorMessage(id: string): string {
  return `Tool "${id}" has no executor in this catalog.`
}

export interface ExecuteToolOptions extends Omit<ExecuteOptions, 'timeoutMs'> {
  /** `--timeout`: overrides every other limit. */
  timeoutMs?: number
}

/**
 * The time limit of a call: `--timeout`, else the command's own `timeoutMs`, else 10 s for a
 * command; for an MCP tool `--timeout`, else `TOOLSEARCH_MCP_TIMEOUT_MS`, else 30 s (starting a
 * server can take a while).
 */
export async function callTimeout(entry: CatalogEntry, options: Pick<ExecuteToolOptions, 'timeoutMs' | 'env'>): Promise<number> {
  if (options.timeoutMs !== undefined) return options.timeoutMs
  if (entry.run?.kind === 'command') return entry.run.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS
  if (entry.run?.kind === 'mcp') {
    const {mcpListTimeout} = await import('../catalog/mcp/index.js')
    return mcpListTimeout({env: options.env})
  }
  return DEFAULT_COMMAND_TIMEOUT_MS
}

export async function executeTool(entry: CatalogEntry, args: unknown, options: ExecuteToolOptions): Promise<ExecutionOutcome> {
  const run = entry.run
  if (run === undefined) return {status: 'unavailable', message: noExecutorMessage(entry.id)}
  const executeOptions: ExecuteOptions = {...options, timeoutMs: await callTimeout(entry, options)}
  switch (run.kind) {
    case 'fixture':
    case 'cases':
      return executeFixture(run, args)
    case 'command':
      return executeCommandTool(run, args, executeOptions)
    case 'mcp': {
      const {executeMcpTool} = await import('./executors/mcp.js')
      return executeMcpTool(run, args, executeOptions)
    }
  }
}
