/**
 * The endpoint errors a person meets, each from a local server on 127.0.0.1 that misbehaves one
 * way: a clear line, the results so far kept and reported, the exit code of the table, and the
 * key never printed, logged or written — not even when the endpoint quotes it back.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'

import {moveChunks} from '../../src/probe/mock/server.js'
import {planMockMove} from '../../src/probe/mock/model.js'
import {spawn} from 'node:child_process'

import {BIN, ROOT, isolatedEnv, parseJsonOutput, runCli, tempDir, type CliResult} from '../helpers/cli.js'
import {closedPort} from '../mcp/helpers.js'

const CATALOG = join(ROOT, 'examples', 'catalog.json5')
const TASKS = join(ROOT, 'test/fixtures/probe/tasks.jsonl')
const KEY = 'sk-probe-SECRET-0123456789abcdef'
const KEY_VARIABLE = 'PROBE_TEST_KEY'

interface Seen {
  at: number
  body: Record<string, unknown>
  authorization?: string
}

type Handler = (request: IncomingMessage, response: ServerResponse, seen: Seen, index: number) => void

const servers: Array<{close: () => void}> = []

afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A streamed answer as the mock would give it. */
function answerAsMock(response: ServerResponse, body: Record<string, unknown>, move = planMockMove(body)): void {
  response.writeHead(200, {'content-type': 'text/event-stream'})
  for (const chunk of moveChunks(move, 'm', 'chatcmpl-test', 'call_test_1')) response.write(`data: ${JSON.stringify(chunk)}\n\n`)
  response.end('data: [DONE]\n\n')
}

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, {'content-type': 'application/json', ...headers})
  response.end(JSON.stringify(value))
}

