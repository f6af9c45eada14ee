import {chmodSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {project} from '../fixtures/config/project.js'
import {parseJsonOutput, runCli} from '../helpers/cli.js'

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8')

/** Every file of a project directory and its bytes (`.git` aside). */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name !== '.git')
      .sort()
      .map((name) => [name, read(dir, name)]),
  )
}

const TOP = '{\n  // the gateway config\n  tools: { $include: "./tools.json5" },\n}\n'
const TOOLS = '{\n  // Tool Search, kept apart\n  toolSearch: {\n    mode: "code", // how the model reaches tools\n    codeTimeoutMs: 2500,\n    maxSearchLimit: 12,\n  },\n}\n'
const TOOLS_FIXED = '{\n  // Tool Search, kept apart\n  toolSearch: {\n    mode: "tools", // how the model reaches tools\n    maxSearchLimit: 12,\n  },\n}\n'
const CHANGES = ['Tool Search code mode (tool_search_code) is retired; using structured Tool Search.', 'Removed tools.toolSearch.codeTimeoutMs; Tool Search no longer executes code.']

/** Issue 11: a migration in a single-file $include is written through to that file, as OpenClaw does. */
describe('doctor --fix through a single-file $include', () => {
  it('writes the included file with the one writer (comments kept, mode 0600, backup 0600); the top file is untouched', async () => {
    const cwd = project({'openclaw.json5': TOP, 'tools.json5': TOOLS})
    chmodSync(join(cwd, 'tools.json5'), 0o644)
    const topBefore = statSync(join(cwd, 'openclaw.json5'))
    const result = await runCli(['doctor', '--fix', '--project'], {cwd, spawn: true})
    expect(result).toMatchObject({code: 0, stderr: ''})
    expect(result.stdout).toBe(`Doctor changes\n- ${CHANGES[0]}\n- ${CHANGES[1]}\n\nUpdated tools.json5\nBackup: tools.json5.bak\n`)
    expect(snapshot(cwd)).toEqual({'openclaw.json5': TOP, 'tools.json5': TOOLS_FIXED, 'tools.json5.bak': TOOLS})
    expect(statSync(join(cwd, 'tools.json5')).mode & 0o777).toBe(0o600)
    expect(statSync(join(cwd, 'tools.json5.bak')).mode & 0o777).toBe(0o600)
    expect(statSync(join(cwd, 'openclaw.json5')).mtimeMs).toBe(topBefore.mtimeMs)
    // A second run finds nothing left to fix.
    expect(await runCli(['doctor', '--project'], {cwd})).toMatchObject({code: 0, stdout: 'No problems found in openclaw.json5.\n'})
  })

  it('--dry-run shows the diff of the included file under its own name and writes nothing; --json names the file it writes', async () => {
    const cwd = project({'openclaw.json5': TOP, 'tools.json5': TOOLS})
    const dry = await runCli(['doctor', '--fix', '--dry-run', '--json', '--project'], {cwd})
    const report = parseJsonOutput<{status: string; target: string; diff: string; changes: Array<{message: string}>}>(dry)
    expect(report.status).toBe('dry-run')
    expect(report.target).toBe(join(cwd, 'tools.json5'))
    expect(report.changes.map((change) => change.message)).toEqual(CHANGES)
    expect(report.diff).toBe(
      '--- a/tools.json5\n+++ b/tools.json5\n@@ -1,8 +1,7 @@\n {\n   // Tool Search, kept apart\n   toolSearch: {\n-    mode: "code", // how the model reaches tools\n-    codeTimeoutMs: 2500,\n+    mode: "tools", // how the model reaches tools\n     maxSearchLimit: 12,\n   },\n }\n',
    )
    expect(snapshot(cwd)).toEqual({'openclaw.json5': TOP, 'tools.json5': TOOLS})
    const written = parseJsonOutput<{status: string; target: string; backup: string; findings: unknown[]; ok: boolean}>(await runCli(['doctor', '--fix', '--json', '--project'], {cwd}))
    expect(written).toMatchObject({status: 'written', target: join(cwd, 'tools.json5'), backup: join(cwd, 'tools.json5.bak'), findings: [], ok: true})
  })

  it('writes the innermost file of a chain of single-file includes', async () => {
    const cwd = project({
      'openclaw.json5': '{ tools: { $include: "./tools.json5" } }\n',
      'tools.json5': '{ deny: ["exec"], toolSearch: { $include: "./search.json5" } }\n',
      'search.json5': '{ mode: "code", codeTimeoutMs: 2500 }\n',
    })
    const result = await runCli(['doctor', '--fix', '--project'], {cwd})
    expect(result).toMatchObject({code: 0})
    expect(snapshot(cwd)).toEqual({
      'openclaw.json5': '{ tools: { $include: "./tools.json5" } }\n',
      'tools.json5': '{ deny: ["exec"], toolSearch: { $include: "./search.json5" } }\n',
      'search.json5': '{ mode: "tools" }\n',
      'search.json5.bak': '{ mode: "code", codeTimeoutMs: 2500 }\n',
    })
  })

  it('waits for the included file’s lock like any write, and gives up saying it is locked', async () => {
    const cwd = project({'openclaw.json5': TOP, 'tools.json5': TOOLS})
    writeFileSync(join(cwd, 'tools.json5.lock'), JSON.stringify({pid: process.pid, createdAt: new Date().toISOString()}))
    const result = await runCli(['doctor', '--fix', '--project'], {cwd, env: {TOOLSEARCH_LOCK_WAIT_MS: '100'}})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(new RegExp(`^Error: Config file ${join(cwd, 'tools.json5')} is locked by process ${process.pid}`))
    expect(read(cwd, 'tools.json5')).toBe(TOOLS)
  })
})

