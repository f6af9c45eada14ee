/**
 * The requests the probe sends, over HTTP to the mock, against the requests OpenClaw 2026.9.6
 * sent in real runs of the same config (test/fixtures/openclaw-runs): the catalog is what the
 * probe loads from the recorded config (OpenClaw's own tools and the real server-everything), and
 * for each lane the `tools` array and the `### Deferred Tool Schemas` section must be OpenClaw's
 * byte for byte, as must the request's framing (its keys in order, streaming options, tool choice).
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {loadCatalogContext, type CatalogContext} from '../../src/cli/context.js'
import {McpSessionPool} from '../../src/mcp/pool.js'
import {mockEndpoint} from '../../src/probe/endpoint.js'
import type {Lane} from '../../src/probe/lanes.js'
import {startMockServer} from '../../src/probe/mock/server.js'
import {runProbe} from '../../src/probe/run.js'
import type {ProbeTask} from '../../src/probe/tasks.js'
import {ROOT, tempDir} from '../helpers/cli.js'
import {everythingServer, leftoverServers, pidFile} from '../mcp/helpers.js'

const RUNS = join(ROOT, 'test/fixtures/openclaw-runs')

interface RecordedBody {
  model: string
  messages: Array<{role: string; content: unknown}>
  tools: unknown[]
  [key: string]: unknown
}

function firstRequest(run: string): RecordedBody {
  const line = readFileSync(join(RUNS, run, 'requests.jsonl'), 'utf8').split('\n')[0]!
  return (JSON.parse(line) as {body: RecordedBody}).body
}

/** The recorded config with its MCP server started from this checkout. */
function localConfig(dir: string, run: string, pids: string): string {
  const config = JSON.parse(readFileSync(join(RUNS, run, 'config.json'), 'utf8')) as {mcp: {servers: Record<string, unknown>}}
  config.mcp.servers.everything = everythingServer(pids)
  const file = join(dir, `${run}.json`)
  writeFileSync(file, JSON.stringify(config, null, 2))
  return file
}

/** The section as OpenClaw placed it: from its heading to the end of the directory's footer line. */
function recordedSection(system: string): string {
  const start = system.indexOf('### Deferred Tool Schemas\n')
  const footer = system.indexOf('\n', system.indexOf('Policy-approved MCP and client tools may also be discoverable through search.\n') + 80)
  return system.slice(start, footer)
}

const TASK: ProbeTask = {number: 1, name: 'echo', prompt: 'Please echo the message "hi" using the echo tool.', expect: ['mcp:everything:everything__echo'], args: {message: 'hi'}, line: 1}

let dir: string
let pids: string
let pool: McpSessionPool
/** The catalog of the default run's config; the other runs' configs differ only in Tool Search's mode and the model's window. */
let context: CatalogContext
const sent = new Map<string, RecordedBody[]>()

/** The context window the run's config declares for its model, as OpenClaw sized the directory with. */
function contextWindowOf(run: string): number {
  const config = JSON.parse(readFileSync(join(RUNS, run, 'config.json'), 'utf8')) as {models: {providers: {mock: {models: Array<{contextWindow: number}>}}}}
  return config.models.providers.mock.models[0]!.contextWindow
}

/** Runs the probe over HTTP for one recorded run's lane; keeps the bodies the mock received. */
async function probeRun(run: string, lane: Lane): Promise<RecordedBody[]> {
  const bodies: RecordedBody[] = []
  const mock = await startMockServer({onRequest: (body) => bodies.push(body as RecordedBody)})
  try {
    const outcome = await runProbe({
      tasks: [TASK],
      lanes: [lane],
      repeat: 1,
      maxRounds: 8,
      timeoutMs: 60_000,
      approve: false,
      settings: context.settings,
      catalog: context.catalog,
      endpoint: mockEndpoint(mock.baseUrl, contextWindowOf(run)),
      signal: new AbortController().signal,
    })
    expect(outcome.complete).toBe(true)
    expect(outcome.runs[0]!.success).toBe(true)
    sent.set(`${run}:${lane}`, bodies)
    return bodies
  } finally {
    await mock.close()
  }
}

beforeAll(async () => {
  dir = tempDir()
  pids = pidFile(dir)
  pool = new McpSessionPool()
  context = await loadCatalogContext({config: localConfig(dir, 'default', pids)}, {note: () => undefined, env: {PATH: process.env.PATH}, mcpSessions: pool})
}, 60_000)

