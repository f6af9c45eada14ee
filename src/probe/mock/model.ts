/**
 * The built-in scripted model (`--model mock`), after OpenClaw's own mock provider: no language
 * model, a few fixed moves decided from the conversation so far. Pure: a Chat Completions request
 * in, the next move out.
 *
 * - First move: with `tool_search` offered, search with the task's words (its content words, as
 *   the project's tokenizer reads them); without it, call the offered tool the same words find
 *   first (the `openclaw` ranker over the offered names and descriptions, among the tools whose
 *   names share a word with the task when there are such), with arguments built from its schema.
 * - After a search: take the first candidate; when its input signature is simple enough to fill
 *   (flat, scalar fields), call it through `tool_call`; else describe it first.
 * - After a describe: call the tool with arguments built from its full schema.
 * - After a failed call: describe the tool once and call again (a schema recovery), unless the
 *   catalog has no executor for it; then give up with a final answer.
 * - After a successful call: a final answer.
 *
 * Arguments from a schema: required properties, and optional ones the task names; strings take the
 * task's quoted texts in order (else the task itself), numbers its numbers in order (else the
 * minimum, else 1), enums the value the task mentions (else the first), booleans whether the task
 * names the property. The task is the first user message, without what OpenClaw adds to it (its
 * timestamp prefix, the `Runtime:` line, its internal-context message), so a real OpenClaw can be
 * pointed at `probe serve-mock` too.
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {analyzeText, contentWords} from '../../search/analyze.js'
import {createOpenClawRanker} from '../../search/openclaw.js'
import type {Ranker} from '../../search/types.js'
import {contentText, unwrapResultText} from '../../session/openclaw/transcript.js'
import {isRecord} from '../../shared/json.js'

export type MockMove = {kind: 'tool'; name: string; args: Record<string, unknown>} | {kind: 'text'; text: string}

interface Step {
  name: string
  args: Record<string, unknown>
  result?: string
}

const INTERNAL_CONTEXT = '<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>'
const TIMESTAMP_PREFIX = /^\[[^\]\n]*\d{4}-\d\d-\d\d[^\]\n]*\]\s*/
const RUNTIME_LINE = /\n+Runtime: [^\n]*$/
const MAX_QUERY_CHARS = 512

/** The task as the user wrote it. */
export function taskPrompt(messages: readonly unknown[]): string {
  for (const message of messages) {
    if (!isRecord(message) || message.role !== 'user') continue
    const text = contentText(message.content)
    if (text.trimStart().startsWith(INTERNAL_CONTEXT)) continue
    return text.replace(TIMESTAMP_PREFIX, '').replace(RUNTIME_LINE, '').trim()
  }
  return ''
}

/** The tool calls so far, each with its result text. */
function stepsOf(messages: readonly unknown[]): Step[] {
  const steps: Step[] = []
  const byId = new Map<string, Step>()
  for (const message of messages) {
    if (!isRecord(message)) continue
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      for (const call of message.tool_calls) {
        if (!isRecord(call) || !isRecord(call.function)) continue
        let args: unknown
        try {
          args = JSON.parse(String(call.function.arguments ?? '{}'))
        } catch {
          args = {}
        }
        const step: Step = {name: String(call.function.name ?? ''), args: isRecord(args) ? args : {}}
        steps.push(step)
        if (typeof call.id === 'string') byId.set(call.id, step)
      }
    }
    if (message.role === 'tool' && typeof message.tool_call_id === 'string') {
      const step = byId.get(message.tool_call_id)
      if (step !== undefined) step.result = contentText(message.content)
    }
  }
  return steps
}

interface OfferedTool {
  name: string
  description: string
  parameters: unknown
}

function offeredTools(tools: unknown): OfferedTool[] {
  if (!Array.isArray(tools)) return []
  return tools.flatMap((tool) => {
    const fn = isRecord(tool) && isRecord(tool.function) ? tool.function : undefined
    return fn !== undefined && typeof fn.name === 'string' ? [{name: fn.name, description: typeof fn.description === 'string' ? fn.description : '', parameters: fn.parameters}] : []
  })
}

