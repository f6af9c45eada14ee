import {spawnSync} from 'node:child_process'
import {chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import {userInfo} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {project} from '../fixtures/config/project.js'
import {parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const LEGACY = '// legacy\n{\n  tools: {\n    toolSearch: {\n      mode: "code",\n      codeTimeoutMs: 2500,\n    },\n  },\n}\n'


const read = (dir: string, name = 'openclaw.json5') => readFileSync(join(dir, name), 'utf8')

describe('config get', () => {
  it('prints scalars bare and objects as pretty JSON', async () => {
    const cwd = project({'openclaw.json5': "{tools: {toolSearch: {mode: 'directory', searchDefaultLimit: 4}}, name: 'x'}"})
    expect(await runCli(['config', 'get', 'tools.toolSearch.mode', '--project'], {cwd})).toMatchObject({stdout: 'directory\n', stderr: '', code: 0})
    expect((await runCli(['config', 'get', 'tools.toolSearch.searchDefaultLimit', '--project'], {cwd})).stdout).toBe('4\n')
    expect((await runCli(['config', 'get', 'tools.toolSearch', '--project'], {cwd})).stdout).toBe('{\n  "mode": "directory",\n  "searchDefaultLimit": 4\n}\n')
  })

  it('--json always prints JSON, falsy values included', async () => {
    const cwd = project({'openclaw.json5': '{a: "x", b: false, c: 0, d: null}'})
    for (const [path, value] of [['a', 'x'], ['b', false], ['c', 0], ['d', null]] as const) {
      const result = await runCli(['config', 'get', path, '--json', '--project'], {cwd})
      expect(parseJsonOutput(result)).toEqual(value)
    }
  })

  it('prints ${VAR} references, never the secret', async () => {
    const cwd = project({'openclaw.json5': '{token: "${API_TOKEN}"}'})
    const result = await runCli(['config', 'get', 'token', '--project'], {cwd, env: {API_TOKEN: 'hunter2'}})
    expect(result.stdout).toBe('${API_TOKEN}\n')
    expect(result.stdout + result.stderr).not.toContain('hunter2')
  })

  it('a path the schema does not know: exactly "Config path not found: <path>" on stderr, exit 1', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    expect(await runCli(['config', 'get', 'tools.toolSearch.nope', '--project'], {cwd})).toMatchObject({stdout: '', stderr: 'Config path not found: tools.toolSearch.nope\n', code: 1})
    const json = await runCli(['config', 'get', 'nope', '--json', '--project'], {cwd})
    expect(json.code).toBe(1)
    expect(parseJsonOutput(json)).toEqual({error: {code: 'config-path-not-found', message: 'Config path not found: nope'}})
  })

  it('a valid path the file does not set: valid but unset, with the default that applies (exit 1, as in OpenClaw)', async () => {
    const cwd = project({'openclaw.json5': '{tools: {toolSearch: {maxSearchLimit: 4}}}'})
    const get = (path: string, ...flags: string[]) => runCli(['config', 'get', path, '--project', ...flags], {cwd})
    const unset = (path: string, applies: string) =>
      `Config path is valid but unset: ${path}. The runtime default applies${applies} until you set an authored value with "toolsearch config set ${path} <value>".\n`
    // Tool Search's own settings: what the runtime computes from the rest (8, clamped to maxSearchLimit 4).
    expect(await get('tools.toolSearch.searchDefaultLimit')).toMatchObject({stdout: '', stderr: unset('tools.toolSearch.searchDefaultLimit', ' (4)'), code: 1})
    expect((await get('tools.toolSearch.mode')).stderr).toBe(unset('tools.toolSearch.mode', ' ("tools")'))
    // A default the schema states; a path with no known default; an index into an array the schema declares.
    expect((await get('commands.native')).stderr).toBe(unset('commands.native', ' ("auto")'))
    expect((await get('tools.allow')).stderr).toBe(unset('tools.allow', ''))
    expect((await get('agents.list[3].id')).stderr).toBe(
      'Config path is valid but unset: agents.list[3].id. The runtime default applies until you set an authored value with "toolsearch config set \'agents.list[3].id\' <value>".\n',
    )
    const json = await get('tools.toolSearch.searchDefaultLimit', '--json')
    expect(json.code).toBe(1)
    expect(parseJsonOutput(json)).toEqual({error: {code: 'config-path-unset', message: unset('tools.toolSearch.searchDefaultLimit', ' (4)').trimEnd(), default: 4}})
    // Below a free-form value or a key the schema does not have: not found.
    expect((await get('tools.toolSearch.limit')).stderr).toBe('Config path not found: tools.toolSearch.limit\n')
  })

  it('a bad path is a usage error (exit 2)', async () => {
    const result = await runCli(['config', 'get', 'a[0', '--project'], {cwd: project()})
    expect(result).toMatchObject({stderr: 'Error: Invalid path (missing "]"): a[0\n', code: 2})
  })
})

describe('config set', () => {
  it('stores booleans and numbers parsed as JSON5, strings raw with a note', async () => {
    const cwd = project({'openclaw.json5': '{\n  // keep me\n  tools: {},\n}\n'})
    const result = await runCli(['config', 'set', 'tools.toolSearch', 'true', '--project'], {cwd})
    expect(result).toMatchObject({stderr: '', code: 0})
    expect(result.stdout).toBe(`Updated ${join(cwd, 'openclaw.json5')}\n  tools.toolSearch = true\nBackup: ${join(cwd, 'openclaw.json5.bak')}\n`)
    expect(read(cwd)).toBe('{\n  // keep me\n  tools: {\n    toolSearch: true,\n  },\n}\n')
    const text = await runCli(['config', 'set', 'tools.toolSearch', '{mode: tools}', '--project'], {cwd})
    // `tools` is not quoted, so the value is not JSON5: stored as a string, which the schema refuses.
    expect(text.stderr).toBe(
      `Note: "{mode: tools}" is not JSON5, so it is stored as a string.\nError: Refusing to write ${join(cwd, 'openclaw.json5')}: the result would be invalid:\n- tools.toolSearch: must be a boolean or an object\n`,
    )
    expect(text.code).toBe(1)
    const mode = await runCli(['config', 'set', 'tools.toolSearch', '{mode: "directory"}', '--project'], {cwd})
    expect(mode.code).toBe(0)
    const string = await runCli(['config', 'set', 'tools.toolSearch.mode', 'tools', '--project'], {cwd})
    expect(string.stderr).toBe('Note: "tools" is not JSON5, so it is stored as a string.\n')
    expect(read(cwd)).toBe('{\n  // keep me\n  tools: {\n    toolSearch: {\n      mode: "tools",\n    },\n  },\n}\n')
  })

  it('creates a missing file (mode 0600) and its directory (mode 0700)', async () => {
    const home = tempDir()
    const cwd = project()
    const result = await runCli(['config', 'set', 'tools.toolSearch.mode', '"directory"'], {cwd, env: {HOME: home}})
    const file = join(home, '.openclaw', 'openclaw.json')
    expect(result).toMatchObject({stdout: `Created ${file}\n  tools.toolSearch.mode = "directory"\n`, code: 0})
    expect(readFileSync(file, 'utf8')).toBe('{\n  "tools": {\n    "toolSearch": {\n      "mode": "directory"\n    }\n  }\n}\n')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(join(home, '.openclaw')).mode & 0o777).toBe(0o700)
  })

  it('leaves the config 0600 after every write, as OpenClaw does, whatever its mode was (set, unset, doctor --fix)', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const file = join(cwd, 'openclaw.json5')
    const mode = () => statSync(file).mode & 0o777
    chmodSync(file, 0o644)
    expect((await runCli(['config', 'set', 'tools.toolSearch.searchDefaultLimit', '5', '--project'], {cwd})).code).toBe(0)
    expect(mode()).toBe(0o600)
    chmodSync(file, 0o664)
    expect((await runCli(['config', 'unset', 'tools.toolSearch.searchDefaultLimit', '--project'], {cwd})).code).toBe(0)
    expect(mode()).toBe(0o600)
    chmodSync(file, 0o640)
    expect((await runCli(['doctor', '--fix', '--project'], {cwd})).code).toBe(0)
    expect(mode()).toBe(0o600)
    // A dry run and a no-op write nothing, so the mode stays.
    chmodSync(file, 0o644)
    expect((await runCli(['config', 'set', 'tools.toolSearch.mode', '"tools"', '--project'], {cwd})).stdout).toBe('No change\n')
    expect((await runCli(['config', 'set', 'tools.toolSearch.mode', '"directory"', '--dry-run', '--project'], {cwd})).code).toBe(0)
    expect(mode()).toBe(0o644)
  })

  it('prints No change and leaves the file (and its mtime) alone on a no-op', async () => {
    const cwd = project({'openclaw.json5': "{tools: {toolSearch: {mode: 'tools'}}}"})
    const file = join(cwd, 'openclaw.json5')
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1))
    const mtime = statSync(file).mtimeMs
    expect(await runCli(['config', 'set', 'tools.toolSearch.mode', '"tools"', '--project'], {cwd})).toMatchObject({stdout: 'No change\n', code: 0})
    expect(statSync(file).mtimeMs).toBe(mtime)
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'openclaw.json5'])
  })

  it('says when a value it writes will be clamped or is missing from the environment (also in a dry run)', async () => {
    const cwd = project({'openclaw.json5': '{tools: {toolSearch: {mode: "tools"}}}'})
    const clamped = await runCli(['config', 'set', 'tools.toolSearch.maxSearchLimit', '80', '--project'], {cwd})
    expect(clamped).toMatchObject({code: 0, stderr: 'Warning: tools.toolSearch.maxSearchLimit is 80; it is clamped to 50.\n'})
    expect((await runCli(['config', 'set', 'env.vars.TOKEN', '"${TS_TEST_UNSET_TOKEN}"', '--dry-run', '--project'], {cwd})).stderr).toBe(
      'Warning: ${TS_TEST_UNSET_TOKEN} is not set in the environment (used by env.vars.TOKEN); the reference stays as written.\nDry run: nothing was written.\n',
    )
  })

  it('--strict-json fails instead of storing a string', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    const result = await runCli(['config', 'set', 'a', 'tools', '--strict-json', '--project'], {cwd})
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: Invalid JSON value \(--strict-json\): /)
    expect(read(cwd)).toBe('{}')
  })

  it('--strict-json accepts plain JSON and refuses JSON5; values are trimmed first', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    expect((await runCli(['config', 'set', 'tools', '{"toolSearch": {"mode": "directory"}}', '--strict-json', '--project'], {cwd})).code).toBe(0)
    const json5 = await runCli(['config', 'set', 'tools.toolSearch', "{mode: 'tools'}", '--strict-json', '--project'], {cwd})
    expect(json5).toMatchObject({code: 2, stdout: ''})
    expect(json5.stderr).toMatch(/^Error: Invalid JSON value \(--strict-json\): /)
    expect(await runCli(['config', 'set', 'tools.toolSearch.maxSearchLimit', '  12\n', '--project'], {cwd})).toMatchObject({code: 0, stderr: ''})
    expect(parseJsonOutput(await runCli(['config', 'get', 'tools', '--json', '--project'], {cwd}))).toEqual({toolSearch: {mode: 'directory', maxSearchLimit: 12}})
  })

  it('reports numbers as JSON5 writes them', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    // Plugin config is the plugin's own business: any value passes OpenClaw's schema there.
    expect((await runCli(['config', 'set', '--project', 'plugins.entries.demo.config.top', '--', '-Infinity'], {cwd})).stdout).toBe(`Updated ${join(cwd, 'openclaw.json5')}\n  plugins.entries.demo.config.top = -Infinity\nBackup: ${join(cwd, 'openclaw.json5.bak')}\n`)
  })

  it('edits the openclaw key of package.json as plain JSON', async () => {
    const pkg = '{\n  "name": "app",\n  "openclaw": {\n    "tools": {}\n  }\n}\n'
    const cwd = project({'package.json': pkg})
    expect(parseJsonOutput(await runCli(['config', 'file', '--json', '--project'], {cwd}))).toMatchObject({path: join(cwd, 'package.json'), rule: 'project', packageKey: 'openclaw'})
    expect((await runCli(['config', 'set', 'tools.allow', "['read*']", '--project'], {cwd})).code).toBe(0)
    expect(read(cwd, 'package.json')).toBe('{\n  "name": "app",\n  "openclaw": {\n    "tools": {\n      "allow": ["read*"]\n    }\n  }\n}\n')
    // Chosen by --config, a package.json without the key gets one.
    const other = project({'package.json': '{\n  "name": "other"\n}\n'})
    expect((await runCli(['config', 'set', 'tools.toolSearch', 'true', '--config', 'package.json'], {cwd: other})).code).toBe(0)
    expect(read(other, 'package.json')).toBe('{\n  "name": "other",\n  "openclaw": {\n    "tools": {\n      "toolSearch": true\n    }\n  }\n}\n')
    expect((await runCli(['config', 'set', 'x', 'Infinity', '--config', 'package.json'], {cwd: other})).stderr).toBe('Error: Infinity cannot be written to a JSON file\n')
  })

  it('writes through a symlinked config to its target and keeps the link', async () => {
    const cwd = project({'real.json5': '{\n  a: 1,\n}\n'})
    symlinkSync('real.json5', join(cwd, 'openclaw.json5'))
    expect((await runCli(['config', 'set', 'a', '2', '--project'], {cwd})).stdout).toBe(`Updated ${join(cwd, 'real.json5')}\n  a: 1 -> 2\nBackup: ${join(cwd, 'real.json5.bak')}\n`)
    expect(lstatSync(join(cwd, 'openclaw.json5')).isSymbolicLink()).toBe(true)
    expect(read(cwd, 'real.json5')).toBe('{\n  a: 2,\n}\n')
  })

  it('a read-only config is refused by set, unset and doctor --fix (exit 1, nothing written); a no-op still says No change', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const file = join(cwd, 'openclaw.json5')
    chmodSync(file, 0o444)
    const refusal = `Error: Cannot write config ${file}: the file is read-only (mode 0444); nothing was written. Make it writable (chmod u+w) to change it.\n`
    expect(await runCli(['config', 'set', 'tools.toolSearch.searchDefaultLimit', '3', '--project'], {cwd})).toMatchObject({code: 1, stdout: '', stderr: refusal})
    expect(await runCli(['config', 'unset', 'tools.toolSearch.codeTimeoutMs', '--project'], {cwd})).toMatchObject({code: 1, stdout: '', stderr: refusal})
    const fix = await runCli(['doctor', '--fix', '--project'], {cwd})
    expect(fix.code).toBe(1)
    expect(fix.stderr).toBe(refusal)
    expect(await runCli(['config', 'set', 'tools.toolSearch.codeTimeoutMs', '2500', '--project'], {cwd})).toMatchObject({code: 0, stdout: 'No change\n'})
    expect(read(cwd)).toBe(LEGACY)
    expect(statSync(file).mode & 0o777).toBe(0o444)
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'openclaw.json5'])
  })

  it('refuses to edit a file that is not valid UTF-8 (set, unset, dry runs, doctor --fix): the bytes outside the value would change', async () => {
    const cwd = project({})
    const file = join(cwd, 'openclaw.json5')
    const latin1 = Buffer.from('{\n  // caf\xe9 config\n  a: 1,\n  tools: {toolSearch: {mode: "code"}},\n}\n', 'latin1')
    writeFileSync(file, latin1)
    const refusal = `Error: Refusing to edit ${file}: it is not valid UTF-8 (byte 0xe9 at line 2, column 9), so rewriting it would change bytes outside the edited value. Save it as UTF-8 and retry.\n`
    for (const args of [['config', 'set', 'a', '2'], ['config', 'set', 'a', '2', '--dry-run'], ['config', 'unset', 'a'], ['doctor', '--fix'], ['doctor', '--fix', '--dry-run']]) {
      const result = await runCli([...args, '--project'], {cwd})
      expect(result.code, args.join(' ')).toBe(1)
      expect(result.stderr, args.join(' ')).toBe(refusal)
    }
    expect(readFileSync(file).equals(latin1)).toBe(true)
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'openclaw.json5'])
    // Reading it still works.
    expect(await runCli(['config', 'get', 'a', '--project'], {cwd})).toMatchObject({code: 0, stdout: '1\n'})
  })

  it('a symlink loop is a clear error for reads and writes, and nothing is written', async () => {
    const cwd = project()
    symlinkSync('b.json5', join(cwd, 'openclaw.json5'))
    symlinkSync('openclaw.json5', join(cwd, 'b.json5'))
    for (const args of [['config', 'get'], ['config', 'set', 'a', '1'], ['doctor', '--fix']]) {
      expect(await runCli([...args, '--project'], {cwd}), args.join(' ')).toMatchObject({code: 2, stdout: '', stderr: `Error: Cannot read config ${join(cwd, 'openclaw.json5')}: too many levels of symbolic links (a symlink loop?)\n`})
    }
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'b.json5', 'openclaw.json5'])
  })

  it('--dry-run validates and prints the diff without writing', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: {\n    toolSearch: true,\n  },\n}\n'})
    const result = await runCli(['config', 'set', 'tools.toolSearch', 'false', '--dry-run', '--project'], {cwd})
    expect(result).toMatchObject({code: 0, stderr: 'Dry run: nothing was written.\n'})
    expect(result.stdout).toBe('--- a/openclaw.json5\n+++ b/openclaw.json5\n@@ -1,5 +1,5 @@\n {\n   tools: {\n-    toolSearch: true,\n+    toolSearch: false,\n   },\n }\n')
    expect(read(cwd)).toBe('{\n  tools: {\n    toolSearch: true,\n  },\n}\n')
    const json = parseJsonOutput<{status: string; diff: string}>(await runCli(['config', 'set', 'tools.toolSearch', 'false', '--dry-run', '--json', '--project'], {cwd}))
    expect(json.status).toBe('dry-run')
    expect(json.diff).toBe(result.stdout)
  })

  it('refuses an invalid result and lists why; nothing is written', async () => {
    const cwd = project({'openclaw.json5': '{tools: {toolSearch: {}}}'})
    const result = await runCli(['config', 'set', 'tools.toolSearch.searchDefaultLimit', '0', '--project'], {cwd})
    expect(result).toMatchObject({stdout: '', code: 1})
    expect(result.stderr).toBe(`Error: Refusing to write ${join(cwd, 'openclaw.json5')}: the result would be invalid:\n- tools.toolSearch.searchDefaultLimit: must be a positive integer\n`)
    const unknown = await runCli(['config', 'set', 'tools.toolSearch.colour', '"red"', '--json', '--project'], {cwd})
    expect(parseJsonOutput(unknown)).toMatchObject({error: {code: 'config-invalid', problems: [{path: 'tools.toolSearch.colour', message: 'unknown key "colour" (allowed: enabled, mode, searchDefaultLimit, maxSearchLimit)'}]}})
    expect(read(cwd)).toBe('{tools: {toolSearch: {}}}')
  })

  it('refuses retired values and says what to use instead', async () => {
    const cwd = project({'openclaw.json5': '{tools: {toolSearch: {}}}'})
    const mode = await runCli(['config', 'set', 'tools.toolSearch.mode', '"code"', '--project'], {cwd})
    expect(mode.code).toBe(1)
    expect(mode.stderr).toContain('- tools.toolSearch.mode: tools.toolSearch.mode "code" is retired: use "tools" (structured Tool Search) or "directory".')
    const timeout = await runCli(['config', 'set', 'tools.toolSearch.codeTimeoutMs', '100', '--project'], {cwd})
    expect(timeout.stderr).toContain('codeTimeoutMs is retired and has no replacement')
    expect(read(cwd)).toBe('{tools: {toolSearch: {}}}')
  })

  it('refuses paths and values with prototype keys', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    expect((await runCli(['config', 'set', '__proto__.polluted', '1', '--project'], {cwd})).code).toBe(2)
    const value = await runCli(['config', 'set', 'a', '{"__proto__": {"x": 1}}', '--project'], {cwd})
    expect(value).toMatchObject({code: 2, stdout: '', stderr: 'Error: Forbidden key "__proto__" at __proto__: keys __proto__, constructor and prototype are not allowed\n'})
    const strict = await runCli(['config', 'set', 'a', '{"b": [{"constructor": 1}]}', '--strict-json', '--project'], {cwd})
    expect(strict).toMatchObject({code: 2, stdout: '', stderr: 'Error: Forbidden key "constructor" at b[0].constructor: keys __proto__, constructor and prototype are not allowed\n'})
    expect(read(cwd)).toBe('{}')
  })

  it('writes a value a single-file $include alone owns in that file, and fails closed when keys beside the include merge over it', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: { $include: "./tools.json5" },\n}\n', 'tools.json5': '{ toolSearch: { mode: "tools" } }'})
    const result = await runCli(['config', 'set', 'tools.toolSearch.mode', '"directory"', '--project'], {cwd})
    expect(result).toMatchObject({code: 0, stdout: `Updated ${join(cwd, 'tools.json5')}\n  tools.toolSearch.mode: "tools" -> "directory"\nBackup: ${join(cwd, 'tools.json5.bak')}\n`})
    expect(read(cwd)).toBe('{\n  tools: { $include: "./tools.json5" },\n}\n')
    expect(read(cwd, 'tools.json5')).toBe('{ toolSearch: { mode: "directory" } }')
    const merged = project({'openclaw.json5': '{\n  tools: { $include: "./tools.json5", deny: [] },\n}\n', 'tools.json5': '{ toolSearch: { mode: "tools" } }'})
    const refused = await runCli(['config', 'set', 'tools.toolSearch.mode', '"directory"', '--project'], {cwd: merged})
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`Error: Cannot change tools.toolSearch.mode in ${join(merged, 'tools.json5')}: the $include at tools in ${join(merged, 'openclaw.json5')} has keys beside it`)
    expect(read(merged, 'tools.json5')).toBe('{ toolSearch: { mode: "tools" } }')
  })

  it('two concurrent writers on different keys both land', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: {\n    toolSearch: {},\n  },\n}\n'})
    const runs = await Promise.all(
      ['searchDefaultLimit', 'maxSearchLimit', 'enabled', 'mode'].map((key, index) =>
        runCli(['config', 'set', `tools.toolSearch.${key}`, ['3', '9', 'true', '"directory"'][index], '--project'], {cwd, env: {TOOLSEARCH_LOCK_WAIT_MS: '20000'}}),
      ),
    )
    for (const run of runs) expect(run).toMatchObject({code: 0, stderr: ''})
    const value = parseJsonOutput(await runCli(['config', 'get', 'tools.toolSearch', '--json', '--project'], {cwd}))
    expect(value).toEqual({searchDefaultLimit: 3, maxSearchLimit: 9, enabled: true, mode: 'directory'})
  })

  it('exits non-zero with a "locked" message while a live process holds the lock', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    writeFileSync(join(cwd, 'openclaw.json5.lock'), JSON.stringify({pid: process.pid, time: Date.now()}))
    const result = await runCli(['config', 'set', 'a', '1', '--project'], {cwd, env: {TOOLSEARCH_LOCK_WAIT_MS: '100'}})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(new RegExp(`^Error: Config file ${join(cwd, 'openclaw.json5')} is locked by process ${process.pid}`))
    expect(read(cwd)).toBe('{}')
  })
})

