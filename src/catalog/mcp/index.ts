/**
 * Live MCP servers as a catalog source (SPEC §4.1): parse an `mcpServers` block, start or reach
 * each server, page through `tools/list`.
 *
 * This facade is cheap to import: the MCP SDK loads only when a catalog actually declares
 * servers (`listMcpServerTools` with at least one server, or a call).
 *
 * Decisions where the spec is silent:
 * - Each command that needs live tools starts the servers, lists, and stops them again; `call`
 *   keeps the listed server open (`pool.ts`) and calls over the same session, and `call` /
 *   `describe` of an `mcp:<server>:<tool>` id start only that server (`select.ts`). Nothing stays
 *   running after a command.
 * - Listing shares one time budget per server (start + initialize + every tools/list page):
 *   `timeoutMs`, else `TOOLSEARCH_MCP_TIMEOUT_MS` from the environment, else 30 s.
 * - A stdio server inherits only HOME, LOGNAME, PATH, SHELL, TERM and USER (as the MCP SDK and
 *   desktop clients do) plus its config's `env`.
 * - Two tools with one name on one server: the first is kept.
 * - A listed tool gets the checks a tool in a catalog file gets, with the same outcome, so that
 *   `catalog import` writes only what can be read back: a malformed tool (a blank name) makes the
 *   server unavailable, with the reason, as it makes a file an error; a defect inside one tool
 *   (nesting deeper than a file may have, a tool too large, a `__proto__` key — also one the
 *   SDK's parsing would have dropped without a word) skips that tool with a warning, and the
 *   server's other tools are used.
 */
import {isToolsearchError, ToolsearchError} from '../../shared/errors.js'
import {safeInline} from '../../output/terminal.js'
import type {CatalogEntry, McpServerConfig, UnavailableMcpServer} from '../types.js'
import {mcpToolEntry} from '../entries.js'
import {childPath} from '../errors.js'
import {globToRegExp} from '../policy.js'
import {shortenMiddle, skippedTool, toolDefect, type Defect, type SkippedTool} from '../guard.js'
import type {McpToolDefinition} from '../../mcp/list.js'
import type {McpSessionPool} from '../../mcp/pool.js'

export {findMcpServerBlock, parseMcpServers} from './config.js'
export {ttyProgressLine} from '../../mcp/progress.js'
export type {McpToolDefinition} from '../../mcp/list.js'

export interface ListMcpToolsOptions {
  /** Connect + list timeout per server, in milliseconds. */
  timeoutMs?: number
  /** Environment used to expand `${VAR}` and to start stdio servers. */
  env?: NodeJS.ProcessEnv
  /**
   * Progress lines while servers start ("Starting MCP servers: 1/3 done (waiting for github)"),
   * for the caller to show on a TTY; a final empty message means all are done (clear the line).
   * `ttyProgressLine(process.stderr)` renders them as one updating line.
   */
  progress?: (message: string) => void
  /** Stops every server being started (Ctrl-C); they are reported unavailable. */
  signal?: AbortSignal
  /** Keep each listed server open in this pool for a later step (the caller closes it). */
  sessions?: McpSessionPool
}

export interface ListMcpToolsResult {
  /** Entries with source `mcp`, sourceName = server key, `run: {kind: 'mcp', server, tool}`. */
  entries: CatalogEntry[]
  unavailable: UnavailableMcpServer[]
  /** Tools left out for a defect inside them; the rest of their server's tools are in `entries`. */
  skipped: SkippedTool[]
}

/** Default time budget for starting one server and listing its tools. */
export const DEFAULT_MCP_LIST_TIMEOUT_MS = 30_000
/** Environment variable that overrides the listing time budget. */
export const MCP_TIMEOUT_ENV = 'TOOLSEARCH_MCP_TIMEOUT_MS'

/** The listing time budget: the option, else `TOOLSEARCH_MCP_TIMEOUT_MS`, else 30 s. */
export function mcpListTimeout(options: Pick<ListMcpToolsOptions, 'timeoutMs' | 'env'>): number {
  if (options.timeoutMs !== undefined && options.timeoutMs > 0) return options.timeoutMs
  const fromEnv = Number((options.env ?? process.env)[MCP_TIMEOUT_ENV])
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_MCP_LIST_TIMEOUT_MS
}

/**
 * The time limits of a call to a tool of `config`'s server: `--timeout` (`timeoutMs`) covers the
 * whole call, start-up included should the server have to start; else a server with its own
 * `requestTimeoutMs` gets that for `tools/call`, counted from when the call is sent, and keeps
 * its start-up limit for starting; else the listing budget covers start-up and call alike.
 */
export function mcpCallLimits(config: McpServerConfig | undefined, options: Pick<ListMcpToolsOptions, 'timeoutMs' | 'env'>): {timeoutMs: number; requestTimeoutMs?: number} {
  if (options.timeoutMs !== undefined && options.timeoutMs > 0) return {timeoutMs: options.timeoutMs}
  if (config?.requestTimeoutMs === undefined) return {timeoutMs: mcpListTimeout(options)}
  return {timeoutMs: config.startupTimeoutMs ?? mcpListTimeout(options), requestTimeoutMs: config.requestTimeoutMs}
}

