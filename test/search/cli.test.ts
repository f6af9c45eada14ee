/** `toolsearch search` end to end: the built binary on real files. */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import type {SearchHit} from '../../src/search/hits.js'
import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {modelErrorText} from '../helpers/controls.js'

const EXAMPLE = join(ROOT, 'examples/catalog.json5')
const HOSTILE = join(ROOT, 'test/fixtures/catalogs/hostile.json')
/** Characters that must never reach a terminal raw: ESC, BEL, DEL, a C1 CSI, a bidi override. */
const UNSAFE = /[\u001b\u0007\u007f\u009b\u202e]/
const search = (args: string[], options: Parameters<typeof runCli>[1] = {}) => runCli(['search', '--catalog', EXAMPLE, ...args], options)

type Hit = SearchHit

function configFile(value: unknown): string {
  const file = join(tempDir(), 'openclaw.json')
  writeFileSync(file, JSON.stringify(value))
  return file
}

describe('search: one query', () => {
  it('prints a table: rank, id, source, description, and the input signature', async () => {
    const result = await search(['schedule', 'a', 'daily', 'reminder'])
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^#\s+ID\s+SOURCE\s+DESCRIPTION$/)
    expect(lines[1]).toMatch(/^1\s+openclaw:automations:schedule_task\s+openclaw\s+Schedule a recurring task/)
    expect(lines[2]).toBe('   input: { cron: string; name: string; prompt: string; enabled?: boolean; timezone?: string }')
    expect(result.stderr).toBe('')
  })

  it('joins the words into one query', async () => {
    const joined = parseJsonOutput<Hit[]>(await search(['open', 'a', 'web', 'page', '--json']))
    const quoted = parseJsonOutput<Hit[]>(await search(['open a web page', '--json']))
    expect(joined).toEqual(quoted)
    expect(joined[0]!.id).toBe('openclaw:web:web_fetch')
  })

  it('prints the bare array of hits under --json', async () => {
    const hits = parseJsonOutput<Hit[]>(await search(['weather', 'forecast', '--json']))
    expect(hits[0]).toEqual({
      id: 'openclaw:weather:weather_forecast',
      source: 'openclaw',
      sourceName: 'weather',
      name: 'weather_forecast',
      description: 'Get the weather forecast for a place: daily high and low temperatures and a summary.',
      input: '{ location: string; days?: number /* integer, >= 1, <= 7 */; units?: "metric" | "imperial" }',
      output: '{ days: Array<{ date: string; high: number; low: number; summary: string }>; location: string }',
    })
  })

  it('gives untrusted tools the input unknown and never walks their schemas', async () => {
    const hits = parseJsonOutput<Hit[]>(await search(['create', 'issue', '--json']))
    expect(hits.map((hit) => hit.id).slice(0, 2)).toEqual(['mcp:github:create_issue', 'mcp:gitlab:create_issue'])
    expect(hits[0]!.input).toBe('unknown')
    expect(hits[0]).not.toHaveProperty('output')
    // "repo" is only in the GitHub tool's (untrusted) schema.
    expect(parseJsonOutput<Hit[]>(await search(['repo', '--json']))).toEqual([])
  })

  it('never lists direct-only tools', async () => {
    const hits = parseJsonOutput<Hit[]>(await search(['session', 'status', '--json']))
    expect(hits.map((hit) => hit.name)).not.toContain('session_status')
  })

  it('explains matched terms and contributions', async () => {
    const result = await search(['remind', 'me', 'tomorrow', '--explain'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/\n\d\. openclaw:automations:schedule_task {2}score \d+\.\d{4} {2}\(expansion terms only\)\n/)
    expect(result.stdout).toMatch(/schedul\s+weight 0\.35 {2}\+\d+\.\d{4} {2}expanded from "remind"/)
    const hits = parseJsonOutput<Array<Hit & {explain: {score: number; literal: boolean; terms: Array<{term: string; weight: number; score: number}>}}>>(
      await search(['remind', 'me', 'tomorrow', '--explain', '--json']),
    )
    const first = hits.find((hit) => hit.name === 'schedule_task')!
    expect(first.explain.literal).toBe(false)
    expect(first.explain.terms.reduce((sum, term) => sum + term.score, 0)).toBeCloseTo(first.explain.score, 10)
  })

  it('an exact name that matches no term (a stop word) is explained as just that, not as expansion-only', async () => {
    const file = join(tempDir(), 'catalog.json')
    writeFileSync(file, JSON.stringify({tools: [{name: 'do', description: 'Do a thing.'}]}))
    const result = await runCli(['search', '--catalog', file, 'do', '--explain'])
    expect(result.stdout).toContain('\n1. openclaw:core:do  score 0.0000  (exact name or id match)\n     no term matched (listed for its exact name)')
  })

  it('says so when nothing matches', async () => {
    const result = await search(['Öffne', 'eine', 'Datei'])
    expect(result).toMatchObject({code: 0, stdout: 'No tools match "Öffne eine Datei".\n'})
    expect(parseJsonOutput(await search(['Öffne', 'eine', 'Datei', '--json']))).toEqual([])
  })

  it('needs a query', async () => {
    const result = await search([])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Give a query')
  })

  it('refuses query words beside --request or --stdin, which bring their own queries', async () => {
    expect(await search(['read', '--request', '{"query":"x"}'])).toMatchObject({code: 2, stderr: 'Error: --request brings its own queries; leave out the query words.\n'})
    expect(await search(['read', '--stdin'])).toMatchObject({code: 2, stderr: 'Error: --stdin brings its own queries; leave out the query words.\n'})
  })
})

describe('search: limits', () => {
  it('defaults to searchDefaultLimit and clamps --limit to maxSearchLimit from the config', async () => {
    const config = configFile({tools: {toolSearch: {searchDefaultLimit: 2, maxSearchLimit: 3}}})
    expect(parseJsonOutput<Hit[]>(await search(['file', '--json', '--config', config]))).toHaveLength(2)
    const clamped = await search(['file', '--json', '--limit', '10', '--config', config])
    expect(parseJsonOutput<Hit[]>(clamped)).toHaveLength(3)
    expect(clamped.stderr).toBe('Note: --limit 10 is over maxSearchLimit; using 3.\n')
    expect(parseJsonOutput<Hit[]>(await search(['file', '--json', '--limit', '1', '--config', config]))).toHaveLength(1)
  })

  it('says so when -q queries get a --limit over maxSearchLimit, as a single query does', async () => {
    const config = configFile({tools: {toolSearch: {maxSearchLimit: 3}}})
    const batch = await search(['-q', 'file', '-q', 'web', '--json', '--limit', '10', '--config', config])
    expect(batch.code).toBe(0)
    expect(batch.stderr).toBe('Note: --limit 10 is over maxSearchLimit; using 3.\n')
    expect(parseJsonOutput<{results: Array<{candidates: unknown[]}>}>(batch).results[0]!.candidates).toHaveLength(3)
  })

  it('uses 8 / 20 without a config', async () => {
    // Every openclaw id contains "openclaw": more than 20 tools match.
    expect(parseJsonOutput<Hit[]>(await search(['openclaw', '--json']))).toHaveLength(8)
    expect(parseJsonOutput<Hit[]>(await search(['openclaw', '--json', '--limit', '50']))).toHaveLength(20)
  })

  it('applies the local-model overlay (5 / 10) from --provider', async () => {
    expect(parseJsonOutput<Hit[]>(await search(['openclaw', '--json', '--provider', 'lmstudio']))).toHaveLength(5)
    expect(parseJsonOutput<Hit[]>(await search(['openclaw', '--json', '--provider', 'lmstudio', '--limit', '50']))).toHaveLength(10)
  })

  it('refuses a limit that is not a positive integer', async () => {
    expect((await search(['file', '--limit', '0'])).code).toBe(2)
  })
})

describe('search: catalogs and config', () => {
  it('merges several --catalog files of different shapes; --owner names a tools/list server', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'issues.json'), JSON.stringify({tools: [{name: 'create_issue', description: 'Create an issue.', inputSchema: {type: 'object'}}]}))
    writeFileSync(join(dir, 'openai.json'), JSON.stringify([{type: 'function', function: {name: 'file_issue', description: 'File an issue.'}}]))
    writeFileSync(join(dir, 'anthropic.json'), JSON.stringify([{name: 'close_issue', description: 'Close an issue.', input_schema: {type: 'object'}}]))
    const catalogs = ['--catalog', 'issues.json', '--catalog', 'openai.json', '--catalog', 'anthropic.json']
    const byFile = parseJsonOutput<Hit[]>(await runCli(['search', ...catalogs, 'issue', '--json'], {cwd: dir}))
    expect(byFile.map((hit) => hit.id).sort()).toEqual(['client:client:close_issue', 'client:client:file_issue', 'mcp:issues:create_issue'])
    const owned = parseJsonOutput<Hit[]>(await runCli(['search', ...catalogs, 'create issue', '--owner', 'tracker', '--json'], {cwd: dir}))
    expect(owned[0]!.id).toBe('mcp:tracker:create_issue')
  })

  it('still searches when the config disables Tool Search, and says so', async () => {
    const config = configFile({tools: {toolSearch: false}})
    const result = await search(['read', '--json', '--config', config])
    expect(result.code).toBe(0)
    expect(parseJsonOutput<Hit[]>(result)[0]!.id).toBe('openclaw:core:read')
    expect(result.stderr).toBe('Note: Tool Search is disabled by this config; showing what it would return if enabled.\n')
  })

  it('fails on an unreadable config before searching', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'openclaw.json'), '{ tools: ')
    const result = await search(['read', '--config', join(dir, 'openclaw.json')])
    expect(result.code).not.toBe(0)
    expect(result.stdout).toBe('')
  })
})

