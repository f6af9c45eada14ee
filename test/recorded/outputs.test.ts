/**
 * Every command's output on the project's fixtures, byte for byte as recorded before the
 * performance and design work: a refactor or a speed-up must not change what a person or a model
 * is shown. `test/fixtures/recorded/outputs.json` holds stdout, stderr and the exit code of each
 * case. A deliberate change of output re-records it (`TOOLSEARCH_RECORD=1 npx vitest run
 * test/recorded`) in the same commit that explains the change.
 */
import {copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, runCli, tempDir} from '../helpers/cli.js'

const RECORDED = join(ROOT, 'test/fixtures/recorded/outputs.json')
const RECORD = process.env.TOOLSEARCH_RECORD === '1'

const EXAMPLE = join(ROOT, 'examples/catalog.json5')
const REAL = join(ROOT, 'test/fixtures/mcp-tools-list')
const EVAL = join(ROOT, 'test/fixtures/eval')

/** Queries a person debugging a catalog types: names, tasks, typos, other languages' words. */
const QUERIES = [
  'read a file',
  'create github issue',
  'search the web',
  'take a screenshot of the page',
  'send slack message',
  'list kubernetes pods',
  'git commit',
  'query postgres database',
  'weather',
  'convert units',
  'browser_navigate',
  'delete',
  'figma design',
  'remember this fact',
  'run shell command',
  'fetch url',
]

/** Configs for the doctor: a clean one, the retired settings, typos, wrong types, syntax errors. */
const CONFIGS: Record<string, string> = {
  clean: '{\n  // kept\n  tools: {toolSearch: true},\n}\n',
  retired: '{\n  tools: {\n    toolSearch: {\n      mode: "code", // old\n      codeTimeoutMs: 5000,\n    },\n  },\n}\n',
  typo: '{\n  tools: {toolsearch: {mode: "tools"}},\n  toolSearch: true,\n}\n',
  types: '{\n  tools: {toolSearch: {mode: 3, searchDefaultLimit: "many", maxSearchLimit: -1}},\n}\n',
  syntax: '{\n  tools: {toolSearch: {mode: "tools",,}},\n}\n',
  empty: '',
  code: '{\n  tools: {codeMode: true, toolSearch: {mode: "tools"}},\n  agents: {list: [{id: "main", default: true}]},\n}\n',
}

interface Case {
  name: string
  args: string[]
  input?: string
  /** A file the command may write, recorded as it is afterwards. */
  writes?: string
}

