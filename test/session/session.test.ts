import {readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {redactArguments, summarizeCatalog} from '../../src/session/log.js'
import {renderSessionStats, skippedLineWarnings, summarizeSession} from '../../src/session/stats.js'
import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {entry} from '../directory/entry.js'

const EXAMPLE = join(ROOT, 'examples', 'catalog.json5')

describe('redactArguments', () => {
  it('keeps keys and shapes and replaces every scalar by its type', () => {
    expect(redactArguments({path: '/etc/passwd', n: 3, deep: {flag: true, none: null, list: ['a', 2]}})).toEqual({
      path: '<string>',
      n: '<number>',
      deep: {flag: '<boolean>', none: null, list: ['<string>', '<number>']},
    })
  })

  it('keeps a __proto__ key as data', () => {
    const redacted = redactArguments(JSON.parse('{"__proto__": {"x": 1}}')) as object
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype)
    expect(JSON.stringify(redacted)).toBe('{"__proto__":{"x":"<number>"}}')
  })
})

describe('summarizeCatalog', () => {
  it('counts the three controls and the directly visible tools as the schemas sent up front', () => {
    const entries = [entry('read', {sourceName: 'core'}), entry('notify', {directOnly: true}), entry('a'), entry('b')]
    expect(summarizeCatalog(entries)).toEqual({upFrontSchemas: 5, controls: 3, directTools: 2, deferredTools: 2})
  })
})

