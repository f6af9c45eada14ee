/**
 * What each command loads: heavy packages load only on the paths that use them. `config get`,
 * `search` over JSON catalogs and `directory` need none of ajv (tool-argument validation), the
 * MCP SDK (live servers), natural (the enhanced ranker), cosmiconfig, json5 (JSON5 catalogs; the
 * config reader has its own lossless parser), smol-toml (Codex's TOML config) or re2js (regex
 * limits), nor oclif's index (which loads semver to check the Node version). The built CLI runs
 * with a preload that lists every module it loads (test/fixtures/trace-modules.mjs); the
 * enhanced ranker and a JSON5 catalog show that a heavy package is seen where it is used.
 *
 * A normal run starts from the bundle (src/cli/bundle.ts), which leaves the heavy packages out
 * and requires them from node_modules where they are used, so the preload sees them as before.
 * The modules inside the bundle are initialised on first use like separate modules would be
 * (each `import()` stays a lazy boundary); which of them a command reaches is seen running the
 * compiled modules one by one, as the CLI does when DEBUG names toolsearch.
 */
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'

import {ROOT, runCli, tempDir} from '../helpers/cli.js'

const HEAVY = ['ajv', '@modelcontextprotocol/sdk', 'natural', 'cosmiconfig', 'json5', 'smol-toml', 're2js', '@sqlite.org/sqlite-wasm', 'fzstd', 'gpt-tokenizer'] as const

/** The URLs of every module the run loaded. */
async function loadedModules(args: string[], cwd: string, extraEnv: Record<string, string> = {}): Promise<string[]> {
  const trace = join(cwd, `modules-${Math.random().toString(16).slice(2)}.txt`)
  writeFileSync(trace, '')
  const env = {NODE_OPTIONS: `--import=${pathToFileURL(join(ROOT, 'test/fixtures/trace-modules.mjs')).href}`, TRACE_MODULES_FILE: trace, ...extraEnv}
  const result = await runCli(args, {cwd, env})
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  return readFileSync(trace, 'utf8').split('\n').filter((url) => url !== '')
}

/** The packages (`name` or `@scope/name`) of the modules loaded from node_modules. */
function packagesOf(urls: readonly string[]): Set<string> {
  const packages = new Set<string>()
  for (const url of urls) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
    if (match !== null) packages.add(match[1]!)
  }
  return packages
}

/** The heavy packages among `packages`, in `HEAVY` order. */
const heavyIn = (packages: Set<string>) => HEAVY.filter((name) => packages.has(name))

