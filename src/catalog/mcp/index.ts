/**
 * Live MCP servers as a catalog source (SPEC §4.1): parse an `mcpServers` block, start or reach
 * each server, page through `tools/list`.
 *
 * NOTE: signatures fixed for the rest of the code base; the live implementation lands with the
 * MCP work. Until then every declared server is reported unavailable.
 */
import type {CatalogEntry, McpServerConfig, UnavailableMcpServer} from '../types.js'

export interface ListMcpToolsOptions {
  /** Connect + list timeout per server, in milliseconds. */
  timeoutMs?: number
  /** Environment used to expand `${VAR}` and to start stdio servers. */
  env?: NodeJS.ProcessEnv
  /** Progress lines ("starting github…"), shown on a TTY by the caller. */
  progress?: (message: string) => void
}

export interface ListMcpToolsResult {
  /** Entries with source `mcp`, sourceName = server key, `run: {kind: 'mcp', server, tool}`. */
  entries: CatalogEntry[]
  unavailable: UnavailableMcpServer[]
}

/**
 * Validates an `mcpServers` block (object of server configs) found at `path` in `file`.
 * Throws ToolsearchError naming the file and entry (`mcpServers.github.command: must be a string`).
 */
export function parseMcpServers(raw: unknown, file: string, path = 'mcpServers'): Record<string, McpServerConfig> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {}
  void file
  void path
  return {}
}

/** Starts/reaches every server in parallel and lists its tools; failures become `unavailable`. */
export async function listMcpServerTools(
  servers: Record<string, McpServerConfig>,
  _options: ListMcpToolsOptions = {},
): Promise<ListMcpToolsResult> {
  return {
    entries: [],
    unavailable: Object.keys(servers).map((server) => ({server, error: 'live MCP servers are not supported yet'})),
  }
}
