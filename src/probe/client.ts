/**
 * One Chat Completions round trip, streamed as OpenClaw streams it (`stream: true`,
 * `stream_options.include_usage`), over the runtime's own `fetch` with `eventsource-parser` for
 * the server-sent events. The mock model is reached through exactly this code.
 *
 * What can go wrong, each said in one line that names the endpoint and never the key:
 * - 401/403: the key (the variable it came from is named); 404: the model; another 4xx: the
 *   request, with the endpoint's own message (a model without tool support says so here).
 *   These are `model-refused` (exit 2): retrying cannot help.
 * - 429 and a 5xx that says when to come back (`retry-after`, `retry-after-ms`): waited for and
 *   retried, at most `MAX_RETRIES` times and never longer than `MAX_RETRY_WAIT_MS` a wait; a 429
 *   without a time backs off 1, 2, 4 s. Past that, and for any other 5xx, an unreachable host, a
 *   stream cut before its end, an event that is not JSON, or no answer before the deadline:
 *   `model-unavailable` (exit 4).
 * Tool-call arguments are passed on as the model wrote them: arguments that are not JSON are the
 * model's mistake, answered in the conversation (src/probe/loop.ts), not an endpoint failure.
 */
import {type ModelEndpoint, withoutKey} from './endpoint.js'
import {ToolsearchError, isToolsearchError} from '../shared/errors.js'
import {scrubSecretText} from '../session/log.js'

export const MAX_RETRIES = 3
export const MAX_RETRY_WAIT_MS = 60_000
/** Waits after a 429 that names no time: 1, 2, 4 s. */
export const RATE_LIMIT_BACKOFF_MS = [1000, 2000, 4000] as const
/** Characters of an endpoint's error text quoted in a message. */
const QUOTED_ERROR_CHARS = 300
/** A response larger than this is not a chat turn. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

export interface WireToolCall {
  id: string
  type: 'function'
  function: {name: string; arguments: string}
}

export type ChatMessage =
  | {role: 'system'; content: string}
  | {role: 'user'; content: string}
  | {role: 'assistant'; content: string | null; tool_calls?: WireToolCall[]}
  | {role: 'tool'; content: string; tool_call_id: string}

export interface ChatTool {
  type: 'function'
  function: {name: string; description: string; parameters: Record<string, unknown>}
}

/** The request body, keys in the order OpenClaw sends them. */
export interface ChatRequestBody {
  model: string
  messages: ChatMessage[]
  stream: true
  stream_options: {include_usage: true}
  tools?: ChatTool[]
  tool_choice?: 'auto'
  max_completion_tokens: number
}

export interface ToolCallRequest {
  id: string
  name: string
  /** The arguments as the model wrote them (JSON text, maybe not valid). */
  arguments: string
}

export interface ProviderUsage {
  input: number
  output: number
  cacheRead: number
}

export interface ChatTurn {
  text: string
  toolCalls: ToolCallRequest[]
  finishReason: string
  usage?: ProviderUsage
  responseId?: string
  responseBytes: number
  /** Waits for a 429 or 5xx before the answer came. */
  retries: number
}