describe('search: rankers', () => {
  it('uses openclaw by default and accepts it by name', async () => {
    expect(await search(['read', '--json', '--ranker', 'openclaw'])).toMatchObject({stdout: (await search(['read', '--json'])).stdout})
  })

  it('rejects an unknown ranker, listing the known ones', async () => {
    const result = await search(['read', '--ranker', 'magic'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: Unknown ranker "magic"\. Known rankers: openclaw(, [a-z]+)*\.\n$/)
  })
})

describe('search: policy', () => {
  it('hides denied tools (--deny, glob over names and ids)', async () => {
    const all = parseJsonOutput<Hit[]>(await search(['web', '--json']))
    expect(all.map((hit) => hit.name)).toContain('web_search')
    const denied = parseJsonOutput<Hit[]>(await search(['web', '--json', '--deny', 'web_*', '--deny', 'mcp:*']))
    expect(denied.map((hit) => hit.name)).not.toContain('web_search')
    expect(denied.some((hit) => hit.source === 'mcp')).toBe(false)
  })

  it('applies tools.allow / tools.deny from the config, deny winning', async () => {
    const config = configFile({tools: {allow: ['openclaw:web:*', 'read'], deny: ['web_fetch']}})
    const hits = parseJsonOutput<Hit[]>(await search(['web', 'page', 'read', 'file', '--json', '--config', config]))
    expect(hits.map((hit) => hit.id).sort()).toEqual(['openclaw:core:read', 'openclaw:web:web_search'])
  })
})

describe('search: batch (-q) and --stdin', () => {
  it('runs repeated -q as a batch, printing one table per query', async () => {
    const result = await search(['-q', 'send a message', '-q', 'convert miles', '--limit', '2'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Query: send a message\n#\s+ID/)
    expect(result.stdout).toContain('\n\nQuery: convert miles\n')
    expect(result.stdout).toContain('openclaw:utilities:unit_convert')
  })

  it('gives the batch response under --json, with the batch rules', async () => {
    const response = parseJsonOutput<{results: Array<{query: string; candidates: Hit[]}>}>(await search(['-q', 'send a message', '-q', 'weather', '--limit', '1', '--json']))
    expect(response.results.map((group) => [group.query, group.candidates.length])).toEqual([
      ['send a message', 1],
      ['weather', 1],
    ])
    const error = await search(['-q', 'a', '-q', 'b', '-q', 'c', '--limit', '20'])
    expect(error.code).toBe(1)
    expect(error.stderr).toBe(
      'Error: batch queries resolve to 60 results, but may request at most 50 in total. An omitted limit counts as 8; set smaller per-query limits and retry.\n',
    )
  })

  it('reads one query per line from --stdin and prints one JSON line each', async () => {
    const result = await search(['--stdin', '--limit', '2'], {input: 'web search\n\n  take a screenshot  \nxyzzy\n'})
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as {query: string; candidates: Hit[]})
    expect(lines.map((line) => line.query)).toEqual(['web search', 'take a screenshot', 'xyzzy'])
    expect(lines[0]!.candidates.map((hit) => hit.id)).toEqual(['openclaw:web:web_search', 'openclaw:web:web_fetch'])
    expect(lines[1]!.candidates[0]!.id).toBe('openclaw:browser:browser_screenshot')
    expect(lines[2]!.candidates).toEqual([])
  })

  it('applies no batch limits to --stdin: more than 16 queries, over 50 results, a query over 512 characters', async () => {
    const long = `web search ${'x'.repeat(600)}`
    const queries = [...Array.from({length: 19}, () => 'file'), long]
    const result = await search(['--stdin', '--limit', '3'], {input: `${queries.join('\n')}\n`})
    expect(result).toMatchObject({code: 0, stderr: ''})
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as {query: string; candidates: Hit[]})
    expect(lines.map((line) => line.query)).toEqual(queries)
    expect(lines.reduce((sum, line) => sum + line.candidates.length, 0)).toBeGreaterThan(50)
    expect(lines[19]!.candidates[0]!.id).toBe('openclaw:web:web_search')
  })
})

describe('search --request', () => {
  it('prints exactly what the model would receive', async () => {
    const request = {queries: [{query: 'web search', limit: 1}]}
    const result = await search(['--request', JSON.stringify(request)])
    expect(result.code).toBe(0)
    const expected = {
      results: [
        {
          query: 'web search',
          candidates: [
            {
              id: 'openclaw:web:web_search',
              source: 'openclaw',
              sourceName: 'web',
              name: 'web_search',
              label: 'Web search',
              description: 'Search the web and return titles, URLs and snippets of the best results.',
              input: '{ query: string; count?: number /* integer, >= 1, <= 10 */; freshness?: "day" | "week" | "month" }',
            },
          ],
        },
      ],
    }
    expect(result.stdout).toBe(`${JSON.stringify(expected, null, 2)}\n`)
    // --json: the same text as a field, beside what it serialises.
    const json = parseJsonOutput<{text: string; external: boolean; payload: unknown}>(await search(['--request', JSON.stringify(request), '--json']))
    expect(json).toEqual({text: result.stdout.trimEnd(), external: false, payload: expected})
  })

  it('prints a single search as the bare candidate array, descriptions whole', async () => {
    const result = await search(['--request', '{"query":"weather","limit":1}'])
    expect(result.code).toBe(0)
    const hits = JSON.parse(result.stdout) as Hit[]
    expect(hits.map((hit) => hit.id)).toEqual(['openclaw:weather:weather_forecast'])
    expect(result.stdout).toBe(`${JSON.stringify(hits, null, 2)}\n`)
  })

  it('runs every request of --request-file, one JSON line each, errors included', async () => {
    const dir = tempDir()
    const file = join(dir, 'requests.jsonl')
    writeFileSync(file, '{"query":"weather","limit":1}\n\n{"queries":[]}\n{"queries":[{"query":"web search","limit":1}]}\n')
    const result = await search(['--request-file', file])
    expect(result).toMatchObject({code: 0, stderr: ''})
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as {text?: string; error?: string})
    expect(lines).toHaveLength(3)
    expect(lines[0]!.text).toBe((await search(['--request', '{"query":"weather","limit":1}'])).stdout.trimEnd())
    expect(lines[1]).toEqual({error: 'queries must be a non-empty array.'})
    expect(JSON.parse(lines[2]!.text!)).toMatchObject({results: [{query: 'web search'}]})
  })

  it('stops --request-file at a line that is not JSON, naming it, and at a file it cannot read', async () => {
    const dir = tempDir()
    const file = join(dir, 'requests.jsonl')
    writeFileSync(file, '{"query":"weather"}\n{query: weather}\n')
    const result = await search(['--request-file', file])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Error: .*--request-file line 2 is not valid JSON: /)
    const missing = await search(['--request-file', join(dir, 'missing.jsonl')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^Error: Cannot read --request-file /)
    expect(await search(['read', '--request-file', file])).toMatchObject({code: 2, stderr: 'Error: --request-file brings its own queries; leave out the query words.\n'})
  })

  it('fails with exit 1 and the exact model-facing message: the control\'s own error object', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'provide query or queries.'],
      [{queries: []}, 'queries must be a non-empty array.'],
      [{queries: [{query: 'a'}], limit: 2}, 'set limit on each batch query, not on the batch request.'],
      [{queries: [{query: ' '}]}, 'queries[0].query must be a non-empty string.'],
      [{queries: [{query: 'é'.repeat(127)}, {query: 'é'.repeat(127)}]}, 'serialized batch query text may use at most 512 UTF-8 bytes.'],
    ]
    for (const [request, message] of cases) {
      const result = await search(['--request', JSON.stringify(request)])
      expect({code: result.code, stderr: result.stderr, stdout: result.stdout}).toEqual({code: 1, stderr: '', stdout: modelErrorText('tool_search', message)})
    }
  })

  it('refuses arguments that fail tool_search\'s own schema before the control runs, with the provider-side text (exit 1)', async () => {
    const anyOf = ['  - queries: must be null', '  - queries: must match a schema in anyOf']
    const cases: Array<[unknown, string[]]> = [
      [{queries: [7]}, ['  - queries.0: must be object', ...anyOf]],
      [{queries: [{query: 'x'.repeat(513)}]}, ['  - queries.0.query: must not have more than 512 characters', ...anyOf]],
      [{queries: [{query: 'a', limit: -1}]}, ['  - queries.0.limit: must be >= 1', ...anyOf]],
      [{queries: Array.from({length: 17}, () => ({query: 'a', limit: 1}))}, ['  - queries: must not have more than 16 items', ...anyOf]],
    ]
    for (const [request, lines] of cases) {
      const result = await search(['--request', JSON.stringify(request)])
      const text = `Validation failed for tool "tool_search":\n${lines.join('\n')}\n\nReceived arguments:\n${JSON.stringify(request, null, 2)}\n`
      expect({code: result.code, stderr: result.stderr, stdout: result.stdout}).toEqual({code: 1, stderr: '', stdout: text})
    }
    // What the schema can coerce is coerced, as OpenClaw does: a number query is searched as text.
    const coerced = await search(['--request', JSON.stringify({query: 1})])
    expect(coerced.code).toBe(0)
    expect(coerced.stdout).toBe((await search(['--request', JSON.stringify({query: '1'})])).stdout)
  })

  it('reports errors as JSON under --json', async () => {
    const result = await search(['--request', '{}', '--json'])
    expect(result.code).toBe(1)
    expect(parseJsonOutput(result)).toEqual({error: {code: 'invalid-search-request', message: 'provide query or queries.'}})
  })

  it('refuses a request that is not JSON', async () => {
    const result = await search(['--request', '{query: read}'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: --request is not valid JSON: /)
  })
})

