import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {project} from '../fixtures/config/project.js'
import {ROOT, parseJsonOutput, runCli} from '../helpers/cli.js'

const TOP = '{\n  tools: {\n    $include: "./tools.json5",\n    deny: ["exec"],\n  },\n}\n'
const TOOLS = '{\n  toolSearch: { mode: "tools" },\n  allow: ["read*"],\n}\n'

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8')

/**
 * SPEC §1.2 with OpenClaw's write-through: a value a single-file `$include` alone owns is written
 * in that file (the rule `doctor --fix` follows, config/include-owner.ts); any other write into
 * included content fails closed, naming the file and why; includes are never flattened.
 */
describe('writes and $include', () => {
  it('set and unset inside an include with keys beside it, or replacing a container that holds included content, fail closed', async () => {
    const cwd = project({'openclaw.json5': TOP, 'tools.json5': TOOLS})
    const included = join(cwd, 'tools.json5')
    const beside = `has keys beside it that are merged over ${included}. Edit it there by hand (toolsearch never flattens $include).`
    const cases: Array<[string[], string]> = [
      [['config', 'set', 'tools.toolSearch.mode', '"directory"'], `Cannot change tools.toolSearch.mode in ${included}: the $include at tools in ${join(cwd, 'openclaw.json5')} ${beside}`],
      [['config', 'set', 'tools.toolSearch.maxSearchLimit', '9'], `Cannot change tools.toolSearch.maxSearchLimit in ${included}: the $include at tools in ${join(cwd, 'openclaw.json5')} ${beside}`],
      [['config', 'unset', 'tools.allow[0]'], `Cannot change tools.allow[0] in ${included}: the $include at tools in ${join(cwd, 'openclaw.json5')} ${beside}`],
      [['config', 'set', 'tools', '{deny: []}'], `Cannot change tools: tools.toolSearch comes from the included file ${included}. Edit that file instead (toolsearch never flattens $include).`],
      [['config', 'unset', 'tools'], `Cannot change tools: tools.toolSearch comes from the included file ${included}. Edit that file instead (toolsearch never flattens $include).`],
    ]
    for (const [args, message] of cases) {
      const result = await runCli([...args, '--project'], {cwd})
      expect(result, args.join(' ')).toMatchObject({code: 1, stdout: '', stderr: `Error: ${message}\n`})
    }
    expect(read(cwd, 'openclaw.json5')).toBe(TOP)
    expect(read(cwd, 'tools.json5')).toBe(TOOLS)
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'openclaw.json5', 'tools.json5'])
  })

  it('writes through a single-file $include that alone owns the value, as OpenClaw does: that file edited losslessly, its backup kept, the top file untouched', async () => {
    const top = '{\n  // top\n  tools: { $include: "./tools.json5" },\n}\n'
    const tools = '{\n  // the tools file\n  toolSearch: { mode: "tools" },\n  allow: ["read*", "web*"],\n}\n'
    const cwd = project({'openclaw.json5': top, 'tools.json5': tools})
    const included = join(cwd, 'tools.json5')
    const set = await runCli(['config', 'set', 'tools.toolSearch.mode', '"directory"', '--project'], {cwd})
    expect(set).toMatchObject({code: 0, stderr: '', stdout: `Updated ${included}\n  tools.toolSearch.mode: "tools" -> "directory"\nBackup: ${included}.bak\n`})
    expect(read(cwd, 'tools.json5.bak')).toBe(tools)
    // A new key inside the included object, a dry run, an unset: all in the included file.
    const dry = await runCli(['config', 'set', 'tools.toolSearch.maxSearchLimit', '9', '--dry-run', '--project'], {cwd})
    expect(dry.stdout).toBe('--- a/tools.json5\n+++ b/tools.json5\n@@ -1,5 +1,5 @@\n {\n   // the tools file\n-  toolSearch: { mode: "directory" },\n+  toolSearch: { mode: "directory", maxSearchLimit: 9 },\n   allow: ["read*", "web*"],\n }\n')
    expect(parseJsonOutput(await runCli(['config', 'unset', 'tools.allow[0]', '--json', '--project'], {cwd}))).toMatchObject({file: included, status: 'written', previous: 'read*'})
    expect(read(cwd, 'tools.json5')).toBe('{\n  // the tools file\n  toolSearch: { mode: "directory" },\n  allow: ["web*"],\n}\n')
    expect(read(cwd, 'openclaw.json5')).toBe(top)
    expect(parseJsonOutput(await runCli(['config', 'get', 'tools', '--json', '--project'], {cwd}))).toEqual({toolSearch: {mode: 'directory'}, allow: ['web*']})
    // The same validation as any write: an invalid result is refused, nothing written.
    const refused = await runCli(['config', 'set', 'tools.toolSearch.mode', '"code"', '--project'], {cwd})
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`Error: Refusing to write ${included}: that is a retired setting:`)
    expect(read(cwd, 'tools.json5')).toBe('{\n  // the tools file\n  toolSearch: { mode: "directory" },\n  allow: ["web*"],\n}\n')
  })

  it('the other shapes doctor --fix refuses are refused the same way: a merged array, a shared file, an include at the top', async () => {
    const merged = project({'openclaw.json5': '{ tools: { $include: ["a.json5", "b.json5"] } }', 'a.json5': '{ toolSearch: { mode: "tools" } }', 'b.json5': '{ allow: [] }'})
    expect((await runCli(['config', 'set', 'tools.toolSearch.mode', '"directory"', '--project'], {cwd: merged})).stderr).toBe(
      `Error: Cannot change tools.toolSearch.mode in ${join(merged, 'a.json5')}: the $include at tools in ${join(merged, 'openclaw.json5')} merges 2 files (${join(merged, 'a.json5')}, ${join(merged, 'b.json5')}), so no one file holds the value. Edit it there by hand (toolsearch never flattens $include).\n`,
    )
    const shared = project({'openclaw.json5': '{ tools: { $include: "t.json5" }, other: { $include: "t.json5" } }', 't.json5': '{ toolSearch: { mode: "tools" } }'})
    expect((await runCli(['config', 'set', 'tools.toolSearch.mode', '"directory"', '--project'], {cwd: shared})).stderr).toContain('is also included at other in')
    const atTop = project({'openclaw.json5': '{ $include: "base.json5" }', 'base.json5': '{ tools: { toolSearch: { mode: "tools" } } }'})
    expect((await runCli(['config', 'unset', 'tools.toolSearch.mode', '--project'], {cwd: atTop})).stderr).toContain('is read-only for writes, as in OpenClaw')
    expect(read(atTop, 'base.json5')).toBe('{ tools: { toolSearch: { mode: "tools" } } }')
  })

  it('keys of the top file beside $include stay editable, and so does $include itself', async () => {
    const cwd = project({'openclaw.json5': TOP, 'tools.json5': TOOLS})
    expect((await runCli(['config', 'set', 'tools.deny[1]', '"write"', '--project'], {cwd})).code).toBe(0)
    expect((await runCli(['config', 'set', 'tools.alsoAllow', '["web*"]', '--project'], {cwd})).code).toBe(0)
    expect(read(cwd, 'openclaw.json5')).toBe('{\n  tools: {\n    $include: "./tools.json5",\n    deny: ["exec", "write"],\n    alsoAllow: ["web*"],\n  },\n}\n')
    expect((await runCli(['config', 'unset', 'tools.$include', '--project'], {cwd})).code).toBe(0)
    expect(read(cwd, 'openclaw.json5')).toBe('{\n  tools: {\n    deny: ["exec", "write"],\n    alsoAllow: ["web*"],\n  },\n}\n')
    expect(read(cwd, 'tools.json5')).toBe(TOOLS)
  })

  it('a value replaced by a sibling key is the top file’s to edit', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: {\n    $include: "./tools.json5",\n    allow: [],\n  },\n}\n', 'tools.json5': '{ allow: ["a", "b", "c"] }'})
    expect((await runCli(['config', 'set', 'tools.allow[0]', '"x"', '--project'], {cwd})).code).toBe(0)
    expect(read(cwd, 'openclaw.json5')).toBe('{\n  tools: {\n    $include: "./tools.json5",\n    allow: ["x"],\n  },\n}\n')
  })

  it('a single include that is not an object is the included file’s value', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: { deny: { $include: "deny.json5" } },\n}\n', 'deny.json5': '["exec"]'})
    expect(parseJsonOutput(await runCli(['config', 'get', 'tools.deny', '--json', '--project'], {cwd}))).toEqual(['exec'])
    // An element inside it is written in that file; the whole value is the file's content, which no edit inside it can replace.
    expect((await runCli(['config', 'set', 'tools.deny[1]', '"write"', '--project'], {cwd})).code).toBe(0)
    expect(read(cwd, 'deny.json5')).toBe('["exec", "write"]')
    const whole = await runCli(['config', 'set', 'tools.deny', '[]', '--project'], {cwd})
    expect(whole).toMatchObject({code: 1, stderr: `Error: Cannot change tools.deny in ${join(cwd, 'deny.json5')}: the value is the whole content of ${join(cwd, 'deny.json5')}. Edit it there by hand (toolsearch never flattens $include).\n`})
  })

  it('a write that points $include at a file that cannot be read is refused', async () => {
    const cwd = project({'openclaw.json5': '{}'})
    const result = await runCli(['config', 'set', 'tools.$include', '"missing.json5"', '--project'], {cwd})
    expect(result).toMatchObject({
      code: 1,
      stderr: `Error: Refusing to write ${join(cwd, 'openclaw.json5')}: the result could not be loaded: Cannot read config ${join(cwd, 'missing.json5')}: no such file (the $include at ${join(cwd, 'openclaw.json5')}:3:17)\n`,
    })
    expect(read(cwd, 'openclaw.json5')).toBe('{}')
  })
})