/** The next move for a Chat Completions request body. */
export function planMockMove(request: unknown): MockMove {
  const body = isRecord(request) ? request : {}
  const messages = Array.isArray(body.messages) ? body.messages : []
  const tools = offeredTools(body.tools)
  const prompt = taskPrompt(messages)
  const steps = stepsOf(messages)
  const offers = (name: string) => tools.some((tool) => tool.name === name)
  const last = steps.at(-1)
  if (last === undefined) {
    const query = contentWords(prompt).join(' ').slice(0, MAX_QUERY_CHARS) || prompt.slice(0, MAX_QUERY_CHARS)
    if (offers('tool_search')) return {kind: 'tool', name: 'tool_search', args: {query}}
    const best = bestTool(query, tools)
    return best === undefined ? {kind: 'text', text: 'No tool fits this task.'} : {kind: 'tool', name: best.name, args: argumentsFromSchema(best.parameters, prompt)}
  }
  const result = last.result === undefined ? undefined : unwrapResultText(last.result)
  const failed = isRecord(result) && result.status === 'error'
  if (last.name === 'tool_search') {
    const top = firstCandidate(result)
    if (top === undefined) return {kind: 'text', text: failed ? `The search failed: ${String(result.error)}` : 'No tool found for this task.'}
    const fields = typeof top.input === 'string' ? signatureSchema(top.input) : undefined
    if (fields === undefined || !offers('tool_call')) return {kind: 'tool', name: 'tool_describe', args: {id: top.id}}
    return {kind: 'tool', name: 'tool_call', args: {id: top.id, args: argumentsFromSchema(fields, prompt)}}
  }
  if (last.name === 'tool_describe') {
    if (!isRecord(result) || typeof result.id !== 'string' || failed) return {kind: 'text', text: 'I could not describe the tool.'}
    return {kind: 'tool', name: 'tool_call', args: {id: result.id, args: argumentsFromSchema(result.parameters, prompt)}}
  }
  if (!failed) return {kind: 'text', text: `Done: ${last.name === 'tool_call' ? String(last.args.id ?? '') : last.name} answered.`}
  const error = String(result.error ?? '')
  const id = last.name === 'tool_call' ? last.args.id : undefined
  const describedAlready = steps.some((step) => step.name === 'tool_describe' && step.args.id === id)
  if (typeof id === 'string' && !/has no executor/.test(error) && !describedAlready && offers('tool_describe')) return {kind: 'tool', name: 'tool_describe', args: {id}}
  return {kind: 'text', text: `I could not complete the task: ${error}`}
}

function firstCandidate(result: unknown): {id: string; input?: unknown} | undefined {
  const list = Array.isArray(result) ? result : isRecord(result) && Array.isArray(result.results) ? result.results.flatMap((group) => (isRecord(group) && Array.isArray(group.candidates) ? group.candidates : [])) : []
  const top = list[0]
  return isRecord(top) && typeof top.id === 'string' ? {id: top.id, input: top.input} : undefined
}

function rankerOver(tools: readonly OfferedTool[]): Ranker {
  return createOpenClawRanker(tools.map((tool): CatalogEntry => ({id: tool.name, name: tool.name, source: 'openclaw', sourceName: '', description: tool.description, trusted: false, visibility: 'deferred', requiresApproval: false, origin: {file: '', path: []}})))
}

/**
 * The offered tool the project's `openclaw` ranker puts first for the task's words, among the
 * tools whose names share a word with the task when there are such (a model reads names first:
 * a long description that repeats common words should not outrank a tool named for the task).
 */
function bestTool(query: string, tools: readonly OfferedTool[]): OfferedTool | undefined {
  const wanted = new Set(analyzeText(query))
  const named = tools.filter((tool) => analyzeText(tool.name).some((term) => wanted.has(term)))
  const top = rankerOver(named.length > 0 ? named : tools).search(query, 1)[0]
  return top === undefined ? undefined : tools.find((tool) => tool.name === top.entry.name)
}

