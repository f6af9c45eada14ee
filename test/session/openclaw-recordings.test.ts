/**
 * The session commands on OpenClaw 2026.9.6's own recordings (test/fixtures/openclaw-runs): the
 * stats of each recorded session equal what the provider requests of the same run show — the
 * schemas sent up front, the searches, describes and calls the model made, the tools whose calls
 * succeeded — and the database is left exactly as it was.
 */
import {copyFileSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {RUNS, RUN_NAMES, type SessionJson} from './openclaw-db.js'


interface WireMessage {
  role: string
  content?: unknown
  tool_calls?: Array<{id: string; function: {name: string; arguments: string}}>
  tool_call_id?: string
}

/** The JSON a tool message carries, unwrapped from OpenClaw's external-content notice. */
function toolJson(text: string): unknown {
  const start = text.indexOf('\n---\n')
  const end = text.indexOf('<<<END_EXTERNAL_UNTRUSTED_CONTENT')
  try {
    return JSON.parse(start >= 0 ? text.slice(start + 5, end > 0 ? end : undefined) : text)
  } catch {
    return undefined
  }
}

/** What the provider requests of a run say: counted independently of the transcript. */
function countsFromRequests(run: string) {
  const requests = readFileSync(join(RUNS, run, 'requests.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as {body: {tools: unknown[]; messages: WireMessage[]}})
  const servers = Object.keys((JSON.parse(readFileSync(join(RUNS, run, 'config.json'), 'utf8')) as {mcp: {servers: object}}).mcp.servers)
  const messages = requests.at(-1)!.body.messages
  const results = new Map(messages.filter((message) => message.role === 'tool').map((message) => [message.tool_call_id, String(message.content)]))
  const failed = (text: string) => /"status": "error"|Validation failed|MCP error/.test(text)
  const counts = {upFrontSchemas: requests[0]!.body.tools.length, turns: requests.length, searches: 0, describes: 0, calls: 0, directCalls: 0, failedCalls: 0, finalTools: [] as Array<{id: string; source: string}>}
  const final = (id: string, source: string) => {
    if (!counts.finalTools.some((tool) => tool.id === id)) counts.finalTools.push({id, source})
  }
  for (const call of messages.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []) : []))) {
    const name = call.function.name
    const args = JSON.parse(call.function.arguments) as {id?: string}
    const result = results.get(call.id) ?? ''
    if (name === 'tool_search') counts.searches++
    else if (name === 'tool_describe') counts.describes++
    else if (name === 'tool_search_code') {
      const value = toolJson(result) as {telemetry: {searchCount: number; describeCount: number; callCount: number}; value: {tool: {id: string; source: string}}}
      counts.searches += value.telemetry.searchCount
      counts.describes += value.telemetry.describeCount
      counts.calls += value.telemetry.callCount
      final(value.value.tool.id, value.value.tool.source)
    } else if (name === 'tool_call') {
      counts.calls++
      if (failed(result)) counts.failedCalls++
      else final(args.id!, args.id!.slice(0, args.id!.indexOf(':')))
    } else {
      counts.directCalls++
      const server = servers.find((candidate) => name.startsWith(`${candidate}__`))
      if (failed(result)) counts.failedCalls++
      else final(server === undefined ? name : `mcp:${server}:${name}`, server === undefined ? 'openclaw' : 'mcp')
    }
  }
  return counts
}

