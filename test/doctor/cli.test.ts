import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {project} from '../fixtures/config/project.js'
import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const LEGACY = [
  '// legacy config',
  '{',
  '  tools: {',
  '    toolSearch: {',
  '      mode: "code", // old',
  '      codeTimeoutMs: 2500,',
  '      searchDefaultLimit: 4,',
  '    },',
  '  },',
  '}',
  '',
].join('\n')

const FIXED = LEGACY.replace('mode: "code"', 'mode: "tools"').replace('      codeTimeoutMs: 2500,\n', '')


const read = (dir: string, name = 'openclaw.json5') => readFileSync(join(dir, name), 'utf8')

describe('toolsearch doctor', () => {
  it('reports findings with file:line:col and the fix hint; exit 1', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const result = await runCli(['doctor', '--project'], {cwd})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe(
      [
        'error tools.toolSearch.mode (openclaw.json5:5:13) tools.toolSearch.structured-only',
        '  Tool Search code mode (tool_search_code) is retired; use structured Tool Search. Run "toolsearch doctor --fix".',
        '',
        'error tools.toolSearch.codeTimeoutMs (openclaw.json5:6:7) tools.toolSearch.structured-only',
        '  tools.toolSearch.codeTimeoutMs is retired. Run "toolsearch doctor --fix".',
        '',
        '2 errors, 0 warnings in openclaw.json5. 2 problems can be fixed: run "toolsearch doctor --fix" (add --dry-run to preview).',
        '',
      ].join('\n'),
    )
    expect(read(cwd)).toBe(LEGACY)
  })

  it('--fix --dry-run prints the unified diff of exactly what --fix writes, and writes nothing', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const dry = await runCli(['doctor', '--fix', '--dry-run', '--project'], {cwd})
    expect(dry.code).toBe(1)
    expect(dry.stderr).toBe(
      'Dry run: nothing was written.\n' +
        // True of the released OpenClaw (2026.9.6 runs code mode and its doctor leaves it) and of the structured-only generation.
        'Note: the diff is what toolsearch writes (comments and formatting kept). OpenClaw 2026.9.6 still accepts code mode and its doctor leaves it as it is; ' +
        'the structured-only generation refuses it, and its "openclaw doctor --fix" migrates it, rewriting the whole file as JSON: ' +
        'drop its 2 comments, re-quote every key and string, and stamp a "meta" block (lastTouchedVersion, lastTouchedAt).\n',
    )
    expect(dry.stdout).toContain(
      [
        'Doctor changes (dry run)',
        '- Tool Search code mode (tool_search_code) is retired; using structured Tool Search.',
        '- Removed tools.toolSearch.codeTimeoutMs; Tool Search no longer executes code.',
        '',
        '--- a/openclaw.json5',
        '+++ b/openclaw.json5',
        '@@ -2,8 +2,7 @@',
        ' {',
        '   tools: {',
        '     toolSearch: {',
        '-      mode: "code", // old',
        '-      codeTimeoutMs: 2500,',
        '+      mode: "tools", // old',
        '       searchDefaultLimit: 4,',
        '     },',
        '   },',
        '',
      ].join('\n'),
    )
    expect(read(cwd)).toBe(LEGACY)
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'openclaw.json5'])
    const json = parseJsonOutput<{diff: string}>(await runCli(['doctor', '--fix', '--dry-run', '--json', '--project'], {cwd}))
    const fix = await runCli(['doctor', '--fix', '--project'], {cwd})
    expect(fix.code).toBe(0)
    const diffLines = json.diff.split('\n').filter((line) => /^[-+][^-+]/.test(line))
    expect(diffLines).toEqual(['-      mode: "code", // old', '-      codeTimeoutMs: 2500,', '+      mode: "tools", // old'])
    expect(read(cwd)).toBe(FIXED)
  })

  it('--fix migrates, prints the changes after the write, keeps a backup; a second run finds nothing', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const result = await runCli(['doctor', '--fix', '--project'], {cwd})
    expect(result).toMatchObject({code: 0, stderr: ''})
    expect(result.stdout).toBe(
      [
        'Doctor changes',
        '- Tool Search code mode (tool_search_code) is retired; using structured Tool Search.',
        '- Removed tools.toolSearch.codeTimeoutMs; Tool Search no longer executes code.',
        '',
        'Updated openclaw.json5',
        'Backup: openclaw.json5.bak',
        '',
      ].join('\n'),
    )
    expect(read(cwd)).toBe(FIXED)
    expect(read(cwd, 'openclaw.json5.bak')).toBe(LEGACY)
    expect(statSync(join(cwd, 'openclaw.json5.bak')).mode & 0o777).toBe(0o600)
    const mtime = statSync(join(cwd, 'openclaw.json5')).mtimeMs
    const again = await runCli(['doctor', '--fix', '--project'], {cwd})
    expect(again).toMatchObject({code: 0, stdout: 'No problems found in openclaw.json5.\n'})
    expect(read(cwd)).toBe(FIXED)
    expect(statSync(join(cwd, 'openclaw.json5')).mtimeMs).toBe(mtime)
    expect(await runCli(['config', 'validate', '--project'], {cwd})).toMatchObject({code: 0})
  })

  it('--json prints one document {file, findings, changes, ok}', async () => {
    const cwd = project({'openclaw.json5': LEGACY})
    const file = join(cwd, 'openclaw.json5')
    const result = await runCli(['doctor', '--json', '--project'], {cwd})
    expect(result.code).toBe(1)
    expect(parseJsonOutput(result)).toEqual({
      file,
      findings: [
        {
          check: 'tools.toolSearch.structured-only',
          messageId: 'retiredMode',
          severity: 'error',
          path: 'tools.toolSearch.mode',
          file,
          line: 5,
          column: 13,
          message: 'Tool Search code mode (tool_search_code) is retired; use structured Tool Search. Run "toolsearch doctor --fix".',
          fixable: true,
        },
        {
          check: 'tools.toolSearch.structured-only',
          messageId: 'retiredTimeout',
          severity: 'error',
          path: 'tools.toolSearch.codeTimeoutMs',
          file,
          line: 6,
          column: 7,
          message: 'tools.toolSearch.codeTimeoutMs is retired. Run "toolsearch doctor --fix".',
          fixable: true,
        },
      ],
      changes: [],
      ok: false,
    })
    const fixed = parseJsonOutput<{findings: unknown[]; changes: Array<{message: string}>; ok: boolean; status: string}>(await runCli(['doctor', '--fix', '--json', '--project'], {cwd}))
    expect(fixed).toMatchObject({findings: [], ok: true, status: 'written'})
    expect(fixed.changes.map((change) => change.message)).toEqual([
      'Tool Search code mode (tool_search_code) is retired; using structured Tool Search.',
      'Removed tools.toolSearch.codeTimeoutMs; Tool Search no longer executes code.',
    ])
  })

  it('--format github prints workflow annotations; warnings use ::warning', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: {\n    toolSearch: {mode: "code", maxSearchLimit: 99},\n  },\n}\n'})
    const result = await runCli(['doctor', '--format', 'github', '--project'], {cwd})
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      '::error file=openclaw.json5,line=3,col=24,title=tools.toolSearch.structured-only::Tool Search code mode (tool_search_code) is retired; use structured Tool Search. Run "toolsearch doctor --fix".\n' +
        '::warning file=openclaw.json5,line=3,col=48,title=tools.toolSearch.limits::tools.toolSearch.maxSearchLimit is 99; it is clamped to 50.\n',
    )
  })

  it('--format sarif prints a SARIF log of every check and one result per finding; --format json prints what --json does', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: {\n    toolSearch: {mode: "code", maxSearchLimit: 99},\n  },\n}\n'})
    const result = await runCli(['doctor', '--format', 'sarif', '--project'], {cwd})
    expect(result).toMatchObject({code: 1, stderr: ''})
    const sarif = JSON.parse(result.stdout) as {version: string; runs: Array<{tool: {driver: {rules: Array<{id: string}>}}; results: Array<{ruleId: string; level: string; locations: unknown[]; properties: unknown}>}>}
    expect(sarif.version).toBe('2.1.0')
    expect(sarif.runs[0]!.tool.driver.rules.map((rule) => rule.id)).toContain('tools.toolSearch.structured-only')
    expect(sarif.runs[0]!.results.map((found) => [found.ruleId, found.level, found.properties])).toEqual([
      ['tools.toolSearch.structured-only', 'error', {messageId: 'retiredMode', path: 'tools.toolSearch.mode'}],
      ['tools.toolSearch.limits', 'warning', {messageId: 'maxClamped', path: 'tools.toolSearch.maxSearchLimit'}],
    ])
    expect(sarif.runs[0]!.results[0]!.locations).toEqual([{physicalLocation: {artifactLocation: {uri: 'openclaw.json5'}, region: {startLine: 3, startColumn: 24}}}])
    const asJson = await runCli(['doctor', '--format', 'json', '--project'], {cwd})
    expect(asJson).toMatchObject({code: 1, stderr: ''})
    expect(JSON.parse(asJson.stdout)).toEqual(parseJsonOutput(await runCli(['doctor', '--json', '--project'], {cwd})))
  })

  it('--format sarif: a config file that does not exist is one error result, exit 1', async () => {
    const result = await runCli(['doctor', '--format', 'sarif', '--config', join(tempDir(), 'missing.json5')])
    expect(result.code).toBe(1)
    const sarif = JSON.parse(result.stdout) as {runs: Array<{results: Array<{ruleId: string; level: string; locations?: unknown}>}>}
    expect(sarif.runs[0]!.results.map((found) => [found.ruleId, found.level, found.locations])).toEqual([['config.missing', 'error', undefined]])
  })

  it('--format github: file paths relative to the repository root (GITHUB_WORKSPACE, else the git root), wherever doctor runs', async () => {
    const root = project({})
    mkdirSync(join(root, 'config', 'sub'), {recursive: true})
    const file = join(root, 'config', 'openclaw.json')
    writeFileSync(file, '{"tools": {"toolSearch": {"mode": "code"}}}')
    const line = (path: string) => `::error file=${path},line=1,col=35,title=tools.toolSearch.structured-only::`
    const fromSub = await runCli(['doctor', '--format', 'github', '--config', file], {cwd: join(root, 'config', 'sub')})
    expect(fromSub.stdout.startsWith(line('config/openclaw.json'))).toBe(true)
    const workspace = await runCli(['doctor', '--format', 'github', '--config', file], {cwd: join(root, 'config', 'sub'), env: {GITHUB_WORKSPACE: join(root, 'config')}})
    expect(workspace.stdout.startsWith(line('openclaw.json'))).toBe(true)
    // A file outside the repository keeps its absolute path.
    const outside = await runCli(['doctor', '--format', 'github', '--config', file], {cwd: tempDir()})
    expect(outside.stdout.startsWith(line(file))).toBe(true)
  })

  it('warnings alone exit 0, and 1 with --strict', async () => {
    const cwd = project({'openclaw.json5': '{tools: {toolSearch: {}}}'})
    expect((await runCli(['doctor', '--project'], {cwd})).code).toBe(0)
    expect((await runCli(['doctor', '--strict', '--project'], {cwd})).code).toBe(1)
    expect(parseJsonOutput(await runCli(['doctor', '--strict', '--json', '--project'], {cwd}))).toMatchObject({ok: false})
  })

  it('points into the included file that holds the value, and --fix writes it through a single-file $include', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: { $include: "./tools.json5" },\n}\n', 'tools.json5': '{\n  toolSearch: { mode: "code" },\n}\n'})
    const report = await runCli(['doctor', '--format', 'github', '--project'], {cwd})
    expect(report).toMatchObject({code: 1, stderr: ''})
    expect(report.stdout).toBe(
      '::error file=tools.json5,line=2,col=23,title=tools.toolSearch.structured-only::Tool Search code mode (tool_search_code) is retired; use structured Tool Search. Run "toolsearch doctor --fix".\n',
    )
    const fixed = await runCli(['doctor', '--fix', '--format', 'github', '--project'], {cwd})
    expect(fixed).toMatchObject({code: 0, stdout: '', stderr: `Updated ${join(cwd, 'tools.json5')}: Tool Search code mode (tool_search_code) is retired; using structured Tool Search.\n`})
    expect(read(cwd)).toBe('{\n  tools: { $include: "./tools.json5" },\n}\n')
    expect(read(cwd, 'tools.json5')).toBe('{\n  toolSearch: { mode: "tools" },\n}\n')
  })

  it('a retired value behind an $include that merges is not fixable: no fix hint, a note naming the include and why', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: { $include: "./tools.json5", deny: [] },\n}\n', 'tools.json5': '{\n  toolSearch: { mode: "code", codeTimeoutMs: 1 },\n}\n'})
    const result = await runCli(['doctor', '--project'], {cwd})
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('\n2 errors, 0 warnings in openclaw.json5.\n')
    expect(result.stdout).not.toContain('can be fixed')
    expect(result.stderr).toBe(
      'Cannot fix tools.toolSearch.mode and tools.toolSearch.codeTimeoutMs in tools.json5: the $include at tools in openclaw.json5 has keys beside it that are merged over tools.json5. Fix it there by hand.\n',
    )
    const report = parseJsonOutput<{findings: Array<{fixable: boolean; file: string}>}>(await runCli(['doctor', '--json', '--project'], {cwd}))
    expect(report.findings.map((finding) => [finding.file, finding.fixable])).toEqual([
      [join(cwd, 'tools.json5'), false],
      [join(cwd, 'tools.json5'), false],
    ])
  })

  it('a file that does not parse is a config.parse finding (exit 1), never modified', async () => {
    const cwd = project({'openclaw.json5': '{\n  tools: {\n    toolSearch: {mode: "code",, }\n  },\n}\n'})
    const result = await runCli(['doctor', '--fix', '--project'], {cwd})
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('error (file) (openclaw.json5:3:31) config.parse\n  Unexpected ","; expected a key or "}"\n\n1 error, 0 warnings in openclaw.json5.\n')
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'openclaw.json5'])
  })

  it('an unreadable file (a directory) exits 2; a bad flag exits 2', async () => {
    const cwd = project({})
    mkdirSync(join(cwd, 'openclaw.json5'))
    const result = await runCli(['doctor', '--project'], {cwd})
    expect(result).toMatchObject({code: 2, stdout: '', stderr: `Error: Cannot read config ${join(cwd, 'openclaw.json5')}: it is a directory, not a file\n`})
    expect(parseJsonOutput(await runCli(['doctor', '--json', '--project'], {cwd}))).toEqual({error: {code: 'config-unreadable', message: `Cannot read config ${join(cwd, 'openclaw.json5')}: it is a directory, not a file`}})
    expect((await runCli(['doctor', '--format', 'xml', '--project'], {cwd})).code).toBe(2)
    expect((await runCli(['doctor', '--dry-run', '--project'], {cwd})).code).toBe(2)
  })

  it('a missing file is "Config file not found" (exit 1); with --allow-missing it has nothing to check (exit 0)', async () => {
    const cwd = project({})
    const home = tempDir()
    const file = join(home, '.openclaw', 'openclaw.json')
    expect(await runCli(['doctor'], {cwd, env: {HOME: home}})).toMatchObject({code: 1, stdout: '', stderr: `Config file not found: ${file}\n`})
    expect(await runCli(['doctor', '--allow-missing'], {cwd, env: {HOME: home}})).toMatchObject({code: 0, stdout: `No problems found in ${file}.\n`})
  })

  it('--list-checks lists every check with a one-line description', async () => {
    const result = await runCli(['doctor', '--list-checks'])
    expect(result.code).toBe(0)
    const ids = result.stdout.trim().split('\n').map((line) => line.split(/\s+/)[0])
    expect(ids).toEqual(['config.parse', 'config.schema', 'tools.toolSearch.structured-only', 'tools.toolSearch.disabled-by-shape', 'tools.toolSearch.limits', 'config.env'])
    const json = parseJsonOutput<{checks: Array<{id: string; fixable: boolean}>}>(await runCli(['doctor', '--list-checks', '--json']))
    expect(json.checks.filter((check) => check.fixable).map((check) => check.id)).toEqual(['tools.toolSearch.structured-only'])
  })
})