/** Starts a server answering with `handler`; returns its base URL and what it saw. */
async function endpoint(handler: Handler): Promise<{baseUrl: string; seen: Seen[]}> {
  const seen: Seen[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const entry: Seen = {at: performance.now(), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>, authorization: request.headers.authorization}
      seen.push(entry)
      handler(request, response, entry, seen.length - 1)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push({close: () => server.close() && server.closeAllConnections()})
  const address = server.address() as {port: number}
  return {baseUrl: `http://127.0.0.1:${address.port}/v1`, seen}
}

async function probe(baseUrl: string, extra: string[] = [], env: Record<string, string | undefined> = {[KEY_VARIABLE]: KEY}): Promise<CliResult> {
  return runCli(['probe', '--tasks', TASKS, '--catalog', CATALOG, '--model', 'test/m', '--base-url', baseUrl, '--api-key-env', KEY_VARIABLE, ...extra], {env})
}

function expectNoKey(...texts: string[]): void {
  for (const text of texts) expect(text).not.toContain(KEY)
}

describe('the key and the model refused (exit 2)', () => {
  it('401: says which variable the key came from, sends it as a bearer token, and never shows it, even quoted back', async () => {
    const {baseUrl, seen} = await endpoint((_request, response) => json(response, 401, {error: {message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error'}}))
    const dir = tempDir()
    const result = await probe(baseUrl, ['--out', join(dir, 'out'), '--html', join(dir, 'report.html')])
    expect(result.code).toBe(2)
    expect(seen[0]!.authorization).toBe(`Bearer ${KEY}`)
    expect(result.stderr).toContain(`The model endpoint refused the key (401 Unauthorized) at ${baseUrl}/chat/completions: check the key in ${KEY_VARIABLE}: Incorrect API key provided: <redacted>.`)
    expect(result.stderr).toContain('Stopped after 1 of 9 runs (direct, task 1)')
    const written = [readFileSync(join(dir, 'report.html'), 'utf8'), readFileSync(join(dir, 'out', 'probe.json'), 'utf8'), ...readdirSync(join(dir, 'out', 'agents', 'direct', 'sessions')).map((name) => readFileSync(join(dir, 'out', 'agents', 'direct', 'sessions', name), 'utf8'))]
    expectNoKey(result.stdout, result.stderr, ...written)
    // The failed turn is in the transcript with its error, as OpenClaw keeps one.
    expect(written.some((text) => text.includes('"stopReason":"error"'))).toBe(true)
  })

  it('401 without a key: says the variable is not set', async () => {
    const {baseUrl, seen} = await endpoint((_request, response) => json(response, 401, {error: {message: 'Missing bearer authentication.'}}))
    const result = await probe(baseUrl, ['--lanes', 'tools'], {})
    expect(result.code).toBe(2)
    expect(seen[0]!.authorization).toBeUndefined()
    expect(result.stderr).toContain(`no key was sent (${KEY_VARIABLE} (not set))`)
  })

  it('403 and 404: the key may not use the model; the model is unknown', async () => {
    const forbidden = await endpoint((_request, response) => json(response, 403, {error: {message: 'Project does not have access to model m'}}))
    const result403 = await probe(forbidden.baseUrl, ['--lanes', 'tools'])
    expect(result403.code).toBe(2)
    expect(result403.stderr).toContain('refused the key (403 Forbidden)')
    const missing = await endpoint((_request, response) => json(response, 404, {error: {message: 'The model `m` does not exist'}}))
    const result404 = await probe(missing.baseUrl, ['--lanes', 'tools', '--json'])
    expect(result404.code).toBe(2)
    expect(result404.stderr).toContain(`The model endpoint does not know model "m" (404 Not Found) at ${missing.baseUrl}/chat/completions: check the model id and the base URL: The model \`m\` does not exist.`)
    // --json: the report of what ran (nothing) with why it stopped; stdout is one document.
    expect(parseJsonOutput<{complete: boolean; stoppedBy: {code: string}}>(result404)).toMatchObject({complete: false, stoppedBy: {code: 'model-refused'}})
  })
})

describe('rate limits (429)', () => {
  it('honours retry-after, then goes on', async () => {
    const {baseUrl, seen} = await endpoint((_request, response, entry, index) => (index === 0 ? json(response, 429, {error: {message: 'Rate limit reached'}}, {'retry-after': '1'}) : answerAsMock(response, entry.body)))
    const one = join(tempDir(), 'one.jsonl')
    writeFileSync(one, `${readFileSync(TASKS, 'utf8').split('\n')[0]}\n`)
    const result = await runCli(['probe', '--tasks', one, '--catalog', CATALOG, '--model', 'test/m', '--base-url', baseUrl, '--lanes', 'tools', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('Note: 429 Too Many Requests from the model endpoint; retrying in 1 s (1 of 3)')
    // The retry waited at least the second the endpoint asked for.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(990)
    expect(parseJsonOutput<{runs: Array<{retries: number; success: boolean}>}>(result).runs[0]).toMatchObject({retries: 1, success: true})
  })

  it('stops when the endpoint asks to wait longer than the probe waits, and after three retries', async () => {
    const long = await endpoint((_request, response) => json(response, 429, {error: {message: 'Rate limit reached'}}, {'retry-after': '3600'}))
    const waited = await probe(long.baseUrl, ['--lanes', 'tools'])
    expect(waited.code).toBe(4)
    expect(waited.stderr).toContain('answered 429 Too Many Requests at')
    expect(waited.stderr).toContain('asks to wait 3600 s, longer than the probe waits (60 s)')
    expect(long.seen).toHaveLength(1)
    const always = await endpoint((_request, response) => json(response, 429, {error: {message: 'Rate limit reached'}}, {'retry-after-ms': '0'}))
    const retried = await probe(always.baseUrl, ['--lanes', 'tools'])
    expect(retried.code).toBe(4)
    expect(retried.stderr).toContain('kept answering 429 Too Many Requests')
    expect(always.seen).toHaveLength(4)
  })
})

describe('the endpoint failing (exit 4), the results so far kept', () => {
  it('5xx after the first task: that task is reported, the probe stops', async () => {
    const {baseUrl} = await endpoint((_request, response, entry, index) => (index < 2 ? answerAsMock(response, entry.body) : json(response, 502, {error: {message: 'upstream connect error'}})))
    const result = await probe(baseUrl, ['--lanes', 'direct'])
    expect(result.code).toBe(4)
    expect(result.stderr).toContain(`The model endpoint failed (502 Bad Gateway) at ${baseUrl}/chat/completions: upstream connect error.`)
    expect(result.stderr).toContain('Stopped after 2 of 3 runs (direct, task 2)')
    expect(result.stdout).toMatch(/success\s+1\/1 \(100%\)/)
    expect(result.stdout).toMatch(/\n1 weather\s+ok, 2 rounds\n2 read a file\s+stopped, 1 rounds\n/)
    expect(result.stdout).toContain('Verdict: on the tasks that ran, only the direct lane ran: nothing to compare it with.')
  })

  it('a stream cut mid-way, a stream that ends early, an event that is not JSON', async () => {
    const cut = await endpoint((_request, response) => {
      response.writeHead(200, {'content-type': 'text/event-stream'})
      response.write(`data: ${JSON.stringify({id: 'x', choices: [{index: 0, delta: {role: 'assistant', content: 'Hel'}}]})}\n\n`)
      setTimeout(() => response.socket?.destroy(), 20)
    })
    const cutResult = await probe(cut.baseUrl, ['--lanes', 'tools'])
    expect(cutResult.code).toBe(4)
    expect(cutResult.stderr).toMatch(/The model endpoint's stream at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions broke off: /)
    const early = await endpoint((_request, response) => {
      response.writeHead(200, {'content-type': 'text/event-stream'})
      response.end(`data: ${JSON.stringify({id: 'x', choices: [{index: 0, delta: {role: 'assistant', content: 'Hel'}}]})}\n\n`)
    })
    const earlyResult = await probe(early.baseUrl, ['--lanes', 'tools'])
    expect(earlyResult.code).toBe(4)
    expect(earlyResult.stderr).toContain('ended before the answer was complete (no finish_reason and no [DONE])')
    const garbled = await endpoint((_request, response) => {
      response.writeHead(200, {'content-type': 'text/event-stream'})
      response.end('data: {"id": "x", "choices": [\n\n')
    })
    const garbledResult = await probe(garbled.baseUrl, ['--lanes', 'tools'])
    expect(garbledResult.code).toBe(4)
    expect(garbledResult.stderr).toContain('sent stream event 1 that is not JSON: "{\\"id\\": \\"x\\", \\"choices\\": ["')
  })

  it('an unreachable endpoint and a slow one (--timeout)', async () => {
    const port = await closedPort()
    const refused = await probe(`http://127.0.0.1:${port}/v1`, ['--lanes', 'tools'])
    expect(refused.code).toBe(4)
    expect(refused.stderr).toContain(`Cannot reach the model endpoint at http://127.0.0.1:${port}/v1/chat/completions: ECONNREFUSED.`)
    const slow = await endpoint((_request, response) => setTimeout(() => json(response, 200, {}), 5000))
    const result = await probe(slow.baseUrl, ['--lanes', 'tools', '--timeout', '300'])
    expect(result.code).toBe(4)
    expect(result.stderr).toContain(`Task 1 (tools) had no final answer within 0.3 s (--timeout): the model endpoint at ${slow.baseUrl}/chat/completions had not answered.`)
  })
})

describe("the model's own mistakes are measured, not errors", () => {
  it('tool-call arguments that are not JSON: the model reads why, the run goes on (exit 0)', async () => {
    // The first answer calls tool_search with arguments cut off mid-string.
    const broken = await endpoint((_request, response, entry, index) => {
      if (index > 0) return answerAsMock(response, entry.body, {kind: 'text', text: 'Giving up.'})
      response.writeHead(200, {'content-type': 'text/event-stream'})
      response.write(`data: ${JSON.stringify({id: 'x', choices: [{index: 0, delta: {tool_calls: [{index: 0, id: 'call_1', type: 'function', function: {name: 'tool_search', arguments: '{"query": "weather'}}]}}]})}\n\n`)
      response.write(`data: ${JSON.stringify({id: 'x', choices: [{index: 0, delta: {}, finish_reason: 'tool_calls'}]})}\n\n`)
      response.end('data: [DONE]\n\n')
    })
    const result = await probe(broken.baseUrl, ['--lanes', 'tools', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const report = parseJsonOutput<{complete: boolean; runs: Array<{malformedArguments: number; success: boolean; end: string}>}>(result)
    expect(report.complete).toBe(true)
    expect(report.runs[0]).toMatchObject({malformedArguments: 1, success: false, end: 'answered'})
    const messages = broken.seen[1]!.body.messages as Array<{role: string; content: string}>
    expect(JSON.parse(messages.at(-1)!.content)).toMatchObject({status: 'error', tool: 'tool_search'})
    expect(messages.at(-1)!.content).toContain('The arguments are not valid JSON')
  })

  it('a model that never stops calling tools ends at --max-rounds (exit 0): "no answer"', async () => {
    const {baseUrl, seen} = await endpoint((_request, response, entry) => answerAsMock(response, entry.body, {kind: 'tool', name: 'tool_search', args: {query: 'weather'}}))
    const result = await probe(baseUrl, ['--lanes', 'tools', '--max-rounds', '3'])
    expect(result.code, result.stderr).toBe(0)
    expect(seen).toHaveLength(9)
    expect(result.stdout).toMatch(/stopped at --max-rounds\s+3\n/)
    expect(result.stdout).toMatch(/\n1 weather\s+no answer, 3 rounds\n/)
  })
})

describe('the token budget (exit 1)', () => {
  it('--max-tokens stops the probe when spent, keeping what ran', async () => {
    const result = await runCli(['probe', '--tasks', TASKS, '--catalog', CATALOG, '--model', 'mock', '--lanes', 'tools', '--max-tokens', '3000', '--json'])
    expect(result.code).toBe(1)
    const report = parseJsonOutput<{complete: boolean; ran: number; stoppedBy: {code: string; message: string}}>(result)
    expect(report).toMatchObject({complete: false, stoppedBy: {code: 'probe-budget'}})
    expect(report.stoppedBy.message).toMatch(/^The --max-tokens budget \(3000\) ran out: \d+ tokens used\.$/)
    expect(result.stderr).toContain('Stopped after')
  })
})

describe('Ctrl-C (exit 130)', () => {
  it('stops the probe, reports the runs so far and exits 130', async () => {
    let asked: () => void = () => undefined
    const waiting = new Promise<void>((resolve) => (asked = resolve))
    const {baseUrl} = await endpoint((_request, response, entry, index) => {
      if (index < 2) return answerAsMock(response, entry.body)
      asked()
      setTimeout(() => json(response, 200, {}), 10_000)
    })
    const child = spawn(process.execPath, [BIN, 'probe', '--tasks', TASKS, '--catalog', CATALOG, '--model', 'test/m', '--base-url', baseUrl, '--lanes', 'direct'], {env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    await waiting
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', resolve)
      child.kill('SIGINT')
    })
    expect(code).toBe(130)
    expect(stderr).toContain('Stopped after 2 of 3 runs (direct, task 2): Interrupted: the probe was stopped.')
    expect(stdout).toMatch(/\n1 weather\s+ok, 2 rounds\n/)
  })
})

describe("the endpoint's own usage", () => {
  it('is what the report counts when the endpoint sends it, and the report says so', async () => {
    const {baseUrl} = await endpoint((_request, response, entry) => {
      response.writeHead(200, {'content-type': 'text/event-stream'})
      for (const chunk of moveChunks(planMockMove(entry.body), 'm', 'chatcmpl-usage', 'call_1')) response.write(`data: ${JSON.stringify(chunk)}\n\n`)
      response.write(`data: ${JSON.stringify({id: 'chatcmpl-usage', choices: [], usage: {prompt_tokens: 1000, completion_tokens: 10, prompt_tokens_details: {cached_tokens: 800}}})}\n\n`)
      response.end('data: [DONE]\n\n')
    })
    const result = await probe(baseUrl, ['--lanes', 'tools', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const report = parseJsonOutput<{tokens: string; runs: Array<{rounds: number; inputTokens: number; outputTokens: number; tokensCounted: boolean}>}>(result)
    expect(report.tokens).toBe("the endpoint's own usage")
    for (const run of report.runs) expect(run).toMatchObject({inputTokens: 1000 * run.rounds, outputTokens: 10 * run.rounds, tokensCounted: false})
  })
})
