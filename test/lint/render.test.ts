import {describe, expect, it} from 'vitest'

import {lintFindingRows, renderLintSummary, renderLintText} from '../../src/lint/render.js'
import {LINT_RULES} from '../../src/lint/rules/index.js'
import type {LintReport} from '../../src/lint/run.js'
import {FINDING_FORMATS, sarifLog} from '../../src/output/findings.js'

const report: LintReport = {
  tools: 2,
  searchable: 2,
  limit: 8,
  mode: 'tools',
  findings: [
    {rule: 'exact-name-lost', messageId: 'lost', severity: 'error', toolId: 'mcp:b:search', file: '/repo/catalog.json', line: 4, column: 5, message: 'Searching its exact name, returns: a\u001b[31m', data: {}},
    {rule: 'payload', messageId: 'costsMore', severity: 'warning', message: 'Costs more.', data: {}},
  ],
  summary: {errors: 1, warnings: 1, infos: 0, toolsFlagged: 1},
  ok: false,
}

const output = {rows: lintFindingRows(report), rules: LINT_RULES.map((rule) => rule.meta), text: () => '', document: report}

describe('lint renderers', () => {
  it('group findings by tool in text, with the location relative to the working directory, escapes neutralised', () => {
    const text = renderLintText(report, {color: false, cwd: '/repo'})
    expect(text).toContain('mcp:b:search  catalog.json:4:5\n  error    exact-name-lost  Searching its exact name')
    expect(text).toContain('(catalog)\n  warning  payload          Costs more.')
    expect(text).not.toContain('\u001b')
    expect(text.split('\n').at(-1)).toBe('1 error, 1 warning, 0 notes for 2 tools (1 tool flagged; limit 8, tools mode).')
  })

  it('write GitHub annotations with escaped properties and the rule and tool as title', () => {
    const lines = FINDING_FORMATS.github(output, {root: '/repo', version: '1.2.3'}).split('\n')
    expect(lines[0]).toMatch(/^::error file=catalog.json,line=4,col=5,title=exact-name-lost mcp%3Ab%3Asearch::Searching its exact name, returns: a/)
    expect(lines[1]).toBe('::warning title=payload::Costs more.')
  })

  it('write SARIF 2.1.0 with every rule and one result per finding', () => {
    const sarif = sarifLog(output, {root: '/repo', version: '1.2.3'}) as {
      version: string
      runs: Array<{tool: {driver: {rules: Array<{id: string}>}}; results: Array<{ruleId: string; ruleIndex: number; level: string; locations?: Array<{physicalLocation: {artifactLocation: {uri: string}; region: {startLine: number}}}>}>}>
    }
    expect(sarif.version).toBe('2.1.0')
    const [run] = sarif.runs
    expect(run!.tool.driver.rules.map((rule) => rule.id)).toEqual(LINT_RULES.map((rule) => rule.meta.id))
    expect(run!.results.map((result) => [result.ruleId, result.level, run!.tool.driver.rules[result.ruleIndex]!.id])).toEqual([
      ['exact-name-lost', 'error', 'exact-name-lost'],
      ['payload', 'warning', 'payload'],
    ])
    expect(run!.results[0]!.locations![0]!.physicalLocation).toEqual({artifactLocation: {uri: 'catalog.json'}, region: {startLine: 4, startColumn: 5}})
    expect(run!.results[1]!.locations).toBeUndefined()
    expect(sarif.runs[0]!.results.map((result) => (result as {properties?: unknown}).properties)).toEqual([{messageId: 'lost', toolId: 'mcp:b:search'}, {messageId: 'costsMore'}])
  })

  it('summarise how many tools each rule flags per owner, with a total, leaving out catalog-wide findings', () => {
    const owners = new Map([['mcp:b:search', 'b'], ['mcp:a:x', 'a'], ['mcp:a:y', 'a']])
    const withMore: LintReport = {...report, findings: [...report.findings, {rule: 'exact-name-lost', messageId: 'lost', severity: 'warning', toolId: 'mcp:a:x', message: 'm', data: {}}, {rule: 'hints', messageId: 'inputUnknown', severity: 'warning', toolId: 'mcp:a:x', message: 'm', data: {}}]}
    expect(renderLintSummary(withMore, LINT_RULES.map((rule) => rule.meta), owners)).toBe(
      ['owner  tools  exact-name-lost  hints', 'a          2                1      1', 'b          1                1      0', 'total      3                2      1'].join('\n'),
    )
  })
})