describe('config unset', () => {
  it('removes a key losslessly and reports it after the write', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const result = await runCli(['config', 'unset', 'tools.toolSearch.codeTimeoutMs', '--project'], {cwd})
    expect(result.stdout).toBe(`Updated ${join(cwd, 'openclaw.json5')}\n  Removed tools.toolSearch.codeTimeoutMs (was 2500)\nBackup: ${join(cwd, 'openclaw.json5.bak')}\n`)
    expect(read(cwd)).toBe(LEGACY.replace('      codeTimeoutMs: 2500,\n', ''))
    expect(read(cwd, 'openclaw.json5.bak')).toBe(LEGACY)
  })

  it('removes exactly one array element', async () => {
    const cwd = project({'openclaw.json5': '{tools: {deny: ["a", "b", "c"]}}'})
    expect((await runCli(['config', 'unset', 'tools.deny[1]', '--project'], {cwd})).code).toBe(0)
    expect(read(cwd)).toBe('{tools: {deny: ["a", "c"]}}')
  })

  it('warns when the write silently turns Tool Search off (a timeout-only object left empty), and writes it', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: { toolSearch: { codeTimeoutMs: 2500 } },\n}\n'})
    const result = await runCli(['config', 'unset', 'tools.toolSearch.codeTimeoutMs', '--project'], {cwd})
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('Warning: tools.toolSearch is {}, which turns Tool Search off. Use true (or {enabled: true}) to turn it on, or false to say it is off.\n')
    expect(read(cwd)).toBe('{\n  tools: { toolSearch: {} },\n}\n')
    // A warning the file already had is not repeated by the next write.
    expect((await runCli(['config', 'set', 'tools.deny', '["exec"]', '--project'], {cwd})).stderr).toBe('')
  })

  it('takes the path doctor printed for a key with control characters, and removes that key', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: {\n    toolSearch: {\n      "mo\\u001bde\\n": 1,\n      mode: "tools",\n    },\n  },\n}\n'})
    const report = parseJsonOutput<{findings: Array<{path: string}>}>(await runCli(['doctor', '--json', '--project'], {cwd}))
    const path = report.findings[0]!.path
    expect(path).toBe('tools.toolSearch["mo\\u001bde\\n"]')
    expect(await runCli(['config', 'get', path, '--project'], {cwd})).toMatchObject({stdout: '1\n', code: 0})
    expect((await runCli(['config', 'unset', path, '--project'], {cwd})).code).toBe(0)
    expect(read(cwd)).toBe('{\n  tools: {\n    toolSearch: {\n      mode: "tools",\n    },\n  },\n}\n')
  })

  it('an absent path: message, exit 1, file untouched', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    expect(await runCli(['config', 'unset', 'tools.toolSearch.enabled', '--project'], {cwd})).toMatchObject({stdout: '', stderr: 'Error: Config path not found: tools.toolSearch.enabled\n', code: 1})
    expect(read(cwd)).toBe(LEGACY)
  })
})

