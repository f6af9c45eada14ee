import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {loadConfig, locateConfig, warningsFor} from '../../src/config/index.js'
import {MAX_INCLUDE_EXPANSION_CHARS, MAX_INCLUDE_EXPANSIONS, resolveIncludes} from '../../src/config/include.js'
import {loadDocument, locateOrigin} from '../../src/config/load.js'
import {absentSource, parseSource} from '../../src/config/source.js'
import {tempDir} from '../helpers/cli.js'

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), {recursive: true})
    writeFileSync(join(dir, name), text)
  }
}

async function load(dir: string, name = 'openclaw.json5', env: NodeJS.ProcessEnv = {}) {
  return loadConfig({configFlag: join(dir, name), cwd: dir, env})
}

describe('locateConfig (SPEC §1.1): the file OpenClaw loads', () => {
  it('--config, then OPENCLAW_CONFIG_PATH (trimmed, ~ expanded, made absolute), then the state directory; never the project', async () => {
    const home = tempDir()
    const project = tempDir()
    write(project, {'.git/HEAD': '', 'sub/dir/.keep': '', 'openclaw.json5': '{}'})
    const cwd = join(project, 'sub', 'dir')
    const env = {HOME: home}
    expect(await locateConfig({configFlag: 'x.json5', cwd, env})).toMatchObject({path: join(cwd, 'x.json5'), rule: 'flag', exists: false})
    expect(await locateConfig({configFlag: '~/y.json5', cwd, env})).toMatchObject({path: join(home, 'y.json5'), rule: 'flag'})
    expect(await locateConfig({configFlag: 'x.json5', cwd, env: {...env, OPENCLAW_CONFIG_PATH: '/elsewhere.json'}, profile: 'work'})).toMatchObject({rule: 'flag'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_CONFIG_PATH: '  ~/env.json5 \n'}})).toMatchObject({path: join(home, 'env.json5'), rule: 'env'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_CONFIG_PATH: 'conf/openclaw.json5'}})).toMatchObject({path: join(cwd, 'conf', 'openclaw.json5'), rule: 'env'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_CONFIG_PATH: '   '}})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'home'})
    // The project file is only a near miss.
    expect(await locateConfig({cwd, env})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'home', exists: false, nearMisses: []})
    const withMisses = await locateConfig({cwd, env, nearMisses: true})
    expect(withMisses.nearMisses).toEqual([expect.objectContaining({kind: 'project', path: join(project, 'openclaw.json5')})])
    expect(withMisses.nearMisses[0]!.message).toContain('Pass --project')
  })

  it('~ in OPENCLAW_CONFIG_PATH and OPENCLAW_STATE_DIR is OPENCLAW_HOME when set; a ~ in OPENCLAW_HOME is HOME', async () => {
    const home = tempDir()
    const cwd = tempDir()
    const env = {HOME: home, OPENCLAW_HOME: '/srv/oc'}
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_CONFIG_PATH: '~/c.json'}})).toMatchObject({path: '/srv/oc/c.json'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_STATE_DIR: '~/state'}})).toMatchObject({path: '/srv/oc/state/openclaw.json', rule: 'state-dir'})
    expect(await locateConfig({cwd, env})).toMatchObject({path: '/srv/oc/.openclaw/openclaw.json', rule: 'home'})
    expect(await locateConfig({cwd, env: {HOME: home, OPENCLAW_HOME: '~/oc'}})).toMatchObject({path: join(home, 'oc', '.openclaw', 'openclaw.json')})
    expect(await locateConfig({cwd, env: {HOME: home, OPENCLAW_HOME: ' rel '}})).toMatchObject({path: join(cwd, 'rel', '.openclaw', 'openclaw.json')})
    expect(await locateConfig({cwd, env: {HOME: home, OPENCLAW_HOME: '  '}})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json')})
  })

  it('OPENCLAW_STATE_DIR beats --profile; OPENCLAW_CONFIG_PATH beats both; OPENCLAW_PROFILE is never read', async () => {
    const cwd = tempDir()
    const home = tempDir()
    const env = {HOME: home}
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_PROFILE: 'work'}})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'home'})
    expect(await locateConfig({cwd, env, profile: 'work'})).toMatchObject({path: join(home, '.openclaw-work', 'openclaw.json'), rule: 'profile'})
    expect(await locateConfig({cwd, env, profile: ' work '})).toMatchObject({path: join(home, '.openclaw-work', 'openclaw.json')})
    expect(await locateConfig({cwd, env, profile: 'Default'})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'profile'})
    expect(await locateConfig({cwd, env, dev: true})).toMatchObject({path: join(home, '.openclaw-dev', 'openclaw.json'), rule: 'profile'})
    const stateWins = await locateConfig({cwd, env: {...env, OPENCLAW_STATE_DIR: '~/state'}, profile: 'ci'})
    expect(stateWins).toMatchObject({path: join(home, 'state', 'openclaw.json'), rule: 'state-dir'})
    expect(stateWins.reason).toContain('wins over --profile ci')
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_STATE_DIR: '~/state', OPENCLAW_CONFIG_PATH: '/c.json'}, profile: 'ci'})).toMatchObject({path: '/c.json', rule: 'env'})
  })

  it('profile names follow OpenClaw: letters, digits, "_" and "-", at most 64; --dev and --profile do not combine', async () => {
    const cwd = tempDir()
    const env = {HOME: tempDir()}
    for (const bad of ['a.b', '../x', '-x', '_x', 'a/b', 'x'.repeat(65)]) {
      await expect(locateConfig({cwd, env, profile: bad}), bad).rejects.toThrow('Invalid --profile (use letters, numbers, "_", "-" only)')
    }
    expect(await locateConfig({cwd, env, profile: `a_${'x'.repeat(62)}`})).toMatchObject({rule: 'profile'})
    await expect(locateConfig({cwd, env, profile: ' '})).rejects.toThrow('--profile requires a value')
    await expect(locateConfig({cwd, env, profile: 'work', dev: true})).rejects.toThrow('Cannot combine --dev with --profile')
    // Checked even when --config chooses the file, as OpenClaw checks its flags first.
    await expect(locateConfig({cwd, env, profile: 'a.b', configFlag: 'x.json'})).rejects.toThrow('Invalid --profile')
  })

  it('the legacy ~/.clawdbot directory and clawdbot.json name, where they are what exists', async () => {
    const cwd = tempDir()
    const home = tempDir()
    const env = {HOME: home}
    write(home, {'.clawdbot/clawdbot.json': '{}'})
    expect(await locateConfig({cwd, env})).toMatchObject({path: join(home, '.clawdbot', 'clawdbot.json'), rule: 'legacy', exists: true})
    write(home, {'.clawdbot/openclaw.json': '{}'})
    expect(await locateConfig({cwd, env})).toMatchObject({path: join(home, '.clawdbot', 'openclaw.json'), rule: 'legacy'})
    // An empty ~/.openclaw does not hide the legacy file; a clawdbot.json inside it comes first.
    mkdirSync(join(home, '.openclaw'))
    expect(await locateConfig({cwd, env})).toMatchObject({path: join(home, '.clawdbot', 'openclaw.json'), rule: 'legacy'})
    write(home, {'.openclaw/clawdbot.json': '{}'})
    expect(await locateConfig({cwd, env})).toMatchObject({path: join(home, '.openclaw', 'clawdbot.json'), rule: 'legacy'})
    write(home, {'.openclaw/openclaw.json': '{}'})
    const current = await locateConfig({cwd, env, nearMisses: true})
    expect(current).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'home'})
    expect(current.nearMisses).toEqual([expect.objectContaining({kind: 'legacy', path: join(home, '.clawdbot')})])
    // A state directory: clawdbot.json when openclaw.json is missing; never outside it.
    const state = tempDir()
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_STATE_DIR: state}})).toMatchObject({path: join(state, 'openclaw.json'), rule: 'state-dir'})
    write(state, {'clawdbot.json': '{}'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_STATE_DIR: state}})).toMatchObject({path: join(state, 'clawdbot.json'), rule: 'state-dir'})
    // A profile pins openclaw.json: the legacy name beside it is a near miss.
    write(home, {'.openclaw-work/clawdbot.json': '{}'})
    const profile = await locateConfig({cwd, env, profile: 'work', nearMisses: true})
    expect(profile).toMatchObject({path: join(home, '.openclaw-work', 'openclaw.json'), exists: false})
    expect(profile.nearMisses).toEqual([expect.objectContaining({kind: 'legacy', path: join(home, '.openclaw-work', 'clawdbot.json')})])
  })

  it('names a .json5 sibling of a missing openclaw.json as a near miss', async () => {
    const cwd = tempDir()
    const home = tempDir()
    write(home, {'.openclaw/openclaw.json5': '{}'})
    const location = await locateConfig({cwd, env: {HOME: home}, nearMisses: true})
    expect(location).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), exists: false})
    expect(location.nearMisses).toEqual([
      {
        kind: 'sibling',
        path: join(home, '.openclaw', 'openclaw.json5'),
        message: `${join(home, '.openclaw', 'openclaw.json5')} exists, but OpenClaw reads ${join(home, '.openclaw', 'openclaw.json')}, which does not exist. Rename it to openclaw.json (JSON5 syntax is fine in it) or pass --config to use it.`,
      },
    ])
    write(home, {'.openclaw/openclaw.json': '{}'})
    expect((await locateConfig({cwd, env: {HOME: home}, nearMisses: true})).nearMisses).toEqual([])
  })
})

