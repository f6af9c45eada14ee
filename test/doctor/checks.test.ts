import {describe, expect, it} from 'vitest'

import {findings} from './helpers.js'

const config = (toolSearch: string) => `{\n  tools: {\n    toolSearch: ${toolSearch},\n  },\n}\n`

async function messagesOf(check: string, text: string, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  return (await findings(text, env)).filter((finding) => finding.check === check).map((finding) => `${finding.severity} ${finding.path}: ${finding.message}`)
}

describe('tools.toolSearch.disabled-by-shape', () => {
  const check = 'tools.toolSearch.disabled-by-shape'
  it('valid', async () => {
    for (const value of ['true', 'false', '{enabled: false}', '{mode: "tools"}', '{enabled: "yes", mode: "tools"}']) expect(await messagesOf(check, config(value))).toEqual([])
    expect(await messagesOf(check, '{}')).toEqual([])
  })
  it('invalid', async () => {
    expect(await messagesOf(check, config('{}'))).toEqual(['warning tools.toolSearch: tools.toolSearch is {}, which turns Tool Search off. Use true (or {enabled: true}) to turn it on, or false to say it is off.'])
    expect(await messagesOf(check, config('{enabled: "yes"}'))).toEqual([
      'warning tools.toolSearch.enabled: tools.toolSearch.enabled is "yes", not a boolean, and no other key is set, so Tool Search is off. Use enabled: true or enabled: false.',
    ])
    expect(await messagesOf(check, config('null'))).toEqual(['warning tools.toolSearch: tools.toolSearch is null, which behaves as {} and turns Tool Search off. Use true or false.'])
  })
})

describe('tools.toolSearch.limits', () => {
  const check = 'tools.toolSearch.limits'
  it('valid', async () => {
    expect(await messagesOf(check, config('{searchDefaultLimit: 8, maxSearchLimit: 50}'))).toEqual([])
  })
  it('invalid', async () => {
    expect(await messagesOf(check, config('{searchDefaultLimit: 0, maxSearchLimit: 2.5}'))).toEqual([
      'warning tools.toolSearch.searchDefaultLimit: tools.toolSearch.searchDefaultLimit is 0, not a positive integer: it is ignored and the default 8 applies.',
      'warning tools.toolSearch.maxSearchLimit: tools.toolSearch.maxSearchLimit is 2.5, not a positive integer: it is ignored and the default 20 applies.',
    ])
    expect(await messagesOf(check, config('{searchDefaultLimit: 60, maxSearchLimit: 99}'))).toEqual([
      'warning tools.toolSearch.maxSearchLimit: tools.toolSearch.maxSearchLimit is 99; it is clamped to 50.',
      'warning tools.toolSearch.searchDefaultLimit: tools.toolSearch.searchDefaultLimit is 60, above maxSearchLimit 50; it is clamped to 50.',
    ])
  })
})

describe('config.schema', () => {
  it('reports unknown keys at the key and wrong types at the value', async () => {
    const found = (await findings(config('{mode: "fast", colour: 1}'))).filter((finding) => finding.check === 'config.schema')
    expect(found).toEqual([
      {check: 'config.schema', severity: 'error', path: 'tools.toolSearch.colour', line: 3, column: 32, message: 'tools.toolSearch.colour unknown key "colour" (allowed: enabled, mode, searchDefaultLimit, maxSearchLimit).'},
      {check: 'config.schema', severity: 'error', path: 'tools.toolSearch.mode', line: 3, column: 24, message: 'tools.toolSearch.mode must be "tools" or "directory".'},
    ])
  })
})

describe('config.env', () => {
  it('warns about a ${VAR} with no value, with its location', async () => {
    expect(await findings('{env: {vars: {\n  A: "${SET}",\n  B: "x ${UNSET_VAR}",\n}}}', {SET: '1'})).toEqual([
      {check: 'config.env', severity: 'warning', path: 'env.vars.B', line: 3, column: 6, message: '${UNSET_VAR} is not set in the environment (used by env.vars.B); the reference stays as written.'},
    ])
  })

  it('keeps array indexes and odd keys in the path', async () => {
    const found = await findings('{\n  agents: { list: [ { id: "main", workspace: "${MY_TOKEN}" } ] },\n  plugins: {entries: {demo: {config: {"a.b": "${OTHER}"}}}},\n}')
    expect(found.map(({path, message}) => ({path, message}))).toEqual([
      {path: 'agents.list.0.workspace', message: '${MY_TOKEN} is not set in the environment (used by agents.list[0].workspace); the reference stays as written.'},
      {path: 'plugins.entries.demo.config.a.b', message: '${OTHER} is not set in the environment (used by plugins.entries.demo.config["a.b"]); the reference stays as written.'},
    ])
  })
})

describe('messages show values as written, never what the environment made of them', () => {
  it('disabled-by-shape and limits quote the ${VAR} reference', async () => {
    const env = {ENABLED: 'hunter2', LIMIT: '5'}
    const messages = (await findings(config('{enabled: "${ENABLED}"}'), env)).concat(await findings(config('{searchDefaultLimit: "${LIMIT}", mode: "tools"}'), env)).map((finding) => finding.message)
    expect(messages).toContain('tools.toolSearch.enabled is "${ENABLED}", not a boolean, and no other key is set, so Tool Search is off. Use enabled: true or enabled: false.')
    expect(messages).toContain('tools.toolSearch.searchDefaultLimit is "${LIMIT}", not a positive integer: it is ignored and the default 8 applies.')
    expect(messages.join('\n')).not.toContain('hunter2')
  })

  it('limits show NaN and Infinity as JSON5 writes them', async () => {
    expect(await messagesOf('tools.toolSearch.limits', config('{searchDefaultLimit: NaN, maxSearchLimit: -Infinity}'))).toEqual([
      'warning tools.toolSearch.searchDefaultLimit: tools.toolSearch.searchDefaultLimit is NaN, not a positive integer: it is ignored and the default 8 applies.',
      'warning tools.toolSearch.maxSearchLimit: tools.toolSearch.maxSearchLimit is -Infinity, not a positive integer: it is ignored and the default 20 applies.',
    ])
  })
})

describe('config.parse', () => {
  it('turns a file that does not parse into one finding with line and column', async () => {
    expect(await findings('{\n  tools: {,\n}')).toEqual([
      {check: 'config.parse', severity: 'error', path: '', line: 2, column: 11, message: 'Unexpected ","; expected a key or "}"'},
    ])
  })
})
