/**
 * `session replay`: a session whose recorded searches are exactly what `search --request` answers
 * over a catalog replays the same against that catalog (exit 0), and differs (exit 1) once a
 * description in it changes, with the rank of the tool the model called then and now. The recorded
 * answers are taken from the CLI itself, so the test holds for whatever the ranker does.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {recordedSearches, replaySearches} from '../../src/session/openclaw/replay.js'
import {TranscriptAnalyzer} from '../../src/session/openclaw/transcript.js'
import {assistantCall, assistantText, header, toolResult, writeAgentDatabase} from './openclaw-db.js'

const EXAMPLE = join(ROOT, 'examples', 'catalog.json5')

interface Replayed {
  callId: string
  same: boolean
  calledAfter?: string
  queries: Array<{query: string; recorded: string[]; today: string[]; same: boolean; rankThen: number | null; rankNow: number | null}>
  recordedError?: string
  todayError?: string
}

/** What the model received for `request` over `catalog`: the text, and the value OpenClaw keeps as details. */
async function answer(request: unknown, catalog = EXAMPLE): Promise<{text: string; payload: unknown}> {
  const result = await runCli(['search', '--catalog', catalog, '--request', JSON.stringify(request), '--json'])
  expect(result.code).toBe(0)
  return parseJsonOutput<{text: string; payload: unknown}>(result)
}

async function recordedSession(file: string): Promise<void> {
  const single = {query: 'convert units'}
  const batch = {queries: [{query: 'weather forecast'}, {query: 'send a message', limit: 3}]}
  const [first, second] = [await answer(single), await answer(batch)]
  const top = (first.payload as Array<{id: string}>)[0]!.id
  await writeAgentDatabase(file, [
    {
      id: 'recorded',
      events: [
        header('recorded'),
        assistantCall('c1', 'tool_search', single),
        toolResult('c1', 'tool_search', first.payload, {text: first.text}),
        assistantCall('c2', 'tool_call', {id: top, args: {value: 5, from: 'km', to: 'mi'}}),
        toolResult('c2', 'tool_call', {tool: {id: top, source: 'openclaw'}, result: {content: [{type: 'text', text: '3.1'}]}}),
        assistantCall('c3', 'tool_search', batch),
        toolResult('c3', 'tool_search', second.payload, {text: second.text}),
        // A request OpenClaw rejected: it is rejected today too.
        assistantCall('c4', 'tool_search', {queries: [{query: ''}]}),
        toolResult('c4', 'tool_search', {}, {isError: true, text: 'Validation failed for tool "tool_search":\n  - queries.0.query: must not have fewer than 1 characters'}),
        assistantText('done'),
      ],
    },
  ])
}

describe('session replay', () => {
  it('reproduces the recorded candidates exactly against the catalog they came from (exit 0)', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    await recordedSession(db)
    const result = await runCli(['session', 'replay', db, '--catalog', EXAMPLE, '--json'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const json = parseJsonOutput<{same: boolean; searches: Replayed[]}>(result)
    expect(json.same).toBe(true)
    expect(json.searches.map((search) => [search.callId, search.same])).toEqual([
      ['c1', true],
      ['c3', true],
      ['c4', true],
    ])
    const [first] = json.searches as [Replayed]
    expect(first).toMatchObject({calledAfter: 'openclaw:utilities:unit_convert'})
    expect(first.queries[0]).toMatchObject({query: 'convert units', rankThen: 1, rankNow: 1})
    expect(first.queries[0]!.recorded).toEqual(first.queries[0]!.today)
    expect(json.searches[1]!.queries.map((query) => query.query)).toEqual(['weather forecast', 'send a message'])
    expect(json.searches[2]).toMatchObject({recordedError: expect.stringContaining('Validation failed') as unknown, todayError: expect.any(String) as unknown})
    const text = await runCli(['session', 'replay', db, '--catalog', EXAMPLE])
    expect(text.stdout).toContain('All 3 searches reproduce the recorded candidates.')
  })

  it('shows what differs, and the rank then and now, once a description changes (exit 1)', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    await recordedSession(db)
    const changed = join(dir, 'catalog.json5')
    const source = readFileSync(EXAMPLE, 'utf8')
    // The tool the model called is renamed and described for something else: it is no longer found.
    const edited = source.replace("name: 'unit_convert'", "name: 'recipe_scale'").replace("description: 'Convert a value between units of length, mass or temperature (km to miles, kg to lb, °F to °C).'", "description: 'Scale a recipe.'")
    expect(edited).not.toBe(source)
    writeFileSync(changed, edited)
    const result = await runCli(['session', 'replay', db, '--catalog', changed, '--json'])
    expect(result.code).toBe(1)
    const json = parseJsonOutput<{same: boolean; searches: Replayed[]}>(result)
    expect(json.same).toBe(false)
    const [first] = json.searches as [Replayed]
    expect(first.same).toBe(false)
    expect(first.queries[0]!.rankThen).toBe(1)
    expect(first.queries[0]!.rankNow).toBeNull()
    const text = await runCli(['session', 'replay', db, '--catalog', changed])
    expect(text.code).toBe(1)
    expect(text.stdout).toContain('search c1: differs (then called openclaw:utilities:unit_convert)')
    expect(text.stdout).toMatch(/ {4}1\. +openclaw:utilities:unit_convert +≠ +/)
    expect(text.stdout).toContain('1 of 3 searches differ from the recording.')
  })

  it('compares without knowing how the catalog is built: an injected search stands in for it', () => {
    const analyzer = new TranscriptAnalyzer({keepTimeline: true})
    for (const event of [
      header('s'),
      assistantCall('c1', 'tool_search', {query: 'a'}),
      toolResult('c1', 'tool_search', [{id: 'x:1', source: 'mcp'}, {id: 'x:2', source: 'mcp'}]),
      assistantCall('c2', 'tool_call', {id: 'x:2'}),
      toolResult('c2', 'tool_call', {tool: {id: 'x:2', source: 'mcp'}, result: {}}),
    ]) {
      analyzer.add(event)
    }
    const searches = recordedSearches(analyzer.finish())
    expect(replaySearches(searches, () => ({groups: [{query: 'a', ids: ['x:1', 'x:2']}]}))[0]).toMatchObject({same: true, queries: [{rankThen: 2, rankNow: 2}]})
    expect(replaySearches(searches, () => ({groups: [{query: 'a', ids: ['x:2', 'x:1']}]}))[0]).toMatchObject({same: false, queries: [{rankThen: 2, rankNow: 1}]})
    expect(replaySearches(searches, () => ({error: 'no'}))[0]).toMatchObject({same: false, todayError: 'no'})
  })
})