describe('locateConfig --project: the project search, with cosmiconfig', () => {
  const locateProject = (cwd: string) => locateConfig({cwd, env: {HOME: tempDir()}, project: true})

  it('tries the search places in order in each directory, then package.json', async () => {
    const project = tempDir()
    write(project, {'package.json': '{"name": "p", "openclaw": {"tools": {"toolSearch": false}}}', '.openclawrc': '{}', '.openclawrc.json5': '{}'})
    expect((await locateProject(project)).path).toBe(join(project, '.openclawrc'))
    const other = tempDir()
    write(other, {'package.json': '{"name": "p", "openclaw": {"tools": {"toolSearch": false}}}'})
    const location = await locateProject(other)
    expect(location).toMatchObject({path: join(other, 'package.json'), packageKey: 'openclaw', rule: 'project'})
    expect(loadDocument(location, {}).resolved).toEqual({tools: {toolSearch: false}})
  })

  it('tries openclaw.json, openclaw.json5, .openclawrc, .openclawrc.json, .openclawrc.json5, then package.json', async () => {
    const dir = tempDir()
    const names = ['openclaw.json', 'openclaw.json5', '.openclawrc', '.openclawrc.json', '.openclawrc.json5']
    write(dir, {'package.json': '{"openclaw": {}}', ...Object.fromEntries(names.map((name) => [name, '{}']))})
    for (const name of [...names, 'package.json']) {
      expect((await locateProject(dir)).path).toBe(join(dir, name))
      if (name !== 'package.json') rmSync(join(dir, name))
    }
  })

  it('finds an empty file (reading it is then a parse error); a package.json without the key or that does not parse holds no config', async () => {
    const dir = tempDir()
    write(dir, {'.openclawrc': '', 'package.json': '{"name": "p"}'})
    const location = await locateProject(dir)
    expect(location).toMatchObject({path: join(dir, '.openclawrc'), exists: true})
    expect(() => loadDocument(location, {})).toThrow('Unexpected end of input; expected a value')
    rmSync(join(dir, '.openclawrc'))
    expect(await locateProject(dir)).toMatchObject({path: join(dir, 'openclaw.json'), exists: false, rule: 'project'})
    write(dir, {'package.json': '{"openclaw": '})
    expect(await locateProject(dir)).toMatchObject({path: join(dir, 'openclaw.json'), exists: false})
  })

  it('stops at the nearest directory holding package.json or .git; with none found, the new file is openclaw.json at that root', async () => {
    const outer = tempDir()
    write(outer, {'openclaw.json': '{}', 'inner/package.json': '{"name": "inner"}', 'git/.git/HEAD': '', 'git/deep/.keep': ''})
    expect(await locateProject(join(outer, 'inner'))).toMatchObject({rule: 'project', path: join(outer, 'inner', 'openclaw.json'), exists: false})
    const deep = await locateProject(join(outer, 'git', 'deep'))
    expect(deep).toMatchObject({rule: 'project', path: join(outer, 'git', 'openclaw.json'), exists: false})
    expect(deep.reason).toBe(`No project config found by the project search (--project) from ${join(outer, 'git', 'deep')} up to ${join(outer, 'git')}, the nearest directory holding package.json or .git.`)
    // Without a project root on the way, the search goes on up.
    write(outer, {'plain/deep/.keep': ''})
    expect(await locateProject(join(outer, 'plain', 'deep'))).toMatchObject({rule: 'project', path: join(outer, 'openclaw.json'), exists: true})
  })

  it('never reads a FIFO or a device named like a project config (cosmiconfig would wait on it forever): it is the result, and reading it refuses it at once', async () => {
    const dir = tempDir()
    write(dir, {'.openclawrc.json5': '{}', '.git/HEAD': ''})
    expect(spawnSync('mkfifo', [join(dir, '.openclawrc.json')]).status).toBe(0)
    const location = await locateProject(dir)
    expect(location).toMatchObject({path: join(dir, '.openclawrc.json'), rule: 'project'})
    expect(() => loadDocument(location, {})).toThrow(`Cannot read config ${join(dir, '.openclawrc.json')}: it is not a regular file (a FIFO)`)
    // A candidate the walk stops at first is still the one found.
    write(dir, {'openclaw.json5': '{}'})
    expect((await locateProject(dir)).path).toBe(join(dir, 'openclaw.json5'))
    // A device reached through a symlink counts the same.
    const other = tempDir()
    write(other, {'.git/HEAD': ''})
    symlinkSync('/dev/zero', join(other, 'openclaw.json'))
    expect((await locateProject(other)).path).toBe(join(other, 'openclaw.json'))
  })

  it('--config still wins over --project', async () => {
    const dir = tempDir()
    write(dir, {'openclaw.json': '{}'})
    expect(await locateConfig({cwd: dir, env: {}, project: true, configFlag: 'other.json'})).toMatchObject({rule: 'flag', path: join(dir, 'other.json')})
  })

  it('reads and writes the openclaw key of a package.json chosen by --config, as plain JSON', async () => {
    const dir = tempDir()
    write(dir, {'package.json': '{\n  "name": "p",\n  "openclaw": {\n    "tools": {"toolSearch": false}\n  }\n}\n'})
    const location = await locateConfig({configFlag: join(dir, 'package.json'), cwd: dir, env: {}})
    expect(location).toMatchObject({rule: 'flag', packageKey: 'openclaw'})
    expect(loadDocument(location, {}).resolved).toEqual({tools: {toolSearch: false}})
    write(dir, {'package.json': '{\n  "name": "p"\n}\n'})
    expect(loadDocument(location, {}).resolved).toEqual({})
  })
})

