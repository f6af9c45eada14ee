/**
 * The model's tool calls, run locally the way OpenClaw runs them, through the same code as the
 * commands: `tool_search` as `search --request` (src/search/request.ts), `tool_describe` as
 * `describe` (src/describe/describe.ts), `tool_call` as `call --request` (src/call/call.ts: the
 * repairs, the lookup, validation, approval, the catalog's executor). A tool the lane lets the
 * model call by name runs through `runCall` too.
 *
 * Every answer is what the model reads next: a control's result text (wrapped as external content
 * where OpenClaw wraps it), or for a failure OpenClaw's error object
 * `{"status": "error", "tool": <control>, "error": <message>}`, pretty-printed. A call that cannot
 * be understood (arguments that are not JSON, a tool the lane does not offer) is answered the same
 * way; it is the model's mistake, not the probe's.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {type CallOutcome, modelToolCallResult, resolveModelToolCall, runCall} from '../call/call.js'
import {answerDescribeRequest, answerSearchRequest, type ControlName, controlErrorText, preparedControlArguments, toolCallErrorMessage, toolCallResultText} from '../controls/answer.js'
import {describeEntry} from '../describe/describe.js'
import type {SearchLimits} from '../search/request.js'
import type {Ranker} from '../search/types.js'
import {contentText} from '../session/openclaw/transcript.js'
import {isRecord} from '../shared/json.js'
import {isToolsearchError, ToolsearchError} from '../shared/errors.js'
import type {ToolCallRequest} from './client.js'
import type {LaneSetup} from './lanes.js'

/** One call of a target tool, through `tool_call` or by its name. */
export interface CallRecord {
  via: 'tool_call' | 'direct'
  /** What the model named. */
  target: string
  /** The tool it reached, when the lookup found one. */
  toolId?: string
  args: unknown
  /** `no-executor`: the tool was reached, but this catalog has no executor for it. */
  status: 'ok' | 'error' | 'no-executor' | 'blocked'
  error?: string
}

export interface ToolAnswer {
  text: string
  details: unknown
  isError: boolean
  /** The arguments as parsed (undefined when they were not JSON). */
  args?: unknown
  /** The target `tool_call` ran, for the nested-tool entry. */
  nested?: {toolName: string; input: unknown; result: unknown; isError: boolean}
  call?: CallRecord
  /** The arguments were not JSON. */
  malformed?: boolean
}

export interface LaneToolsOptions {
  /** Pre-approve tools that require approval (`--approve`); otherwise they are blocked. */
  approve: boolean
  /** A time limit for each tool run, in milliseconds (else each executor's own). */
  toolTimeoutMs?: number
}

/** A control's (or a tool's) failure as the model reads it; `text` when the check gave its own words. */
function errorAnswer(tool: string, message: string, extra: Partial<ToolAnswer> = {}, text: string = controlErrorText(tool as ControlName, message)): ToolAnswer {
  return {text, details: {status: 'error', tool, error: message}, isError: true, ...extra}
}

/** Runs one lane's tool calls. */
export class LaneTools {
  constructor(
    private readonly setup: LaneSetup,
    private readonly ranker: Ranker | undefined,
    private readonly limits: SearchLimits,
    private readonly options: LaneToolsOptions,
  ) {}

  private offersControls(): boolean {
    return this.setup.lane !== 'direct'
  }