/** Files that include each other many times: every config reader ends at once with the bound named. */
describe('an include tree with too much fan-out', () => {
  it('config get, config validate, doctor and search --config each stop with the error, not after minutes', async () => {
    const many = (name: string) => `{$include: [${Array.from({length: 1000}, () => JSON.stringify(name)).join(',')}]}\n`
    const cwd = project({'openclaw.json5': '{}', 'l1.json5': many('l2.json5'), 'l2.json5': many('l3.json5'), 'l3.json5': '{tools: {toolSearch: {searchDefaultLimit: 5}}}\n'})
    const message = `$include expands to more than 10000 included files in all (a file included more than once counts each time): ${['l1', 'l2', 'l3'].map((name) => join(cwd, `${name}.json5`)).join(' -> ')}`
    const runs: Array<[string[], number]> = [
      [['config', 'get', 'tools.toolSearch.searchDefaultLimit'], 2],
      [['config', 'validate'], 78],
      [['doctor'], 1],
      [['search', 'read', '--catalog', join(ROOT, 'examples/catalog.json5')], 2],
    ]
    for (const [args, code] of runs) {
      // A hang shows as a run stopped by the time limit (code null), not as a slow test.
      const result = await runCli([...args, '--config', join(cwd, 'l1.json5')], {cwd, timeoutMs: 60_000})
      expect(result.code, args.join(' ')).toBe(code)
      expect(`${result.stdout}${result.stderr}`, args.join(' ')).toContain(message)
    }
  })

  it('a thousand included files of 300 keys each merge in one pass (copying the growing result at each file took minutes)', async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 1000; i++) files[`f${i}.json5`] = JSON.stringify({agents: Object.fromEntries(Array.from({length: 300}, (_, j) => [`k${i}_${j}`, j]))})
    files['openclaw.json5'] = JSON.stringify({$include: Object.keys(files)})
    const cwd = project(files)
    const result = await runCli(['config', 'get', 'agents.k999_299', '--config', join(cwd, 'openclaw.json5')], {cwd, timeoutMs: 60_000})
    expect(result).toMatchObject({code: 0, stdout: '299\n'})
  })
})
