/**
 * `toolsearch probe --model mock` end to end: the built-in scripted model served over HTTP on
 * 127.0.0.1 and reached through the probe's own client, every lane, on the example catalog and on
 * the 342 real MCP tools; the report, `--json`, `--out` transcripts that `session show` and
 * `session stats` read, `--html`, and `probe serve-mock` on its own.
 */
import {spawn} from 'node:child_process'
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {BIN, ROOT, isolatedEnv, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const CATALOG = join(ROOT, 'examples', 'catalog.json5')
const TASKS = join(ROOT, 'test/fixtures/probe/tasks.jsonl')
const MCP_TOOLS = join(ROOT, 'test/fixtures/mcp-tools-list')
const MCP_TASKS = join(ROOT, 'test/fixtures/probe/mcp-tasks.jsonl')

interface LaneJson {
  lane: string
  runs: number
  successes: number
  rounds: number
  searches: number
  describes: number
  inputTokens: number
  upFront: {tools: number}
}

interface ProbeJson {
  complete: boolean
  verdict: string
  favours?: string
  tokens: string
  lanes: LaneJson[]
  notes: string[]
  runs: Array<{task: number; lane: string; success: boolean; sessionId: string; transcript?: string; toolCalls: Array<{toolId?: string; args: unknown}>}>
}

describe('probe --model mock on the example catalog', () => {
  it('runs every task in every lane over HTTP and reports the lanes side by side, task by task, with a verdict', async () => {
    const result = await runCli(['probe', '--tasks', TASKS, '--catalog', CATALOG, '--model', 'mock'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^Probe of mock \(the built-in scripted model\): 3 tasks, 29 tools/)
    expect(result.stdout).toMatch(/\n\s+direct\s+tools\s+directory\n/)
    expect(result.stdout).toContain('Tokens: counted with gpt-tokenizer 4.0.0 (o200k_base)')
    expect(result.stdout).toContain("Not reproduced: the rest of OpenClaw's system prompt")
    expect(result.stdout).toMatch(/\nVerdict: .+\.\n/)
    expect(result.stdout).toMatch(/\n1 weather\s+ok, 2 rounds\s+ok, 3 rounds\s+ok, 3 rounds\n/)
  })

  it('--json, --out and --html of one probe: the lanes and runs; transcripts session show, stats and list read; one self-contained page', async () => {
    const dir = tempDir()
    const out = join(dir, 'runs')
    const html = join(dir, 'report.html')
    const probe = parseJsonOutput<ProbeJson>(await runCli(['probe', '--tasks', TASKS, '--catalog', CATALOG, '--model', 'mock', '--json', '--out', out, '--html', html]))
    expect(probe.complete).toBe(true)
    expect(probe.lanes.map((lane) => [lane.lane, lane.runs, lane.successes])).toEqual([
      ['direct', 3, 3],
      ['tools', 3, 3],
      ['directory', 3, 3],
    ])
    const [direct, tools] = probe.lanes as [LaneJson, LaneJson]
    // Direct: one call and the answer; Tool Search: a search first (and a describe for the MCP tool, whose input the model is not shown).
    expect(direct.rounds).toBe(2)
    expect(direct.searches).toBe(0)
    expect(tools.searches).toBe(1)
    expect(tools.describes).toBeCloseTo(1 / 3)
    expect(direct.upFront.tools).toBe(29)
    // 29 tools directly are fewer tokens per task than the controls, a directory and a search round.
    expect(probe.verdict).toMatch(/^direct exposure is cheaper for this catalog: (tools|directory) needs \d+% more input tokens per task at the same success\.$/)
    const weather = probe.runs.find((run) => run.task === 1 && run.lane === 'tools')!
    // Target arguments redacted to their shape (--show-args below shows them).
    expect(weather.toolCalls).toEqual([{via: 'tool_call', target: 'openclaw:weather:weather_forecast', toolId: 'openclaw:weather:weather_forecast', args: {location: '<string>', days: '<number>'}, status: 'ok'}])

    expect(readdirSync(join(out, 'agents')).sort()).toEqual(['direct', 'directory', 'tools'])
    expect(JSON.parse(readFileSync(join(out, 'probe.json'), 'utf8')).verdict).toBe(probe.verdict)
    const run = probe.runs.find((item) => item.task === 3 && item.lane === 'tools')!
    expect(run.transcript).toBe(join(out, 'agents', 'tools', 'sessions', `${run.sessionId}.jsonl`))
    expect(statSync(run.transcript!).mode & 0o777).toBe(0o600)
    const show = await runCli(['session', 'show', run.transcript!])
    expect(show.code, show.stderr).toBe(0)
    expect(show.stdout).toContain('Tool schemas sent up front: 11')
    expect(show.stdout).toContain('search "search github git hub repositories about tool search"')
    expect(show.stdout).toContain('describe mcp:github:search_repositories: mcp:github:search_repositories (mcp)')
    expect(show.stdout).toContain('tool_call mcp:github:search_repositories {"query":"<string>"}: ok (mcp)')
    const stats = parseJsonOutput<{sessions: Array<Record<string, unknown>>}>(await runCli(['session', 'stats', run.transcript!, '--json']))
    expect(stats.sessions[0]).toMatchObject({upFrontSchemas: 11, searches: 1, describes: 1, calls: 1, finalTools: [{id: 'mcp:github:search_repositories', source: 'mcp'}]})
    // The out directory is a state directory: session list finds every run.
    const list = parseJsonOutput<{sessions: unknown[]}>(await runCli(['session', 'list', '--json'], {env: {OPENCLAW_STATE_DIR: out}}))
    expect(list.sessions).toHaveLength(9)

    const page = readFileSync(html, 'utf8')
    expect(page).toMatch(/^<!doctype html>/)
    expect(page.match(/<svg /g)).toHaveLength(3)
    expect(page.match(/<details>/g)).toHaveLength(9)
    // Nothing is fetched: no script, no stylesheet or image from anywhere, no URL but the SVG namespace.
    expect(page).not.toMatch(/<script|<link|<img|@import|url\(/i)
    expect(page.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:\/\//)
    expect(page).toContain('tool_call({&quot;id&quot;:&quot;openclaw:weather:weather_forecast&quot;,&quot;args&quot;:{&quot;location&quot;:&quot;&lt;string&gt;&quot;,&quot;days&quot;:&quot;&lt;number&gt;&quot;}})')
    expect(page).not.toContain('Light snow')
  })

  it('--show-args shows the arguments the model gave', async () => {
    const dir = tempDir()
    const one = join(dir, 'one.jsonl')
    writeFileSync(one, `${readFileSync(TASKS, 'utf8').split('\n')[0]}\n`)
    const html = join(dir, 'report.html')
    const shown = parseJsonOutput<ProbeJson>(await runCli(['probe', '--tasks', one, '--catalog', CATALOG, '--model', 'mock', '--lanes', 'tools', '--show-args', '--json', '--html', html]))
    expect(shown.runs[0]!.toolCalls[0]!.args).toEqual({location: 'Berlin', days: 3})
    expect(readFileSync(html, 'utf8')).toContain('Light snow')
  })

  it('--out refuses a directory that is not empty, before anything runs', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'keep.txt'), 'mine')
    const result = await runCli(['probe', '--tasks', TASKS, '--catalog', CATALOG, '--model', 'mock', '--out', dir])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('is not empty')
    expect(readdirSync(dir)).toEqual(['keep.txt'])
  })

  it('bad tasks exit 2 naming the line, and a task no tool answers is refused before any request', async () => {
    const dir = tempDir()
    const bad = join(dir, 'bad.jsonl')
    writeFileSync(bad, '{"prompt": "read a file", "expect": ["openclaw:core:read"]}\n{"prompt": "", "expect": "x"}\n')
    const parse = await runCli(['probe', '--tasks', bad, '--catalog', CATALOG, '--model', 'mock'])
    expect(parse).toMatchObject({code: 2, stdout: ''})
    expect(parse.stderr).toBe(`Error: ${bad}:2: prompt must be a non-empty string.\n`)
    const unknown = join(dir, 'unknown.jsonl')
    writeFileSync(unknown, '{"prompt": "fly me to the moon", "expect": "openclaw:space:rocket"}\n')
    const refused = await runCli(['probe', '--tasks', unknown, '--catalog', CATALOG, '--model', 'mock'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('task 1 (line 1) expects openclaw:space:rocket')
  })
})

describe('a schema recovery', () => {
  it('is counted when the compact signature hides what the full schema shows (an enum of more than 8 values)', async () => {
    const dir = tempDir()
    const catalog = join(dir, 'lamp.json')
    const colors = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'indigo', 'violet', 'white', 'warm']
    writeFileSync(catalog, JSON.stringify({tools: [{name: 'lamp_color', sourceName: 'home', description: 'Set the color of the living room lamp.', parameters: {type: 'object', properties: {color: {type: 'string', enum: colors}}, required: ['color'], additionalProperties: false}, run: {result: {ok: true}}}]}))
    const tasks = join(dir, 'tasks.jsonl')
    writeFileSync(tasks, '{"prompt": "Set the lamp color to teal", "expect": "openclaw:home:lamp_color", "args": {"color": "teal"}}\n')
    const probe = parseJsonOutput<ProbeJson & {runs: Array<{schemaRecoveries: number; failedCalls: number; success: boolean}>}>(await runCli(['probe', '--tasks', tasks, '--catalog', catalog, '--model', 'mock', '--lanes', 'tools', '--json']))
    // The signature says { color: string }: the first call sends the task's text, is refused, the model describes the tool and calls again with "teal".
    expect(probe.runs[0]).toMatchObject({success: true, failedCalls: 1, schemaRecoveries: 1, rounds: 5})
    expect((probe.lanes[0] as LaneJson & {schemaRecoveries: number}).schemaRecoveries).toBe(1)
  })
})

describe('probe --model mock on the 342 real MCP tools', () => {
  it('runs a labelled eval query file as tasks in every lane; Tool Search sends far fewer tokens than every schema', async () => {
    const probe = parseJsonOutput<ProbeJson>(await runCli(['probe', '--tasks', MCP_TASKS, '--catalog', MCP_TOOLS, '--model', 'mock', '--json']))
    expect(probe.complete).toBe(true)
    const [direct, tools, directory] = probe.lanes as [LaneJson, LaneJson, LaneJson]
    expect(direct.upFront.tools).toBe(342)
    expect(tools.upFront.tools).toBe(3)
    for (const lane of [direct, tools, directory]) expect(lane.runs).toBe(4)
    expect(tools.inputTokens).toBeLessThan(direct.inputTokens / 3)
    // No tools/list file has an executor: reaching the tool with its arguments is the success, and the report says so.
    expect(probe.notes.some((note) => note.includes('no executor'))).toBe(true)
    expect(tools.successes).toBeGreaterThan(0)
    expect(probe.verdict).toMatch(/^(tools|directory): /)
  })
})

describe('probe serve-mock', () => {
  it('serves the scripted model on 127.0.0.1 until Ctrl-C, logging each request, and exits 0', async () => {
    const child = spawn(process.execPath, [BIN, 'probe', 'serve-mock'], {env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const baseUrl = await new Promise<string>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk
        const match = /Mock model on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stdout)
        if (match !== null) resolve(match[1]!)
      })
    })
    const response = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({model: 'mock-model', stream: false, messages: [{role: 'user', content: '[Fri 2026-12-04 18:10 UTC] Echo "hi".\n\nRuntime: agent=main'}], tools: [{type: 'function', function: {name: 'tool_search', description: '', parameters: {}}}]}),
    })
    const completion = (await response.json()) as {choices: Array<{message: {tool_calls: Array<{function: {name: string; arguments: string}}>}}>}
    expect(completion.choices[0]!.message.tool_calls[0]!.function).toEqual({name: 'tool_search', arguments: '{"query":"echo hi"}'})
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', resolve)
      child.kill('SIGINT')
    })
    expect(code).toBe(0)
    expect(stdout).toContain('"api": "openai-completions"')
    expect(stderr).toContain('#1 mock-model, 1 messages, 1 tools → tool_search {"query":"echo hi"}')
  })
})
