/**
 * The MCP client's shapes: a server as a config declares it (`McpServerConfig`, which the catalog
 * and the discovery of other clients' configs name too), one that could not be reached, and a
 * session's shapes as the rest of the code (and the library's declarations) see them, without
 * the MCP SDK's types: `LoadCatalogOptions.mcpSessions` reaches these through the pool, and a
 * TypeScript consumer should not have to load the SDK's declarations (and zod's, behind them) to
 * check its own program. session.ts owns the SDK and adapts its client to `McpClient`.
 */
import type {Deadline} from './deadline.js'
import type {JsonOrigin} from '../shared/json-path.js'

/** A function that replaces every secret value in a text with `***` (`expand.ts` makes them). */
export type Redactor = (text: string) => string

export type McpPhase = 'start' | 'initialize' | 'tools/list' | 'tools/call' | 'resources/list' | 'resources/read' | 'prompts/list' | 'prompts/get'

/** What a server offers, as its capabilities in `initialize` say. */
export interface McpServerOffers {
  tools: boolean
  resources: boolean
  prompts: boolean
}

/** A JSON-RPC request to the server. */
export interface McpRequest {
  method: string
  params?: Record<string, unknown>
}

export interface McpRequestOptions {
  signal?: AbortSignal
  /** Milliseconds before the request fails with the SDK's request timeout. */
  timeout?: number
}

/** Turns a server's raw result into a typed one; the SDK's result schemas are such parsers. */
export interface McpResultParser<T> {
  parse(value: unknown): T
}

/**
 * The result as the server sent it: the client has already checked that it is a result (an
 * object), so a caller that reads the raw fields itself passes this instead of parsing twice.
 */
export const RAW_RESULT: McpResultParser<Record<string, unknown>> = {parse: (value) => value as Record<string, unknown>}

/** What our code asks of the SDK's client: one request, its result parsed by `resultSchema`. */
export interface McpClient {
  request<T>(request: McpRequest, resultSchema: McpResultParser<T>, options?: McpRequestOptions): Promise<T>
}

export interface McpSession {
  readonly server: string
  readonly client: McpClient
  readonly redact: Redactor
  readonly deadline: Deadline
  /** What the server said it offers when it was initialized. */
  readonly offers: McpServerOffers
  /** Marks which request is in flight, for failure reasons. */
  setPhase(phase: McpPhase): void
}

export interface McpSessionOptions {
  /** Limit for starting the server, and for the work too unless `requestTimeoutMs` is set. */
  timeoutMs: number
  /**
   * The work's own limit, counted from when it begins (OpenClaw's `requestTimeoutMs`); start-up
   * then keeps `timeoutMs` to itself. Without it the work gets what start-up left of `timeoutMs`.
   */
  requestTimeoutMs?: number
  /** Environment for `${VAR}` expansion and the stdio server's inherited variables. */
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
}

/** A server from an `mcpServers` block (Claude Desktop / Cursor / VS Code shape). */
export type McpServerConfig = (
  | {transport: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string}
  | {transport: 'http'; url: string; headers: Record<string, string>}
) & {
  /** Where the server was declared (`mcpServers.github` in a file), for entries' `origin` and messages. */
  origin?: JsonOrigin
  /** This server's own limit for starting and listing, in milliseconds (OpenClaw's `connectionTimeoutMs`). */
  startupTimeoutMs?: number
  /**
   * This server's own limit for each piece of work once it has started — listing its tools, one
   * call — counted from when that work begins, in milliseconds (OpenClaw's `requestTimeoutMs`).
   */
  requestTimeoutMs?: number
  /** Which of its tools the config exposes (OpenClaw's `toolFilter`): exact names or `*` globs. */
  toolFilter?: {include?: string[]; exclude?: string[]}
  /**
   * How the server is launched, as the config writes it (secret flag values and URL credentials
   * hidden): named in the description of a tool that has none (`catalog/mcp/launch.ts`).
   */
  launchSummary?: string
  /** Set when the config asks for something toolsearch cannot do (OAuth): the server is unavailable with this reason. */
  unavailableReason?: string
}

export interface UnavailableMcpServer {
  server: string
  error: string
}
