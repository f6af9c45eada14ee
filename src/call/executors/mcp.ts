/**
 * Calls a tool on its live MCP server (SPEC §8.4).
 *
 * NOTE: signature fixed for the rest of the code base; the live implementation lands with the
 * MCP work.
 */
import type {McpRun} from '../../catalog/types.js'
import type {ExecuteOptions, ExecutionOutcome} from '../types.js'

export async function executeMcpTool(run: McpRun, _args: unknown, _options: ExecuteOptions): Promise<ExecutionOutcome> {
  return {status: 'unavailable', message: `MCP server "${run.server}" cannot be reached: live MCP servers are not supported yet`}
}