describe('config file', () => {
  it('prints the path and the rule that chose it; --project names the project file', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    const result = await runCli(['config', 'file', '--project'], {cwd})
    expect(result.stdout).toBe(
      `${join(cwd, 'openclaw.json5')}\nRule: project search. Found by the project search (--project) from ${cwd} up to ${cwd}, the nearest directory holding package.json or .git.\n`,
    )
    const env = await runCli(['config', 'file', '--json'], {cwd, env: {OPENCLAW_CONFIG_PATH: join(cwd, 'other.json5')}})
    expect(parseJsonOutput(env)).toEqual({
      path: join(cwd, 'other.json5'),
      rule: 'env',
      reason: 'Chosen by OPENCLAW_CONFIG_PATH.',
      exists: false,
      nearMisses: [{kind: 'project', path: join(cwd, 'openclaw.json5'), message: expect.stringContaining('is a project config; OpenClaw does not read it')}],
    })
  })

  it('--project with a FIFO named like a project config exits at once, naming it (no hang)', async () => {
    const cwd = project({})
    expect(spawnSync('mkfifo', [join(cwd, '.openclawrc.json')]).status).toBe(0)
    const result = await runCli(['doctor', '--project'], {cwd, spawn: true, timeoutMs: 20_000})
    expect(result).toMatchObject({code: 2, stdout: '', stderr: `Error: Cannot read config ${join(cwd, '.openclawrc.json')}: it is not a regular file (a FIFO)\n`})
  })

  it('without --project, a project file is a near miss: OpenClaw never reads it', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    const home = tempDir()
    const result = await runCli(['config', 'file'], {cwd, env: {HOME: home}})
    const file = join(home, '.openclaw', 'openclaw.json')
    expect(result).toMatchObject({code: 0, stderr: ''})
    expect(result.stdout).toBe(
      `${file}\nRule: default. Default state directory (home from HOME).\nThe file does not exist yet: reads see an empty config; config set creates it.\n` +
        `Near miss: ${join(cwd, 'openclaw.json5')} is a project config; OpenClaw does not read it. Pass --project to read and edit it with toolsearch, or set OPENCLAW_CONFIG_PATH=${join(cwd, 'openclaw.json5')} so OpenClaw loads it too.\n`,
    )
  })
})

