/**
 * Reading the recordings of real OpenClaw runs in test/fixtures/openclaw-runs: each run's requests
 * to the model endpoint, the control calls of its last request with their results, and its config
 * made runnable here (the recording machine's node and server-everything swapped for this one's).
 */
import {readdirSync, readFileSync, existsSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {isRecord} from '../../src/shared/json.js'
import {ROOT} from './cli.js'

export const RUNS = join(ROOT, 'test/fixtures/openclaw-runs')
const EVERYTHING_ENTRY = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')

export interface RecordedRequest {
  body: {
    tools: Array<{type: string; function: {name: string; description: string; parameters: unknown}}>
    messages: Array<{role: string; content: unknown; tool_call_id?: string; tool_calls?: Array<{id: string; function: {name: string; arguments: string}}>}>
  }
}

/** The recorded runs: directories holding a config and the requests. */
export function recordedRuns(): string[] {
  return readdirSync(RUNS, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && existsSync(join(RUNS, entry.name, 'config.json')) && existsSync(join(RUNS, entry.name, 'requests.jsonl')))
    .map((entry) => entry.name)
    .sort()
}

export function requests(run: string): RecordedRequest[] {
  return readFileSync(join(RUNS, run, 'requests.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RecordedRequest)
}

/** The calls of a run's last request, each with the text of its result (matched by call id). */
export function controlCalls(run: string): Array<{tool: string; args: string; result: string}> {
  const messages = requests(run).at(-1)!.body.messages
  const results = new Map(messages.filter((message) => message.role === 'tool').map((message) => [message.tool_call_id, message.content as string]))
  return messages.flatMap((message) => message.tool_calls ?? []).map((call) => ({tool: call.function.name, args: call.function.arguments, result: results.get(call.id)!}))
}

/** The system prompt of a run's first request. */
export function systemPrompt(run: string): string {
  const content = requests(run)[0]!.body.messages[0]!.content
  return typeof content === 'string' ? content : (content as Array<{text?: string}>).map((part) => part.text ?? '').join('')
}

/**
 * The run's config, written into `dir` with its MCP servers launched as here: a server-everything
 * launched by path on the recording machine runs this checkout's copy with this node.
 */
export function runnableConfig(run: string, dir: string): string {
  const config = JSON.parse(readFileSync(join(RUNS, run, 'config.json'), 'utf8')) as Record<string, unknown>
  const servers = isRecord(config.mcp) && isRecord(config.mcp.servers) ? config.mcp.servers : {}
  for (const server of Object.values(servers)) {
    if (!isRecord(server) || !Array.isArray(server.args)) continue
    const entry = server.args.findIndex((arg) => typeof arg === 'string' && arg.endsWith('server-everything/dist/index.js'))
    if (entry === -1) continue
    server.command = process.execPath
    server.args = [EVERYTHING_ENTRY, ...server.args.slice(entry + 1)]
  }
  const file = join(dir, `${run}.json`)
  writeFileSync(file, JSON.stringify(config, null, 2))
  return file
}

/** The flags naming the agent a run was recorded with (`--agent` in its scenario), or none for the default agent. */
export function agentFlags(run: string): string[] {
  const file = join(RUNS, run, 'scenario.json')
  if (!existsSync(file)) return []
  const scenario = JSON.parse(readFileSync(file, 'utf8')) as {agent?: unknown}
  return typeof scenario.agent === 'string' ? ['--agent', scenario.agent] : []
}

/** A control result with the random boundary ids of its external-content wrappers made equal. */
export function withoutBoundaryIds(text: string): string {
  return text.replace(/(EXTERNAL_UNTRUSTED_CONTENT id=")[0-9a-f]{16}(")/gu, '$1…$2')
}
