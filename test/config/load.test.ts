import {mkdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {loadConfig, locateConfig} from '../../src/config/index.js'
import {loadDocument, locateOrigin} from '../../src/config/load.js'
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

describe('locateConfig (SPEC §1.1)', () => {
  it('follows the resolution order and says which rule chose the file', async () => {
    const home = tempDir()
    const project = tempDir()
    write(project, {'.git/HEAD': '', 'sub/dir/.keep': '', 'openclaw.json5': '{}'})
    const cwd = join(project, 'sub', 'dir')
    const env = {HOME: home}
    expect(await locateConfig({configFlag: 'x.json5', cwd, env})).toMatchObject({path: join(cwd, 'x.json5'), rule: 'flag', exists: false})
    expect(await locateConfig({configFlag: '~/y.json5', cwd, env})).toMatchObject({path: join(home, 'y.json5'), rule: 'flag'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_CONFIG_PATH: '~/env.json5'}})).toMatchObject({path: join(home, 'env.json5'), rule: 'env'})
    expect(await locateConfig({cwd, env})).toMatchObject({path: join(project, 'openclaw.json5'), rule: 'project', exists: true})
  })

  it('tries the search places in order in each directory, then package.json', async () => {
    const project = tempDir()
    write(project, {'package.json': '{"name": "p", "openclaw": {"tools": {"toolSearch": false}}}', '.openclawrc': '{}', '.openclawrc.json5': '{}'})
    expect((await locateConfig({cwd: project, env: {HOME: tempDir()}})).path).toBe(join(project, '.openclawrc'))
    const other = tempDir()
    write(other, {'package.json': '{"name": "p", "openclaw": {"tools": {"toolSearch": false}}}'})
    const location = await locateConfig({cwd: other, env: {HOME: tempDir()}})
    expect(location).toMatchObject({path: join(other, 'package.json'), packageKey: 'openclaw', rule: 'project'})
    expect(loadDocument(location, {}).resolved).toEqual({tools: {toolSearch: false}})
  })

  it('tries openclaw.json, openclaw.json5, .openclawrc, .openclawrc.json, .openclawrc.json5, then package.json', async () => {
    const dir = tempDir()
    const names = ['openclaw.json', 'openclaw.json5', '.openclawrc', '.openclawrc.json', '.openclawrc.json5']
    write(dir, {'package.json': '{"openclaw": {}}', ...Object.fromEntries(names.map((name) => [name, '{}']))})
    for (const name of [...names, 'package.json']) {
      expect((await locateConfig({cwd: dir, env: {HOME: tempDir()}})).path).toBe(join(dir, name))
      if (name !== 'package.json') rmSync(join(dir, name))
    }
  })

  it('stops at the nearest directory holding package.json or .git', async () => {
    const outer = tempDir()
    write(outer, {'openclaw.json': '{}', 'inner/package.json': '{"name": "inner"}', 'git/.git/HEAD': '', 'git/deep/.keep': ''})
    const home = tempDir()
    expect(await locateConfig({cwd: join(outer, 'inner'), env: {HOME: home}})).toMatchObject({rule: 'home', path: join(home, '.openclaw', 'openclaw.json')})
    expect(await locateConfig({cwd: join(outer, 'git', 'deep'), env: {HOME: home}})).toMatchObject({rule: 'home'})
    // Without a project root on the way, the search goes on up.
    write(outer, {'plain/deep/.keep': ''})
    expect(await locateConfig({cwd: join(outer, 'plain', 'deep'), env: {HOME: home}})).toMatchObject({rule: 'project', path: join(outer, 'openclaw.json')})
  })

  it('makes OPENCLAW_CONFIG_PATH absolute against the current directory', async () => {
    const cwd = tempDir()
    expect(await locateConfig({cwd, env: {HOME: tempDir(), OPENCLAW_CONFIG_PATH: 'conf/openclaw.json5'}})).toMatchObject({path: join(cwd, 'conf', 'openclaw.json5'), rule: 'env'})
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

  it('uses the state directory, profiles and OPENCLAW_HOME', async () => {
    const cwd = tempDir()
    write(cwd, {'.git/HEAD': ''})
    const home = tempDir()
    const env = {HOME: home}
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_STATE_DIR: '~/state'}})).toMatchObject({path: join(home, 'state', 'openclaw.json'), rule: 'state-dir'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_PROFILE: 'work'}})).toMatchObject({path: join(home, '.openclaw-work', 'openclaw.json'), rule: 'profile'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_PROFILE: 'default'}})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'home'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_PROFILE: 'work'}, profile: 'default'})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'home'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_PROFILE: 'work', OPENCLAW_STATE_DIR: '~/state'}, profile: 'ci'})).toMatchObject({path: join(home, '.openclaw-ci', 'openclaw.json'), rule: 'profile'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_PROFILE: 'work', OPENCLAW_STATE_DIR: '~/state'}})).toMatchObject({path: join(home, 'state', 'openclaw.json'), rule: 'state-dir'})
    expect(await locateConfig({cwd, env, profile: 'ci'})).toMatchObject({path: join(home, '.openclaw-ci', 'openclaw.json'), rule: 'profile'})
    expect(await locateConfig({cwd, env: {...env, OPENCLAW_HOME: '/srv/oc'}})).toMatchObject({path: '/srv/oc/.openclaw/openclaw.json', rule: 'home'})
    await expect(locateConfig({cwd, env, profile: '../x'})).rejects.toThrow('Invalid profile name "../x"')
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