describe('config file: every rule', () => {
  it('names the rule for the flag, the profile (before or after the subcommand), the state directory and the default', async () => {
    const cwd = project()
    const home = tempDir()
    const file = async (args: string[], env: Record<string, string> = {}) => parseJsonOutput<{path: string; rule: string}>(await runCli([...args, '--json'], {cwd, env: {HOME: home, ...env}}))
    expect(await file(['config', 'file', '--config', '~/c.json5'])).toMatchObject({path: join(home, 'c.json5'), rule: 'flag'})
    expect(await file(['config', 'file', '--profile', 'work'])).toMatchObject({path: join(home, '.openclaw-work', 'openclaw.json'), rule: 'profile'})
    expect(await file(['--profile', 'work', 'config', 'file'])).toMatchObject({path: join(home, '.openclaw-work', 'openclaw.json'), rule: 'profile'})
    expect(await file(['--profile=work', 'config', 'file'])).toMatchObject({path: join(home, '.openclaw-work', 'openclaw.json'), rule: 'profile'})
    expect(await file(['--dev', 'config', 'file'])).toMatchObject({path: join(home, '.openclaw-dev', 'openclaw.json'), rule: 'profile'})
    expect(await file(['config', 'file'], {OPENCLAW_PROFILE: 'work'})).toMatchObject({path: join(home, '.openclaw', 'openclaw.json'), rule: 'home'})
    expect(await file(['config', 'file', '--profile', 'work'], {OPENCLAW_STATE_DIR: '~/state'})).toMatchObject({path: join(home, 'state', 'openclaw.json'), rule: 'state-dir'})
    expect(await file(['config', 'file'], {OPENCLAW_CONFIG_PATH: ' ~/padded.json '})).toMatchObject({path: join(home, 'padded.json'), rule: 'env'})
    expect(await file(['config', 'file'], {OPENCLAW_HOME: join(home, 'oc')})).toMatchObject({path: join(home, 'oc', '.openclaw', 'openclaw.json'), rule: 'home'})
    const text = await runCli(['config', 'file', '--profile', 'work'], {cwd, env: {HOME: home}})
    expect(text.stdout).toBe(
      `${join(home, '.openclaw-work', 'openclaw.json')}\nRule: profile. State directory of the profile "work" (--profile work; home from HOME).\nThe file does not exist yet: reads see an empty config; config set creates it.\n`,
    )
    for (const args of [['config', 'file', '--profile', 'a.b'], ['--profile', 'a.b', 'config', 'file']]) {
      expect(await runCli(args, {cwd, env: {HOME: home}})).toMatchObject({code: 2, stdout: '', stderr: 'Error: Invalid --profile (use letters, numbers, "_", "-" only): "a.b"\n'})
    }
    expect(await runCli(['--dev', 'config', 'file', '--profile', 'x'], {cwd, env: {HOME: home}})).toMatchObject({code: 2, stderr: 'Error: Cannot combine --dev with --profile\n'})
  })

  it('an empty HOME means the home directory of the account, never a path relative to where the command runs', async () => {
    const cwd = project()
    const result = parseJsonOutput<{path: string}>(await runCli(['config', 'file', '--json'], {cwd, env: {HOME: ''}}))
    expect(result.path).toBe(join(userInfo().homedir, '.openclaw', 'openclaw.json'))
  })
})