/** Every other shape fails closed: no file changes, the include named and why, exit 1. */
describe('doctor --fix refuses other include shapes', () => {
  const cases: Array<{name: string; files: Record<string, string>; note: string}> = [
    {
      name: 'an array of includes (merged)',
      files: {'openclaw.json5': '{ tools: { $include: ["./a.json5", "./b.json5"] } }', 'a.json5': '{ toolSearch: { mode: "code" } }', 'b.json5': '{ deny: [] }'},
      note: 'Cannot fix tools.toolSearch.mode in a.json5: the $include at tools in openclaw.json5 merges 2 files (a.json5, b.json5), so no one file holds the value.',
    },
    {
      name: 'an include with keys beside it',
      files: {'openclaw.json5': '{ tools: { $include: "./tools.json5", deny: [] } }', 'tools.json5': '{ toolSearch: { mode: "code" } }'},
      note: 'Cannot fix tools.toolSearch.mode in tools.json5: the $include at tools in openclaw.json5 has keys beside it that are merged over tools.json5.',
    },
    {
      name: 'an include at the top of the config',
      files: {'openclaw.json5': '{ $include: "./base.json5" }', 'base.json5': '{ tools: { toolSearch: { mode: "code" } } }'},
      note: 'Cannot fix tools.toolSearch.mode in base.json5: the $include at the top of openclaw.json5 is read-only for writes, as in OpenClaw (the file it names shapes every section).',
    },
    {
      name: 'a single include inside one that merges',
      files: {'openclaw.json5': '{ tools: { $include: "./tools.json5", deny: [] } }', 'tools.json5': '{ toolSearch: { $include: "./search.json5" } }', 'search.json5': '{ mode: "code" }'},
      note: 'Cannot fix tools.toolSearch.mode in search.json5: it is inside the $include at tools in openclaw.json5, which has keys beside it that are merged over it.',
    },
    {
      name: 'an included file that has an include of its own',
      files: {'openclaw.json5': '{ tools: { $include: "./tools.json5" } }', 'tools.json5': '{ toolSearch: { mode: "code" }, deny: { $include: "./deny.json5" } }', 'deny.json5': '["exec"]'},
      note: 'Cannot fix tools.toolSearch.mode in tools.json5: tools.json5 has a $include of its own (at tools.deny in tools.json5).',
    },
    {
      name: 'a file included twice',
      files: {'openclaw.json5': '{ tools: { toolSearch: { $include: "./search.json5" } }, plugins: { $include: "./search.json5" } }', 'search.json5': '{ mode: "code" }'},
      note: 'Cannot fix tools.toolSearch.mode in search.json5: search.json5 is also included at plugins in openclaw.json5, which the change would alter too.',
    },
    {
      name: 'a value that is the whole content of its file',
      files: {'openclaw.json5': '{ tools: { toolSearch: { mode: { $include: "./mode.json5" } } } }', 'mode.json5': '"code"'},
      note: 'Cannot fix tools.toolSearch.mode in mode.json5: the value is the whole content of mode.json5.',
    },
  ]
  for (const {name, files, note} of cases) {
    it(name, async () => {
      const cwd = project(files)
      const result = await runCli(['doctor', '--fix', '--project'], {cwd})
      expect(result.code).toBe(1)
      expect(result.stdout).not.toContain('Doctor changes')
      expect(result.stderr).toBe(`${note} Fix it there by hand.\nNo config file was changed.\n`)
      expect(snapshot(cwd)).toEqual(files)
    })
  }

  it('writes nothing at all, not even a fix the top file could take, and says so in --json', async () => {
    const files = {'openclaw.json5': '{ tools: { toolSearch: { $include: "./search.json5", mode: "code" } } }', 'search.json5': '{ codeTimeoutMs: 1 }'}
    const cwd = project(files)
    const result = await runCli(['doctor', '--fix', '--json', '--project'], {cwd, spawn: true})
    expect(result.code).toBe(1)
    const report = parseJsonOutput<{findings: Array<{path: string; fixable: boolean}>; changes: unknown[]; blocked: unknown[]}>(result)
    expect(report.findings.map(({path, fixable}) => [path, fixable])).toEqual([
      ['tools.toolSearch.mode', true],
      ['tools.toolSearch.codeTimeoutMs', false],
    ])
    expect(report.changes).toEqual([])
    expect(report.blocked).toEqual([
      {
        path: 'tools.toolSearch.codeTimeoutMs',
        file: join(cwd, 'search.json5'),
        reason: `the $include at tools.toolSearch in ${join(cwd, 'openclaw.json5')} has keys beside it that are merged over ${join(cwd, 'search.json5')}`,
      },
    ])
    expect(snapshot(cwd)).toEqual(files)
  })
})
