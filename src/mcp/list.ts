/**
 * Listing the tools of live servers: every server is started in parallel, `tools/list` is paged
 * through, and the server is shut down again. Loaded lazily; the MCP SDK loads once a server
 * starts (see session.ts).
 */
import {redactValue} from './expand.js'
import type {McpSessionPool} from './pool.js'
import {McpServerFailure, withMcpSession} from './session.js'
import {RAW_RESULT, type McpPhase, type McpResultParser, type McpServerConfig, type McpServerOffers, type McpSession, type UnavailableMcpServer} from './types.js'
import {type JsonPath, formatJsonPath} from '../shared/json-path.js'

/** A tool as its server lists it (secrets redacted). */
export interface McpToolDefinition {
  name: string
  title?: string
  description?: string
  inputSchema: unknown
  outputSchema?: unknown
  annotations?: Record<string, unknown>
  /** How the tool runs (`taskSupport`: whether a call needs a task). */
  execution?: Record<string, unknown>
  /** The tool's metadata (`ui.visibility` says whether the model may see it). */
  _meta?: Record<string, unknown>
}

export interface ListedServer {
  server: string
  config: McpServerConfig
  /** Every tool it listed, in listing order, duplicates included. */
  tools: McpToolDefinition[]
  /** What its capabilities say it offers. */
  offers: McpServerOffers
  /**
   * Tools (by index in `tools`) with a defect inside them as the server sent them (depth, size,
   * `__proto__`), path and problem redacted. Checked on the raw message: the SDK's result parsing
   * drops a `__proto__` key without a word, so checking its output would miss it.
   */
  defects: Map<number, Defect>
}

/** A defect found inside a tool as the server sent it: where, and what. */
export interface Defect {
  path: string
  problem: string
}

export interface ListServersOptions {
  timeoutMs: number
  /**
   * Checks each tool as the server sent it (before the SDK parses it), by its path in the
   * listing. The catalog passes its guard here; the client itself knows no catalog rules.
   */
  inspectTool?: (raw: unknown, path: JsonPath) => {path: JsonPath; problem: string} | undefined
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
  progress?: (message: string) => void
  /** List over sessions that stay open in this pool (default: each server is stopped after listing). */
  sessions?: McpSessionPool
}

/** A server that keeps returning cursors is broken; stop long before memory runs out. */
const MAX_PAGES = 1000

interface ListedTools {
  tools: McpToolDefinition[]
  defects: Map<number, Defect>
}

/** JSON-RPC's "method not found". */
const METHOD_NOT_FOUND = -32_601

/**
 * Every item of a paged list (`tools/list`, `resources/list`, `prompts/list`): `onPage` gets each
 * page's raw result and the same page parsed by `resultSchema`.
 */
export async function pageThrough<T extends {nextCursor?: string}>(session: McpSession, method: McpPhase & `${string}/list`, resultSchema: McpResultParser<T>, onPage: (page: T, raw: Record<string, unknown>) => void): Promise<void> {
  session.setPhase(method)
  const seenCursors = new Set<string>()
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page += 1) {
    // The raw result first (the client checked it is a result and keeps it as sent), then its shape.
    const raw = await session.client.request({method, params: cursor === undefined ? {} : {cursor}}, RAW_RESULT, {signal: session.deadline.signal, timeout: session.deadline.remaining()})
    const result = resultSchema.parse(raw)
    onPage(result, raw)
    cursor = result.nextCursor
    if (cursor === undefined || cursor === '') return
    if (seenCursors.has(cursor)) throw new McpServerFailure(session.server, 'unavailable', `returned the same ${method} cursor twice (its paging never ends)`)
    seenCursors.add(cursor)
  }
  throw new McpServerFailure(session.server, 'unavailable', `returned more than ${MAX_PAGES} pages of ${method}`)
}

function isMethodNotFound(error: unknown): boolean {
  return (error as {code?: unknown} | undefined)?.code === METHOD_NOT_FOUND
}

async function pageThroughTools(session: McpSession, inspectTool: ListServersOptions['inspectTool']): Promise<ListedTools> {
  // Loaded with the client already (session.ts): this costs nothing more.
  const {ListToolsResultSchema} = await import('@modelcontextprotocol/sdk/types.js')
  const listed: ListedTools = {tools: [], defects: new Map()}
  try {
    await pageThrough(session, 'tools/list', ListToolsResultSchema, (result, raw) => {
      const rawTools = raw.tools as unknown[]
      result.tools.forEach((tool, index) => {
        const defect = inspectTool?.(rawTools[index], ['tools', listed.tools.length])
        if (defect !== undefined) listed.defects.set(listed.tools.length, {path: session.redact(formatJsonPath(defect.path)), problem: defect.problem})
        listed.tools.push(redactValue(toDefinition(tool), session.redact) as McpToolDefinition)
      })
    })
  } catch (error) {
    // A server that offers only resources or prompts may not know tools/list at all (as OpenClaw allows).
    const {offers} = session
    if (offers.tools || !(offers.resources || offers.prompts) || !isMethodNotFound(error)) throw error
  }
  return listed
}

