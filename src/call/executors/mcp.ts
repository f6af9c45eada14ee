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
 *
 * The operations OpenClaw adds as tools (`run.operation`) page through `resources/list` or
 * `prompts/list` (the result: `{ resources }`, `{ prompts }`), send `resources/read` with the
 * `uri` argument (the read result) or `prompts/get` with `name` and `arguments` (string values,
 * sorted by name; the prompt). A missing `uri` or `name` is a tool error worded as OpenClaw
 * words it (`uri is required`).
 *
 * Every outcome that ran also carries `modelResult`: what OpenClaw's tool returns to the model
 * (`mcp-results.ts`), from the result as the SDK parsed it (so its keys are in the SDK's order).
 */
import type {McpOperation, McpRun} from '../../catalog/types.js'
import {redactValue, type Redactor} from '../../mcp/expand.js'
import type {McpResultParser, McpSession} from '../../mcp/types.js'
import {compareIds} from '../../shared/order.js'
import type {ExecuteOptions, ExecutionOutcome} from '../types.js'
import {agentCallResult, agentOperationResult, agentPromptResult, operationValue, type AgentToolResult} from './mcp-results.js'
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

/** A string argument an operation needs, as OpenClaw checks it: `uri is required`. */
function requiredString(args: unknown, key: string): string | {error: string} {
  const value = isArgumentObject(args) ? args[key] : undefined
  return typeof value === 'string' ? value : {error: `${key} is required`}
}

/** A prompt's `arguments`: string values, sorted by name; none when empty or not an object. */
function promptArguments(args: unknown): {arguments?: Record<string, string>} | {error: string} {
  const value = isArgumentObject(args) ? args.arguments : undefined
  if (!isArgumentObject(value)) return {}
  const entries = Object.entries(value).sort(([a], [b]) => compareIds(a, b))
  const invalid = entries.find(([, item]) => typeof item !== 'string')
  if (invalid !== undefined) return {error: `arguments.${invalid[0]} must be a string`}
  return entries.length > 0 ? {arguments: Object.fromEntries(entries) as Record<string, string>} : {}
}

/**
 * What a piece of work on the server gave: the person's value, the model's result (built only
 * once the value is known to be printable: a result nested too deep is refused first), and
 * whether the tool said it failed.
 */
interface McpWorkResult {
  value: unknown
  modelResult: () => AgentToolResult
  isError?: boolean
  errorText?: string
}

type Sdk = typeof import('@modelcontextprotocol/sdk/types.js')

/**
 * A `tools/call` result with its secrets replaced, for the model: as `redactValue` does, and a
 * text block that is JSON spelling a secret with escapes (`\u0073k-…`), which redacting the text
 * cannot see, is written anew from its decoded, redacted value.
 */
function redactedForModel(raw: McpCallResult, redact: Redactor): Record<string, unknown> {
  const result = redactValue(raw, redact) as Record<string, unknown>
  if (!Array.isArray(result.content)) return result
  const original = raw.content ?? []
  result.content = (result.content as unknown[]).map((block, index) => {
    const text = original[index]?.type === 'text' ? original[index].text : undefined
    if (typeof text !== 'string' || !isArgumentObject(block)) return block
    let decoded: unknown
    try {
      decoded = JSON.parse(text)
    } catch {
      return block
    }
    if (resultDepthProblem(decoded) !== undefined) return block
    const redacted = redactValue(decoded, redact)
    return JSON.stringify(redacted) === JSON.stringify(decoded) ? block : {...block, text: JSON.stringify(redacted)}
  })
  return result
}

/** `tools/call` of `run.tool`. */
async function callTool(session: McpSession, sdk: Sdk, run: McpRun, args: unknown): Promise<McpWorkResult> {
  session.setPhase('tools/call')
  const raw = (await session.client.request({method: 'tools/call', params: {name: run.tool, arguments: args ?? {}}}, sdk.CompatibilityCallToolResultSchema, {signal: session.deadline.signal, timeout: session.deadline.remaining()})) as McpCallResult
  // Decode first, then redact: redacting the text before JSON.parse would miss `\u0073k-…`.
  const value = redactValue(mcpResultValue(raw), session.redact)
  const modelResult = () => agentCallResult(redactedForModel(raw, session.redact), {mcpServer: run.server, mcpTool: run.tool})
  return {value, modelResult, isError: raw.isError === true, errorText: session.redact(errorText(raw))}
}

/** Every item of a resources or prompts listing. */
async function listAll(session: McpSession, sdk: Sdk, kind: 'resources' | 'prompts'): Promise<unknown[]> {
  const {pageThrough} = await import('../../mcp/list.js')
  const items: unknown[] = []
  const schema = kind === 'resources' ? sdk.ListResourcesResultSchema : sdk.ListPromptsResultSchema
  await pageThrough(session, `${kind}/list`, schema as McpResultParser<{nextCursor?: string}>, (page) => {
    for (const item of (page as Record<string, unknown>)[kind] as unknown[]) items.push(item)
  })
  return items
}

/** One of the operations over resources and prompts. */
async function runOperation(session: McpSession, sdk: Sdk, run: McpRun & {operation: Exclude<McpOperation, 'tool'>}, args: unknown): Promise<McpWorkResult | {error: string}> {
  const request = {signal: session.deadline.signal, timeout: session.deadline.remaining()}
  const redacted = (value: unknown): unknown => redactValue(value, session.redact)
  // Checked before anything copies the result: copying recurses, and a result may nest too deep for it.
  const tooDeep = (value: unknown): {error: string} | undefined => {
    const problem = resultDepthProblem(value)
    return problem === undefined ? undefined : {error: `MCP server "${run.server}" returned ${problem}.`}
  }
  switch (run.operation) {
    case 'resources_list':
    case 'prompts_list': {
      const operation = run.operation
      const items = redacted(await listAll(session, sdk, operation === 'resources_list' ? 'resources' : 'prompts'))
      const deep = tooDeep(items)
      if (deep !== undefined) return deep
      return {value: operationValue(operation, items), modelResult: () => agentOperationResult(run.server, operation, items)}
    }
    case 'resources_read': {
      const uri = requiredString(args, 'uri')
      if (typeof uri !== 'string') return uri
      session.setPhase('resources/read')
      const result = redacted(await session.client.request({method: 'resources/read', params: {uri}}, sdk.ReadResourceResultSchema, request))
      const deep = tooDeep(result)
      if (deep !== undefined) return deep
      return {value: operationValue('resources_read', result), modelResult: () => agentOperationResult(run.server, 'resources_read', result)}
    }
    case 'prompts_get': {
      const name = requiredString(args, 'name')
      if (typeof name !== 'string') return name
      const promptArgs = promptArguments(args)
      if ('error' in promptArgs) return promptArgs
      session.setPhase('prompts/get')
      const params = {name, ...promptArgs}
      const result = redacted(await session.client.request({method: 'prompts/get', params}, sdk.GetPromptResultSchema, request)) as {description?: unknown; messages: Array<{role: unknown; content: unknown}>; _meta?: unknown}
      const deep = tooDeep(result)
      if (deep !== undefined) return deep
      const {_meta: _ignored, ...value} = result
      return {value, modelResult: () => agentPromptResult(run.server, result)}
    }
  }
}

/** `requestTimeoutMs`: the call's own limit from when it is sent; `timeoutMs` then covers only a start (see `mcpCallLimits`). */
export async function executeMcpTool(run: McpRun, args: unknown, options: ExecuteOptions & {requestTimeoutMs?: number}): Promise<ExecutionOutcome> {
  const config = options.catalog.mcpServers[run.server]
  if (config === undefined) return {status: 'unavailable', message: `MCP server "${run.server}" is not declared in the loaded catalogs.`}
  if (args !== undefined && !isArgumentObject(args)) return {status: 'tool-error', message: `MCP tools take an object of arguments; got ${Array.isArray(args) ? 'an array' : typeof args === 'object' ? 'null' : `a ${typeof args}`}.`}
  // The SDK itself loads while the server starts (session.ts), not before.
  const {withMcpSession, McpServerFailure} = await import('../../mcp/session.js')
  try {
    // A server the command already listed is still open: the call reuses it instead of starting it again.
    const pool = options.catalog.mcpSessions
    const use: typeof withMcpSession = pool === undefined ? withMcpSession : (...useArgs) => pool.use(...useArgs)
    return await use(run.server, config, {timeoutMs: options.timeoutMs, requestTimeoutMs: options.requestTimeoutMs, env: options.env, signal: options.signal}, async (session) => {
      const sdk = await import('@modelcontextprotocol/sdk/types.js')
      const operation = run.operation ?? 'tool'
      const worked = operation === 'tool' ? await callTool(session, sdk, run, args) : await runOperation(session, sdk, {...run, operation}, args)
      if ('error' in worked) return {status: 'tool-error', message: worked.error}
      const depthProblem = resultDepthProblem(worked.value)
      if (depthProblem !== undefined) return {status: 'tool-error', message: `MCP server "${run.server}" returned ${depthProblem}.`}
      const modelResult = worked.modelResult()
      if (worked.isError === true) return {status: 'tool-error', message: worked.errorText ?? '', result: worked.value, modelResult}
      return {status: 'ok', result: worked.value, modelResult}
    })
  } catch (error) {
    if (!(error instanceof McpServerFailure)) throw error
    const message = `${error.message}.`
    return error.kind === 'rejected' ? {status: 'tool-error', message} : {status: 'unavailable', message}
  }
}