/** A run's config without what differs between runs by design: paths, the mock's port, Tool Search's setting, the model's window. */
function comparableConfig(run: string): string {
  const config = JSON.parse(readFileSync(join(RUNS, run, 'config.json'), 'utf8')) as {agents: {defaults: Record<string, unknown>}; models: {providers: {mock: {baseUrl?: string; models: Array<Record<string, unknown>>}}}; mcp?: unknown; tools?: unknown}
  delete config.agents.defaults.workspace
  delete config.models.providers.mock.baseUrl
  delete config.mcp
  delete config.tools
  delete config.models.providers.mock.models[0]!.contextWindow
  return JSON.stringify(config)
}

afterAll(async () => {
  await pool.closeAll()
  expect(await leftoverServers(pids)).toEqual([])
})

describe('the requests the probe sends, against the recorded OpenClaw requests', () => {
  it('holds one catalog for every run: the recorded configs differ only in Tool Search\'s setting and the model\'s window', () => {
    for (const run of ['directory', 'direct', 'small-window-16k']) expect(comparableConfig(run)).toBe(comparableConfig('default'))
  })

  it.each([
    ['default', 'tools'],
    ['directory', 'directory'],
    ['small-window-16k', 'tools'],
  ] as const)('%s (%s lane): the tools array and the Deferred Tool Schemas section are byte for byte OpenClaw\'s', async (run, lane) => {
    const recorded = firstRequest(run)
    const bodies = await probeRun(run, lane)
    const body = bodies[0]!
    expect(JSON.stringify(body.tools)).toBe(JSON.stringify(recorded.tools))
    const system = String(body.messages[0]!.content)
    expect(body.messages[0]!.role).toBe('system')
    // Only the section is reproduced: the system message is exactly it.
    expect(system).toBe(recordedSection(String(recorded.messages[0]!.content)))
    expect(body.messages[1]).toEqual({role: 'user', content: TASK.prompt})
    // Every later request of the run sends the same tools and the same section.
    for (const later of bodies.slice(1)) {
      expect(JSON.stringify(later.tools)).toBe(JSON.stringify(recorded.tools))
      expect(later.messages[0]!.content).toBe(system)
    }
  }, 60_000)

  it('direct lane: every tool of the recorded direct request, byte for byte and in its order, and no directory', async () => {
    const recorded = firstRequest('direct')
    const bodies = await probeRun('direct', 'direct')
    const body = bodies[0]!
    expect(JSON.stringify(body.tools)).toBe(JSON.stringify(recorded.tools))
    expect(body.tools).toHaveLength(70)
    expect(body.messages.map((message) => message.role)).toEqual(['user'])
  }, 60_000)

  it('frames each request as OpenClaw does: the same keys in the same order, streaming with usage, tool choice auto, the model row\'s output limit', () => {
    const recorded = firstRequest('default')
    const body = sent.get('default:tools')![0]!
    expect(Object.keys(body)).toEqual(Object.keys(recorded))
    for (const key of ['stream', 'stream_options', 'tool_choice', 'max_completion_tokens'] as const) expect(body[key]).toEqual(recorded[key])
  })

  it('sends a tool call back as OpenClaw does: the assistant message with content null and the id without punctuation, then the tool message', () => {
    const bodies = sent.get('default:tools')!
    const recordedSecond = readFileSync(join(RUNS, 'default', 'requests.jsonl'), 'utf8').split('\n')[1]!
    const recorded = (JSON.parse(recordedSecond) as {body: RecordedBody}).body.messages
    const assistant = bodies[1]!.messages.find((message) => message.role === 'assistant') as Record<string, unknown>
    const recordedAssistant = recorded.find((message) => message.role === 'assistant') as Record<string, unknown>
    // The mock's query differs from the recorded mock's; everything around it is the same.
    const withoutArguments = (message: Record<string, unknown>) => JSON.stringify(message).replace(/"arguments":"(?:[^"\\]|\\.)*"/, '"arguments":""')
    expect(withoutArguments(assistant)).toBe(withoutArguments(recordedAssistant))
    const tool = bodies[1]!.messages.find((message) => message.role === 'tool') as Record<string, unknown>
    expect(Object.keys(tool)).toEqual(['role', 'content', 'tool_call_id'])
    expect(tool.tool_call_id).toBe('callmock1')
  })
})