describe('loadConfig', () => {
  it('reads a missing file as {}', async () => {
    const dir = tempDir()
    expect((await load(dir)).value).toEqual({})
  })

  it('substitutes ${VAR}, keeps $${VAR} literal, and warns about a missing variable', async () => {
    const dir = tempDir()
    write(dir, {'openclaw.json5': '{\n  a: "${TOKEN}-x",\n  b: "$${TOKEN}",\n  c: "${MISSING}",\n  d: "${lower}",\n}'})
    const loaded = await load(dir, 'openclaw.json5', {TOKEN: 's3cret'})
    expect(loaded.value).toEqual({a: 's3cret-x', b: '${TOKEN}', c: '${MISSING}', d: '${lower}'})
    expect(loaded.warnings).toEqual([
      expect.objectContaining({code: 'config.env', path: ['c'], variable: 'MISSING', file: join(dir, 'openclaw.json5'), line: 4, column: 6, message: 'Environment variable MISSING is not set (referenced by c); the reference is kept as written.'}),
    ])
  })

  it('substitutes a reference written with escapes, in the file or in an included one, and leaves a config without one as authored', async () => {
    const dir = tempDir()
    // \u0024 is "$" and \{ is "{": the text has no "${" of its own.
    write(dir, {'openclaw.json5': '{ a: "\\u0024{TOKEN}", b: "\\x24\\{TOKEN}-y" }', 'top.json5': '{ c: { $include: "./c.json5" } }', 'c.json5': '{ d: "\\u0024{TOKEN}" }'})
    expect((await load(dir, 'openclaw.json5', {TOKEN: 's3cret'})).value).toEqual({a: 's3cret', b: 's3cret-y'})
    expect((await load(dir, 'top.json5', {TOKEN: 's3cret'})).value).toEqual({c: {d: 's3cret'}})
    write(dir, {'plain.json5': '{ a: "{TOKEN}", b: [1, "x"] }'})
    expect((await load(dir, 'plain.json5', {TOKEN: 's3cret'})).value).toEqual({a: '{TOKEN}', b: [1, 'x']})
  })

  it('resolves $include: a single file replaces the object, an array deep-merges, siblings override', async () => {
    const dir = tempDir()
    write(dir, {
      'openclaw.json5': '{\n  tools: { $include: "./tools.json5", deny: ["b"] },\n  agents: { $include: ["a1.json5", "sub/a2.json5"] },\n}',
      'tools.json5': '{ toolSearch: { mode: "code" }, deny: ["a"] }',
      'a1.json5': '{ defaults: { x: 1, y: 1 } }',
      'sub/a2.json5': '{ defaults: { y: 2 }, $include: "a3.json5" }',
      'sub/a3.json5': '{ z: 3 }',
    })
    const document = loadDocument((await locateConfig({configFlag: join(dir, 'openclaw.json5'), cwd: dir, env: {}})), {})
    expect(document.resolved).toEqual({tools: {toolSearch: {mode: 'code'}, deny: ['b']}, agents: {defaults: {x: 1, y: 2}, z: 3}})
    expect(locateOrigin(document, ['tools', 'toolSearch', 'mode'])).toEqual({file: join(dir, 'tools.json5'), line: 1, column: 23})
    expect(locateOrigin(document, ['agents', 'z'], 'key')).toEqual({file: join(dir, 'sub', 'a3.json5'), line: 1, column: 3})
    expect(locateOrigin(document, ['tools', 'deny'])).toMatchObject({file: join(dir, 'openclaw.json5'), line: 2})
  })

  it('refuses include cycles, escapes from the config directory and deep chains', async () => {
    const dir = tempDir()
    write(dir, {'openclaw.json5': '{ $include: "a.json5" }', 'a.json5': '{ $include: "b.json5" }', 'b.json5': '{ $include: "a.json5" }'})
    await expect(load(dir)).rejects.toThrow(`$include cycle: ${join(dir, 'openclaw.json5')} -> ${join(dir, 'a.json5')} -> ${join(dir, 'b.json5')} -> ${join(dir, 'a.json5')}`)
    const escape = tempDir()
    write(escape, {'openclaw.json5': '{ tools: { $include: "../elsewhere.json5" } }'})
    await expect(load(escape)).rejects.toThrow('is outside the config directory')
    const itself = tempDir()
    write(itself, {'openclaw.json5': '{ $include: "./" }'})
    await expect(load(itself)).rejects.toThrow(`$include target ${itself} is the config directory itself, not a file`)
    const deep = tempDir()
    const files: Record<string, string> = {'openclaw.json5': '{ $include: "1.json5" }'}
    for (let i = 1; i <= 12; i++) files[`${i}.json5`] = `{ $include: "${i + 1}.json5" }`
    files['13.json5'] = '{}'
    write(deep, files)
    await expect(load(deep)).rejects.toThrow('nesting deeper than 10 levels')
  })

  it('allows exactly 10 levels of includes', async () => {
    const chain = (levels: number) => {
      const dir = tempDir()
      const files: Record<string, string> = {'openclaw.json5': '{ $include: "1.json5" }'}
      for (let i = 1; i < levels; i++) files[`${i}.json5`] = `{ $include: "${i + 1}.json5" }`
      files[`${levels}.json5`] = `{ depth: ${levels} }`
      write(dir, files)
      return dir
    }
    expect((await load(chain(10))).value).toEqual({depth: 10})
    await expect(load(chain(11))).rejects.toThrow(/nesting deeper than 10 levels: .*10\.json5 -> .*11\.json5$/)
  })

  it('reads each included file once, however often it is included', () => {
    const dir = tempDir()
    write(dir, {'a.json5': '{ $include: ["b.json5", "b.json5"], a: 1 }', 'b.json5': '{ b: 2 }', 'c.json5': '{ $include: "b.json5" }'})
    const reads: string[] = []
    const source = parseSource(join(dir, 'openclaw.json5'), '{ x: { $include: ["a.json5", "a.json5", "c.json5"] }, y: { $include: "./b.json5" } }')
    const resolved = resolveIncludes(source, (file) => {
      reads.push(file)
      return parseSource(file, readFileSync(file, 'utf8'))
    })
    expect(resolved.value).toEqual({x: {a: 1, b: 2}, y: {b: 2}})
    expect(reads.sort()).toEqual([join(dir, 'a.json5'), join(dir, 'b.json5'), join(dir, 'c.json5')])
  })

  it('bounds the work of an include tree: files that include each other many times are an error naming the bound and the chain', async () => {
    // The report's shape: two files each including the next 1,000 times (a million merges).
    const dir = tempDir()
    const many = (name: string) => `{$include: [${Array.from({length: 1000}, () => JSON.stringify(name)).join(',')}]}`
    write(dir, {'openclaw.json5': many('l2.json5'), 'l2.json5': many('l3.json5'), 'l3.json5': '{tools: {toolSearch: {searchDefaultLimit: 5}}}'})
    await expect(load(dir)).rejects.toMatchObject({
      code: 'config-include',
      exitCode: 2,
      message: `$include expands to more than ${MAX_INCLUDE_EXPANSIONS} included files in all (a file included more than once counts each time): ${join(dir, 'openclaw.json5')} -> ${join(dir, 'l2.json5')} -> ${join(dir, 'l3.json5')}`,
      file: join(dir, 'l2.json5'),
    })
    // Within the bound, a file included many times merges as it always did.
    write(dir, {'openclaw.json5': '{$include: ["l2.json5", "l2.json5"]}', 'l2.json5': many('l3.json5')})
    expect((await load(dir)).value).toEqual({tools: {toolSearch: {searchDefaultLimit: 5}}})
  })

  it('bounds the included text merged in all, counting a file each time it is included', async () => {
    const dir = tempDir()
    const mib = 1024 * 1024
    // A file of exactly 1 MiB: 128 of it is the bound itself.
    write(dir, {'big.json5': `{ notes: "${'x'.repeat(mib - 13)}" }`})
    const times = MAX_INCLUDE_EXPANSION_CHARS / mib
    write(dir, {'openclaw.json5': `{ $include: [${Array.from({length: times}, () => '"big.json5"').join(', ')}] }`})
    expect(((await load(dir)).value as {notes: string}).notes).toHaveLength(mib - 13)
    write(dir, {'openclaw.json5': `{ $include: [${Array.from({length: times + 1}, () => '"big.json5"').join(', ')}] }`})
    await expect(load(dir)).rejects.toThrow(`$include expands to more than ${MAX_INCLUDE_EXPANSION_CHARS / mib} MiB of included text in all (a file included more than once counts each time): ${join(dir, 'openclaw.json5')} -> ${join(dir, 'big.json5')}`)
  })

  it('names the chain of a cycle, even a file that includes itself', async () => {
    const dir = tempDir()
    write(dir, {'openclaw.json5': '{\n  tools: { $include: "openclaw.json5" },\n}'})
    await expect(load(dir)).rejects.toMatchObject({message: `$include cycle: ${join(dir, 'openclaw.json5')} -> ${join(dir, 'openclaw.json5')}`, line: 2, column: 22, exitCode: 2})
  })

  it('a name that starts with two dots is inside the directory; a symlink out of it is not', async () => {
    const dir = tempDir()
    write(dir, {'openclaw.json5': '{ a: { $include: "..shared.json5" } }', '..shared.json5': '{ x: 1 }'})
    expect((await load(dir)).value).toEqual({a: {x: 1}})
    const outside = tempDir()
    write(outside, {'secret.json5': '{ token: "leaked" }'})
    symlinkSync(join(outside, 'secret.json5'), join(dir, 'linked.json5'))
    mkdirSync(join(dir, 'sub'))
    symlinkSync(outside, join(dir, 'sub', 'out'))
    for (const target of ['linked.json5', 'sub/out/secret.json5']) {
      write(dir, {'openclaw.json5': `{\n  a: { $include: "${target}" },\n}`})
      await expect(load(dir)).rejects.toMatchObject({
        message: `$include target ${join(dir, target)} resolves through a symlink to ${join(outside, 'secret.json5')}, outside the config directory ${dir}`,
        line: 2,
        column: 18,
      })
    }
  })

  it('rejects __proto__ keys inside included files, naming that file', async () => {
    const dir = tempDir()
    write(dir, {'openclaw.json5': '{ tools: { $include: "tools.json5" } }', 'tools.json5': '{\n  "__proto__": { "polluted": true },\n}'})
    await expect(load(dir)).rejects.toMatchObject({code: 'config-forbidden-key', file: join(dir, 'tools.json5'), line: 2, column: 3})
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('names the included file when it is missing or broken', async () => {
    const dir = tempDir()
    write(dir, {'openclaw.json5': '{ tools: { $include: "tools.json5" } }'})
    await expect(load(dir)).rejects.toThrow(`Cannot read config ${join(dir, 'tools.json5')}: no such file`)
    write(dir, {'tools.json5': '{\n  toolSearch: ,\n}'})
    await expect(load(dir)).rejects.toMatchObject({file: join(dir, 'tools.json5'), line: 2, column: 15, exitCode: 2})
  })

  it('rejects __proto__, constructor and prototype keys with file and line', async () => {
    const dir = tempDir()
    for (const key of ['__proto__', 'constructor', '"prototype"']) {
      write(dir, {'openclaw.json5': `{\n  tools: {\n    ${key}: { polluted: true },\n  },\n}`})
      await expect(load(dir)).rejects.toMatchObject({code: 'config-forbidden-key', line: 3, column: 5, exitCode: 2})
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('fails clearly on a directory, a bad file and a non-object config', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'openclaw.json5'))
    await expect(load(dir)).rejects.toThrow(`Cannot read config ${join(dir, 'openclaw.json5')}: it is a directory, not a file`)
    const other = tempDir()
    write(other, {'openclaw.json5': '[1, 2]'})
    await expect(load(other)).rejects.toThrow('The config must be an object')
  })

  it('reads through a symlink', async () => {
    const dir = tempDir()
    write(dir, {'real.json5': '{ tools: { toolSearch: true } }'})
    symlinkSync(join(dir, 'real.json5'), join(dir, 'openclaw.json5'))
    expect((await load(dir)).value).toEqual({tools: {toolSearch: true}})
  })
})

describe('warningsFor: ${VAR} warnings only for what the Tool Search commands read', () => {
  it('keeps tools.toolSearch, the tool policy and the overlay inputs; drops the rest of the config', async () => {
    const dir = tempDir()
    write(dir, {
      'openclaw.json5':
        '{tools: {toolSearch: {mode: "${TS_U1}"}, allow: ["${TS_U2}"]}, models: {providers: {a: {apiKey: "${TS_U3}", baseUrl: "${TS_U4}"}}}, channels: {x: {token: "${TS_U5}"}}, agents: {list: [{id: "${TS_U6}", name: "${TS_U7}"}]}}',
    })
    const config = await load(dir)
    expect(config.warnings.map((warning) => warning.variable)).toEqual(['TS_U1', 'TS_U2', 'TS_U3', 'TS_U4', 'TS_U5', 'TS_U6', 'TS_U7'])
    expect(warningsFor(config.warnings).map((warning) => warning.variable)).toEqual(['TS_U1', 'TS_U2', 'TS_U4', 'TS_U6'])
  })
})

describe('a config file that does not exist', () => {
  it.each([
    ['json5', undefined],
    ['json', 'openclaw'],
  ] as const)('has the source the parser gives for no text (%s), and reads as {}', (format, packageKey) => {
    const file = join(tempDir(), 'absent.json5')
    const {position, ...absent} = absentSource(file, format, packageKey)
    const {position: parsedPosition, ...parsed} = parseSource(file, '', format, packageKey)
    expect(absent).toStrictEqual(parsed)
    expect(position(0)).toEqual(parsedPosition(0))
    const document = loadDocument({path: file, reason: 'flag', ...(packageKey === undefined ? {} : {packageKey})} as Parameters<typeof loadDocument>[0], {})
    expect(document.resolved).toEqual({})
    expect(document.includes).toEqual([])
    expect([...document.sources.keys()]).toEqual([file])
  })
})