describe('config validate', () => {
  it('exit 0 and "Config valid: <path>"', async () => {
    const cwd = project({'openclaw.json5': '{tools: {toolSearch: {mode: "directory"}}}'})
    expect(await runCli(['config', 'validate', '--project'], {cwd})).toMatchObject({stdout: `Config valid: ${join(cwd, 'openclaw.json5')}\n`, stderr: '', code: 0})
  })

  it('is valid (exit 0) when there are only warnings: the gateway starts with a clamped limit, a disabling shape or a missing variable', async () => {
    for (const text of ['{tools: {toolSearch: {maxSearchLimit: 99, searchDefaultLimit: 60}}}', '{tools: {toolSearch: {}}}', '{env: {vars: {TOKEN: "${TS_TEST_UNSET_TOKEN}"}}}']) {
      const cwd = project({'openclaw.json5': text})
      const result = await runCli(['config', 'validate', '--project'], {cwd})
      expect(result, text).toMatchObject({code: 0, stdout: `Config valid: ${join(cwd, 'openclaw.json5')}\n`})
      expect(result.stderr, text).not.toContain('Invalid config')
    }
  })

  it('a config file that does not exist: exit 1 with "Config file not found: <path>" in every format, unless --allow-missing', async () => {
    const cwd = project({})
    const typo = join(cwd, 'opencalw.json5')
    const notFound = `Config file not found: ${typo}`
    expect(await runCli(['config', 'validate', '--config', typo], {cwd})).toMatchObject({code: 1, stdout: '', stderr: `${notFound}\n`})
    const validateJson = await runCli(['config', 'validate', '--json', '--config', typo], {cwd})
    expect(validateJson.code).toBe(1)
    expect(parseJsonOutput(validateJson)).toEqual({error: {code: 'config-not-found', message: notFound}})
    const env = {OPENCLAW_CONFIG_PATH: typo}
    expect(await runCli(['doctor'], {cwd, env})).toMatchObject({code: 1, stdout: '', stderr: `${notFound}\n`})
    const doctorJson = await runCli(['doctor', '--json'], {cwd, env})
    expect(doctorJson.code).toBe(1)
    expect(parseJsonOutput(doctorJson)).toEqual({error: {code: 'config-not-found', message: notFound}})
    expect(await runCli(['doctor', '--format', 'github'], {cwd, env})).toMatchObject({code: 1, stdout: `::error title=config.missing::${notFound}\n`, stderr: ''})
    // --allow-missing: an empty config, with a note.
    const note = `Note: ${typo} does not exist; it is checked as an empty config (--allow-missing).\n`
    expect(await runCli(['config', 'validate', '--allow-missing', '--config', typo], {cwd})).toMatchObject({code: 0, stdout: `Config valid: ${typo}\n`, stderr: note})
    const allowed = await runCli(['doctor', '--json', '--allow-missing'], {cwd, env})
    expect(allowed).toMatchObject({code: 0, stderr: note})
    expect(parseJsonOutput(allowed)).toMatchObject({file: typo, findings: [], ok: true})
  })

  it('a missing OpenClaw file names its near misses: a .json5 sibling and a project file', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    const home = tempDir()
    mkdirSync(join(home, '.openclaw'))
    writeFileSync(join(home, '.openclaw', 'openclaw.json5'), '{tools: {toolSearch: true}}')
    const file = join(home, '.openclaw', 'openclaw.json')
    const result = await runCli(['config', 'validate'], {cwd, env: {HOME: home}})
    expect(result).toMatchObject({code: 1, stdout: ''})
    expect(result.stderr).toBe(
      `Note: ${file}5 exists, but OpenClaw reads ${file}, which does not exist. Rename it to openclaw.json (JSON5 syntax is fine in it) or pass --config to use it.\n` +
        `Note: ${join(cwd, 'openclaw.json5')} is a project config; OpenClaw does not read it. Pass --project to read and edit it with toolsearch, or set OPENCLAW_CONFIG_PATH=${join(cwd, 'openclaw.json5')} so OpenClaw loads it too.\n` +
        `Config file not found: ${file}\n`,
    )
    // config set does not create a second file beside the .json5 one; --config creates it anyway.
    const set = await runCli(['config', 'set', 'tools.toolSearch', 'false'], {cwd, env: {HOME: home}})
    expect(set.code).toBe(1)
    expect(set.stderr).toContain(`Error: Refusing to create ${file} beside ${file}5: rename that file to openclaw.json, or pass --config ${file} to create a new file anyway.\n`)
    expect(readdirSync(join(home, '.openclaw'))).toEqual(['openclaw.json5'])
    expect(await runCli(['config', 'set', 'tools.toolSearch', 'false', '--config', file], {cwd, env: {HOME: home}})).toMatchObject({code: 0})
    expect(readdirSync(join(home, '.openclaw')).sort()).toEqual(['openclaw.json', 'openclaw.json5'])
  })

  it('an empty file (or one holding only comments) is a parse error, as in OpenClaw', async () => {
    for (const text of ['', '  \n', '// nothing yet\n']) {
      const cwd = project({'openclaw.json': text})
      const file = join(cwd, 'openclaw.json')
      const result = await runCli(['config', 'validate', '--config', file], {cwd})
      expect(result.code, JSON.stringify(text)).toBe(78)
      expect(result.stderr).toContain(`<root>: ${file}:`)
      expect(result.stderr).toContain('Unexpected end of input; expected a value (the file is empty: write {} for an empty config)')
      expect(result.stderr).not.toContain('doctor --fix" to repair')
      const doctor = await runCli(['doctor', '--json', '--config', file], {cwd})
      expect(doctor.code).toBe(1)
      expect(parseJsonOutput<{findings: Array<{check: string}>}>(doctor).findings).toEqual([expect.objectContaining({check: 'config.parse'})])
    }
  })

  it('exit 78 with the gateway refusal naming every retired key', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const file = join(cwd, 'openclaw.json5')
    const result = await runCli(['config', 'validate', '--project'], {cwd})
    expect(result.code).toBe(78)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      `Invalid config at ${file}.\n` +
        'tools.toolSearch.mode: Tool Search code mode (tool_search_code) is retired; use structured Tool Search. Run "toolsearch doctor --fix".\n' +
        'tools.toolSearch.codeTimeoutMs: tools.toolSearch.codeTimeoutMs is retired. Run "toolsearch doctor --fix".\n' +
        // The gateway's words as it prints them; then toolsearch's own, true of 2026.9.6 (code mode still runs) and of the structured-only generation.
        'Run "openclaw doctor --fix" to repair, then retry.\n' +
        '"toolsearch doctor --fix" migrates these settings and keeps comments and formatting (OpenClaw 2026.9.6 still accepts code mode and its doctor leaves it as it is; ' +
        'the structured-only generation refuses it, and its "openclaw doctor --fix" migrates it).\n',
    )
    const json = await runCli(['config', 'validate', '--json', '--project'], {cwd})
    expect(json.code).toBe(78)
    expect(parseJsonOutput(json)).toMatchObject({file, valid: false, problems: [{kind: 'retired', path: 'tools.toolSearch.mode'}, {kind: 'retired', path: 'tools.toolSearch.codeTimeoutMs'}]})
  })

  it('reports schema violations of tools.allow/deny, localModelLean and providers', async () => {
    const cwd = project({'openclaw.json5': '{tools: {allow: "x", deny: [1]}, agents: {defaults: {experimental: {localModelLean: "yes"}}}, models: {providers: {a: {localService: 1}}}, other: {anything: true}}'})
    const result = await runCli(['config', 'validate', '--json', '--project'], {cwd})
    expect(result.code).toBe(78)
    expect(parseJsonOutput<{problems: Array<{path: string; message: string}>}>(result).problems.map((problem) => `${problem.path}: ${problem.message}`).sort()).toEqual([
      'agents.defaults.experimental.localModelLean: must be a boolean',
      'models.providers.a.localService: must be an object',
      'other: unknown key "other"',
      'tools.allow: must be an array',
      'tools.deny[0]: must be a string',
    ])
  })
})

