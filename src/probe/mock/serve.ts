/**
 * `probe serve-mock`: the scripted model on its own, until Ctrl-C. What a person needs to point an
 * OpenClaw at it is printed once it listens; each answered request is one line on stderr.
 */
import {safeInline} from '../../output/terminal.js'
import type {MockMove} from './model.js'
import {startMockServer} from './server.js'

export interface ServeIo {
  print(text: string): void
  note(text: string): void
}

function describeMove(move: MockMove): string {
  return move.kind === 'text' ? `answer ${JSON.stringify(move.text)}` : `${move.name} ${JSON.stringify(move.args)}`
}

/** Serves until SIGINT or SIGTERM; resolves with what it served. */
export async function serveMock(port: number, io: ServeIo): Promise<{baseUrl: string; port: number; requests: number}> {
  let requests = 0
  const server = await startMockServer({
    port,
    onMove: (move, request) => {
      requests++
      io.note(safeInline(`#${requests} ${request.model}, ${request.messages} messages, ${request.tools} tools → ${describeMove(move)}`))
    },
  })
  io.print(
    [
      `Mock model on ${server.baseUrl} (any model id, any key; Ctrl-C stops it).`,
      'An OpenClaw provider that uses it:',
      `  "models": {"providers": {"mock": {"baseUrl": "${server.baseUrl}", "api": "openai-completions", "apiKey": "mock", "models": [{"id": "mock", "name": "Mock", "contextWindow": 128000, "maxTokens": 4096}]}}}`,
      '  "agents": {"defaults": {"model": {"primary": "mock/mock"}}}',
    ].join('\n'),
  )
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop).off('SIGTERM', stop)
      resolve()
    }
    process.on('SIGINT', stop).on('SIGTERM', stop)
  })
  await server.close()
  return {baseUrl: server.baseUrl, port: server.port, requests}
}
