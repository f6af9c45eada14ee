/**
 * What a control (`tool_search`, `tool_describe`, `tool_call`) returns to the model for a raw
 * request, as OpenClaw 2026.9.6 returns it — the one place that decides the text:
 *
 * 1. the provider-side argument check (`arguments.ts`): arguments it refuses never reach the
 *    control, and the model reads TypeBox's "Validation failed for tool …" text;
 * 2. the control's result, pretty-printed JSON, wrapped as external content when it carries text
 *    from outside OpenClaw (an MCP or client tool was among the candidates, described or called);
 * 3. or the error the control threw, as the agent loop hands it on:
 *    `{ "status": "error", "tool": "<control>", "error": "<message>" }`, pretty-printed. A failure
 *    that comes from an MCP server while it runs a call has its message wrapped as external content
 *    too (OpenClaw does not let a server's words reach the model unmarked).
 */
import {isRecord} from '../shared/json.js'
import {ToolsearchError, isToolsearchError} from '../shared/errors.js'
import {controlResultText, truncateSanitized, wrapExternalContent} from '../output/external-content.js'
import {TOOL_CALL, TOOL_DESCRIBE, type ToolDefinition, toolSearchDefinition} from '../directory/controls.js'
import {hoistNestedSelector, selectorValue} from '../call/request.js'
import {lookupCatalogTool} from '../call/lookup.js'
import {assertArgumentDepth} from '../call/arguments.js'
import type {CallEnvelope} from '../call/call.js'
import type {Catalog, CatalogEntry} from '../catalog/types.js'
import {type SearchAnswer, type SearchLimits, runSearchRequest} from '../search/request.js'
import type {Ranker} from '../search/types.js'

export type ControlName = 'tool_search' | 'tool_describe' | 'tool_call'

/** Longest MCP failure message kept before it is wrapped (OpenClaw's limit for a network tool's error). */
const NETWORK_ERROR_MAX_CHARS = 4000

/** The model's text for a control, and whether the control succeeded; a failure keeps its error for the exit code. */
export type ControlAnswer = {ok: true; text: string} | {ok: false; text: string; error: ToolsearchError}

/** `{ status: "error", tool, error }`, as the model reads a control that threw. */
export function controlErrorText(control: ControlName, message: string): string {
  return JSON.stringify({status: 'error', tool: control, error: message}, null, 2)
}

/** An MCP server's failure message as the model reads it: cut to 4,000 characters and wrapped. */
export function networkErrorMessage(message: string): string {
  return wrapExternalContent(truncateSanitized(message, NETWORK_ERROR_MAX_CHARS).text)
}

/** The control's answer for an error it threw: the model-facing message as an error object. */
export function controlFailure(control: ControlName, error: ToolsearchError, message: string = error.message): ControlAnswer {
  return {ok: false, text: controlErrorText(control, message), error}
}

/**
 * Step 1 for a control: the arguments it runs with, or the refusal the model reads. `tool_describe`
 * and `tool_call` first hoist a selector nested under `args`/`input`, as OpenClaw prepares them.
 */
export async function preparedControlArguments(control: ControlName, request: unknown, searchDefaultLimit: number): Promise<{ok: true; args: unknown} | Extract<ControlAnswer, {ok: false}>> {
  const definition: ToolDefinition = control === 'tool_search' ? toolSearchDefinition(searchDefaultLimit) : control === 'tool_describe' ? TOOL_DESCRIBE : TOOL_CALL
  // A depth bomb is refused before anything walks it (the walks below recurse per level).
  assertArgumentDepth(request)
  const prepared = control !== 'tool_search' && isRecord(request) ? hoistNestedSelector(request) : request
  // Loaded here, not with the module: a plain search, which imports this module, checks no arguments.
  const {checkControlArguments} = await import('./arguments.js')
  const checked = checkControlArguments(definition, prepared)
  if (checked.ok) return checked
  return {ok: false, text: checked.text, error: new ToolsearchError('invalid-request', checked.text)}
}

/** `tool_search`: the searches the model asked for, as OpenClaw answers them (`answer` holds what the text serialises). */
export async function answerSearchRequest(request: unknown, ranker: Ranker, limits: SearchLimits): Promise<{ok: true; text: string; answer: SearchAnswer} | Extract<ControlAnswer, {ok: false}>> {
  const prepared = await preparedControlArguments('tool_search', request, limits.searchDefaultLimit)
  if (!prepared.ok) return prepared
  let answer: SearchAnswer
  try {
    answer = runSearchRequest(prepared.args, ranker, limits)
  } catch (error) {
    if (isToolsearchError(error) && error.code === 'invalid-search-request') return {ok: false, text: controlErrorText('tool_search', error.message), error}
    throw error
  }
  return {ok: true, text: answer.text, answer}
}

/** `tool_describe`: the catalog entry the model asked for, as OpenClaw describes it. */
export async function answerDescribeRequest(request: unknown, catalog: Catalog, searchDefaultLimit: number): Promise<ControlAnswer & {entry?: CatalogEntry}> {
  const prepared = await preparedControlArguments('tool_describe', request, searchDefaultLimit)
  if (!prepared.ok) return prepared
  let entry: CatalogEntry
  try {
    entry = lookupCatalogTool(catalog, selectorValue(isRecord(prepared.args) ? prepared.args : {}))
  } catch (error) {
    if (isToolsearchError(error)) return controlFailure('tool_describe', error)
    throw error
  }
  const {describeEntry} = await import('../describe/describe.js')
  const text = JSON.stringify(describeEntry(entry), null, 2)
  return {ok: true, text: controlResultText(text, entry.source !== 'openclaw'), entry}
}

/** What `tool_call` returns to the model for a call that ran: `{ tool, result }`, pretty-printed, wrapped unless the tool is OpenClaw's. */
export function toolCallResultText(envelope: CallEnvelope): string {
  return controlResultText(JSON.stringify({tool: envelope.tool, result: envelope.result}, null, 2), envelope.tool.source !== 'openclaw')
}

/**
 * A tool_call error's message as the model reads it: a failure an MCP server gave while it ran the
 * call is wrapped as external content; the checks before the call (lookup, arguments) are not.
 */
export function toolCallErrorMessage(error: ToolsearchError): string {
  const tool = (error.details as {tool?: {source?: string}} | undefined)?.tool
  return error.code === 'tool-error' && tool?.source === 'mcp' ? networkErrorMessage(error.message) : error.message
}
