/**
 * `toolsearch lint` end to end: the built CLI over the 22 real MCP tool lists, in each output
 * format, and the exit codes.
 */
import {describe, expect, it} from 'vitest'

import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const REAL = `${ROOT}/test/fixtures/mcp-tools-list`

interface Report {
  tools: number
  limit: number
  findings: Array<{rule: string; severity: string; toolId?: string; file?: string; line?: number; column?: number}>
  summary: {errors: number}
  ok: boolean
}

describe('toolsearch lint', () => {
  it('lints the 342 real MCP tools: every finding names a cataloged tool and where it is defined; warnings fail with --strict', async () => {
    const result = await runCli(['lint', '--catalog', REAL, '--json', '--strict'], {cwd: ROOT})
    const report = parseJsonOutput<Report>(result)
    expect(report.tools).toBe(342)
    expect(report.limit).toBe(8)
    expect(report.findings.filter((finding) => finding.severity === 'warning').length).toBeGreaterThan(0)
    expect(report.ok).toBe(false)
    expect(result.code).toBe(1)
    for (const finding of report.findings.filter((candidate) => candidate.toolId !== undefined)) {
      expect(finding.file).toMatch(/test\/fixtures\/mcp-tools-list\/[a-z-]+\.json$/)
      expect(finding.line).toBeGreaterThan(0)
      expect(finding.toolId!.startsWith(`mcp:${finding.file!.split('/').at(-1)!.replace('.json', '')}:`)).toBe(true)
    }
    expect(report.findings.at(-1)!.rule).toBe('payload')
  })

  it('exits 1 on an error finding, 0 on warnings only and 1 for them with --strict; prints SARIF, GitHub annotations and the --json document', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'tools.json'), JSON.stringify({tools: [{name: 'do', description: ''}]}))
    expect((await runCli(['lint', '--catalog', join(dir, 'tools.json')])).code).toBe(1)
    const catalog = `${REAL}/postgres.json`
    const plain = await runCli(['lint', '--catalog', catalog], {cwd: ROOT})
    expect(plain.code).toBe(0)
    expect(plain.stdout).toMatch(/0 errors, 1 warning, 0 notes for 1 tool /)
    const strict = await runCli(['lint', '--catalog', catalog, '--strict', '--format', 'sarif'], {cwd: ROOT})
    expect(strict.code).toBe(1)
    const sarif = JSON.parse(strict.stdout) as {version: string; runs: Array<{results: unknown[]}>}
    expect(sarif.version).toBe('2.1.0')
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(0)
    const github = await runCli(['lint', '--catalog', catalog, '--format', 'github'], {cwd: ROOT})
    expect(github.stdout.split('\n').filter((line) => line !== '').every((line) => /^::(error|warning|notice) /.test(line))).toBe(true)
    const asJson = await runCli(['lint', '--catalog', catalog, '--format', 'json'], {cwd: ROOT})
    expect(asJson.code).toBe(0)
    expect(JSON.parse(asJson.stdout)).toEqual(parseJsonOutput(await runCli(['lint', '--catalog', catalog, '--json'], {cwd: ROOT})))
  })

  it('lists its rules without a catalog', async () => {
    const result = await runCli(['lint', '--list-rules', '--json'])
    expect(parseJsonOutput<{rules: Array<{id: string}>}>(result).rules.map((rule) => rule.id)).toContain('unreachable')
    expect(result.code).toBe(0)
  })
})
