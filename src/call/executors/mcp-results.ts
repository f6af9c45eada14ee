/**
 * What OpenClaw's MCP tools return to the model (OpenClaw 2026.9.6: `projectMcpCallToolResult`,
 * `projectMcpGetPromptResult` and the resource and prompt list results of the MCP
 * materialization): an agent tool result `{ content, details }`, which `tool_call` passes on as
 * its `result`. Pure.
 *
 * - `tools/call`: each content block as text or image — a text block as it is; an image with its
 *   data and MIME type; audio as `[audio <mime>]`; a resource link as `[<title or name>] <uri>`;
 *   an embedded resource as its text, else its URI; anything else as its JSON. Structured
 *   content comes first, as `structuredContent:` and its JSON with sorted keys, and a text block
 *   that only repeats it (its pretty JSON) is dropped. No content at all: one sentence saying so.
 *   `details`: `mcpServer`, `mcpTool`, the `structuredContent` as sent, `status: "error"` for a
 *   result with `isError`.
 * - `resources/list`, `resources/read`, `prompts/list`: one text block, the pretty JSON of
 *   `{ resources }`, of the read result, of `{ prompts }` (a top-level `_meta` dropped); `details`:
 *   `mcpServer`, `mcpOperation`, `untrustedMcpOutput: true`.
 * - `prompts/get`: the prompt's description as a text block, then per message a `<role>:` text
 *   block and the message's content, projected as a tool result's content is.
 */
import {isRecord} from '../../shared/json.js'
import type {McpOperation} from '../../catalog/types.js'

export interface AgentContent {
  type: 'text' | 'image'
  text?: string
  data?: string
  mimeType?: string
}

/** A tool result as an agent tool returns it to the model. */
export interface AgentToolResult {
  content: AgentContent[]
  details: Record<string, unknown>
}

/** `value` with every object's keys sorted by code units, at any depth. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (!isRecord(value)) return value
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) Object.defineProperty(sorted, key, {value: sortedKeys(value[key]), enumerable: true, configurable: true, writable: true})
  return sorted
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** One MCP content block as the model gets it. */
export function agentContent(block: unknown): AgentContent {
  if (isRecord(block)) {
    if (block.type === 'text' && typeof block.text === 'string') return {type: 'text', text: block.text}
    if (block.type === 'image' && typeof block.data === 'string' && typeof block.mimeType === 'string') return {type: 'image', data: block.data, mimeType: block.mimeType}
    if (block.type === 'audio' && typeof block.mimeType === 'string') return {type: 'text', text: `[audio ${block.mimeType}]`}
    if (block.type === 'resource_link' && typeof block.uri === 'string') {
      const label = typeof block.title === 'string' ? block.title : typeof block.name === 'string' ? block.name : undefined
      return {type: 'text', text: label ? `[${label}] ${block.uri}` : block.uri}
    }
    if (block.type === 'resource' && isRecord(block.resource) && typeof block.resource.uri === 'string') {
      return {type: 'text', text: typeof block.resource.text === 'string' ? block.resource.text : block.resource.uri}
    }
  }
  return {type: 'text', text: jsonText(block)}
}

function callContent(result: Record<string, unknown>): AgentContent[] {
  const blocks = Array.isArray(result.content) ? (result.content as unknown[]) : []
  const structured = result.structuredContent
  if (!isRecord(structured)) return blocks.map(agentContent)
  const mirrored = JSON.stringify(structured, null, 2)
  const first: AgentContent = {type: 'text', text: `structuredContent:\n${JSON.stringify(sortedKeys(structured), null, 2)}`}
  return [first, ...blocks.filter((block) => !isRecord(block) || block.type !== 'text' || block.text !== mirrored).map(agentContent)]
}

/** A `tools/call` result (as the SDK parsed it) as OpenClaw returns it to the model. */
export function agentCallResult(result: Record<string, unknown>, details: Record<string, unknown>): AgentToolResult {
  const isError = result.isError === true
  const content = callContent(result)
  return {
    content: content.length > 0 ? content : [{type: 'text', text: isError ? 'MCP tool failed without returning content.' : 'MCP tool completed without returning content.'}],
    details: {...details, ...(result.structuredContent === undefined ? {} : {structuredContent: result.structuredContent}), ...(isError ? {status: 'error'} : {})},
  }
}

/** `value` as plain JSON data (`undefined` becomes `null`). */
function jsonData(value: unknown): unknown {
  if (value === undefined) return null
  const text = JSON.stringify(value)
  return text === undefined ? null : (JSON.parse(text) as unknown)
}

/**
 * What a resource or prompt listing, or a resource read, shows: `{ resources }` / `{ prompts }`
 * around a list, the read result as it is; a top-level `_meta` dropped.
 */
export function operationValue(operation: Exclude<McpOperation, 'tool' | 'prompts_get'>, value: unknown): unknown {
  const wrapped = operation === 'resources_list' && Array.isArray(value) ? {resources: value} : operation === 'prompts_list' && Array.isArray(value) ? {prompts: value} : value
  const data = jsonData(wrapped)
  if (isRecord(data)) delete data._meta
  return data
}

/** A resource or prompt listing, or a resource read, as OpenClaw returns it to the model. */
export function agentOperationResult(server: string, operation: Exclude<McpOperation, 'tool' | 'prompts_get'>, value: unknown): AgentToolResult {
  return {
    content: [{type: 'text', text: JSON.stringify(operationValue(operation, value), null, 2)}],
    details: {mcpServer: server, mcpOperation: operation, untrustedMcpOutput: true},
  }
}

/** A `prompts/get` result as OpenClaw returns it to the model. */
export function agentPromptResult(server: string, result: {description?: unknown; messages: Array<{role: unknown; content: unknown}>}): AgentToolResult {
  const content: unknown[] = result.messages.flatMap(({role, content: block}) => [{type: 'text', text: `${String(role)}:`}, block])
  if (result.description !== undefined) content.unshift({type: 'text', text: result.description})
  return agentCallResult({content}, {mcpServer: server, mcpOperation: 'prompts_get', untrustedMcpOutput: true})
}