describe('session stats on the real recordings', () => {
  it.each(RUN_NAMES)('%s: the stats equal the counts of its provider requests, and the database is untouched', async (run) => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    copyFileSync(join(RUNS, run, 'agent.sqlite'), db)
    const before = readFileSync(db)
    const result = await runCli(['session', 'stats', db, '--json'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const {sessions} = parseJsonOutput<{sessions: SessionJson[]}>(result)
    expect(sessions).toHaveLength(1)
    const [session] = sessions as [SessionJson]
    const transcriptId = (JSON.parse(readFileSync(join(RUNS, run, 'transcript.jsonl'), 'utf8').split('\n')[0]!) as {session_id: string}).session_id
    expect(session.id).toBe(transcriptId)
    expect(session.skippedEvents).toEqual([])
    const {upFrontSchemas, turns, searches, describes, calls, directCalls, failedCalls, finalTools} = session
    expect({upFrontSchemas, turns, searches, describes, calls, directCalls, failedCalls, finalTools}).toEqual(countsFromRequests(run))
    expect(readFileSync(db).equals(before)).toBe(true)
    expect(readdirSync(dir)).toEqual(['openclaw-agent.sqlite'])
  })

  it('names the struggles of the struggling session', async () => {
    const result = await runCli(['session', 'stats', join(RUNS, 'struggle', 'agent.sqlite'), '--json'])
    const [session] = parseJsonOutput<{sessions: SessionJson[]}>(result).sessions as [SessionJson]
    expect(session.struggles).toEqual({'empty-search': 1, 'repeated-search': 3, 'unsearched-call': 1, 'schema-recovery': 1, 'wrong-tool': 0})
  })

  it('counts the empty and blank queries of bad-queries as searches that found nothing', async () => {
    const result = await runCli(['session', 'stats', join(RUNS, 'bad-queries', 'agent.sqlite'), '--json'])
    const [session] = parseJsonOutput<{sessions: SessionJson[]}>(result).sessions as [SessionJson]
    expect(session.struggles['empty-search']).toBe(2)
    expect(session.finalTools).toEqual([])
  })
})

describe('session show on the real recordings', () => {
  it('shows the timeline of the struggling session: searches with candidates, calls with the error the model saw, the runs, each struggle named', async () => {
    const result = await runCli(['session', 'show', join(RUNS, 'struggle', 'agent.sqlite')])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    const text = result.stdout
    expect(text).toContain('Session 41e63e4d-3e8d-498a-83f3-1c33a18c2c64 (agent main, mock/mock-model)')
    expect(text).toContain('Tool schemas sent up front: 12')
    expect(text).toContain('  search "zzqx frobnicate":\n    no candidates\n  ! a search that returned nothing: "zzqx frobnicate" returned no candidate')
    // The repeated search's stored result is truncated: its candidates come from the text the model saw.
    expect(text).toMatch(/ {2}search "add two numbers":\n {4}7 candidates: mcp:everything:everything__get-sum \(mcp\), openclaw:core:progress_card \(openclaw\)/)
    expect(text).toContain('  ! the same search repeated: "add two numbers" was searched before')
    expect(text).toContain('  tool_call mcp:everything:everything__get-sum {"a":"<string>","b":"<number>"}: error: MCP error -32602: Input validation error: Invalid arguments for tool get-sum: Invalid input: expected number, received string at a')
    expect(text).toContain('    ran everything__get-sum {"a":"<number>","b":"<number>"}: ok')
    expect(text).toContain('  ! a call rejected, then repaired: mcp:everything:everything__get-sum failed, then succeeded when called again')
    expect(text).toContain('  ! a called tool that no search had returned: mcp:everything:everything__get-env was called, but no search or describe had returned it')
    expect(text).toContain('Turn 10 mock-model: 110 in, 5 out')
    expect(text).toContain('Finally called: mcp:everything:everything__get-sum (mcp), mcp:everything:everything__get-env (mcp), mcp:everything:everything__echo (mcp)')
    // Results are not shown without --show-args: the environment get-env returned stays out.
    expect(text).not.toContain('PATH')
  })

  it('shows the arguments and results with --show-args', async () => {
    const result = await runCli(['session', 'show', join(RUNS, 'struggle', 'agent.sqlite'), '--show-args'])
    expect(result.stdout).toContain('  tool_call mcp:everything:everything__get-sum {"a":"two","b":3}: error')
    expect(result.stdout).toContain('result {"content":[{"type":"text","text":"The sum of 2 and 3 is 5."}]')
  })

  it('shows a code-mode run with its counts, and a direct call with its source', async () => {
    const code = await runCli(['session', 'show', join(RUNS, 'code', 'agent.sqlite')])
    expect(code.stdout).toContain('  code mode: 1 search, 0 describes, 1 call → mcp:everything:everything__echo (mcp): ok')
    const direct = await runCli(['session', 'show', join(RUNS, 'direct', 'agent.sqlite')])
    expect(direct.stdout).toContain('  direct everything__echo {"message":"<string>"}: ok (mcp)')
    const hidden = await runCli(['session', 'show', join(RUNS, 'directory-direct', 'agent.sqlite')])
    expect(hidden.stdout).toContain('  direct agents_list {}: ok (openclaw)')
  })

  it('--json carries the timeline with arguments redacted', async () => {
    const result = await runCli(['session', 'show', join(RUNS, 'describe', 'agent.sqlite'), '--json'])
    const json = parseJsonOutput<{id: string; describes: number; timeline: Array<{kind: string; args?: unknown; tool?: unknown}>}>(result)
    expect(json.describes).toBe(1)
    expect(json.timeline.filter((item) => item.kind === 'describe')).toEqual([{kind: 'describe', callId: 'call_mock_2', target: 'mcp:everything:everything__echo', status: 'ok', tool: {id: 'mcp:everything:everything__echo', source: 'mcp'}}])
    expect(json.timeline.find((item) => item.kind === 'call')?.args).toEqual({message: '<string>'})
  })
})
