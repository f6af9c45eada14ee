/**
 * One task in one lane: the bounded agent loop. The request goes out as OpenClaw builds it for
 * the lane (src/probe/lanes.ts); each tool call in the answer runs locally (src/probe/tools.ts)
 * and its result goes back; the loop ends at a final answer (an answer with no tool call), after
 * `maxRounds` requests, at the deadline (`--timeout`, the whole task), when the whole probe's
 * token budget (`--max-tokens`) is spent, on Ctrl-C, or when the endpoint fails. Whatever ended
 * it, the run comes back with what it did so far; `stoppedBy` says when it was not the model.
 */
import {type SessionSummary, TranscriptAnalyzer} from '../session/openclaw/transcript.js'
import {isDeepSubset} from '../call/executors/fixture.js'
import {asToolsearchError, isToolsearchError, ToolsearchError} from '../shared/errors.js'
import {type ChatMessage, type ChatRequestBody, type ChatTurn, chatCompletionsUrl, completeChat, type ToolCallRequest, type WireToolCall} from './client.js'
import type {ModelEndpoint} from './endpoint.js'
import type {Lane, LaneSetup} from './lanes.js'
import type {ProbeTask} from './tasks.js'
import type {TokenCounter} from './tokens.js'
import type {CallRecord, LaneTools, ToolAnswer} from './tools.js'
import {TranscriptRecorder} from './transcript.js'
import {guardToolResultText} from '../controls/context-guard.js'

/** How a run ended: the model answered, it was still calling tools at `maxRounds`, or something stopped it. */
export type RunEnd = 'answered' | 'max-rounds' | 'stopped'

export interface RunResult {
  task: number
  repeat: number
  lane: Lane
  end: RunEnd
  success: boolean
  finalText?: string
  /** Requests sent. */
  rounds: number
  requestBytes: number
  responseBytes: number
  inputTokens: number
  outputTokens: number
  /** Tokens came from the tokenizer for at least one request (the endpoint reported no usage). */
  tokensCounted: boolean
  wallMs: number
  calls: CallRecord[]
  wrongToolCalls: number
  malformedArguments: number
  /** Waits for a 429 or 5xx. */
  retries: number
  /** What the session analyzer reads in the run's transcript. */
  summary: SessionSummary
  sessionId: string
  /** The run as an OpenClaw transcript. */
  events: Array<Record<string, unknown>>
  /** Why the run stopped when the model did not end it. */
  stoppedBy?: {code: string; message: string}
}

/** The whole probe's token budget, shared by every run. */
export interface TokenBudget {
  limit?: number
  used: number
}

export interface RunContext {
  endpoint: ModelEndpoint
  setup: LaneSetup
  tools: LaneTools
  /** Loads the tokenizer on first need (an endpoint that reports usage never needs it). */
  counter: () => Promise<TokenCounter>
  maxRounds: number
  timeoutMs: number
  budget: TokenBudget
  /** Ctrl-C. */
  signal: AbortSignal
  onWait?: (message: string) => void
  now?: () => number
}

/** OpenClaw sends tool-call ids back with only their letters and digits (`call_mock_1` → `callmock1`). */
export function wireToolCallId(id: string, index: number): string {
  const cleaned = id.replace(/[^A-Za-z0-9]/g, '')
  return cleaned === '' ? `call${index + 1}` : cleaned
}

/** The request body, keys in OpenClaw's order. */
export function requestBody(endpoint: ModelEndpoint, setup: LaneSetup, messages: ChatMessage[]): ChatRequestBody {
  const withTools = setup.tools.length > 0 ? {tools: setup.tools, tool_choice: 'auto' as const} : {}
  return {model: endpoint.model, messages, stream: true, stream_options: {include_usage: true}, ...withTools, max_completion_tokens: endpoint.maxTokens}
}

/** Whether `record` reached one of the task's tools with the arguments it must carry. */
export function answersTask(task: ProbeTask, record: CallRecord): boolean {
  if (record.toolId === undefined || !task.expect.includes(record.toolId)) return false
  if (record.status !== 'ok' && record.status !== 'no-executor') return false
  return task.args === undefined || isDeepSubset(task.args, record.args)
}

