/**
 * The pure parts of reading a session: the struggles the analyzer names, `--since`, the secret
 * scrubber, and reading a control's JSON out of OpenClaw's external-content notice.
 */
import {describe, expect, it} from 'vitest'

import {scrubSecretText, scrubSecrets} from '../../src/session/log.js'
import {parseSince} from '../../src/session/openclaw/sessions.js'
import {TranscriptAnalyzer, unwrapResultText} from '../../src/session/openclaw/transcript.js'
import {assistantCall, candidate, header, toolResult} from './openclaw-db.js'

function analyze(events: unknown[]) {
  const analyzer = new TranscriptAnalyzer({keepTimeline: true})
  for (const event of events) analyzer.add(event)
  return analyzer.finish()
}

describe('struggles', () => {
  it('a call that failed and was left for another tool is a wrong tool; a failed call repaired is not', () => {
    const {summary} = analyze([
      header('s'),
      assistantCall('c1', 'tool_call', {id: 'mcp:fs:delete'}),
      toolResult('c1', 'tool_call', {status: 'error', error: 'boom'}, {isError: true}),
      assistantCall('c2', 'tool_call', {id: 'mcp:fs:remove'}),
      toolResult('c2', 'tool_call', {tool: candidate('mcp:fs:remove'), result: {}}),
    ])
    expect(summary.struggles).toMatchObject({'wrong-tool': 1, 'schema-recovery': 0, 'unsearched-call': 2})
    expect(summary.failedCalls).toBe(1)
    expect(summary.finalTools).toEqual([{id: 'mcp:fs:remove', source: 'mcp'}])
  })

  it('a call found by a search is not "unsearched"; an id a describe returned counts as found', () => {
    const {summary} = analyze([
      header('s'),
      assistantCall('c1', 'tool_search', {query: 'files'}),
      toolResult('c1', 'tool_search', [candidate('mcp:fs:read')]),
      assistantCall('c2', 'tool_call', {id: 'mcp:fs:read'}),
      toolResult('c2', 'tool_call', {tool: candidate('mcp:fs:read'), result: {}}),
      assistantCall('c3', 'tool_describe', {id: 'mcp:fs:write'}),
      toolResult('c3', 'tool_describe', candidate('mcp:fs:write')),
      assistantCall('c4', 'dispatch_action', {id: 'mcp:fs:write', args: {}}),
      toolResult('c4', 'dispatch_action', {tool: candidate('mcp:fs:write'), result: {}}),
    ])
    expect(summary.struggles['unsearched-call']).toBe(0)
    expect(summary.calls).toBe(2)
  })

  it('a target that failed inside a successful tool_call result fails the call', () => {
    const {summary, timeline} = analyze([
      header('s'),
      assistantCall('c1', 'tool_call', {id: 'mcp:fs:read'}),
      toolResult('c1', 'tool_call', {tool: candidate('mcp:fs:read'), result: {isError: true, content: [{type: 'text', text: 'no such file'}]}}),
    ])
    expect(summary.failedCalls).toBe(1)
    expect(timeline.find((item) => item.kind === 'call')).toMatchObject({status: 'error', error: 'no such file'})
  })
})

describe('parseSince', () => {
  const now = Date.UTC(2026, 11, 10)
  it('reads durations back from now and ISO dates', () => {
    expect(parseSince('7d', now)).toBe(now - 7 * 86_400_000)
    expect(parseSince('30m', now)).toBe(now - 30 * 60_000)
    expect(parseSince('2026-12-01', now)).toBe(Date.UTC(2026, 11, 1))
  })
  it('refuses anything else as a usage error', () => {
    expect(() => parseSince('yesterday', now)).toThrow(/neither a date .* nor a duration/)
  })
})

describe('scrubSecrets', () => {
  it('hides values under secret-looking keys and secret-looking strings, and keeps the rest', () => {
    expect(scrubSecrets({apiKey: 'abc', Authorization: 'Bearer x', nested: {password: 'p', user: 'me'}, list: ['sk-abcdefghijkl'], count: 3})).toEqual({
      apiKey: '<redacted>',
      Authorization: '<redacted>',
      nested: {password: '<redacted>', user: 'me'},
      list: ['<redacted>'],
      count: 3,
    })
    expect(scrubSecretText('curl -H "Authorization: Bearer abcdefghijkl" OPENAI_API_KEY=sk-123 keep me')).toBe('curl -H "Authorization: Bearer <redacted>" OPENAI_API_KEY=<redacted> keep me')
    expect(scrubSecretText('"GITHUB_TOKEN": "ghp_abcdefghijklmnopqrstuvwx"')).toBe('"GITHUB_TOKEN": "<redacted>"')
  })
})

describe('unwrapResultText', () => {
  it("reads the JSON inside OpenClaw's external-content notice, and plain JSON", () => {
    const wrapped = 'SECURITY NOTICE: …\n\n<<<EXTERNAL_UNTRUSTED_CONTENT id="ab12">>>\nSource: API\n---\n[{"id": "mcp:a:b"}]\n<<<END_EXTERNAL_UNTRUSTED_CONTENT id="ab12">>>'
    expect(unwrapResultText(wrapped)).toEqual([{id: 'mcp:a:b'}])
    expect(unwrapResultText('{"results": []}')).toEqual({results: []})
    expect(unwrapResultText('not json')).toBeUndefined()
  })
})
