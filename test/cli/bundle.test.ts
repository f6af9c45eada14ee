/**
 * The bundle bin/run.cjs starts from (dist/bundle/, written by scripts/bundle.js): what it holds,
 * that its code cache is taken, and that DEBUG runs the compiled modules instead.
 */
import {spawnSync} from 'node:child_process'
import {closeSync, existsSync, openSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'

import {buildDigest} from '../../scripts/build-digest.js'
import {BIN, ROOT, isolatedEnv, runCli, tempDir} from '../helpers/cli.js'

const bundleDirectory = join(ROOT, 'dist', 'bundle')

interface Metafile {
  inputs: Record<string, unknown>
}
const metafile = () => JSON.parse(readFileSync(join(bundleDirectory, 'meta.json'), 'utf8')) as Metafile

/** The package (`name` or `@scope/name`) of a path under node_modules, else undefined. */
const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1]

describe('the bundle', () => {
  it('holds every command and oclif, and none of the packages loaded only where they are used', () => {
    const inputs = Object.keys(metafile().inputs)
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, unknown>}
    for (const id of Object.keys(manifest.commands)) expect(inputs).toContain(`dist/commands/${id.replaceAll(':', '/')}.js`)
    const packages = new Set(inputs.map(packageOf))
    expect(packages.has('@oclif/core')).toBe(true)
    // ... nor the file-pattern search oclif would use to find commands the bundle lists itself.
    for (const heavy of ['ajv', '@modelcontextprotocol/sdk', 'natural', 'cosmiconfig', 'json5', 'smol-toml', 're2js', 'typescript', 'semver', 'tinyglobby', 'picomatch']) {
      expect(packages.has(heavy), heavy).toBe(false)
    }
  })

  it("sorts command ids by code units, which gives oclif's locale order for every id", () => {
    // The bundle swaps oclif's localeCompare sort of the command list for a code-unit sort
    // (scripts/bundle.js): the same help and lookup order, without loading ICU's collation data.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, unknown>}
    const ids = Object.keys(manifest.commands)
    const byCodeUnits = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    expect(byCodeUnits).toEqual([...ids].sort((a, b) => a.localeCompare(b)))
    expect(readFileSync(join(bundleDirectory, 'toolsearch.cjs'), 'utf8')).not.toContain('a.id.localeCompare(b.id)')
  })

  it('is ASCII, so reading it as Latin-1 gives its text', () => {
    const bytes = readFileSync(join(bundleDirectory, 'toolsearch.cjs'))
    expect(bytes.every((byte) => byte < 0x80)).toBe(true)
    // The rewritten characters still mean themselves: OpenClaw's apostrophe and dash classes.
    expect(bytes.toString('latin1')).toMatch(/\\u2019/)
  })

  it('is compiled from the code cache the build wrote (a rejected cache would only cost time), and names every command of the manifest', () => {
    const probe = `import {loadBundle} from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/src/cli/bundle.js')).href)}
const bundle = loadBundle(${JSON.stringify(bundleDirectory)})
process.stdout.write(JSON.stringify({accepted: bundle.codeCacheAccepted, commandIds: bundle.exports.commandIds, build: bundle.exports.build}))`
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {encoding: 'utf8'})
    expect(result.stderr).toBe('')
    const {accepted, commandIds, build} = JSON.parse(result.stdout) as {accepted: boolean; commandIds: string[]; build: string}
    expect(accepted).toBe(true)
    // The build the index cache is keyed by is the digest of the compiled modules in dist/.
    expect(build).toBe(buildDigest(ROOT))
    // The preflight of a `--json` run decides from these ids whether to read the manifest.
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, unknown>}
    expect([...commandIds].sort()).toEqual(Object.keys(manifest.commands).sort())
  })

  it('starts from a script bin/run.cjs compiles from its own code cache, ASCII and wrapped as a bundle is', () => {
    const bytes = readFileSync(join(bundleDirectory, 'start.cjs'))
    expect(bytes.every((byte) => byte < 0x80)).toBe(true)
    const probe = `import {loadBundle, START} from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/src/cli/bundle.js')).href)}
const bundle = loadBundle(${JSON.stringify(bundleDirectory)}, START)
process.stdout.write(JSON.stringify({accepted: bundle.codeCacheAccepted, start: typeof bundle.exports.start}))`
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {encoding: 'utf8'})
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({accepted: true, start: 'function'})
  })

  it('starts without the ES module loader: bin/run.cjs and the start it runs are CommonJS', () => {
    // Node loads its ES module loader's translators and module jobs only for an ES module.
    const probe = join(tempDir(), 'loader-probe.cjs')
    writeFileSync(probe, "process.on('exit', () => process.stderr.write(process.moduleLoadList.filter((name) => name.includes('/esm/')).join('\\n')))\n")
    const run = (bin: string) => spawnSync(process.execPath, ['--require', probe, bin, 'config', 'get', 'tools.toolSearch', '--config', join(ROOT, 'examples', 'openclaw.json5')], {encoding: 'utf8'})
    const bundled = run(BIN)
    expect(bundled.status).toBe(0)
    expect(bundled.stderr).not.toMatch(/esm\/(module_job|translators)/)
    // The probe does see the loader when a run does start an ES module.
    const dev = run(join(ROOT, 'bin', 'dev.js'))
    expect(dev.stderr).toMatch(/esm\/module_job/)
  })

  it('gives way to the compiled modules under DEBUG, so a stack trace names the real files', async () => {
    const dir = tempDir()
    const config = join(dir, 'openclaw.json')
    writeFileSync(config, '{ tools: { toolSearch: ')
    const bundled = await runCli(['config', 'get', '--config', config], {cwd: dir, spawn: true})
    const debug = await runCli(['config', 'get', '--config', config], {cwd: dir, spawn: true, env: {DEBUG: 'toolsearch'}})
    expect(bundled.code).toBe(debug.code)
    expect(debug.stderr.startsWith(bundled.stderr)).toBe(true)
    expect(debug.stderr).toMatch(/dist\/src\/config\/[a-z-]+\.js:\d+/)
    expect(debug.stderr).not.toContain('toolsearch.cjs')
  })

  it("gives oclif's own debug output under DEBUG, from the debug package the bundle loads only then", async () => {
    const dir = tempDir()
    const config = join(dir, 'openclaw.json5')
    writeFileSync(config, '{ tools: { toolSearch: { mode: "tools" } } }\n')
    const quiet = await runCli(['config', 'get', 'tools.toolSearch', '--config', config], {cwd: dir, spawn: true})
    const debug = await runCli(['config', 'get', 'tools.toolSearch', '--config', config], {cwd: dir, spawn: true, env: {DEBUG: 'oclif*'}})
    expect(quiet.stderr).toBe('')
    expect(debug.stdout).toBe(quiet.stdout)
    expect(debug.stderr).toMatch(/oclif:main process\.execPath/)
  })
})

