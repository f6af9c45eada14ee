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
 * - The tools become entries as OpenClaw materializes them (`materialize.ts`): `<safe server>__<tool>`
 *   names, the resource and prompt operations as tools, OpenClaw's labels, descriptions and
 *   parameters. Safe server names are assigned over every declared server, started or not.
 * - A listed tool gets the checks a tool in a catalog file gets, so that `catalog import` writes
 *   only what can be read back: a defect inside one tool (nesting deeper than a file may have, a
 *   tool too large, a `__proto__` key — also one the SDK's parsing would have dropped without a
 *   word) skips that tool with a warning, and the server's other tools are used. A blank name, or
 *   a name the server lists twice, is left out as OpenClaw leaves it out, with a warning.
 */
import {ToolsearchError} from '../../shared/errors.js'
import {safeInline} from '../../output/terminal.js'
import type {CatalogEntry, McpServerConfig, UnavailableMcpServer} from '../types.js'
import {skippedTool, toolDefect, type SkippedTool} from '../guard.js'
import type {ListedServer, McpToolDefinition} from '../../mcp/list.js'
import {assignSafeServerNames, safeServerName} from '../../mcp/names.js'
import {materializeMcpTools, type LeftOutMcpTool, type ListedMcpServer} from './materialize.js'
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
  /**
   * Every enabled server declared, in declaration order, when only some of them are listed: safe
   * server names are assigned over all of them (default: the servers listed).
   */
  declaredServers?: readonly string[]
  /**
   * Tool names already taken before the MCP tools are named — OpenClaw's own tools and the
   * client's (compared case-insensitively); an MCP tool whose name would collide gets `-2`, `-3`, ….
   */
  reservedToolNames?: Iterable<string>
}

export interface ListMcpToolsResult {
  /** Entries with source `mcp`, named as OpenClaw names them (sourceName = the safe server name), each with `mcp` and a `run`. */
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
// model holds; an import also wants outputSchema).
const definitions = new WeakMap<CatalogEntry, McpToolDefinition>()

/** The tool as its server listed it, for a `tool` entry made by `listMcpServerTools`. */
export function mcpToolDefinition(entry: CatalogEntry): McpToolDefinition | undefined {
  return definitions.get(entry)
}

/** Why a listed tool that OpenClaw would offer is left out anyway, for the warning. */
const LEFT_OUT_PROBLEMS: Partial<Record<LeftOutMcpTool['reason'], string>> = {
  'blank-name': 'its name is blank, and OpenClaw leaves such a tool out',
  'listed-twice': 'the server lists this name more than once, and OpenClaw leaves out every tool of that name',
}

/**
 * The entries of the listed servers as OpenClaw materializes them (`materialize.ts`); a tool with a
 * defect inside it is skipped, and so is a blank or repeated name (OpenClaw leaves those out
 * silently; a warning says so here). Tools OpenClaw leaves out by design — one that needs a
 * task, one the `toolFilter` hides, one only an app may see — go without a word.
 */
function toEntries(listed: ListedServer[], safeNames: ReadonlyMap<string, string>, reservedToolNames: Iterable<string>): {entries: CatalogEntry[]; skipped: SkippedTool[]} {
  const servers: ListedMcpServer[] = listed.map(({server, config, tools, offers, defects}) => ({
    server,
    safeServerName: safeNames.get(server) ?? safeServerName(server),
    config,
    tools,
    offers,
    unusable: new Set(defects.keys()),
  }))
  const materialized = materializeMcpTools(servers, reservedToolNames)
  const skipped: SkippedTool[] = []
  for (const {server, tools, defects} of listed) {
    for (const [index, defect] of defects) skipped.push(skippedTool(tools[index]!.name, `MCP server "${server}"`, defect))
  }
  for (const {server, index, name, reason} of materialized.leftOut) {
    const problem = LEFT_OUT_PROBLEMS[reason]
    if (problem !== undefined) skipped.push(skippedTool(name, `MCP server "${server}"`, {path: ['tools', index, 'name'], problem}))
  }
  for (const [entry, definition] of materialized.definitions) definitions.set(entry, definition)
  return {entries: materialized.entries, skipped}
}

/**
 * Starts/reaches every server in parallel and lists its tools; failures become `unavailable`. The
 * entries are OpenClaw's (see `materialize.ts`), in its order.
 */
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
  const safeNames = assignSafeServerNames(options.declaredServers ?? Object.keys(servers))
  const {entries, skipped} = toEntries(listed, safeNames, options.reservedToolNames ?? [])
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
