/**
 * Calls a tool on its live MCP server (SPEC §8.4): the server is started (or reached over HTTP)
 * for this call and shut down afterwards; a stdio server's process has exited by the time the
 * outcome is returned, whatever happened.
 *
 * Outcomes:
 * - the server answers with `isError: true` → `tool-error` carrying the tool's text (exit 1);
 * - the server rejects the request (JSON-RPC error, e.g. unknown tool) → `tool-error` (exit 1);
 * - the server cannot be started or reached, crashes, answers garbage, the time limit passes or
 *   the call is interrupted → `unavailable` (exit 4).
 *
 * The result (see `mcpResultValue`): `structuredContent` when the server sent it; otherwise a
 * single text block is parsed as JSON when it is JSON and returned as the plain string when it is
 * not; anything else (several blocks, images, resources) is the `content` array as sent. A result
 * nested deeper than `MAX_RESULT_DEPTH` levels is a tool error (it could not be printed).
 * Secret values from the server's config (env, headers, expanded variables) are replaced by `***`
 * in results and messages — in the decoded value (after a text block is parsed as JSON, so a
 * secret spelled with JSON escapes is caught too), at any depth.
 */
import type {McpRun} from '../../catalog/types.js'
import type {ExecuteOptions, ExecutionOutcome} from '../types.js'
import {resultDepthProblem} from './result-depth.js'

interface ContentBlock {
  type: string
  text?: unknown
}

interface McpCallResult {
  content?: ContentBlock[]
  structuredContent?: unknown
  isError?: boolean
  /** Servers on protocol 2024-10-07 and older answer `{ toolResult }`. */
  toolResult?: unknown
}

/** The value a call returns, from an MCP `tools/call` result. */
export function mcpResultValue(result: McpCallResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent
  if (result.content === undefined && 'toolResult' in result) return result.toolResult
  const content = result.content ?? []
  const only = content.length === 1 ? content[0] : undefined
  if (only?.type === 'text' && typeof only.text === 'string') {
    try {
      return JSON.parse(only.text) as unknown
    } catch {
      return only.text
    }
  }
  return content
}

/** The message of a tool error: the text the server sent, else a generic sentence. */
function errorText(result: McpCallResult): string {
  const texts = (result.content ?? []).filter((block) => block.type === 'text' && typeof block.text === 'string').map((block) => block.text as string)
  const text = texts.join('\n').trim()
  return text === '' ? 'the tool reported an error without a message' : text
}

function isArgumentObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** `requestTimeoutMs`: the call's own limit from when it is sent; `timeoutMs` then covers only a start (see `mcpCallLimits`). */
export async function executeMcpTool(run: McpRun, args: unknown, options: ExecuteOptions & {requestTimeoutMs?: number}): Promise<ExecutionOutcome> {
  const config = options.catalog.mcpServers[run.server]
  if (config === undefined) return {status: 'unavailable', message: `MCP server "${run.server}" is not declared in the loaded catalogs.`}
  if (args !== undefined && !isArgumentObject(args)) return {status: 'tool-error', message: `MCP tools take an object of arguments; got ${Array.isArray(args) ? 'an array' : typeof args === 'object' ? 'null' : `a ${typeof args}`}.`}
  // The SDK itself loads while the server starts (session.ts), not before.
  const [{withMcpSession, McpServerFailure}, {redactValue}] = await Promise.all([import('../../mcp/session.js'), import('../../mcp/expand.js')])
  try {
    // A server the command already listed is still open: the call reuses it instead of starting it again.
    const pool = options.catalog.mcpSessions
    const use: typeof withMcpSession = pool === undefined ? withMcpSession : (...useArgs) => pool.use(...useArgs)
    return await use(run.server, config, {timeoutMs: options.timeoutMs, requestTimeoutMs: options.requestTimeoutMs, env: options.env, signal: options.signal}, async (session) => {
      session.setPhase('tools/call')
      const {CompatibilityCallToolResultSchema} = await import('@modelcontextprotocol/sdk/types.js')
      const raw = (await session.client.request(
        {method: 'tools/call', params: {name: run.tool, arguments: args ?? {}}},
        CompatibilityCallToolResultSchema,
        {signal: session.deadline.signal, timeout: session.deadline.remaining()},
      )) as McpCallResult
      // Decode first, then redact: redacting the text before JSON.parse would miss `\u0073k-…`.
      const value = redactValue(mcpResultValue(raw), session.redact)
      const depthProblem = resultDepthProblem(value)
      if (depthProblem !== undefined) return {status: 'tool-error', message: `MCP server "${run.server}" returned ${depthProblem}.`}
      if (raw.isError === true) return {status: 'tool-error', message: session.redact(errorText(raw)), result: value}
      return {status: 'ok', result: value}
    })
  } catch (error) {
    if (!(error instanceof McpServerFailure)) throw error
    const message = `${error.message}.`
    return error.kind === 'rejected' ? {status: 'tool-error', message} : {status: 'unavailable', message}
  }
}