describe('broken files: clear message with file and line, no stack trace, never modified', () => {
  // [name, make the file, where the message points (file:line:col: or nothing), the message]
  const cases: Array<[string, (dir: string) => void, (file: string) => string, (file: string) => string]> = [
    ['bad JSON5', (dir) => writeFileSync(join(dir, 'openclaw.json5'), '{\n  tools: {\n    toolSearch: tru,\n  },\n}\n'), (file) => `${file}:3:17: `, () => 'Unexpected "t"; expected a value'],
    [
      'a __proto__ key',
      (dir) => writeFileSync(join(dir, 'openclaw.json5'), '{\n  "__proto__": {"x": 1}\n}\n'),
      (file) => `${file}:2:3: `,
      () => 'Forbidden key "__proto__" at __proto__: keys __proto__, constructor and prototype are not allowed',
    ],
    ['an array at the top', (dir) => writeFileSync(join(dir, 'openclaw.json5'), '// a list is not a config\n[1, 2]\n'), (file) => `${file}:2:1: `, () => 'The config must be an object, not an array'],
    ['a string at the top', (dir) => writeFileSync(join(dir, 'openclaw.json5'), '"tools"'), (file) => `${file}:1:1: `, () => 'The config must be an object, not a string'],
    ['absurd nesting', (dir) => writeFileSync(join(dir, 'openclaw.json5'), `${'{a:'.repeat(300)}1${'}'.repeat(300)}`), (file) => `${file}:1:772: `, () => 'Nesting deeper than 256 levels'],
    ['a directory', (dir) => mkdirSync(join(dir, 'openclaw.json5')), () => '', (file) => `Cannot read config ${file}: it is a directory, not a file`],
  ]
  for (const [name, make, where, message] of cases) {
    it(name, async () => {
      const cwd = project()
      make(cwd)
      const file = join(cwd, 'openclaw.json5')
      const before = statSync(file).isFile() ? read(cwd) : undefined
      for (const args of [['config', 'get', 'tools'], ['config', 'set', 'tools.toolSearch', 'true'], ['config', 'unset', 'tools'], ['config', 'explain'], ['doctor', '--fix', '--strict']]) {
        const result = await runCli([...args, '--project'], {cwd})
        const json = await runCli([...args, '--json', '--project'], {cwd})
        if (args[0] === 'doctor' && name !== 'a directory') {
          // Doctor reports a file that does not load as a config.parse finding (exit 1).
          expect(result.code, args.join(' ')).toBe(1)
          expect(parseJsonOutput<{findings: unknown[]}>(json).findings).toEqual([expect.objectContaining({check: 'config.parse', message: message(file)})])
          continue
        }
        expect(result, args.join(' ')).toMatchObject({code: 2, stdout: '', stderr: `Error: ${where(file)}${message(file)}\n`})
        expect(json.code).toBe(2)
        expect(parseJsonOutput<{error: {message: string}}>(json).error.message).toBe(message(file))
      }
      // config validate is the gateway's view: a file it cannot load is a refusal (exit 78).
      const validate = await runCli(['config', 'validate', '--project'], {cwd})
      expect(validate).toMatchObject({
        code: 78,
        stdout: '',
        stderr: `Invalid config at ${file}.\n<root>: ${where(file)}${message(file)}\nThe file does not load: fix it by hand (doctor --fix cannot repair a file it cannot read), then run "toolsearch config validate" again.\n`,
      })
      const validateJson = await runCli(['config', 'validate', '--json', '--project'], {cwd})
      expect(validateJson.code).toBe(78)
      expect(parseJsonOutput(validateJson)).toMatchObject({file, valid: false, problems: [{kind: 'load', path: '', message: message(file)}]})
      if (before !== undefined) expect(read(cwd)).toBe(before)
      expect(readdirSync(cwd).sort()).toEqual(['.git', 'openclaw.json5'])
    })
  }

  it('an unreadable file', async () => {
    if (process.getuid?.() === 0) {
      // root reads any file; use a file that cannot be read for another reason: a dangling include.
      const cwd = project({'openclaw.json5': '{ $include: "missing.json5" }'})
      const result = await runCli(['config', 'get', '--project'], {cwd})
      expect(result).toMatchObject({code: 2, stderr: `Error: Cannot read config ${join(cwd, 'missing.json5')}: no such file (the $include at ${join(cwd, 'openclaw.json5')}:1:13)\n`})
      return
    }
    const cwd = project({'openclaw.json5': '{}'})
    chmodSync(join(cwd, 'openclaw.json5'), 0o000)
    const result = await runCli(['config', 'get', '--project'], {cwd})
    expect(result).toMatchObject({code: 2, stderr: `Error: Cannot read config ${join(cwd, 'openclaw.json5')}: permission denied\n`})
  })
})