describe('summarizeSession', () => {
  const catalog = {upFrontSchemas: 4, controls: 3, directTools: 1, deferredTools: 9}
  const log = [
    {op: 'search', queries: ['water the lawn', 'weather'], candidates: 5, ids: [], sources: [], catalog},
    {op: 'describe', id: 'openclaw:garden:water', catalog},
    'not json at all',
    {op: 'call', id: 'openclaw:garden:water', name: 'water', source: 'openclaw', sourceName: 'garden', status: 'tool-error', exitCode: 1, catalog},
    {op: 'call', id: 'openclaw:garden:water', name: 'water', source: 'openclaw', sourceName: 'garden', status: 'ok', exitCode: 0, catalog},
    {op: 'call', id: 'mcp:github:create_issue', name: 'create_issue', source: 'mcp', sourceName: 'github', status: 'ok', exitCode: 0, catalog},
    {op: 'call', target: 'nope', status: 'error', exitCode: 1, catalog},
    {op: 'rename'},
  ]
    .map((line) => (typeof line === 'string' ? line : JSON.stringify(line)))
    .join('\n')

  it('counts searches, describes and calls, and which tools were called from which source', () => {
    const stats = summarizeSession(`${log}\n`)
    expect(stats).toMatchObject({events: 6, upFront: catalog, searches: 1, queries: 2, candidates: 5, describes: 1, calls: 4})
    expect(stats.skipped).toEqual([
      {line: 3, problem: 'not JSON'},
      {line: 8, problem: '"op" is not search, describe or call'},
    ])
    expect(stats.described).toEqual(['openclaw:garden:water'])
    expect(stats.called).toEqual([
      {id: 'openclaw:garden:water', name: 'water', source: 'openclaw', calls: 2, statuses: {'tool-error': 1, ok: 1}},
      {id: 'mcp:github:create_issue', name: 'create_issue', source: 'mcp', calls: 1, statuses: {ok: 1}},
      {id: 'nope', calls: 1, statuses: {error: 1}},
    ])
    expect(stats.okCallsBySource).toEqual({openclaw: 1, mcp: 1})
  })

  it('renders the answers as text', () => {
    const text = renderSessionStats(summarizeSession(log), 'run.jsonl', {color: false})
    expect(text).toContain('Session run.jsonl: 6 events')
    expect(text).toContain('Skipped 2 lines that are not session events.')
    expect(text).toContain('Visible up front: 4 schemas (3 controls + 1 direct tool); 9 deferred tools behind them.')
    expect(text).toContain('Searches: 1 (2 queries, 5 candidates)')
    expect(text).toContain('Describes: 1 (openclaw:garden:water)')
    expect(text).toMatch(/\n {2}openclaw:garden:water +openclaw +2 calls +1 tool-error, 1 ok\n/)
    expect(text).toContain('Successful calls by source: openclaw 1, mcp 1')
  })

  it('summarises an empty log', () => {
    expect(summarizeSession('')).toMatchObject({events: 0, skipped: [], searches: 0, calls: 0, called: []})
  })

  it('skips events that lack what their op needs, naming the line and the problem', () => {
    const lines = [
      {op: 'search', queries: 'one string'},
      {op: 'describe', id: {nested: true}},
      {op: 'call', id: 'openclaw:core:x', status: '\u001b[31mowned'},
      {op: 'call', status: 'ok'},
      [1, 2],
      {op: 'call', target: 'typo', status: 'error'},
    ]
    const stats = summarizeSession(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n{"op": "call", "id": "cut short`)
    expect(stats.skipped.map(({line}) => line)).toEqual([1, 2, 3, 4, 5, 7])
    expect(stats.skipped[0]!.problem).toBe('a search event needs "queries" (an array) and "candidates" (a number)')
    expect(stats.skipped[1]!.problem).toBe('a describe event needs "id" (a string)')
    expect(stats.skipped[2]!.problem).toBe('a call event needs "id" or "target" (a string) and "status" (one of ok, tool-error, unavailable, blocked, error)')
    expect(stats.skipped[4]!.problem).toBe('not a JSON object')
    expect(stats.skipped[5]!.problem).toBe('not JSON')
    expect(stats).toMatchObject({events: 1, calls: 1, called: [{id: 'typo', calls: 1, statuses: {error: 1}}]})
  })

  it('warns once per skipped line, at most ten times, then counts the rest', () => {
    const stats = summarizeSession(Array.from({length: 13}, () => 'garbage').join('\n'))
    const warnings = skippedLineWarnings(stats, 'run\u001b[2J.jsonl')
    expect(warnings).toHaveLength(11)
    expect(warnings[0]).toBe('Warning: run\\u001b[2J.jsonl:1: not JSON; skipped.')
    expect(warnings[9]).toBe('Warning: run\\u001b[2J.jsonl:10: not JSON; skipped.')
    expect(warnings[10]).toBe('Warning: 3 more lines of run\\u001b[2J.jsonl skipped.')
    expect(skippedLineWarnings(summarizeSession(''), 'run.jsonl')).toEqual([])
  })

  it('neutralises untrusted text from the log in the rendered summary', () => {
    const log = [
      {op: 'describe', id: 'evil\u001b]0;title\u0007'},
      {op: 'call', id: 'evil\n  forged row', source: 'openclaw', status: 'ok'},
    ]
    const text = renderSessionStats(summarizeSession(log.map((line) => JSON.stringify(line)).join('\n')), 'run.jsonl', {color: false})
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/)
    expect(text).toContain('evil\\u001b]0;title\\u0007')
    expect(text).toContain('evil\\u000a  forged row')
  })
})

describe('--session and session stats, end to end', () => {
  it('logs a search, a describe and calls, then summarises them', async () => {
    const dir = tempDir()
    const session = join(dir, 'session.jsonl')
    const common = ['--catalog', EXAMPLE, '--session', session]
    expect((await runCli(['search', ...common, 'convert', 'km', 'to', 'miles'])).code).toBe(0)
    expect((await runCli(['describe', ...common, 'unit_convert'])).code).toBe(0)
    expect((await runCli(['call', ...common, 'unit_convert', 'value=5', 'from=km', 'to=mi'])).code).toBe(0)
    expect((await runCli(['call', ...common, 'no_such_tool'])).code).toBe(1)

    const lines = readFileSync(session, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.map((line) => line.op)).toEqual(['search', 'describe', 'call', 'call'])
    expect(lines[0]).toMatchObject({v: 1, queries: ['convert km to miles'], sources: expect.any(Array)})
    expect((lines[0]!.ids as string[])[0]).toBe('openclaw:utilities:unit_convert')
    expect(lines[1]).toMatchObject({id: 'openclaw:utilities:unit_convert', source: 'openclaw', sourceName: 'utilities'})
    expect(lines[2]).toMatchObject({id: 'openclaw:utilities:unit_convert', status: 'ok', exitCode: 0, args: {value: '<number>', from: '<string>', to: '<string>'}})
    expect(lines[3]).toMatchObject({target: 'no_such_tool', status: 'error', exitCode: 1, code: 'unknown-tool'})
    for (const line of lines) {
      expect(line.catalog).toEqual({upFrontSchemas: expect.any(Number), controls: 3, directTools: expect.any(Number), deferredTools: expect.any(Number)})
      expect(typeof line.durationMs).toBe('number')
      expect(Number.isNaN(Date.parse(line.ts as string))).toBe(false)
    }
    expect(JSON.stringify(lines)).not.toContain('"km"')
    expect(statSync(session).mode & 0o777).toBe(0o600)

    const json = await runCli(['session', 'stats', session, '--json'])
    expect(json.code).toBe(0)
    const stats = parseJsonOutput<Record<string, unknown>>(json)
    expect(stats).toMatchObject({file: session, events: 4, searches: 1, describes: 1, calls: 2, okCallsBySource: {openclaw: 1}})
    const text = await runCli(['session', 'stats', session])
    expect(text.stdout).toContain('Called tools:')
    expect(text.stdout).toMatch(/openclaw:utilities:unit_convert +openclaw +1 call +1 ok/)
  })

  it('logs blocked and failed calls with their status', async () => {
    const dir = tempDir()
    const session = join(dir, 'session.jsonl')
    const catalog = join(dir, 'catalog.json')
    writeFileSync(catalog, JSON.stringify({tools: [{name: 'guarded', requiresApproval: true, run: {result: 1}}, {name: 'idle'}]}))
    expect((await runCli(['call', '--catalog', catalog, '--session', session, 'guarded', 'secret=hunter2'])).code).toBe(3)
    expect((await runCli(['call', '--catalog', catalog, '--session', session, 'idle'])).code).toBe(4)
    const text = readFileSync(session, 'utf8')
    expect(text).not.toContain('hunter2')
    const [blocked, idle] = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(blocked).toMatchObject({op: 'call', id: 'openclaw:core:guarded', status: 'blocked', exitCode: 3, args: {secret: '<string>'}})
    expect(idle).toMatchObject({op: 'call', id: 'openclaw:core:idle', status: 'unavailable', exitCode: 4, code: 'no-executor'})
  })

  it('refuses to call when the session log cannot be written (exit 2), before anything runs', async () => {
    const result = await runCli(['call', '--catalog', EXAMPLE, '--session', '/nonexistent/dir/s.jsonl', 'unit_convert', 'value=1', 'from=km', 'to=mi', '--json'])
    expect(result.code).toBe(2)
    expect(parseJsonOutput<{error: {message: string}}>(result).error.message).toBe('Cannot write session log /nonexistent/dir/s.jsonl: its directory does not exist')
  })

  it('summarises a log whose last line was cut short, with a warning naming the line on stderr', async () => {
    const dir = tempDir()
    const session = join(dir, 'session.jsonl')
    expect((await runCli(['describe', '--catalog', EXAMPLE, '--session', session, 'unit_convert'])).code).toBe(0)
    writeFileSync(session, `${readFileSync(session, 'utf8')}{"v":1,"op":"call","id":"openclaw:util`, {flag: 'w'})
    const result = await runCli(['session', 'stats', session, '--json'])
    expect(result.code).toBe(0)
    expect(result.stderr).toBe(`Warning: ${session}:2: not JSON; skipped.\n`)
    expect(parseJsonOutput<Record<string, unknown>>(result)).toMatchObject({events: 1, describes: 1, skipped: [{line: 2, problem: 'not JSON'}]})
    const text = await runCli(['session', 'stats', session])
    expect(text.stdout).toContain('Skipped 1 line that is not a session event.')
  })

  it('reports an unreadable log as a usage error', async () => {
    const result = await runCli(['session', 'stats', '/nonexistent/s.jsonl'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: Cannot read session log /nonexistent/s.jsonl: no such file\n')
  })
})
