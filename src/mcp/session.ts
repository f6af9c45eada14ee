/**
 * One conversation with one MCP server: start or reach it, initialize, do some work, and always
 * shut it down — gracefully after success, at once after a timeout or an interruption. Every
 * failure becomes an `McpServerFailure` whose `reason` is one line a person can act on, with
 * secrets redacted and control characters neutralised.
 *
 * Loaded lazily: import it with `await import()`. The MCP SDK itself loads only once a server is
 * being started (`loadSdk`), so a stdio server boots while the SDK loads instead of after it.
 */
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js'

import {isDebugEnabled} from '../shared/errors.js'
import {safeInline} from '../output/terminal.js'
import {spawnErrorReason, workingDirectoryProblem} from '../process/process-group.js'
import {Deadline, workLimit} from './deadline.js'
import {limitedFetch} from './message-limit.js'
import {McpConfigExpansionError, expandServerConfig, redactor, type Redactor} from './expand.js'
import {stderrExcerpt} from '../shared/stderr-excerpt.js'
import {ServerProcessTransport, serverEnvironment, shorten} from './stdio-transport.js'
import type {McpClient, McpPhase, McpServerConfig, McpServerOffers, McpSession, McpSessionOptions} from './types.js'

const CLIENT_INFO = {name: 'toolsearch', version: '0.1.0'}
/**
 * The capabilities the client declares in `initialize`: none, as OpenClaw's MCP client declares
 * none (2026.9.6, with `mcp.apps` off). Servers decide from them which tools to list —
 * server-everything lists `get-roots-list`, `trigger-sampling-request` or
 * `trigger-elicitation-request` only to a client that declares roots, sampling or elicitation —
 * so toolsearch sees the tools OpenClaw sees.
 */
export const CLIENT_CAPABILITIES: Readonly<Record<string, never>> = Object.freeze({})
/** stderr lines quoted in a failure reason (after the first error line, when it is not among them). */
const QUOTED_STDERR_LINES = 3
const MAX_QUOTED_CHARS = 300
/** HTTP statuses from a streamable-HTTP POST that mean "try the legacy SSE transport instead". */
const SSE_FALLBACK_STATUSES = new Set([400, 404, 405])
const HTTP_CLOSE_WAIT_MS = 1000
/** How long a failure waits for a dying server's exit code and last stderr lines. */
const EXIT_REPORT_WAIT_MS = 500

/**
 * The parts of the MCP SDK a session uses: its client, the schema of any result (for
 * `sessionClient`), and its error types for failure reasons.
 */
interface Sdk {
  Client: typeof import('@modelcontextprotocol/sdk/client/index.js').Client
  ResultSchema: typeof import('@modelcontextprotocol/sdk/types.js').ResultSchema
  McpError: typeof import('@modelcontextprotocol/sdk/types.js').McpError
  ErrorCode: typeof import('@modelcontextprotocol/sdk/types.js').ErrorCode
}

async function loadSdk(): Promise<Sdk> {
  const [{Client}, {ResultSchema, McpError, ErrorCode}] = await Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/types.js')])
  return {Client, ResultSchema, McpError, ErrorCode}
}

/**
 * The SDK's client as `McpClient` (./types.ts): the SDK checks the result is a result, the
 * caller's parser gives it its shape. The SDK's `request` takes only its own (zod) schemas, so
 * its client cannot be an `McpClient` as it stands; a parse failure is the same ZodError either way.
 */
function sessionClient(client: Client, {ResultSchema}: Sdk): McpClient {
  return {request: async (request, resultSchema, options) => resultSchema.parse(await client.request(request, ResultSchema, options))}
}

/** What the server's capabilities (from `initialize`) say it offers. */
function serverOffers(client: Client): McpServerOffers {
  const capabilities = client.getServerCapabilities()
  return {tools: Boolean(capabilities?.tools), resources: Boolean(capabilities?.resources), prompts: Boolean(capabilities?.prompts)}
}

/** What went wrong, for callers that map failures to outcomes. */
export type McpFailureKind =
  /** The config could not be expanded (missing variable) or the server could not be started or reached. */
  | 'unavailable'
  /** The deadline passed. */
  | 'timeout'
  /** The outer abort signal fired (Ctrl-C). */
  | 'interrupted'
  /** The server answered a request with a JSON-RPC error. */
  | 'rejected'

export class McpServerFailure extends Error {
  constructor(
    readonly server: string,
    readonly kind: McpFailureKind,
    /** One line, redacted, safe for a terminal. */
    readonly reason: string,
  ) {
    super(`MCP server "${server}" ${reason}`)
    this.name = 'McpServerFailure'
  }
}