  async run(call: ToolCallRequest, signal: AbortSignal): Promise<ToolAnswer> {
    let args: unknown
    try {
      args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments)
    } catch (error) {
      return errorAnswer(call.name, `The arguments are not valid JSON: ${(error as Error).message}`, {malformed: true})
    }
    const answer = await this.dispatch(call.name, args, signal)
    return {...answer, args}
  }

  private async dispatch(name: string, args: unknown, signal: AbortSignal): Promise<ToolAnswer> {
    if (this.offersControls() && name === 'tool_search') return this.search(args)
    if (this.offersControls() && name === 'tool_describe') return this.describe(args)
    if (this.offersControls() && name === 'tool_call') return this.toolCall(args, signal)
    const entry = this.setup.callableByName.get(name)
    if (entry === undefined) return errorAnswer(name, `Tool ${name} is not available: call one of the tools offered by name${this.offersControls() ? ', or find it with tool_search and run it with tool_call' : ''}.`, {call: {via: 'direct', target: name, args, status: 'error', error: 'not offered'}})
    return this.direct(entry, args, signal)
  }

  private async search(request: unknown): Promise<ToolAnswer> {
    if (this.ranker === undefined) return errorAnswer('tool_search', 'Tool Search is not available in this lane.')
    const answered = await answerSearchRequest(request, this.ranker, this.limits)
    if (!answered.ok) return errorAnswer('tool_search', answered.error.message, {}, answered.text)
    const {answer} = answered
    return {text: answer.text, details: answer.kind === 'single' ? answer.candidates : answer.response, isError: false}
  }

  private async describe(request: unknown): Promise<ToolAnswer> {
    const answer = await answerDescribeRequest(request, this.setup.catalog, this.limits.searchDefaultLimit)
    if (!answer.ok) return errorAnswer('tool_describe', answer.error.message, {}, answer.text)
    return {text: answer.text, details: answer.entry === undefined ? {} : describeEntry(answer.entry), isError: false}
  }

  private async toolCall(request: unknown, signal: AbortSignal): Promise<ToolAnswer> {
    const prepared = await preparedControlArguments('tool_call', request, this.limits.searchDefaultLimit)
    if (!prepared.ok) return errorAnswer('tool_call', prepared.error.message, {call: {via: 'tool_call', target: selectorOf(request), args: {}, status: 'error', error: prepared.error.message}}, prepared.text)
    const args = prepared.args
    const target = selectorOf(args)
    let entry: CatalogEntry | undefined
    let input: unknown = isRecord(args) ? (args.args ?? args.input) : undefined
    try {
      const resolved = await resolveModelToolCall(args, this.setup.catalog)
      entry = resolved.entry
      input = resolved.args
      const outcome = await this.execute(entry, input, signal)
      const envelope = modelToolCallResult(outcome)!
      const blocked = outcome.status === 'blocked'
      const record: CallRecord = {via: 'tool_call', target, toolId: entry.id, args: input, status: blocked ? 'blocked' : 'ok'}
      return {text: toolCallResultText(envelope), details: envelope, isError: blocked, nested: {toolName: entry.name, input, result: envelope.result, isError: blocked}, call: record}
    } catch (error) {
      const failure = this.failure(error)
      const record: CallRecord = {via: 'tool_call', target, ...(entry === undefined ? {} : {toolId: entry.id}), args: input ?? {}, status: failure.code === 'no-executor' ? 'no-executor' : 'error', error: failure.message}
      const nested = entry === undefined ? {} : {nested: {toolName: entry.name, input, result: {content: [{type: 'text', text: failure.message}]}, isError: true}}
      // An MCP tool that answered isError: OpenClaw hands the model its result, not an error object.
      const modelResult = modelToolCallResult({error: failure})
      if (modelResult !== undefined) return {text: toolCallResultText(modelResult), details: {...modelResult, result: {...(modelResult.result as object), isError: true}}, isError: true, call: record, ...nested}
      return errorAnswer('tool_call', failure.message, {call: record, ...nested}, controlErrorText('tool_call', toolCallErrorMessage(failure)))
    }
  }

  private async direct(entry: CatalogEntry, args: unknown, signal: AbortSignal): Promise<ToolAnswer> {
    try {
      const outcome = await this.execute(entry, args, signal)
      const call: CallRecord = {via: 'direct', target: entry.name, toolId: entry.id, args, status: outcome.status === 'blocked' ? 'blocked' : 'ok'}
      if (outcome.status === 'blocked') return {text: JSON.stringify(outcome.envelope.result, null, 2), details: outcome.envelope.result, isError: true, call}
      if (outcome.modelResult !== undefined && isRecord(outcome.modelResult)) {
        // An MCP tool called by name: the model reads its text content; details name the server.
        return {text: contentText(outcome.modelResult.content), details: outcome.modelResult.details ?? {}, isError: false, call}
      }
      const result = outcome.envelope.result
      return {text: typeof result === 'string' ? result : (JSON.stringify(result, null, 2) ?? 'null'), details: result, isError: false, call}
    } catch (error) {
      const failure = this.failure(error)
      return errorAnswer(entry.name, failure.message, {call: {via: 'direct', target: entry.name, toolId: entry.id, args, status: failure.code === 'no-executor' ? 'no-executor' : 'error', error: failure.message}})
    }
  }

  private execute(entry: CatalogEntry, args: unknown, signal: AbortSignal): Promise<CallOutcome> {
    return runCall(entry, args, {
      catalog: this.setup.catalog,
      approval: this.options.approve ? 'approve' : 'refuse',
      // Never asked: a probe runs unattended.
      terminal: {input: process.stdin, output: process.stderr},
      timeoutMs: this.options.toolTimeoutMs,
      signal,
    })
  }

  /** A failure the model reads as its tool's error; Ctrl-C and the deadline stop the run instead. */
  private failure(error: unknown): ToolsearchError {
    if (signalLike(error)) throw error
    if (isToolsearchError(error)) return error
    return new ToolsearchError('tool-error', error instanceof Error ? error.message : String(error))
  }
}

/** What a `tool_call` request names (`id ?? toolId ?? name`), for the record. */
function selectorOf(request: unknown): string {
  if (!isRecord(request)) return ''
  const value = request.id ?? request.toolId ?? request.name
  return typeof value === 'string' ? value : ''
}

/** An interruption (Ctrl-C or the deadline aborting a tool), which ends the run. */
function signalLike(error: unknown): boolean {
  return isToolsearchError(error) && error.code === 'interrupted'
}