// The tool definitions behind entries, for `catalog import` (entries keep only what the catalog
// model holds; an import also wants outputSchema and annotations).
const definitions = new WeakMap<CatalogEntry, McpToolDefinition>()

/** The tool as its server listed it, for an entry made by `listMcpServerTools`. */
export function mcpToolDefinition(entry: CatalogEntry): McpToolDefinition | undefined {
  return definitions.get(entry)
}

/** Shown before the path of a listed tool that fails a check: `tools[3].name: must not be empty`. */
const LISTED_TOOLS = 'returned an invalid tools/list result'
/** A reason longer than this loses the middle of its path, never the problem at its end. */
const MAX_REASON_CHARS = 300

/** A server config's `toolFilter`: `include` keeps only the tools it names, `exclude` hides some. */
function exposedByFilter(filter: McpServerConfig['toolFilter']): (name: string) => boolean {
  if (filter === undefined) return () => true
  const include = filter.include?.map((glob) => globToRegExp(glob))
  const exclude = (filter.exclude ?? []).map((glob) => globToRegExp(glob))
  return (name) => (include === undefined || include.some((pattern) => pattern.test(name))) && !exclude.some((pattern) => pattern.test(name))
}

/**
 * The entries for one server's tools, checked as if they were the `tools` of a catalog file;
 * a malformed tool names the server's problem instead (the config file is not at fault), a tool
 * with a defect inside it is skipped.
 */
function toEntries(server: string, config: McpServerConfig, tools: McpToolDefinition[], defects: Map<number, Defect>): {entries: CatalogEntry[]; skipped: SkippedTool[]} | UnavailableMcpServer {
  const origin = config.origin ?? {file: '(mcpServers)', path: childPath('mcpServers', server)}
  const entries: CatalogEntry[] = []
  const skipped: SkippedTool[] = []
  try {
    const exposed = exposedByFilter(config.toolFilter)
    tools.forEach((tool, index) => {
      if (!exposed(tool.name)) return
      const entry = mcpToolEntry(tool, childPath('tools', index), LISTED_TOOLS, server)
      const defect = defects.get(index)
      if (defect !== undefined) {
        skipped.push(skippedTool(tool.name, `MCP server "${server}"`, defect))
        return
      }
      entry.origin = origin
      entry.run = {kind: 'mcp', server, tool: tool.name}
      definitions.set(entry, tool)
      entries.push(entry)
    })
  } catch (error) {
    if (!isToolsearchError(error)) throw error
    return {server, error: shortenMiddle(safeInline(error.message), MAX_REASON_CHARS)}
  }
  return {entries, skipped}
}

/** Starts/reaches every server in parallel and lists its tools; failures become `unavailable`. */
export async function listMcpServerTools(servers: Record<string, McpServerConfig>, options: ListMcpToolsOptions = {}): Promise<ListMcpToolsResult> {
  if (Object.keys(servers).length === 0) return {entries: [], unavailable: [], skipped: []}
  const {listServers} = await import('../../mcp/list.js')
  const {listed, unavailable} = await listServers(servers, {
    timeoutMs: mcpListTimeout(options),
    env: options.env,
    signal: options.signal,
    progress: options.progress,
    sessions: options.sessions,
    inspectTool: toolDefect,
  })
  const entries: CatalogEntry[] = []
  const skipped: SkippedTool[] = []
  for (const {server, config, tools, defects} of listed) {
    const checked = toEntries(server, config, tools, defects)
    if ('error' in checked) {
      unavailable.push(checked)
      continue
    }
    for (const entry of checked.entries) entries.push(entry)
    for (const tool of checked.skipped) skipped.push(tool)
  }
  const order = Object.keys(servers)
  unavailable.sort((a, b) => order.indexOf(a.server) - order.indexOf(b.server))
  return {entries, unavailable, skipped}
}

/**
 * The error of a command that got none of the MCP servers its catalog was to come from (exit 4,
 * executor unavailable), with each server's reason.
 */
export function noMcpServerError(unavailable: readonly UnavailableMcpServer[]): ToolsearchError {
  const reasons = unavailable.map((server) => `${formatUnavailableMcpServer(server)}.`)
  const message = reasons.length === 1 ? reasons[0]! : `None of the ${unavailable.length} MCP servers could be used:\n${reasons.map((line) => `  ${line}`).join('\n')}`
  return new ToolsearchError('mcp-unavailable', message, {details: {unavailableMcpServers: unavailable}})
}

/** One line for stderr naming a server that could not be used and why. */
export function formatUnavailableMcpServer({server, error}: UnavailableMcpServer): string {
  return `MCP server "${safeInline(server)}" is unavailable: ${safeInline(error)}`
}
