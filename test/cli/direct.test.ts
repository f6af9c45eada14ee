/**
 * A plain command line runs its command without oclif's configuration (src/cli/direct.ts): it must
 * be read exactly as oclif reads it, and anything oclif would do first or instead (help, version,
 * topics, unknown commands, debug settings) must still go to oclif. The command's behaviour itself
 * is the same class method either way; every CLI test runs through this path, in process as
 * from the bundle.
 */
import {spawnSync} from 'node:child_process'
import {closeSync, openSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {Config} from '@oclif/core'
import {getHelpFlagAdditions, normalizeArgv} from '@oclif/core/help'
import type {PJSON} from '@oclif/core/interfaces'
import {describe, expect, it} from 'vitest'

import {canRunDirectly, directCommandLine, takesWords} from '../../src/cli/command-line.js'
import {DirectConfig} from '../../src/cli/direct.js'
import {BIN, ROOT, isolatedEnv, tempDir} from '../helpers/cli.js'

const config = await Config.load({root: ROOT})
const commands = {ids: new Set(config.commandIDs), takingWords: new Set(config.commands.filter(takesWords).map((command) => command.id))}

/**
 * What oclif's `main` does with `argv`: `version`, `help` (help flags, no words, or a topic), or
 * the command id it runs with its words (`run`); `not-found` for an id no command has.
 */
function oclifDecision(argv: string[]): {kind: 'version' | 'help' | 'not-found'} | {kind: 'run'; id: string; argv: string[]} {
  if (['--version', ...(config.pjson.oclif.additionalVersionFlags ?? [])].includes(argv[0] ?? '')) return {kind: 'version'}
  if (argv.length === 0) return {kind: 'help'}
  for (const arg of argv) {
    if (getHelpFlagAdditions(config).includes(arg)) return {kind: 'help'}
    if (arg === '--') break
  }
  const [id, ...words] = normalizeArgv(config, [...argv])
  if (config.findCommand(id!) !== undefined) return {kind: 'run', id: id!, argv: words}
  return {kind: config.findTopic(id!) === undefined ? 'not-found' : 'help'}
}

const WORDS = ['config', 'get', 'set', 'search', 'catalog', 'list', 'session', 'show', 'directory', 'help', 'version', 'doctor', 'tools.toolSearch', 'x=y', '-q', '--json', '--config', 'a.json', '--', '-h', '--help', '-v', '--version', 'config:get', 'nope']

/** Every line of up to three of `WORDS`, and a few longer ones. */
function commandLines(): string[][] {
  const lines: string[][] = [[]]
  for (const a of WORDS) {
    lines.push([a])
    for (const b of WORDS) {
      lines.push([a, b])
      for (const c of ['get', 'tools.toolSearch', '--json', '--', '-h', 'list', 'nope']) lines.push([a, b, c])
    }
  }
  lines.push(['config', 'get', 'tools.toolSearch', '--config', 'a.json', '--json'], ['search', 'create', 'a', 'pull', 'request', '--json'], ['session', 'list', '--json', '--', '--help'])
  return lines
}

describe('reading a command line as oclif does', () => {
  it('runs directly exactly the lines oclif runs a command for (help aside), with the same id and words', () => {
    let direct = 0
    for (const argv of commandLines()) {
      const decision = oclifDecision(argv)
      const line = directCommandLine(argv, commands)
      if (decision.kind === 'run' && decision.id !== 'help') {
        expect(line, argv.join(' ')).toEqual({id: decision.id, argv: decision.argv})
        direct++
      } else {
        expect(line, argv.join(' ')).toBeUndefined()
      }
    }
    expect(direct).toBeGreaterThan(500)
  })

  it('leaves the help command to oclif, which renders it from its whole configuration', () => {
    expect(directCommandLine(['help', 'search'], commands)).toBeUndefined()
    expect(directCommandLine(['search', 'x', '--help'], commands)).toBeUndefined()
    expect(directCommandLine(['search', '--', '--help'], commands)).toEqual({id: 'search', argv: ['--', '--help']})
  })
})

describe('the configuration a direct run gives a command', () => {
  const direct = new DirectConfig({root: ROOT, pjson: config.pjson}, commands)

  it('says what oclif would: names, version, user agent, platform, ids, environment variable names', () => {
    for (const key of ['root', 'name', 'version', 'bin', 'dirname', 'userAgent', 'platform', 'arch', 'windows', 'topicSeparator', 'flexibleTaxonomy', 'isSingleCommandCLI', 'binAliases'] as const) {
      expect(direct[key], key).toEqual(config[key])
    }
    expect([...direct.commandIDs].sort()).toEqual([...config.commandIDs].sort())
    for (const key of ['REDIRECTED', 'CONTENT_TYPE', 'DEBUG']) {
      expect(direct.scopedEnvVarKeys(key)).toEqual(config.scopedEnvVarKeys(key))
      expect(direct.scopedEnvVarKey(key)).toEqual(config.scopedEnvVarKey(key))
    }
    for (const id of config.commandIDs) expect(direct.findCommand(id)?.strict, id).toBe(!takesWords(config.findCommand(id)!))
    expect(direct.findCommand('nope')).toBeUndefined()
  })

  it('reads the environment variables oclif reads, by the same names', () => {
    const saved = process.env.TOOLSEARCH_CONTENT_TYPE
    process.env.TOOLSEARCH_CONTENT_TYPE = 'json'
    try {
      expect(direct.scopedEnvVar('CONTENT_TYPE')).toBe(config.scopedEnvVar('CONTENT_TYPE'))
      expect(direct.scopedEnvVar('CONTENT_TYPE')).toBe('json')
    } finally {
      if (saved === undefined) delete process.env.TOOLSEARCH_CONTENT_TYPE
      else process.env.TOOLSEARCH_CONTENT_TYPE = saved
    }
  })

  it('goes to oclif under a debug setting, with other hooks or plugins', () => {
    const pjson = config.pjson
    expect(canRunDirectly(pjson, {})).toBe(true)
    expect(canRunDirectly(pjson, {DEBUG: 'oclif*'})).toBe(false)
    expect(canRunDirectly(pjson, {TOOLSEARCH_DEBUG: '1'})).toBe(false)
    expect(canRunDirectly(pjson, {NODE_ENV: 'development'})).toBe(false)
    const withHook = {...pjson, oclif: {...pjson.oclif, hooks: {...pjson.oclif.hooks, init: './x.js'}}} as PJSON
    expect(canRunDirectly(withHook, {})).toBe(false)
    const withPlugin = {...pjson, oclif: {...pjson.oclif, plugins: ['@oclif/plugin-help']}} as PJSON
    expect(canRunDirectly(withPlugin, {})).toBe(false)
  })
})

/**
 * A temp dir with a config and a preload that lists the built-in modules a process loaded: Node
 * keeps the list (`process.moduleLoadList`), and the preload writes it at exit. `loaded()` reads it,
 * after checking that it is Node's own list (it names what any start loads).
 */
function builtinsTrace(): {dir: string; configFile: string; preload: string; loaded: () => string[]} {
  const dir = tempDir()
  const configFile = join(dir, 'openclaw.json5')
  writeFileSync(configFile, '{ tools: { toolSearch: { mode: "tools" } } }\n')
  const list = join(dir, 'builtins.txt')
  const preload = join(dir, 'builtins.cjs')
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')))\n`)
  const loaded = () => {
    const names = readFileSync(list, 'utf8').split('\n')
    expect(names).toContain('NativeModule internal/errors')
    return names
  }
  return {dir, configFile, preload, loaded}
}

describe('a direct run from the bundle', () => {
  it('loads neither tty, net, readline nor the promise API of fs when stdout is a file', () => {
    const {dir, configFile, preload, loaded: loadedModules} = builtinsTrace()
    const output = join(dir, 'stdout.txt')
    const fd = openSync(output, 'w')
    const result = spawnSync(process.execPath, ['--require', preload, BIN, 'config', 'get', 'tools.toolSearch', '--config', configFile], {stdio: ['ignore', fd, 'pipe'], env: isolatedEnv(), encoding: 'utf8'})
    closeSync(fd)
    expect(result.stderr).toBe('')
    expect(readFileSync(output, 'utf8')).toBe('{\n  "mode": "tools"\n}\n')
    const loaded = loadedModules()
    // What a stream for stdout would load is not there either.
    for (const name of ['tty', 'net', 'readline', 'fs/promises', 'stream', 'internal/fs/sync_write_stream']) expect(loaded, name).not.toContain(`NativeModule ${name}`)
    // With HOME set, nothing asks the system for a home directory (src/env/home.ts).
    expect(loaded).not.toContain('NativeModule os')
  })

  it('makes no stream for stdout when it is a pipe, and no stream for stderr without a note', () => {
    const {dir, configFile, preload, loaded: loadedModules} = builtinsTrace()
    const catalog = join(ROOT, 'examples', 'catalog.json5')
    const search = ['--require', preload, BIN, 'search', 'read a file', '--json', '--catalog', catalog, '--config', configFile]
    // The second run, as a person's next one: the first writes the entries it keeps (with crypto's
    // random names, which load the stream modules).
    const env = isolatedEnv({HOME: dir})
    expect(spawnSync(process.execPath, search, {env, encoding: 'utf8'}).status).toBe(0)
    const result = spawnSync(process.execPath, search, {env, encoding: 'utf8'})
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)[0].name).toBeTypeOf('string')
    const loaded = loadedModules()
    for (const name of ['tty', 'net', 'stream', 'os']) expect(loaded, name).not.toContain(`NativeModule ${name}`)
  })
})