describe('the lean bundles', () => {
  const lean = JSON.parse(readFileSync(join(bundleDirectory, 'lean-bundles.json'), 'utf8')) as {bundles: Record<string, string[]>; commandIds: string[]}
  const manifestIds = Object.keys((JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, unknown>}).commands)

  it('each hold their commands only, are compiled from their own code caches, and name every command of the manifest', () => {
    expect(Object.keys(lean.bundles).length).toBeGreaterThan(0)
    expect([...lean.commandIds].sort()).toEqual([...manifestIds].sort())
    for (const [name, held] of Object.entries(lean.bundles)) {
      const others = manifestIds.filter((id) => !held.includes(id))
      const probe = `import {loadBundle} from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/src/cli/bundle.js')).href)}
const bundle = loadBundle(${JSON.stringify(bundleDirectory)}, ${JSON.stringify(name)})
const loads = (id) => typeof bundle.exports.loadCommand(id) === 'function'
process.stdout.write(JSON.stringify({accepted: bundle.codeCacheAccepted, commandIds: bundle.exports.commandIds, build: bundle.exports.build, held: ${JSON.stringify(held)}.map(loads), others: ${JSON.stringify(others)}.map(loads)}))`
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {encoding: 'utf8'})
      expect(result.stderr, name).toBe('')
      const loaded = JSON.parse(result.stdout) as {accepted: boolean; commandIds: string[]; build: string; held: boolean[]; others: boolean[]}
      expect(loaded.accepted, name).toBe(true)
      expect(loaded.build).toBe(buildDigest(ROOT))
      expect([...loaded.commandIds].sort()).toEqual([...manifestIds].sort())
      expect(loaded.held.every(Boolean), name).toBe(true)
      expect(loaded.others.some(Boolean), name).toBe(false)
      expect(readFileSync(join(bundleDirectory, `${name}.cjs`)).length).toBeLessThan(readFileSync(join(bundleDirectory, 'toolsearch.cjs')).length)
    }
  })

  it("hold only what their commands can reach: config's no catalog, session log or MCP client", () => {
    // The build's account of each lean bundle (meta-<name>.json). The catalog loader is reached
    // only through CatalogCommand (src/cli/catalog-command.ts), which the config commands do not extend.
    const holds = (name: string, module: string) => module in (JSON.parse(readFileSync(join(bundleDirectory, `meta-${name}.json`), 'utf8')) as Metafile).inputs
    for (const module of ['dist/src/cli/context.js', 'dist/src/session/log.js', 'dist/src/mcp/session.js', 'dist/src/catalog/load.js']) {
      expect(holds('config', module), module).toBe(false)
      expect(holds('search', module), module).toBe(true)
    }
  })

  it('hold none of oclif: its command class, flags, arguments, errors and execute are the stand-ins of src/cli/lean/', () => {
    const meta = (name: string) => Object.keys((JSON.parse(readFileSync(join(bundleDirectory, `meta-${name}.json`), 'utf8')) as Metafile).inputs)
    for (const name of Object.keys(lean.bundles)) {
      expect(meta(name).filter((input) => packageOf(input) === '@oclif/core'), name).toEqual([])
      expect(meta(name), name).toContain('dist/src/cli/lean/command.js')
    }
    expect(Object.keys(metafile().inputs).some((input) => packageOf(input) === '@oclif/core')).toBe(true)
    expect(Object.keys(metafile().inputs)).not.toContain('dist/src/cli/lean/command.js')
  })

  it("give their commands the flags and arguments oclif's builders give them, property for property, parsing values alike", () => {
    // Every lean command's definitions from its lean bundle and from the whole bundle, where oclif built them.
    const definitions = (name: string | undefined, ids: string[]) => `(() => {
const bundle = loadBundle(${JSON.stringify(bundleDirectory)}, ${JSON.stringify(name)})
return Promise.all(${JSON.stringify(ids)}.map(async (id) => {
  const command = await bundle.exports.loadCommand(id)
  const all = {...command.baseFlags, ...command.flags}
  const shape = (definition) => Object.fromEntries(Object.entries(definition).map(([key, value]) => [key, typeof value === 'function' ? 'function' : value]))
  const parses = async (definition) => Promise.all(['5', '0', '-3', 'x', '', '1.5', '007', true, false].map(async (input) => { try { return ['ok', await definition.parse(input, {}, definition)] } catch (error) { return ['refused', error.message] } }))
  return {id, flags: await Promise.all(Object.entries(all).map(async ([flag, definition]) => [flag, shape(definition), await parses(definition)])), args: await Promise.all(Object.entries(command.args ?? {}).map(async ([arg, definition]) => [arg, shape(definition), await parses(definition)]))}
}))})()`
    for (const [name, ids] of Object.entries(lean.bundles)) {
      const probe = `import {loadBundle} from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/src/cli/bundle.js')).href)}
const leanOnes = await ${definitions(name, ids)}
const oclifOnes = await ${definitions(undefined, ids)}
process.stdout.write(JSON.stringify({leanOnes, oclifOnes}))`
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {encoding: 'utf8'})
      expect(result.stderr, name).toBe('')
      const {leanOnes, oclifOnes} = JSON.parse(result.stdout) as {leanOnes: unknown[]; oclifOnes: unknown[]}
      expect(leanOnes, name).toEqual(oclifOnes)
      expect(JSON.stringify(leanOnes)).toContain('"type":"option"')
    }
  })

  it('hand a line that is not plain to the whole bundle, whose oclif answers it as before', async () => {
    const catalog = join(ROOT, 'examples', 'catalog.json5')
    // Refused by oclif's parser, in oclif's words: only the whole bundle has them.
    const limit = await runCli(['search', 'read', '--limit', '0', '--catalog', catalog], {spawn: true})
    expect(limit.code).toBe(2)
    expect(limit.stderr).toContain('Expected an integer greater than or equal to 1 but received: 0')
    const bogus = await runCli(['config', 'get', 'x', '--bogus'], {spawn: true})
    expect(bogus.code).toBe(2)
    expect(bogus.stderr).toContain('Nonexistent flag: --bogus')
    // Read by oclif, from the whole bundle: words after `--`, one of them dash-led.
    const dashDash = await runCli(['search', '--catalog', catalog, '--json', '--', '-read', 'file'], {spawn: true})
    expect(dashDash.code, dashDash.stderr).toBe(0)
    expect((JSON.parse(dashDash.stdout) as unknown[]).length).toBeGreaterThan(0)
  })

  // An error that escapes a command: its `--json` result written to a device that is full.
  it.runIf(existsSync('/dev/full'))("hand an error that escapes a command to the whole bundle's oclif, which reports it as before", () => {
    const catalog = join(ROOT, 'examples', 'catalog.json5')
    const run = (argv: string[]) => {
      const full = openSync('/dev/full', 'w')
      try {
        return spawnSync(process.execPath, [BIN, ...argv], {stdio: ['ignore', full, 'pipe'], env: isolatedEnv(), encoding: 'utf8'})
      } finally {
        closeSync(full)
      }
    }
    const plain = ['search', 'read', '--json', '--catalog', catalog]
    const lean = run(plain)
    // The same command from the whole bundle: `--` is never plain.
    const whole = run([...plain, '--'])
    expect(lean.stderr).toContain('ENOSPC')
    expect(lean.stderr).toBe(whole.stderr)
    expect(lean.status).toBe(whole.status)
    expect(lean.status).not.toBe(0)
  })

  it('are chosen for a plain command line of a command they hold, read as main reads it, and for nothing else', async () => {
    const {leanBundleFor} = (await import('../../src/cli/bundle.js')) as typeof import('../../src/cli/bundle.js')
    const quiet = {PATH: process.env.PATH}
    expect(lean.bundles.config).toContain('config:get')
    expect(leanBundleFor(['config', 'get', 'tools.toolSearch'], bundleDirectory, quiet)).toBe('config')
    expect(leanBundleFor(['config:get', 'tools.toolSearch', '--json'], bundleDirectory, quiet)).toBe('config')
    // OpenClaw's root flags before the command move after it, as main moves them.
    expect(leanBundleFor(['--profile', 'work', 'config', 'get', 'x'], bundleDirectory, quiet)).toBe('config')
    expect(leanBundleFor(['search', 'read a file', '--json', '--catalog', 'tools.json'], bundleDirectory, quiet)).toBe('search')
    for (const argv of [['config', 'get', '--help'], ['config'], ['search', '--help'], ['describe', 'read'], ['config', 'set', 'a', 'b'], ['--version'], [], ['confg', 'get']]) {
      expect(leanBundleFor(argv, bundleDirectory, quiet), argv.join(' ')).toBeUndefined()
    }
    // A debug setting goes to oclif, from the whole bundle; so does a build without the list.
    expect(leanBundleFor(['config', 'get', 'x'], bundleDirectory, {...quiet, DEBUG: 'oclif*'})).toBeUndefined()
    expect(leanBundleFor(['config', 'get', 'x'], tempDir(), quiet)).toBeUndefined()
  })
})