export interface ChatOptions {
  /** Aborted on the deadline or Ctrl-C; its reason is what is thrown. */
  signal: AbortSignal
  /** Told before each wait for a retry (a progress line). */
  onWait?: (message: string) => void
  /** The clock the retry waits use; tests pass their own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

const STATUS_TEXT: Record<number, string> = {400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout', 413: 'Payload Too Large', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout'}

const statusLine = (status: number) => `${status}${STATUS_TEXT[status] === undefined ? '' : ` ${STATUS_TEXT[status]}`}`

export function chatCompletionsUrl(endpoint: Pick<ModelEndpoint, 'baseUrl'>): string {
  return `${endpoint.baseUrl}/chat/completions`
}

/** Text that came from the endpoint, safe to print: the key and anything key-like replaced. */
export function scrubEndpointText(text: string, endpoint: Pick<ModelEndpoint, 'apiKey'>): string {
  const scrubbed = scrubSecretText(withoutKey(text, endpoint))
  const oneLine = scrubbed.replace(/\s+/g, ' ').trim()
  return oneLine.length > QUOTED_ERROR_CHARS ? `${oneLine.slice(0, QUOTED_ERROR_CHARS - 1)}…` : oneLine
}

function refused(message: string): ToolsearchError {
  return new ToolsearchError('model-refused', message)
}

function unavailable(message: string, cause?: unknown): ToolsearchError {
  return new ToolsearchError('model-unavailable', message, cause === undefined ? {} : {cause})
}

const defaultSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(done, ms)
    function done() {
      signal.removeEventListener('abort', abort)
      resolve()
    }
    function abort() {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', abort, {once: true})
  })

/** How long the endpoint asks to wait (`retry-after-ms`, `retry-after` in seconds or as a date); undefined when it does not say. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms'))
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms
  const value = headers.get('retry-after')
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Sends one request and reads the whole streamed answer. */
export async function completeChat(endpoint: ModelEndpoint, body: string, options: ChatOptions): Promise<ChatTurn> {
  const url = chatCompletionsUrl(endpoint)
  const sleep = options.sleep ?? defaultSleep
  for (let retries = 0; ; retries++) {
    const response = await send(url, endpoint, body, options.signal)
    if (response.ok) return {...(await readAnswer(response, endpoint, url, options.signal)), retries}
    const text = await readErrorText(response, options.signal)
    const wait = retryWait(response, retries)
    const failure = responseError(response.status, endpoint, url, scrubEndpointText(endpointMessage(text), endpoint), wait, retries)
    if (failure !== undefined) throw failure
    options.onWait?.(`${statusLine(response.status)} from the model endpoint; retrying in ${Math.ceil(wait! / 1000)} s (${retries + 1} of ${MAX_RETRIES})`)
    await sleep(wait!, options.signal)
  }
}

/** How long to wait before retrying this response, if it may be retried at all. */
function retryWait(response: Response, retries: number): number | undefined {
  const asked = retryAfterMs(response.headers)
  if (response.status === 429) return asked ?? RATE_LIMIT_BACKOFF_MS[Math.min(retries, RATE_LIMIT_BACKOFF_MS.length - 1)]
  if (response.status >= 500) return asked
  return undefined
}

/** The error for a response that is not retried; undefined when it is. */
function responseError(status: number, endpoint: ModelEndpoint, url: string, quoted: string, wait: number | undefined, retries: number): ToolsearchError | undefined {
  const said = quoted === '' ? '' : `: ${quoted}`
  if (status === 401 || status === 403) {
    const key = endpoint.apiKey === undefined ? `no key was sent${endpoint.keySource === undefined ? ' (set the provider\'s apiKey, or pass --api-key-env <VARIABLE>)' : ` (${endpoint.keySource})`}` : `check the key in ${endpoint.keySource ?? 'the config'}`
    return refused(`The model endpoint refused the key (${statusLine(status)}) at ${url}: ${key}${said}.`)
  }
  if (status === 404) return refused(`The model endpoint does not know model "${endpoint.model}" (${statusLine(status)}) at ${url}: check the model id and the base URL${said}.`)
  if (status === 429 || (status >= 500 && wait !== undefined)) {
    if (retries >= MAX_RETRIES) return unavailable(`The model endpoint kept answering ${statusLine(status)} at ${url} after ${MAX_RETRIES} retries${said}.`)
    if (wait! > MAX_RETRY_WAIT_MS) return unavailable(`The model endpoint answered ${statusLine(status)} at ${url} and asks to wait ${Math.ceil(wait! / 1000)} s, longer than the probe waits (${MAX_RETRY_WAIT_MS / 1000} s)${said}.`)
    return undefined
  }
  if (status >= 500) return unavailable(`The model endpoint failed (${statusLine(status)}) at ${url}${said}.`)
  return refused(`The model endpoint rejected the request (${statusLine(status)}) at ${url}${said}.`)
}