function quote(text: string, redact: Redactor): string {
  return shorten(safeInline(redact(text)).trim(), MAX_QUOTED_CHARS)
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}

/** Node's fetch reports "fetch failed" and hides the useful part (ECONNREFUSED, bad port) in `cause`. */
function networkCause(error: unknown): string | undefined {
  const chain: Error[] = []
  for (let current: unknown = error; current instanceof Error && chain.length < 5; current = current.cause) chain.push(current)
  const withCode = chain.find((item) => /^E[A-Z]+/.test(String((item as NodeJS.ErrnoException).code ?? '')))
  if (withCode !== undefined) return withCode.message
  if (chain.length > 1 && chain[0].message === 'fetch failed') return chain[chain.length - 1].message
  return undefined
}

function isConnectionLoss(error: unknown, {McpError, ErrorCode}: Sdk): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed
  return error instanceof Error && /not running|EPIPE|not connected/i.test(error.message)
}

function isZodError(error: unknown): error is Error & {issues: Array<{path: Array<string | number>; message: string}>} {
  return error instanceof Error && Array.isArray((error as {issues?: unknown}).issues)
}

function httpStatus(error: unknown): number | undefined {
  const code = (error as {code?: unknown} | undefined)?.code
  return error instanceof Error && /^(StreamableHTTPError|SseError)$/.test(error.constructor.name) && typeof code === 'number' && code > 0 ? code : undefined
}

interface FailureContext {
  /** What broke the connection from our side (a message over the limit), when something did. */
  transportFailure?: Error
  server: string
  phase: McpPhase
  deadline: Deadline
  redact: Redactor
  config: McpServerConfig
  stdio?: ServerProcessTransport
  /** The server process was stopped by us (so its exit is not the failure). */
  stoppedByUs: boolean
}

function stdioDetails(context: FailureContext): string {
  const transport = context.stdio
  if (transport === undefined) return ''
  let details = ''
  if (transport.strayLine !== undefined) details += `; it wrote non-JSON-RPC output on stdout: "${quote(transport.strayLine, context.redact)}"`
  const stderr = stderrExcerpt(transport.stderrLines(), QUOTED_STDERR_LINES, transport.firstErrorLine)
  if (stderr.length > 0) details += `; stderr: "${quote(stderr.join(' | '), context.redact)}"`
  return details
}