/**
 * A JSON Schema for a flat input signature (`{ location: string; days?: number /* integer *\/;
 * units?: "metric" | "imperial" }`); undefined when it holds anything but scalar fields.
 */
export function signatureSchema(signature: string): Record<string, unknown> | undefined {
  const text = signature.replace(/\/\*.*?\*\//g, '').trim()
  if (text === '{}') return {type: 'object', properties: {}}
  if (!text.startsWith('{ ') || !text.endsWith(' }')) return undefined
  const inner = text.slice(2, -2)
  if (/[{}<>]|\.\.\./.test(inner)) return undefined
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  for (const part of inner.split(';')) {
    const field = /^\s*("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*)(\?)?: (.+?)\s*$/.exec(part)
    if (field === null) return undefined
    const name = field[1]!.startsWith('"') ? (JSON.parse(field[1]!) as string) : field[1]!
    const type = field[3]!
    let schema: Record<string, unknown>
    if (type === 'string' || type === 'number' || type === 'boolean') schema = {type}
    else if (/^"(?:[^"\\]|\\.)*"(?: \| "(?:[^"\\]|\\.)*")*$/.test(type)) schema = {enum: type.split(' | ').map((literal) => JSON.parse(literal) as string)}
    else return undefined
    properties[name] = schema
    if (field[2] === undefined) required.push(name)
  }
  return {type: 'object', properties, required}
}

interface Cues {
  prompt: string
  words: Set<string>
  quoted: string[]
  numbers: number[]
}

function cuesOf(prompt: string): Cues {
  const quoted = [...prompt.matchAll(/"([^"]+)"|'([^']+)'|“([^”]+)”/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '')
  const unquoted = prompt.replace(/"[^"]+"|'[^']+'|“[^”]+”/g, ' ')
  const numbers = [...unquoted.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])/g)].map((match) => Number(match[0]))
  return {prompt, words: new Set(prompt.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []), quoted, numbers}
}

/** Arguments for `schema` from the task's words (see the module comment). */
export function argumentsFromSchema(schema: unknown, prompt: string): Record<string, unknown> {
  const value = objectValue(schema, cuesOf(prompt), 0)
  return isRecord(value) ? value : {}
}

const MAX_DEPTH = 4

function objectValue(schema: unknown, cues: Cues, depth: number): Record<string, unknown> {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {}
  const required = new Set(isRecord(schema) && Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [])
  const args: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name) && !cues.words.has(name.toLowerCase())) continue
    args[name] = valueFor(name, property, cues, depth + 1)
  }
  return args
}

function typeOf(schema: Record<string, unknown>): string | undefined {
  if (typeof schema.type === 'string') return schema.type
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') as string | undefined
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  const first = variants?.find((variant) => isRecord(variant) && variant.type !== 'null')
  return isRecord(first) ? typeOf(first) : isRecord(schema.properties) ? 'object' : undefined
}

function valueFor(name: string, property: unknown, cues: Cues, depth: number): unknown {
  const schema = isRecord(property) ? property : {}
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum.find((value) => typeof value === 'string' && cues.words.has(value.toLowerCase())) ?? schema.enum.find((value) => typeof value === 'string' && cues.prompt.toLowerCase().includes(value.toLowerCase())) ?? schema.enum[0]
  }
  switch (typeOf(schema)) {
    case 'number':
    case 'integer': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined
      const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined
      let value = cues.numbers.shift() ?? minimum ?? 1
      if (minimum !== undefined) value = Math.max(minimum, value)
      if (maximum !== undefined) value = Math.min(maximum, value)
      return typeOf(schema) === 'integer' ? Math.round(value) : value
    }
    case 'boolean':
      return cues.words.has(name.toLowerCase())
    case 'array': {
      const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0
      return minItems > 0 && depth < MAX_DEPTH ? [valueFor(name, schema.items, cues, depth + 1)] : []
    }
    case 'object':
      return depth < MAX_DEPTH ? objectValue(schema, cues, depth) : {}
    default:
      return cues.quoted.shift() ?? cues.prompt
  }
}
