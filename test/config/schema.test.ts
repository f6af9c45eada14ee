/**
 * Whole-config validation against OpenClaw's schema (SPEC §1.3), through the parts compiled at
 * build time: verdicts on whole configs, messages and suggestions, the structured-only
 * difference, and `--schema` (compiled at run time) agreeing with the build.
 */
import {afterEach, describe, expect, it} from 'vitest'

import {formatConfigPath} from '../../src/config/path.js'
import {validateSchema} from '../../src/config/schema.js'
import {selectConfigSchema} from '../../src/config/schema-source.js'
import {ROOT} from '../helpers/cli.js'

const problems = async (config: unknown) => (await validateSchema(config)).map((problem) => `${formatConfigPath(problem.path)}: ${problem.message}`)

afterEach(() => selectConfigSchema(undefined))

/**
 * Whole configs and the verdict OpenClaw 2026.9.6's schema gives them (read from the schema:
 * `additionalProperties: false` everywhere, the types and bounds it states).
 */
const VERDICTS: Array<[string, unknown, boolean]> = [
  ['empty', {}, true],
  ['structured Tool Search', {tools: {toolSearch: {mode: 'directory', searchDefaultLimit: 4, maxSearchLimit: 12}}}, true],
  ['Tool Search shorthand', {tools: {toolSearch: false, allow: ['read*'], deny: ['exec']}}, true],
  ['a gateway and a model', {gateway: {port: 18789}, agents: {defaults: {model: {primary: 'openai/gpt-5', fallbacks: ['anthropic/claude']}}}}, true],
  ['providers and MCP servers', {models: {providers: {ollama: {baseUrl: 'http://127.0.0.1:11434', models: [{id: 'llama3.1:8b', name: 'Llama'}]}}}, mcp: {servers: {fs: {command: 'npx', args: ['-y', 'server-fs']}}}}, true],
  ['a channel', {channels: {telegram: {enabled: true, botToken: '${TELEGRAM_TOKEN}', dmPolicy: 'pairing'}}}, true],
  ['agents.list with the lean flag', {agents: {list: [{id: 'main', default: true, experimental: {localModelLean: true}}]}}, true],
  ['code mode on', {tools: {codeMode: true}}, true],
  ['plugin config is the plugin\'s business', {plugins: {entries: {demo: {enabled: true, config: {anything: [1, {x: null}]}}}}}, true],
  ['an unknown top-level key', {tools: {toolSearch: true}, colour: 'blue'}, false],
  ['a misplaced toolSearch', {toolSearch: {mode: 'tools'}}, false],
  ['a misspelled key deep down', {channels: {telegram: {botTokn: 'x'}}}, false],
  ['a port out of range', {gateway: {port: 70000}}, false],
  ['a log level that does not exist', {logging: {level: 'verbose'}}, false],
  ['an agent entry without an id', {agents: {list: [{default: true}]}}, false],
  ['an agents.entries key with capitals', {agents: {entries: {Main: {}}}}, false],
  ['a limit that is not an integer', {tools: {toolSearch: {searchDefaultLimit: 2.5}}}, false],
  ['a provider model without an id', {models: {providers: {ollama: {models: [{name: 'x'}]}}}}, false],
]

describe("verdicts on whole configs agree with OpenClaw's schema", () => {
  for (const [name, config, valid] of VERDICTS) {
    it(`${name}: ${valid ? 'valid' : 'invalid'}`, async () => {
      const found = await problems(config)
      if (valid) expect(found).toEqual([])
      else expect(found.length).toBeGreaterThan(0)
    })
  }
})

describe('messages', () => {
  it('suggest the right case, the right place or a close spelling for an unknown key', async () => {
    expect(await problems({tools: {toolsearch: {mode: 'tools'}}})).toEqual(['tools.toolsearch: unknown key "toolsearch": did you mean tools.toolSearch?'])
    expect(await problems({toolSearch: {mode: 'tools'}})).toEqual(['toolSearch: unknown key "toolSearch": it belongs at tools.toolSearch'])
    expect(await problems({channels: {telegram: {botTokn: 'x'}}})).toEqual(['channels.telegram.botTokn: unknown key "botTokn": did you mean channels.telegram.botToken?'])
    expect(await problems({tools: {toolSearch: {colour: 1}}})).toEqual(['tools.toolSearch.colour: unknown key "colour" (allowed: enabled, mode, searchDefaultLimit, maxSearchLimit)'])
  })

  it('say what a value may be, never offering a retired value', async () => {
    expect(await problems({tools: {toolSearch: 'tools'}})).toEqual(['tools.toolSearch: must be a boolean or an object'])
    expect(await problems({tools: {toolSearch: {mode: 'fast'}}})).toEqual(['tools.toolSearch.mode: must be "tools" or "directory"'])
    expect(await problems({tools: {toolSearch: {maxSearchLimit: 0, searchDefaultLimit: '4'}}})).toEqual(['tools.toolSearch.searchDefaultLimit: must be a positive integer', 'tools.toolSearch.maxSearchLimit: must be a positive integer'])
    expect(await problems({logging: {level: 'verbose'}})).toEqual(['logging.level: must be one of "silent", "fatal", "error", "warn", "info", "debug", "trace"'])
    expect(await problems({gateway: {port: 70000}})).toEqual(['gateway.port: must be <= 65535'])
    expect(await problems({agents: {list: [{default: true}]}})).toEqual(['agents.list[0]: missing required key "id"'])
    expect(await problems({tools: {allow: 'x'}})).toEqual(['tools.allow: must be an array'])
  })

  it('leave retired Tool Search settings to the structured-only check', async () => {
    expect(await problems({tools: {toolSearch: {mode: 'code', codeTimeoutMs: null}}})).toEqual([])
    expect(await problems({tools: {toolSearch: {codeTimeoutMs: 'soon'}}})).toEqual([])
  })
})

describe('--schema: another OpenClaw version, compiled at run time', () => {
  it('gives the same problems as the parts compiled at build time', async () => {
    const configs = [{toolSearch: 1, tools: {toolsearch: {}, toolSearch: {mode: 'x'}}}, {agents: {list: [{id: 'main', experimental: {localModelLean: 'yes'}}]}}, {gateway: {port: 'x'}}]
    const bundled = await Promise.all(configs.map(problems))
    selectConfigSchema(`${ROOT}/schemas/openclaw-2026.9.6.schema.json`)
    const fromFile = await Promise.all(configs.map(problems))
    expect(fromFile).toEqual(bundled)
    expect(bundled.every((list) => list.length > 0)).toBe(true)
  }, 60_000)

  it('validates against the schema given, with the structured-only difference applied', async () => {
    selectConfigSchema(`${ROOT}/test/fixtures/openclaw-schema/minimal.schema.json`)
    expect(await problems({custom: 'x', tools: {toolSearch: {mode: 'code', codeTimeoutMs: 5}}})).toEqual([])
    expect(await problems({gateway: {}})).toEqual(['gateway: unknown key "gateway" (allowed: $schema, custom, tools)'])
  })
})