/** The one-line reason for a failure, and its kind. */
function describeFailure(error: unknown, context: FailureContext, {McpError, ErrorCode}: Sdk): McpServerFailure {
  const {server, phase, deadline, redact, config} = context
  const fail = (kind: McpFailureKind, reason: string): McpServerFailure => new McpServerFailure(server, kind, reason)
  if (error instanceof McpServerFailure) return error
  if (context.transportFailure !== undefined) return fail('unavailable', `${context.transportFailure.message} during ${phase}`)
  if (error instanceof McpConfigExpansionError) return fail('unavailable', quote(error.message, redact))
  const sdkTimeout = error instanceof McpError && error.code === ErrorCode.RequestTimeout
  if (deadline.expired || (sdkTimeout && !deadline.interrupted)) return fail('timeout', `did not answer ${phase} within ${deadline.timeoutMs} ms${stdioDetails(context)}`)
  if (deadline.interrupted) return fail('interrupted', `was interrupted during ${phase}`)
  const transport = context.stdio
  if (transport !== undefined) {
    const spawnCode = (error as NodeJS.ErrnoException).code
    if (phase === 'start' && (spawnCode === 'ENOENT' || spawnCode === 'EACCES')) {
      const command = config.transport === 'stdio' ? config.command : ''
      return fail('unavailable', `cannot start "${quote(command, redact)}": ${spawnErrorReason(error as Error)}`)
    }
    const exit = transport.exit
    if (exit !== undefined && !context.stoppedByUs && phase !== 'start') {
      const how = exit.signal === null ? `exited with code ${exit.code ?? 'unknown'}` : `was killed by ${exit.signal}`
      return fail('unavailable', `${how} during ${phase}${stdioDetails(context)}`)
    }
  }
  if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed && error.code !== ErrorCode.RequestTimeout) {
    return fail('rejected', `answered ${phase} with an error: ${quote(error.message, redact)}${stdioDetails(context)}`)
  }
  if (isZodError(error)) {
    const issue = error.issues[0]
    const where = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `
    return fail('unavailable', `returned an invalid ${phase} result: ${quote(`${where}${issue?.message ?? error.message}`, redact)}`)
  }
  if (config.transport === 'http') {
    const status = httpStatus(error)
    const url = quote(config.url, redact)
    if (status !== undefined) return fail('unavailable', `answered HTTP ${status} at ${url} during ${phase}: ${quote(errorMessage(error), redact)}`)
    const cause = networkCause(error)
    if (cause !== undefined) return fail('unavailable', `cannot be reached at ${url}: ${quote(cause, redact)}`)
  }
  return fail('unavailable', `failed during ${phase}: ${quote(errorMessage(error), redact)}${stdioDetails(context)}`)
}

function debugStderr(server: string): ((line: string) => void) | undefined {
  if (!isDebugEnabled()) return undefined
  // The transport has redacted the line already.
  return (line) => process.stderr.write(`[mcp ${safeInline(server)}] ${safeInline(line)}\n`)
}

function checkWorkingDirectory(cwd: string | undefined): void {
  const problem = workingDirectoryProblem(cwd)
  if (problem !== undefined) throw new McpConfigExpansionError(problem)
}

async function connectHttp(url: string, headers: Record<string, string>, deadline: Deadline, onTooLarge: (error: Error) => void, setClient: (client: Client, transport: Transport) => void): Promise<void> {
  const [{StreamableHTTPClientTransport}, {Client}] = await Promise.all([import('@modelcontextprotocol/sdk/client/streamableHttp.js'), loadSdk()])
  const requestInit = {headers}
  // Every response body is read through the one message limit (message-limit.ts).
  const fetch = limitedFetch(onTooLarge)
  const streamable = new StreamableHTTPClientTransport(new URL(url), {requestInit, fetch, reconnectionOptions: {maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1}})
  const client = new Client(CLIENT_INFO, {capabilities: {...CLIENT_CAPABILITIES}})
  setClient(client, streamable)
  try {
    await deadline.race(client.connect(streamable, {signal: deadline.signal, timeout: deadline.remaining()}))
    return
  } catch (error) {
    const status = httpStatus(error)
    if (status === undefined || !SSE_FALLBACK_STATUSES.has(status) || deadline.signal.aborted) throw error
    await client.close().catch(() => undefined)
  }
  // Legacy servers speak only the 2024-11-05 HTTP+SSE transport.
  const {SSEClientTransport} = await import('@modelcontextprotocol/sdk/client/sse.js')
  const sse = new SSEClientTransport(new URL(url), {requestInit, fetch})
  const sseClient = new Client(CLIENT_INFO, {capabilities: {...CLIENT_CAPABILITIES}})
  setClient(sseClient, sse)
  await deadline.race(sseClient.connect(sse, {signal: deadline.signal, timeout: deadline.remaining()}))
}

async function closeHttp(client: Client, transport: Transport | undefined): Promise<void> {
  const streamable = transport as {terminateSession?: () => Promise<void>; sessionId?: string} | undefined
  if (streamable?.terminateSession !== undefined && streamable.sessionId !== undefined) {
    await Promise.race([streamable.terminateSession().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, HTTP_CLOSE_WAIT_MS).unref())])
  }
  await client.close().catch(() => undefined)
}

/** The live parts of an open session: the client and whichever transport it speaks over. */
interface Connection {
  client?: Client
  stdio?: ServerProcessTransport
  http?: Transport
  redact: Redactor
  phase: McpPhase
  /** The server process was stopped by us (so its exit is not the failure). */
  stoppedByUs: boolean
  /** A deadline ended while the server was busy: stop it at once instead of politely. */
  failedHard: boolean
  /** The server sent a message over the limit: the connection was closed, this is why. */
  tooLarge?: Error
}

/**
 * A message over the limit ends the conversation at once: the server is stopped (stdio) or the
 * client closed (HTTP), so every pending request fails now instead of waiting for its time limit.
 */
function endOnTooLarge(connection: Connection): (error: Error) => void {
  return (error) => {
    connection.tooLarge ??= error
    connection.failedHard = true
    connection.stoppedByUs = true
    void connection.stdio?.kill()
    void connection.client?.close().catch(() => undefined)
  }
}

/**
 * A started (or reached) and initialized server that stays open for several pieces of work — a
 * listing and then a call — until `close()`. Each piece of work has its own time limit; when it
 * passes, a stdio server is stopped at once (a hung server never outlives its limit).
 */
export class OpenMcpSession {
  private closed = false

  /** @internal use `openMcpSession` */
  constructor(
    readonly server: string,
    private readonly config: McpServerConfig,
    private readonly connection: Connection,
  ) {}

  /** Runs `work` within `timeoutMs` (counted from `startedAt`, default now). Throws McpServerFailure. */
  async run<T>(work: (session: McpSession) => Promise<T>, options: {timeoutMs: number; signal?: AbortSignal; startedAt?: number}): Promise<T> {
    return this.within(options, async (deadline) => {
      const {client} = this.connection
      if (this.closed || client === undefined) throw new McpServerFailure(this.server, 'unavailable', 'is no longer connected')
      const setPhase = (next: McpPhase): void => {
        this.connection.phase = next
      }
      return work({server: this.server, client: sessionClient(client, await loadSdk()), redact: this.connection.redact, deadline, offers: serverOffers(client), setPhase})
    })
  }

  /** @internal `work` under a fresh deadline; its failure becomes an McpServerFailure. */
  async within<T>(options: {timeoutMs: number; signal?: AbortSignal; startedAt?: number}, work: (deadline: Deadline) => Promise<T>): Promise<T> {
    const deadline = new Deadline(options.timeoutMs, options.signal, options.startedAt)
    const connection = this.connection
    const stopOnDeadline = (): void => {
      connection.failedHard = true
      connection.stoppedByUs = true
      void connection.stdio?.kill()
    }
    deadline.signal.addEventListener('abort', stopOnDeadline, {once: true})
    try {
      return await work(deadline)
    } catch (error) {
      throw await explainFailure(error, this.server, this.config, connection, deadline)
    } finally {
      deadline.signal.removeEventListener('abort', stopOnDeadline)
      deadline.dispose()
    }
  }

  /** Shuts the server down (a stdio process has exited when this settles). Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await shutDown(this.connection)
  }
}

/** A lost connection usually means the process is exiting: let its exit code and stderr arrive first. */
async function explainFailure(error: unknown, server: string, config: McpServerConfig, connection: Connection, deadline: Deadline): Promise<McpServerFailure> {
  const {stdio} = connection
  const sdk = await loadSdk()
  if (stdio !== undefined && stdio.exit === undefined && !deadline.signal.aborted && isConnectionLoss(error, sdk)) await stdio.exitedWithin(EXIT_REPORT_WAIT_MS)
  return describeFailure(error, {server, phase: connection.phase, deadline, redact: connection.redact, config, stdio, stoppedByUs: connection.stoppedByUs, transportFailure: connection.tooLarge}, sdk)
}

async function shutDown(connection: Connection): Promise<void> {
  connection.stoppedByUs = true
  const {stdio, client} = connection
  if (stdio !== undefined) {
    if (connection.failedHard) await stdio.kill()
    else await stdio.close()
    await client?.close().catch(() => undefined)
  } else if (client !== undefined) {
    await closeHttp(client, connection.http)
  }
}

/**
 * Starts or reaches `server` and initializes it within `options.timeoutMs`. Throws
 * McpServerFailure (after stopping whatever was started); the caller closes the session.
 */
export async function openMcpSession(server: string, config: McpServerConfig, options: McpSessionOptions & {startedAt?: number}): Promise<OpenMcpSession> {
  const env = options.env ?? process.env
  const connection: Connection = {redact: (text) => text, phase: 'start', stoppedByUs: false, failedHard: false}
  const session = new OpenMcpSession(server, config, connection)
  try {
    await session.within(options, async (deadline) => {
      const expanded = expandServerConfig(config, env)
      connection.redact = redactor(expanded.secrets)
      const live = expanded.config
      if (live.transport === 'stdio') {
        checkWorkingDirectory(live.cwd)
        connection.stdio = new ServerProcessTransport({
          command: live.command,
          args: live.args,
          env: serverEnvironment(env, live.env),
          cwd: live.cwd,
          onStderrLine: debugStderr(server),
          redact: connection.redact,
          onTooLarge: endOnTooLarge(connection),
        })
        // The server boots while the SDK loads.
        const [{Client}] = await deadline.race(Promise.all([loadSdk(), connection.stdio.start()]))
        const client = new Client(CLIENT_INFO, {capabilities: {...CLIENT_CAPABILITIES}})
        connection.client = client
        connection.phase = 'initialize'
        await deadline.race(client.connect(connection.stdio, {signal: deadline.signal, timeout: deadline.remaining()}))
      } else {
        connection.phase = 'initialize'
        await connectHttp(live.url, live.headers, deadline, endOnTooLarge(connection), (next, transport) => {
          connection.client = next
          connection.http = transport
        })
      }
    })
  } catch (error) {
    await session.close()
    throw error
  }
  return session
}

/**
 * Starts or reaches `server`, initializes, runs `work`, and shuts the server down whatever
 * happens (the stdio process has exited when this settles). One time budget covers all of it,
 * unless `options.requestTimeoutMs` gives the work its own (see `workLimit`).
 * Throws McpServerFailure.
 */
export async function withMcpSession<T>(server: string, config: McpServerConfig, options: McpSessionOptions, work: (session: McpSession) => Promise<T>): Promise<T> {
  const startedAt = Date.now()
  const session = await openMcpSession(server, config, {...options, startedAt})
  try {
    return await session.run(work, workLimit(options, startedAt))
  } finally {
    await session.close()
  }
}