function cases(configDir: string): Case[] {
  const list: Case[] = []
  for (const query of QUERIES) {
    for (const ranker of ['openclaw', 'enhanced']) {
      list.push({name: `search ${ranker} ${query}`, args: ['search', '-c', REAL, '--ranker', ranker, '--json', '--', ...query.split(' ')]})
    }
  }
  list.push(
    {name: 'search example explain', args: ['search', '-c', EXAMPLE, '--explain', 'convert', 'units']},
    {name: 'search example text', args: ['search', '-c', EXAMPLE, 'text', 'statistics']},
    {name: 'search batch request', args: ['search', '-c', REAL, '--request', JSON.stringify({queries: [{query: 'open a pull request', limit: 3}, {query: 'navigate browser'}, {query: 'read file', limit: 1}]})]},
    {name: 'search scalar request', args: ['search', '-c', REAL, '--request', JSON.stringify({query: 'slack', limit: 2})]},
    {name: 'search real text', args: ['search', '-c', REAL, 'create', 'pull', 'request']},
    {name: 'search stdin', args: ['search', '-c', REAL, '--stdin'], input: QUERIES.join('\n') + '\n'},
    {name: 'directory example', args: ['directory', '-c', EXAMPLE]},
    {name: 'directory real', args: ['directory', '-c', REAL]},
    {name: 'directory real json', args: ['directory', '-c', REAL, '--json']},
    {name: 'directory real small window', args: ['directory', '-c', REAL, '--context-window', '16000']},
    {name: 'directory real large window json', args: ['directory', '-c', REAL, '--context-window', '1000000', '--json']},
    {name: 'describe json', args: ['describe', '-c', REAL, 'mcp:github:create_issue', '--json']},
    {name: 'describe text', args: ['describe', '-c', EXAMPLE, 'unit_convert']},
    {name: 'payload json', args: ['payload', '-c', REAL, '--json']},
    {name: 'lint json', args: ['lint', '-c', REAL, '--json']},
    {name: 'lint example', args: ['lint', '-c', EXAMPLE]},
    {name: 'eval json', args: ['eval', '-c', join(EVAL, 'catalog.json'), '--queries', join(EVAL, 'queries.jsonl'), '--ranker', 'openclaw', '--ranker', 'enhanced', '--json']},
    {name: 'catalog list json', args: ['catalog', 'list', '-c', REAL, '--json']},
    {name: 'catalog list example', args: ['catalog', 'list', '-c', EXAMPLE]},
  )
  for (const config of Object.keys(CONFIGS)) {
    const file = join(configDir, `${config}.json5`)
    list.push(
      {name: `doctor json ${config}`, args: ['doctor', '--config', file, '--json']},
      {name: `doctor text ${config}`, args: ['doctor', '--config', file]},
      {name: `doctor fix dry-run ${config}`, args: ['doctor', '--fix', '--dry-run', '--config', file]},
      {name: `validate ${config}`, args: ['config', 'validate', '--config', file]},
      {name: `explain json ${config}`, args: ['config', 'explain', '--config', file, '--json']},
      {name: `get ${config}`, args: ['config', 'get', 'tools.toolSearch', '--config', file]},
      {name: `doctor fix ${config}`, args: ['doctor', '--fix', '--config', join(configDir, `fix-${config}.json5`)], writes: join(configDir, `fix-${config}.json5`)},
      {name: `set ${config}`, args: ['config', 'set', 'tools.toolSearch.searchDefaultLimit', '7', '--config', join(configDir, `set-${config}.json5`)], writes: join(configDir, `set-${config}.json5`)},
    )
  }
  return list
}

describe('recorded outputs', () => {
  it('every command prints byte for byte what it printed when these outputs were recorded', async () => {
    // A fixed directory name, so paths in messages are the same on every run and machine.
    const base = tempDir()
    const configDir = join(base, 'configs')
    mkdirSync(configDir)
    for (const [name, text] of Object.entries(CONFIGS)) {
      for (const prefix of ['', 'fix-', 'set-']) writeFileSync(join(configDir, `${prefix}${name}.json5`), text)
    }
    copyFileSync(EXAMPLE, join(base, 'catalog.json5'))
    // The external-content wrapper's id is random per result, as OpenClaw makes it.
    const normalise = (text: string) =>
      text.split(base).join('<dir>').split(ROOT).join('<root>').replace(/(EXTERNAL_UNTRUSTED_CONTENT id=)"[0-9a-f]{16}"/g, '$1"<random>"')

    const outputs: Record<string, {code: number | null; stdout: string; stderr: string; file?: string}> = {}
    for (const testCase of cases(configDir)) {
      const result = await runCli(testCase.args, {cwd: base, input: testCase.input})
      outputs[testCase.name] = {code: result.code, stdout: normalise(result.stdout), stderr: normalise(result.stderr)}
      if (testCase.writes) outputs[testCase.name]!.file = normalise(readFileSync(testCase.writes, 'utf8'))
    }
    if (RECORD) {
      mkdirSync(join(ROOT, 'test/fixtures/recorded'), {recursive: true})
      writeFileSync(RECORDED, `${JSON.stringify(outputs, null, 2)}\n`)
    }
    expect(existsSync(RECORDED)).toBe(true)
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as typeof outputs
    expect(Object.keys(outputs)).toEqual(Object.keys(recorded))
    for (const [name, output] of Object.entries(outputs)) expect({name, ...output}).toEqual({name, ...recorded[name]})
  }, 300_000)
})