describe('config explain and schema', () => {
  it('prints effective settings with reasons, and evaluates the local-model overlay', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    const file = join(cwd, 'openclaw.json5')
    const text = await runCli(['config', 'explain', '--project'], {cwd})
    expect(text.stdout).toBe(
      // The file as the user sees it: relative to the working directory (JSON keeps the absolute path).
      'Tool Search settings for openclaw.json5\n\n' +
        '  enabled             true   tools.toolSearch is unset: Tool Search is on by default.\n' +
        '  mode                tools  tools.toolSearch is unset: the default mode is "tools".\n' +
        '  searchDefaultLimit  8      Default 8.\n' +
        '  maxSearchLimit      20     Default 20.\n',
    )
    const local = parseJsonOutput<{settings: {searchDefaultLimit: number; maxSearchLimit: number; localModelOverlay: boolean}}>(
      await runCli(['config', 'explain', '--provider', 'ollama', '--model', 'llama3.1:8b', '--json', '--project'], {cwd}),
    )
    expect(local.settings).toMatchObject({searchDefaultLimit: 5, maxSearchLimit: 10, localModelOverlay: true})
    expect((await runCli(['config', 'explain', '--json', '--project'], {cwd})).stdout).toContain(`"file": ${JSON.stringify(file)}`)
  })

  it('never prints what the environment gave a ${VAR} reference', async () => {
    const cwd = project({'openclaw.json5': '{tools: {toolSearch: {mode: "${TS_MODE}", maxSearchLimit: "${TS_MAX}"}}}'})
    const result = await runCli(['config', 'explain', '--project'], {cwd, env: {TS_MODE: 'sekrit-mode', TS_MAX: 'sekrit-max'}})
    expect(result.stdout).toContain('tools.toolSearch.mode is "${TS_MODE}": anything but "directory" means "tools".')
    expect(result.stdout).toContain('tools.toolSearch.maxSearchLimit is "${TS_MAX}", not a positive integer: ignored, the default 20 applies.')
    expect(result.stdout + result.stderr).not.toContain('sekrit')
  })

  it("prints OpenClaw's schema that configs are validated against, with the structured-only difference", async () => {
    type Node = {properties: Record<string, Node>; anyOf: Node[]; additionalProperties: unknown; enum: unknown[]; items: Node; required: string[]}
    const schema = parseJsonOutput<Node>(await runCli(['config', 'schema']))
    const toolSearch = schema.properties.tools.properties.toolSearch.anyOf[1]
    expect(toolSearch.additionalProperties).toBe(false)
    expect(Object.keys(toolSearch.properties).sort()).toEqual(['codeTimeoutMs', 'enabled', 'maxSearchLimit', 'mode', 'searchDefaultLimit'])
    // Retired settings are accepted by the schema (any codeTimeoutMs) and reported by the structured-only check.
    expect(toolSearch.properties.codeTimeoutMs).not.toHaveProperty('type')
    expect(toolSearch.properties.mode.enum).toContain('code')
    expect(schema.properties.agents.properties.list.items.required).toEqual(['id'])
    expect(schema.additionalProperties).toBe(false)
    expect(parseJsonOutput(await runCli(['config', 'schema', '--json']))).toEqual(schema)
  })
})

describe('--json prints exactly one JSON document on stdout, errors included', () => {
  it('for every config command and doctor, on success and on failure', async () => {
    const good = project({'openclaw.json5': LEGACY})
    const bad = project({'openclaw.json5': '{ nope'})
    const commands = [
      ['config', 'get', 'tools'],
      ['config', 'set', 'tools.toolSearch.searchDefaultLimit', '5', '--dry-run'],
      ['config', 'unset', 'tools.toolSearch.searchDefaultLimit', '--dry-run'],
      ['config', 'file'],
      ['config', 'validate'],
      ['config', 'explain'],
      ['config', 'schema'],
      ['doctor'],
      ['doctor', '--fix', '--dry-run'],
    ]
    for (const cwd of [good, bad]) {
      for (const args of commands) {
        const result = await runCli([...args, '--json', '--project'], {cwd})
        expect(() => JSON.parse(result.stdout), `${args.join(' ')} in ${cwd === good ? 'good' : 'bad'}: ${result.stdout}`).not.toThrow()
      }
    }
  })
})