describe('modules each command loads', () => {
  const dir = tempDir()
  const config = join(dir, 'openclaw.json5')
  writeFileSync(config, '// a JSON5 config\n{ tools: { toolSearch: { mode: "tools", searchDefaultLimit: 5 } } }\n')
  const catalog = join(dir, 'tools.json')
  writeFileSync(catalog, JSON.stringify({tools: [{name: 'open_pull_request', description: 'Open a pull request.', parameters: {type: 'object', properties: {title: {type: 'string'}}}}]}))
  const mcpList = join(ROOT, 'test/fixtures/mcp-tools-list')

  it.each([
    ['config get', ['config', 'get', 'tools.toolSearch', '--config', config]],
    ['config get with a quoted bracket key', ['config', 'get', 'tools["toolSearch"].mode', '--config', config]],
    ['config file', ['config', 'file', '--config', config]],
    ['search over a JSON catalog', ['search', 'open', 'pull', 'request', '--json', '--catalog', catalog, '--config', config]],
    ['search over MCP tools/list files', ['search', 'create', 'issue', '--json', '--catalog', mcpList, '--config', config]],
    ['directory', ['directory', '--catalog', mcpList, '--config', config]],
    ['--version', ['--version']],
  ])('%s loads none of the heavy packages, nor semver', async (_name, args) => {
    const urls = await loadedModules(args, dir)
    // Started from the bundle: bin/run.cjs compiles the start itself, and no compiled module loads.
    expect(urls.some((url) => url.endsWith('/bin/run.cjs'))).toBe(true)
    expect(urls.filter((url) => url.includes('/dist/src/'))).toEqual([])
    expect(heavyIn(packagesOf(urls))).toEqual([])
  })

  it.each([
    ['config get', ['config', 'get', 'tools.toolSearch', '--config', config]],
    ['search over MCP tools/list files', ['search', 'create', 'issue', '--json', '--catalog', mcpList, '--config', config]],
  ])('%s run as separate modules loads none of the heavy packages, nor semver', async (_name, args) => {
    const modules = await loadedModules(args, dir, {DEBUG: 'toolsearch'})
    // Both kinds of module are listed: an ES module (the entry point's own) and a CommonJS module
    // only oclif's own require() reaches.
    expect(modules.some((url) => url.endsWith('/dist/src/cli/argv.js'))).toBe(true)
    expect(modules.some((url) => url.endsWith('/@oclif/core/lib/config/config.js'))).toBe(true)
    expect(heavyIn(packagesOf(modules))).toEqual([])
    expect(packagesOf(modules).has('semver')).toBe(false)
  })

  it.each([
    ['config get', ['config', 'get', 'tools.toolSearch', '--config', config], false],
    ['search --json', ['search', 'create', 'issue', '--json', '--catalog', mcpList, '--config', config], false],
    ['search (a table for a person)', ['search', 'create', 'issue', '--catalog', mcpList, '--config', config], true],
    ['config explain (a table)', ['config', 'explain', '--config', config], true],
    ['doctor (a report)', ['doctor', '--config', config], false],
    ['doctor --list-checks (a table)', ['doctor', '--list-checks'], true],
    ['catalog list --json', ['catalog', 'list', '--json', '--catalog', mcpList, '--config', config], false],
    ['catalog list (a table)', ['catalog', 'list', '--catalog', mcpList, '--config', config], true],
  ] as const)('%s loads the column renderer: %s', async (_name, args, loads) => {
    const urls = await loadedModules([...args], dir, {DEBUG: 'toolsearch'})
    expect(urls.some((url) => url.endsWith('/dist/src/output/columns.js'))).toBe(loads)
    // Every cell of these tables is printable ASCII: one cell a character, no display widths.
    expect(packagesOf(urls).has('string-width')).toBe(false)
    expect(packagesOf(urls).has('get-east-asian-width')).toBe(false)
  })

  it.each([
    ['config get (plain text)', ['config', 'get', 'tools.toolSearch', '--config', config], false],
    ['search --json', ['search', 'create', 'issue', '--json', '--catalog', mcpList, '--config', config], false],
    ['config file (a coloured location)', ['config', 'file', '--config', config], true],
  ] as const)('%s starts chalk: %s', async (_name, args, loads) => {
    const urls = await loadedModules([...args], dir, {DEBUG: 'toolsearch'})
    expect(packagesOf(urls).has('chalk')).toBe(loads)
  })

  it('loads the display widths for a table with a cell that is not printable ASCII', async () => {
    const wide = join(dir, 'wide.json')
    writeFileSync(wide, JSON.stringify({tools: [{name: 'open_pull_request', sourceName: 'チーム', description: 'プルリクエストを開く'}]}))
    for (const env of [{}, {DEBUG: 'toolsearch'}]) {
      const urls = await loadedModules(['catalog', 'list', '--catalog', wide, '--config', config], dir, env)
      expect(packagesOf(urls).has('string-width'), JSON.stringify(env)).toBe(true)
    }
  })

  it('lists a heavy package where it is used: the enhanced ranker loads natural', async () => {
    const packages = packagesOf(await loadedModules(['search', 'open', 'pull', 'request', '--ranker', 'enhanced', '--catalog', catalog, '--config', config], dir))
    expect(heavyIn(packages)).toEqual(['natural'])
  })

  it('lists a heavy package where it is used: a JSON5 catalog loads json5', async () => {
    const json5Catalog = join(dir, 'tools.json5')
    writeFileSync(json5Catalog, "{tools: [{name: 'open_pull_request', description: 'Open a pull request.'}]}\n")
    const packages = packagesOf(await loadedModules(['search', 'open', 'pull', 'request', '--catalog', json5Catalog, '--config', config], dir))
    expect(heavyIn(packages)).toEqual(['json5'])
  })

  it('lists a heavy package where it is used: probe counts tokens with gpt-tokenizer (and checks arguments as call does, with ajv and re2js)', async () => {
    const tasks = join(dir, 'tasks.jsonl')
    writeFileSync(tasks, '{"prompt": "open a pull request", "expect": "openclaw:core:open_pull_request"}\n')
    const packages = packagesOf(await loadedModules(['probe', '--tasks', tasks, '--catalog', catalog, '--config', config, '--model', 'mock', '--lanes', 'tools'], dir))
    expect(heavyIn(packages)).toEqual(['ajv', 're2js', 'gpt-tokenizer'])
  })

  it('lists a heavy package where it is used: session list over an agent database loads the SQLite build and the zstd decoder, on a runtime without node:sqlite', async () => {
    const state = join(dir, 'state')
    mkdirSync(join(state, 'agents', 'main', 'agent'), {recursive: true})
    copyFileSync(join(ROOT, 'test/fixtures/openclaw-runs/default/agent.sqlite'), join(state, 'agents', 'main', 'agent', 'openclaw-agent.sqlite'))
    const packages = packagesOf(await loadedModules(['session', 'list', '--json'], dir, {OPENCLAW_STATE_DIR: state, TOOLSEARCH_SQLITE: 'wasm', TOOLSEARCH_ZSTD: 'js'}))
    expect(heavyIn(packages)).toEqual(['@sqlite.org/sqlite-wasm', 'fzstd'])
  })
})
