/**
 * End to end, the config behaves as OpenClaw's own: paths as its `config set` parses them, whole
 * configs validated against its published schema, `${VAR}` references kept on write, effective
 * settings for the default agent.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {runCli, tempDir} from '../helpers/cli.js'

function configFile(text: string, name = 'openclaw.json'): string {
  const file = join(tempDir(), name)
  writeFileSync(file, text)
  return file
}

describe('config paths as OpenClaw parses them', () => {
  it('creates an array for an index segment, trims segments and reads unquoted bracket keys', async () => {
    const file = configFile('{}')
    expect(await runCli(['config', 'set', 'agents.list[0].id', 'main', '--config', file])).toMatchObject({code: 0})
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({agents: {list: [{id: 'main'}]}})
    expect(await runCli(['config', 'get', ' agents . list["0"].id ', '--config', file])).toMatchObject({stdout: 'main\n', code: 0})
    const bad = await runCli(['config', 'set', 'agents.list[0', 'x', '--config', file])
    expect(bad).toMatchObject({stderr: 'Error: Invalid path (missing "]"): agents.list[0\n', code: 2})
  })
})

describe('config explain for an agent', () => {
  it('--agent reads that agent\'s lean flag', async () => {
    const file = configFile(JSON.stringify({agents: {list: [{id: 'main'}, {id: 'coder', experimental: {localModelLean: true}}]}}))
    const result = await runCli(['config', 'explain', '--agent', 'Coder', '--json', '--config', file])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout).settings).toMatchObject({enabled: true, mode: 'tools', searchDefaultLimit: 5, maxSearchLimit: 10, localModelOverlay: true})
  })
})

describe('${VAR} references survive a write of the value they give', () => {
  const text = '{\n  models: {providers: {openai: {apiKey: "${TS_OPENAI_KEY}", baseUrl: "https://api.example/v1"}}},\n}\n'
  const env = {TS_OPENAI_KEY: 'sk-secret'}

  it('setting the secret itself is No change, and the file stays byte-identical', async () => {
    const file = configFile(text, 'openclaw.json5')
    expect(await runCli(['config', 'set', 'models.providers.openai.apiKey', 'sk-secret', '--config', file], {env})).toMatchObject({stdout: 'No change\n', code: 0})
    expect(readFileSync(file, 'utf8')).toBe(text)
  })

  it('a whole object keeps the reference where its value is what the reference gives', async () => {
    const file = configFile(text, 'openclaw.json5')
    const result = await runCli(['config', 'set', 'models.providers.openai', '{apiKey: "sk-secret", baseUrl: "https://other.example/v1"}', '--config', file], {env})
    expect(result.code).toBe(0)
    const after = readFileSync(file, 'utf8')
    expect(after).toContain('apiKey: "${TS_OPENAI_KEY}"')
    expect(after).toContain('https://other.example/v1')
    expect(after).not.toContain('sk-secret')
  })
})

describe("the whole config, validated as OpenClaw's schema says", () => {
  it('config set refuses a dead key and says which key was meant; the file is untouched', async () => {
    const file = configFile('{}')
    const result = await runCli(['config', 'set', 'tools.toolsearch.mode', 'tools', '--config', file])
    expect(result).toMatchObject({code: 1, stdout: ''})
    expect(result.stderr).toBe(`Note: "tools" is not JSON5, so it is stored as a string.\nError: Refusing to write ${file}: the result would be invalid:\n- tools.toolsearch: unknown key "toolsearch": did you mean tools.toolSearch?\n`)
    expect(readFileSync(file, 'utf8')).toBe('{}')
  })

  it('errors already in the file are reported, not held against an unrelated write', async () => {
    const file = configFile('{"toolSearch": {"mode": "tools"}}')
    expect((await runCli(['config', 'set', 'tools.toolSearch.mode', 'directory', '--config', file])).code).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({toolSearch: {mode: 'tools'}, tools: {toolSearch: {mode: 'directory'}}})
    const doctor = await runCli(['doctor', '--json', '--config', file])
    expect(doctor.code).toBe(1)
    expect(JSON.parse(doctor.stdout).findings).toEqual([expect.objectContaining({check: 'config.schema', severity: 'error', path: 'toolSearch', message: 'toolSearch unknown key "toolSearch": it belongs at tools.toolSearch.'})])
  })

  it('config validate refuses a config for an unrelated invalid key, and retired settings are the structured-only check\'s', async () => {
    const file = configFile('{"gateway": {"port": "18789"}, "tools": {"toolSearch": {"mode": "code"}}}')
    const result = await runCli(['config', 'validate', '--json', '--config', file])
    expect(result.code).toBe(78)
    const {problems} = JSON.parse(result.stdout) as {problems: Array<{path: string; message: string}>}
    expect(problems.map((problem) => problem.path)).toEqual(['gateway.port', 'tools.toolSearch.mode'])
    expect(problems[0].message).toBe('must be a positive integer')
    expect(problems[1].message).toContain('retired')
  })
})