/** The `error.message` of an OpenAI-style error body, else the body. */
function endpointMessage(text: string): string {
  try {
    const value = JSON.parse(text) as {error?: {message?: unknown} | string; message?: unknown}
    if (typeof value.error === 'string') return value.error
    if (typeof value.error?.message === 'string') return value.error.message
    if (typeof value.message === 'string') return value.message
  } catch {
    // Not JSON: the text as it came.
  }
  return text
}

async function send(url: string, endpoint: ModelEndpoint, body: string, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {'content-type': 'application/json', accept: 'text/event-stream, application/json'}
  if (endpoint.apiKey !== undefined) headers.authorization = `Bearer ${endpoint.apiKey}`
  try {
    return await fetch(url, {method: 'POST', headers, body, signal})
  } catch (error) {
    if (signal.aborted) throw signal.reason
    throw unavailable(`Cannot reach the model endpoint at ${url}: ${networkReason(error)}.`, error)
  }
}

function networkReason(error: unknown): string {
  const cause = (error as {cause?: {code?: unknown; message?: unknown}}).cause
  if (typeof cause?.code === 'string') return cause.code
  if (typeof cause?.message === 'string') return cause.message
  return error instanceof Error ? error.message : String(error)
}

async function readErrorText(response: Response, signal: AbortSignal): Promise<string> {
  try {
    return (await readBody(response, 64 * 1024)).text
  } catch {
    if (signal.aborted) throw signal.reason
    return ''
  }
}

/** The body as text, at most `limit` bytes (more is cut, not an error). */
async function readBody(response: Response, limit: number): Promise<{text: string; bytes: number}> {
  const reader = response.body?.getReader()
  if (reader === undefined) return {text: '', bytes: 0}
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined)
      break
    }
    text += decoder.decode(value, {stream: true})
  }
  return {text: text + decoder.decode(), bytes}
}

/** What a stream has said so far. */
class TurnBuilder {
  text = ''
  finishReason: string | undefined
  usage: ProviderUsage | undefined
  responseId: string | undefined
  done = false
  private readonly calls: Array<{id: string; name: string; arguments: string}> = []

  /** One parsed chunk (or a whole non-streamed completion: `message` instead of `delta`). */
  add(chunk: Record<string, unknown>): void {
    if (typeof chunk.id === 'string') this.responseId ??= chunk.id
    const usage = chunk.usage as {prompt_tokens?: unknown; completion_tokens?: unknown; prompt_tokens_details?: {cached_tokens?: unknown}} | null | undefined
    if (usage !== null && typeof usage === 'object' && typeof usage.prompt_tokens === 'number') {
      this.usage = {input: usage.prompt_tokens, output: typeof usage.completion_tokens === 'number' ? usage.completion_tokens : 0, cacheRead: typeof usage.prompt_tokens_details?.cached_tokens === 'number' ? usage.prompt_tokens_details.cached_tokens : 0}
    }
    const choice = Array.isArray(chunk.choices) ? (chunk.choices[0] as Record<string, unknown> | undefined) : undefined
    if (choice === undefined || choice === null) return
    const delta = (choice.delta ?? choice.message) as {content?: unknown; tool_calls?: unknown} | undefined
    if (typeof delta?.content === 'string') this.text += delta.content
    if (Array.isArray(delta?.tool_calls)) {
      delta.tool_calls.forEach((raw: unknown, position: number) => this.addToolCall(raw, position))
    }
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason
  }