describe('npm start (scripts/start.js)', () => {
  it('runs doctor --fix --dry-run and config explain on the legacy example, then search, directory and call on the example catalog; exits 0 and leaves the files untouched', () => {
    const example = readFileSync(join(ROOT, 'examples', 'openclaw.json5'), 'utf8')
    expect(example).toContain('mode: "code"')
    expect(example).toContain('codeTimeoutMs')
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'start.js')], {cwd: ROOT, encoding: 'utf8', env: {PATH: process.env.PATH, HOME: tempDir(), NO_COLOR: '1'}})
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('$ toolsearch doctor --fix --dry-run --config examples/openclaw.json5')
    expect(result.stdout).toContain('+      mode: "tools", // how the model reaches deferred tools')
    expect(result.stdout).toContain('$ toolsearch config explain --config examples/openclaw.json5')
    expect(result.stdout).toContain('searchDefaultLimit  6')
    // Then the catalog side: a search, the directory and a call on the bundled example catalog.
    expect(result.stdout).toMatch(/\$ toolsearch search remind me .*\n\n#  ID .*\n1  openclaw:automations:schedule_task /)
    expect(result.stdout).toContain('Available deferred-schema tools:\n- browser_screenshot (browser): ')
    expect(result.stdout).toMatch(/\$ toolsearch call unit_convert value=5 from=km to=mi .*\n\n\{\n  "value": 3\.107,/)
    expect(result.stderr).not.toContain('start:')
    expect(readFileSync(join(ROOT, 'examples', 'openclaw.json5'), 'utf8')).toBe(example)
  })
})
