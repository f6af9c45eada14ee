/**
 * Dispatches a call to the executor its entry's `run` names (SPEC §8.4) and picks its time limit.
 * The MCP executor (and with it the MCP SDK) loads only when an MCP tool is called.
 */
import type {RunSpec} from '../catalog/types.js'
import {executeCommandTool} from './executors/command.js'
import {executeFixture} from './executors/fixture.js'
import type {ExecuteOptions, ExecutionOutcome} from './types.js'

/** A command's time limit when neither `--timeout` nor the entry's `timeoutMs` sets one. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 10_000

export interface ExecuteToolOptions extends Omit<ExecuteOptions, 'timeoutMs'> {
  /** `--timeout`: overrides every other limit. */
  timeoutMs?: number
}

/**
 * Runs `run` with `args`. The time limit is `--timeout`, else the command's own `timeoutMs`, else
 * 10 s for a command; for an MCP tool `--timeout`, else its server's `requestTimeoutMs`, else
 * `TOOLSEARCH_MCP_TIMEOUT_MS`, else 30 s (starting a server can take a while; see
 * `mcpCallLimits`). Fixtures return at once and need none.
 */
export async function executeTool(run: RunSpec, args: unknown, options: ExecuteToolOptions): Promise<ExecutionOutcome> {
  switch (run.kind) {
    case 'fixture':
    case 'cases':
      return executeFixture(run, args)
    case 'command':
      return executeCommandTool(run, args, {...options, timeoutMs: options.timeoutMs ?? run.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS})
    case 'mcp': {
      const [{executeMcpTool}, {mcpCallLimits}] = await Promise.all([import('./executors/mcp.js'), import('../catalog/mcp/index.js')])
      return executeMcpTool(run, args, {...options, ...mcpCallLimits(options.catalog.mcpServers[run.server], {timeoutMs: options.timeoutMs, env: options.env})})
    }
  }
}
