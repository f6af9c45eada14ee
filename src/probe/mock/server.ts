/**
 * The scripted model served over real HTTP on 127.0.0.1, as an OpenAI-compatible endpoint:
 * `POST <base>/chat/completions` answers with the next move of src/probe/mock/model.ts, streamed
 * as Chat Completions chunks (the tool call's arguments in two pieces, `finish_reason`, then
 * `[DONE]`) or as one completion when the request says `stream: false`; `GET <base>/models` lists
 * the one model. Any model name and any key are accepted. It reports no usage: a probe against it
 * counts tokens with its tokenizer, as for any endpoint that reports none.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'

import {isRecord} from '../../shared/json.js'
import {type MockMove, planMockMove} from './model.js'

/** The largest request body read (a request carrying a 10,000-tool catalog is well under it). */
export const MAX_MOCK_REQUEST_BYTES = 64 * 1024 * 1024
export const MOCK_BASE_PATH = '/v1'

export interface MockServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string
  port: number
  close(): Promise<void>
}

export interface MockServerOptions {
  port?: number
  /** Every request body received, parsed (a test compares them with OpenClaw's). */
  onRequest?: (body: Record<string, unknown>) => void
  /** Told of every request answered (`probe serve-mock` prints it). */
  onMove?: (move: MockMove, request: {model: string; messages: number; tools: number}) => void
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  response.writeHead(status, {'content-type': 'application/json', 'content-length': Buffer.byteLength(body)})
  response.end(body)
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_MOCK_REQUEST_BYTES) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

let completions = 0

/** The chunks of one streamed move. */
export function moveChunks(move: MockMove, model: string, id: string, callId: string): Array<Record<string, unknown>> {
  const created = Math.floor(Date.now() / 1000)
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({id, object: 'chat.completion.chunk', created, model, choices: [{index: 0, delta, finish_reason: finish}]})
  if (move.kind === 'text') return [chunk({role: 'assistant', content: ''}), chunk({content: move.text}), chunk({}, 'stop')]
  const args = JSON.stringify(move.args)
  const half = Math.ceil(args.length / 2)
  return [
    chunk({role: 'assistant', content: null}),
    chunk({tool_calls: [{index: 0, id: callId, type: 'function', function: {name: move.name, arguments: ''}}]}),
    chunk({tool_calls: [{index: 0, function: {arguments: args.slice(0, half)}}]}),
    chunk({tool_calls: [{index: 0, function: {arguments: args.slice(half)}}]}),
    chunk({}, 'tool_calls'),
  ]
}

/** The one completion of a move, for `stream: false`. */
function moveCompletion(move: MockMove, model: string, id: string, callId: string): Record<string, unknown> {
  const message = move.kind === 'text' ? {role: 'assistant', content: move.text} : {role: 'assistant', content: null, tool_calls: [{id: callId, type: 'function', function: {name: move.name, arguments: JSON.stringify(move.args)}}]}
  return {id, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model, choices: [{index: 0, message, finish_reason: move.kind === 'text' ? 'stop' : 'tool_calls'}]}
}

async function answer(request: IncomingMessage, response: ServerResponse, options: MockServerOptions): Promise<void> {
  const path = (request.url ?? '/').split('?')[0]!
  if (request.method === 'GET' && path.endsWith('/models')) return sendJson(response, 200, {object: 'list', data: [{id: 'mock', object: 'model', owned_by: 'toolsearch'}]})
  if (request.method !== 'POST' || !path.endsWith('/chat/completions')) return sendJson(response, 404, {error: {message: `No route ${request.method} ${path}: the mock answers POST ${MOCK_BASE_PATH}/chat/completions.`, type: 'not_found'}})
  const text = await readBody(request)
  if (text === undefined) return sendJson(response, 413, {error: {message: 'The request body is too large.', type: 'invalid_request_error'}})
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return sendJson(response, 400, {error: {message: 'The request body is not JSON.', type: 'invalid_request_error'}})
  }
  if (!isRecord(body) || !Array.isArray(body.messages)) return sendJson(response, 400, {error: {message: 'The request has no messages.', type: 'invalid_request_error'}})
  options.onRequest?.(body)
  const move = planMockMove(body)
  const model = typeof body.model === 'string' ? body.model : 'mock'
  completions++
  const id = `chatcmpl-mock-${completions}`
  const turn = body.messages.filter((message) => isRecord(message) && message.role === 'assistant').length + 1
  const callId = `call_mock_${turn}`
  options.onMove?.(move, {model, messages: body.messages.length, tools: Array.isArray(body.tools) ? body.tools.length : 0})
  if (body.stream !== true) return sendJson(response, 200, moveCompletion(move, model, id, callId))
  response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive'})
  for (const chunk of moveChunks(move, model, id, callId)) response.write(`data: ${JSON.stringify(chunk)}\n\n`)
  response.end('data: [DONE]\n\n')
}

/** Starts the mock on 127.0.0.1 (`port` 0: any free port). */
export function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const server: Server = createServer((request, response) => {
    answer(request, response, options).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, {error: {message: error instanceof Error ? error.message : String(error), type: 'server_error'}})
      else response.destroy()
    })
  })
  // Keep-alive sockets would hold `close()` until they time out.
  server.keepAliveTimeout = 1000
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      resolve({
        baseUrl: `http://127.0.0.1:${port}${MOCK_BASE_PATH}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