describe('search: hostile and broken catalogs', () => {
  it('neutralises escape sequences from catalogs in the table', async () => {
    const result = await runCli(['search', '--catalog', HOSTILE, 'harmless'])
    expect(result.code).toBe(0)
    expect(result.stdout).not.toMatch(UNSAFE)
    expect(result.stdout).toContain('clear\\u001b[2J_screen')
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(5)
    expect(result.stdout).toContain('   input: { "mode\\u009b"?: string }\n')
  })

  it('prints --request and --stdin JSON with every control character escaped, still the same JSON', async () => {
    const request = await runCli(['search', '--catalog', HOSTILE, '--request', '{"query":"harmless"}'])
    expect(request.code).toBe(0)
    expect(request.stdout).not.toMatch(UNSAFE)
    const expected = (await runCli(['search', '--catalog', HOSTILE, '--request', '{"query":"harmless"}', '--json'])).stdout
    expect(expected).not.toMatch(UNSAFE)
    expect(JSON.parse(request.stdout)).toEqual(JSON.parse((JSON.parse(expected) as {text: string}).text))
    const labels = (JSON.parse(request.stdout) as Hit[]).map((hit) => hit.label)
    expect(labels).toContain('\u202eevil label')
    const lines = await runCli(['search', '--catalog', HOSTILE, '--stdin'], {input: 'harmless\n'})
    expect(lines.stdout).not.toMatch(UNSAFE)
    expect((JSON.parse(lines.stdout) as {candidates: Hit[]}).candidates.map((hit) => hit.output)).toContain('{ done: "\u009b\u202e" }')
  })

  it('neutralises a query that matches nothing', async () => {
    const result = await search(['\u001b[2Jnothing\u009b'])
    expect(result.stdout).toBe('No tools match "\\u001b[2Jnothing\\u009b".\n')
  })

  it('names the file and entry of a bad catalog (exit 2)', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({tools: [{name: 'a'}, {name: 'b'}, {name: 'c'}, {name: 4}]}))
    const result = await runCli(['search', '--catalog', 'bad.json', 'a'], {cwd: dir})
    expect(result).toMatchObject({code: 2, stdout: '', stderr: 'Error: bad.json: tools[3].name: must be a string\n'})
    writeFileSync(join(dir, 'empty.json'), '')
    const empty = await runCli(['search', '--catalog', 'empty.json', 'a', '--json'], {cwd: dir})
    expect(empty.code).toBe(2)
    expect(parseJsonOutput(empty)).toEqual({error: {code: 'invalid-catalog', message: 'empty.json: the file is empty (expected a JSON object or an array of tools)'}})
    expect(empty.stderr).toBe('')
  })

  it('names an MCP server that could not start on stderr and keeps the other tools', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'mixed.json'), JSON.stringify({tools: [{name: 'notes', description: 'Take notes.'}], mcpServers: {ghost: {command: join(dir, 'missing-server')}}}))
    const result = await runCli(['search', '--catalog', 'mixed.json', 'notes', '--json'], {cwd: dir})
    expect(result.code).toBe(0)
    expect(parseJsonOutput<Hit[]>(result).map((hit) => hit.id)).toEqual(['openclaw:core:notes'])
    expect(result.stderr).toMatch(/^Warning: MCP server "ghost" is unavailable: .+; its tools are absent\.\n$/)
  })
})
