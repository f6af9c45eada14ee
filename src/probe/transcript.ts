/**
 * A probe run as OpenClaw records a session (src/session/openclaw/transcript.ts reads it): a
 * `session` header, a `model_change`, the user's message, then assistant messages (text and
 * `toolCall` blocks, with `usage`, `provider`, `model`, `stopReason`), `toolResult` messages
 * (`toolCallId`, `toolName`, `content`, `details`, `isError`) and, for each target run through
 * `tool_call`, an `openclaw.nested-tool.v1` message. Each entry has `id`, `parentId` and
 * `timestamp`, chained in order.
 *
 * The probe's own counts (searches, describes, calls, schema recoveries) are read back from these
 * events by the same analyzer `session stats` uses, so the two never disagree; with `--out` the
 * events are written one a line, in a state-directory layout `session list` finds
 * (`agents/<lane>/sessions/<id>.jsonl` and its `sessions.json`).
 */
import {randomUUID} from 'node:crypto'

import {NESTED_TOOL_TYPE} from '../session/openclaw/transcript.js'
import type {ToolCallRequest} from './client.js'

/** OpenClaw's transcript format version (its recordings' `session` header). */
export const TRANSCRIPT_VERSION = 4

export interface TurnUsage {
  input: number
  output: number
  cacheRead: number
}

/** The events of one run, built in order. */
export class TranscriptRecorder {
  readonly sessionId = randomUUID()
  readonly events: Array<Record<string, unknown>> = []
  private parentId: string | null = null

  constructor(
    private readonly model: {provider: string; model: string},
    private readonly now: () => number = Date.now,
  ) {
    this.events.push({type: 'session', version: TRANSCRIPT_VERSION, id: this.sessionId, timestamp: this.iso(), cwd: process.cwd()})
    this.entry({type: 'model_change', provider: model.provider, modelId: model.model})
  }

  private iso(): string {
    return new Date(this.now()).toISOString()
  }

  private entry(fields: Record<string, unknown>): void {
    const id = randomUUID()
    this.events.push({...fields, id, parentId: this.parentId, timestamp: this.iso()})
    this.parentId = id
  }

  private message(message: Record<string, unknown>): void {
    this.entry({type: 'message', message: {...message, timestamp: this.now()}})
  }

  user(text: string): void {
    this.message({role: 'user', content: text})
  }

  assistant(text: string, calls: readonly ToolCallRequest[], argumentsOf: (call: ToolCallRequest) => unknown, usage: TurnUsage, stopReason: string, responseId?: string): void {
    const content = [...(text === '' ? [] : [{type: 'text', text}]), ...calls.map((call) => ({type: 'toolCall', id: call.id, name: call.name, arguments: argumentsOf(call)}))]
    this.message({
      role: 'assistant',
      content,
      api: 'openai-completions',
      provider: this.model.provider,
      model: this.model.model,
      usage: {input: usage.input, output: usage.output, cacheRead: usage.cacheRead, cacheWrite: 0, totalTokens: usage.input + usage.output, cost: {input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0}},
      stopReason,
      ...(responseId === undefined ? {} : {responseId}),
    })
  }

  /** An assistant turn that failed (the endpoint broke off): OpenClaw keeps it with its error. */
  failedTurn(error: string): void {
    this.message({role: 'assistant', content: [], api: 'openai-completions', provider: this.model.provider, model: this.model.model, usage: {input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: {input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0}}, stopReason: 'error', errorMessage: error})
  }

  toolResult(call: ToolCallRequest, text: string, details: unknown, isError: boolean): void {
    this.message({role: 'toolResult', toolCallId: call.id, toolName: call.name, content: [{type: 'text', text}], details, isError})
  }

  /** The target a `tool_call` ran (OpenClaw's nested-tool entry). */
  nested(parentCallId: string, toolName: string, input: unknown, result: unknown, isError: boolean): void {
    this.message({role: 'custom', customType: NESTED_TOOL_TYPE, display: true, excludeFromContext: true, content: '', details: {parentToolCallId: parentCallId, toolName, input, result, isError}})
  }
}