export async function runTask(task: ProbeTask, repeat: number, context: RunContext): Promise<RunResult> {
  const now = context.now ?? Date.now
  const started = performance.now()
  const {endpoint, setup} = context
  const recorder = new TranscriptRecorder({provider: endpoint.provider, model: endpoint.model}, now)
  recorder.user(task.prompt)
  const messages: ChatMessage[] = [...(setup.system === undefined ? [] : [{role: 'system' as const, content: setup.system}]), {role: 'user', content: task.prompt}]
  const toolsJson = setup.tools.length > 0 ? JSON.stringify(setup.tools) : undefined
  const result: Omit<RunResult, 'summary' | 'events' | 'wallMs' | 'success' | 'wrongToolCalls'> = {
    task: task.number,
    repeat,
    lane: setup.lane,
    end: 'stopped',
    rounds: 0,
    requestBytes: 0,
    responseBytes: 0,
    inputTokens: 0,
    outputTokens: 0,
    tokensCounted: false,
    calls: [],
    malformedArguments: 0,
    retries: 0,
    sessionId: recorder.sessionId,
  }
  let doing: 'request' | 'tool' = 'request'
  const deadline = new AbortController()
  const timer = setTimeout(() => {
    const what = doing === 'request' ? `the model endpoint at ${chatCompletionsUrl(endpoint)} had not answered` : 'a tool was still running'
    deadline.abort(new ToolsearchError('model-unavailable', `Task ${task.number} (${setup.lane}) had no final answer within ${context.timeoutMs / 1000} s (--timeout): ${what}.`))
  }, context.timeoutMs)
  timer.unref?.()
  const signal = AbortSignal.any([context.signal, deadline.signal])
  try {
    for (;;) {
      if (result.rounds >= context.maxRounds) {
        result.end = 'max-rounds'
        break
      }
      if (context.budget.limit !== undefined && context.budget.used >= context.budget.limit) {
        throw new ToolsearchError('probe-budget', `The --max-tokens budget (${context.budget.limit}) ran out: ${context.budget.used} tokens used.`)
      }
      doing = 'request'
      const body = JSON.stringify(requestBody(endpoint, setup, messages))
      result.rounds++
      result.requestBytes += Buffer.byteLength(body, 'utf8')
      let turn: ChatTurn
      try {
        turn = await completeChat(endpoint, body, {signal, onWait: context.onWait})
      } catch (error) {
        if (isToolsearchError(error) && error.code !== 'interrupted') recorder.failedTurn(error.message)
        throw error
      }
      result.responseBytes += turn.responseBytes
      result.retries += turn.retries
      const usage = turn.usage ?? (await countedUsage(context, messages, setup, toolsJson, turn))
      if (turn.usage === undefined) result.tokensCounted = true
      result.inputTokens += usage.input
      result.outputTokens += usage.output
      context.budget.used += usage.input + usage.output
      const parsed = new Map<ToolCallRequest, unknown>()
      // As OpenClaw records them: the parsed arguments (the text itself when it is not JSON).
      const argumentsOf = (call: ToolCallRequest) => (parsed.has(call) ? parsed.get(call) : call.arguments)
      for (const call of turn.toolCalls) {
        try {
          parsed.set(call, call.arguments.trim() === '' ? {} : JSON.parse(call.arguments))
        } catch {
          // Kept as the text the model wrote; its tool result says it is not JSON.
        }
      }
      recorder.assistant(turn.text, turn.toolCalls, argumentsOf, {...usage, cacheRead: turn.usage?.cacheRead ?? 0}, turn.toolCalls.length > 0 ? 'toolUse' : 'stop', turn.responseId)
      const wireCalls: WireToolCall[] = turn.toolCalls.map((call, index) => ({id: wireToolCallId(call.id, index), type: 'function', function: {name: call.name, arguments: call.arguments}}))
      messages.push({role: 'assistant', content: turn.text === '' ? null : turn.text, ...(wireCalls.length > 0 ? {tool_calls: wireCalls} : {})})
      if (turn.toolCalls.length === 0) {
        result.end = 'answered'
        result.finalText = turn.text
        break
      }
      doing = 'tool'
      for (const [index, call] of turn.toolCalls.entries()) {
        const answer = await runToolCall(context, call, signal)
        record(recorder, call, answer)
        if (answer.call !== undefined) result.calls.push(answer.call)
        if (answer.malformed === true) result.malformedArguments++
        // The model reads the result as OpenClaw puts it in its context: cut to the model's window.
        messages.push({role: 'tool', content: guardToolResultText(answer.text, endpoint.contextWindow), tool_call_id: wireCalls[index]!.id})
      }
    }
  } catch (error) {
    // The deadline's reason names what was slow; an interrupted tool is the deadline's doing too.
    const reason = deadline.signal.aborted ? (deadline.signal.reason as ToolsearchError) : error
    const failure = asToolsearchError(reason)
    result.stoppedBy = {code: failure.code, message: failure.message}
  } finally {
    clearTimeout(timer)
  }
  const analyzer = new TranscriptAnalyzer()
  for (const event of recorder.events) analyzer.add(event)
  return {
    ...result,
    success: result.calls.some((call) => answersTask(task, call)),
    wrongToolCalls: result.calls.filter((call) => call.toolId !== undefined && !task.expect.includes(call.toolId)).length,
    wallMs: performance.now() - started,
    summary: analyzer.finish().summary,
    events: recorder.events,
  }
}

async function runToolCall(context: RunContext, call: ToolCallRequest, signal: AbortSignal): Promise<ToolAnswer> {
  const answer = await context.tools.run(call, signal)
  if (signal.aborted) throw signal.reason
  return answer
}

function record(recorder: TranscriptRecorder, call: ToolCallRequest, answer: ToolAnswer): void {
  if (answer.nested !== undefined) recorder.nested(call.id, answer.nested.toolName, answer.nested.input ?? {}, answer.nested.result, answer.nested.isError)
  recorder.toolResult(call, answer.text, answer.details, answer.isError)
}

async function countedUsage(context: RunContext, messages: readonly ChatMessage[], setup: LaneSetup, toolsJson: string | undefined, turn: ChatTurn): Promise<{input: number; output: number; cacheRead: number}> {
  const counter = await context.counter()
  return {input: counter.request(messages, setup.tools, toolsJson), output: counter.answer(turn.text, turn.toolCalls), cacheRead: 0}
}