function toDefinition(tool: {name: string; title?: string; description?: string; inputSchema: unknown; outputSchema?: unknown; annotations?: unknown; execution?: unknown; _meta?: unknown}): McpToolDefinition {
  const definition: McpToolDefinition = {name: tool.name, inputSchema: tool.inputSchema}
  if (typeof tool.title === 'string') definition.title = tool.title
  if (typeof tool.description === 'string') definition.description = tool.description
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema
  if (tool.annotations !== null && typeof tool.annotations === 'object') definition.annotations = tool.annotations as Record<string, unknown>
  if (tool.execution !== null && typeof tool.execution === 'object') definition.execution = tool.execution as Record<string, unknown>
  if (tool._meta !== null && typeof tool._meta === 'object') definition._meta = tool._meta as Record<string, unknown>
  return definition
}

/** A time limit as a person reads it: whole seconds as `30 s`, anything else in milliseconds. */
export function formatLimit(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}

/**
 * The progress message while servers start: how many are done, and which ones are still waited
 * for with each one's limit (`Starting MCP servers: 1/3 done (waiting for db, github: limit 30 s)`).
 * How long the wait has lasted is the display's to add (progress.ts), so the message changes only
 * when a server finishes.
 */
export function startingMessage(total: number, pending: ReadonlyArray<{server: string; limitMs: number}>): string {
  const shown = pending.slice(0, 3)
  const byLimit = new Map<number, string[]>()
  for (const {server, limitMs} of shown) byLimit.set(limitMs, [...(byLimit.get(limitMs) ?? []), server])
  const groups = [...byLimit].map(([limitMs, servers]) => `${servers.join(', ')}: limit ${formatLimit(limitMs)}`)
  const more = pending.length > shown.length ? `; +${pending.length - shown.length} more` : ''
  return `Starting MCP servers: ${total - pending.length}/${total} done (waiting for ${groups.join('; ')}${more})`
}

function progressReporter(limits: ReadonlyMap<string, number>, progress?: (message: string) => void): (finished: string) => void {
  if (progress === undefined || limits.size === 0) return () => undefined
  const pending = new Map(limits)
  const report = (): void => progress(startingMessage(limits.size, [...pending].map(([server, limitMs]) => ({server, limitMs}))))
  report()
  return (finished) => {
    pending.delete(finished)
    // An empty message: everything is done, a progress line can be cleared.
    if (pending.size > 0) report()
    else progress('')
  }
}

/** Starts every server in parallel and lists its tools; a failure makes that server unavailable. */
export async function listServers(servers: Record<string, McpServerConfig>, options: ListServersOptions): Promise<{listed: ListedServer[]; unavailable: UnavailableMcpServer[]}> {
  const names = Object.keys(servers)
  // Each server's own start-up limit, else the listing's: what the progress line says it waits for.
  const limits = new Map(names.map((server) => [server, servers[server]!.startupTimeoutMs ?? options.timeoutMs]))
  const finished = progressReporter(limits, options.progress)
  const outcomes = await Promise.all(
    names.map(async (server): Promise<ListedServer | UnavailableMcpServer> => {
      const config = servers[server]
      try {
        if (config.unavailableReason !== undefined) return {server, error: config.unavailableReason}
        // Each server gets its own start-up limit; a slow one is reported when its limit passes.
        // Its own request limit, when it has one, is the listing's (start-up keeps the other).
        const session = {timeoutMs: config.startupTimeoutMs ?? options.timeoutMs, requestTimeoutMs: config.requestTimeoutMs, env: options.env, signal: options.signal}
        const list = async (opened: McpSession) => ({...(await pageThroughTools(opened, options.inspectTool)), offers: opened.offers})
        const {tools, defects, offers} = options.sessions === undefined ? await withMcpSession(server, config, session, list) : await options.sessions.use(server, config, session, list)
        return {server, config, tools, offers, defects}
      } catch (error) {
        if (error instanceof McpServerFailure) return {server, error: error.reason}
        throw error
      } finally {
        finished(server)
      }
    }),
  )
  const listed: ListedServer[] = []
  const unavailable: UnavailableMcpServer[] = []
  for (const outcome of outcomes) {
    if ('error' in outcome) unavailable.push(outcome)
    else listed.push(outcome)
  }
  return {listed, unavailable}
}