  private addToolCall(raw: unknown, position: number): void {
    if (raw === null || typeof raw !== 'object') return
    const part = raw as {index?: unknown; id?: unknown; function?: {name?: unknown; arguments?: unknown}}
    const index = typeof part.index === 'number' ? part.index : position
    const call = (this.calls[index] ??= {id: '', name: '', arguments: ''})
    if (typeof part.id === 'string' && part.id !== '') call.id = part.id
    if (typeof part.function?.name === 'string') call.name += part.function.name
    if (typeof part.function?.arguments === 'string') call.arguments += part.function.arguments
  }

  toolCalls(): ToolCallRequest[] {
    return this.calls.filter((call) => call !== undefined).map((call, index) => ({...call, id: call.id === '' ? `call_${index + 1}` : call.id}))
  }
}

async function readAnswer(response: Response, endpoint: ModelEndpoint, url: string, signal: AbortSignal): Promise<Omit<ChatTurn, 'retries'>> {
  const type = response.headers.get('content-type') ?? ''
  const turn = new TurnBuilder()
  let bytes = 0
  try {
    if (!type.includes('text/event-stream')) {
      // An endpoint that ignored `stream: true` answers with one completion.
      const body = await readBody(response, MAX_RESPONSE_BYTES)
      bytes = body.bytes
      if (bytes > MAX_RESPONSE_BYTES) throw unavailable(`The model endpoint's answer at ${url} is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`)
      turn.add(parseJsonEvent(body.text, endpoint, url, 'its answer'))
      turn.done = turn.finishReason !== undefined
    } else {
      bytes = await readStream(response, turn, endpoint, url)
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason
    if (isToolsearchError(error)) throw error
    throw unavailable(`The model endpoint's stream at ${url} broke off: ${networkReason(error)}.`, error)
  }
  if (!turn.done && turn.finishReason === undefined) {
    throw unavailable(`The model endpoint's stream at ${url} ended before the answer was complete (no finish_reason and no [DONE]).`)
  }
  return {text: turn.text, toolCalls: turn.toolCalls(), finishReason: turn.finishReason ?? 'stop', ...(turn.usage === undefined ? {} : {usage: turn.usage}), ...(turn.responseId === undefined ? {} : {responseId: turn.responseId}), responseBytes: bytes}
}

function parseJsonEvent(data: string, endpoint: ModelEndpoint, url: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    throw unavailable(`The model endpoint at ${url} sent ${what} that is not JSON: ${JSON.stringify(scrubEndpointText(data, endpoint).slice(0, 80))}.`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw unavailable(`The model endpoint at ${url} sent ${what} that is not a JSON object.`)
  const record = value as Record<string, unknown>
  if (record.error !== undefined && record.error !== null) {
    throw unavailable(`The model endpoint at ${url} reported an error mid-answer: ${scrubEndpointText(endpointMessage(data), endpoint)}.`)
  }
  return record
}

async function readStream(response: Response, turn: TurnBuilder, endpoint: ModelEndpoint, url: string): Promise<number> {
  const {createParser} = await import('eventsource-parser')
  let events = 0
  let failure: ToolsearchError | undefined
  const parser = createParser({
    onEvent(event) {
      if (failure !== undefined || turn.done) return
      events++
      if (event.data.trim() === '[DONE]') {
        turn.done = true
        return
      }
      try {
        turn.add(parseJsonEvent(event.data, endpoint, url, `stream event ${events}`))
      } catch (error) {
        failure = error as ToolsearchError
      }
    },
  })
  const reader = response.body?.getReader()
  if (reader === undefined) return 0
  const decoder = new TextDecoder()
  let bytes = 0
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    bytes += value.byteLength
    if (bytes > MAX_RESPONSE_BYTES) failure ??= unavailable(`The model endpoint's answer at ${url} is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`)
    else parser.feed(decoder.decode(value, {stream: true}))
    if (failure !== undefined || turn.done) {
      await reader.cancel().catch(() => undefined)
      break
    }
  }
  if (failure !== undefined) throw failure
  return bytes
}
