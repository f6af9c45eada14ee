/**
 * Lint renderers: pure functions from a report to text and to a summary per owner, and the
 * report as rows for the shared output formats (GitHub annotations, SARIF; `output/findings.ts`).
 * Tool ids, messages and paths carry catalog text, so the terminal renderer neutralises them.
 */
import {displayPath} from '../config/render.js'
import type {CatalogEntry} from '../catalog/types.js'
import {FINDING_FORMATS, type FindingRow, type FindingsOutput, type FormatContext, rowPlace} from '../output/findings.js'
import {plural, styler} from '../output/style.js'
import {safeInline} from '../output/terminal.js'
import {LINT_RULES} from './rules/index.js'
import type {LintReport, LintReportFinding} from './run.js'
import type {Severity} from '../shared/rules.js'
import type {LintRuleMeta} from './types.js'
import {type Column, columnWidths, renderColumns} from '../output/columns.js'

const CATALOG_WIDE = '(catalog)'

function where(finding: LintReportFinding, cwd: string): string {
  const file = finding.file === undefined ? '' : `${displayPath(finding.file, cwd)}${finding.line === undefined ? '' : `:${finding.line}:${finding.column ?? 1}`}`
  const server = finding.server === undefined ? '' : `server ${finding.server}`
  return [file, server].filter((part) => part !== '').join(', ')
}

export function renderLintText(report: LintReport, {color, cwd}: {color: boolean; cwd: string}): string {
  const style = styler(color)
  const paint = (severity: Severity) => (severity === 'error' ? style.red : severity === 'warning' ? style.yellow : style.blue)
  const ruleWidth = columnWidths(report.findings.map((finding) => [finding.rule]), [{}])[0]!
  const blocks: string[] = []
  let current: string | undefined
  let lines: string[] = []
  const flush = () => {
    if (lines.length > 0) blocks.push(lines.join('\n'))
    lines = []
  }
  for (const finding of report.findings) {
    const subject = finding.toolId ?? CATALOG_WIDE
    if (subject !== current) {
      flush()
      current = subject
      const location = where(finding, cwd)
      lines.push(`${style.bold(safeInline(subject))}${location === '' ? '' : `  ${style.dim(safeInline(location))}`}`)
    }
    for (const line of renderColumns([[finding.severity, finding.rule, safeInline(finding.message)]], [{width: 7, style: paint(finding.severity)}, {width: ruleWidth, style: style.dim}, {}], {indent: '  '})) lines.push(line)
  }
  flush()
  const {errors, warnings, infos, toolsFlagged} = report.summary
  const window = report.contextWindow === undefined ? '' : `, context window ${report.contextWindow}`
  const summary = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'note')} for ${plural(report.tools, 'tool')} (${report.searchable === report.tools ? '' : `${report.searchable} searchable; `}${plural(toolsFlagged, 'tool')} flagged; limit ${report.limit}, ${report.mode} mode${window}).`
  blocks.push(report.findings.length === 0 ? style.green(`No findings for ${plural(report.tools, 'tool')}.`) : summary)
  return blocks.join('\n\n')
}

/** The findings of a lint report as the output formats' rows: the tool a finding is about is its subject. */
export function lintFindingRows(report: LintReport): FindingRow[] {
  return report.findings.map((finding) => ({
    rule: finding.rule,
    messageId: finding.messageId,
    severity: finding.severity,
    message: finding.message,
    ...(finding.toolId === undefined ? {} : {subject: finding.toolId}),
    ...rowPlace(finding),
    properties: {...(finding.toolId === undefined ? {} : {toolId: finding.toolId}), ...(finding.server === undefined ? {} : {server: finding.server})},
  }))
}

/** What lint's formats draw: the findings (`output/findings.ts`) and the summary per owner. */
export interface LintOutput extends FindingsOutput {
  summary: () => string
}

/** Lint's formats: the findings' formats and `summary`. */
export const LINT_FORMATS = {...FINDING_FORMATS, summary: (output: LintOutput) => output.summary()} satisfies Record<string, (output: LintOutput, context: FormatContext) => string>

export type LintFormat = keyof typeof LINT_FORMATS

/** A lint report ready for any of `LINT_FORMATS`; `entries` are the catalog's tools (their owners for the summary). */
export function lintOutput(report: LintReport, entries: readonly CatalogEntry[], {color, cwd, document}: {color: boolean; cwd: string; document: unknown}): LintOutput {
  const rules = LINT_RULES.map((rule) => rule.meta)
  return {
    rows: lintFindingRows(report),
    rules,
    text: () => renderLintText(report, {color, cwd}),
    document,
    summary: () => renderLintSummary(report, rules, new Map(entries.map((entry) => [entry.id, entry.sourceName]))),
  }
}

/**
 * `--format summary`: how many tools each rule flags, per owner (server or plugin), one row per
 * owner with a finding and a total row. Catalog-wide findings are left out (they have no owner).
 */
export function renderLintSummary(report: LintReport, rules: readonly LintRuleMeta[], owners: ReadonlyMap<string, string>): string {
  const counts = new Map<string, Map<string, Set<string>>>()
  for (const finding of report.findings) {
    if (finding.toolId === undefined) continue
    const owner = owners.get(finding.toolId) ?? '?'
    const byRule = counts.get(owner) ?? new Map<string, Set<string>>()
    counts.set(owner, byRule)
    byRule.set(finding.rule, (byRule.get(finding.rule) ?? new Set()).add(finding.toolId))
  }
  const toolCounts = new Map<string, number>()
  for (const owner of owners.values()) toolCounts.set(owner, (toolCounts.get(owner) ?? 0) + 1)
  const columns = rules.map((rule) => rule.id).filter((id) => [...counts.values()].some((byRule) => byRule.has(id)))
  const header = ['owner', 'tools', ...columns]
  const ownerNames = [...toolCounts.keys()].sort()
  const rows = ownerNames.map((owner) => [owner, String(toolCounts.get(owner)), ...columns.map((id) => String(counts.get(owner)?.get(id)?.size ?? 0))])
  const total = ['total', String(owners.size), ...columns.map((id) => String([...counts.values()].reduce((sum, byRule) => sum + (byRule.get(id)?.size ?? 0), 0)))]
  const table = [header, ...rows, total]
  return renderColumns(
    table.map(([owner, ...counts]) => [safeInline(owner!), ...counts]),
    header.map((_, column): Column => (column === 0 ? {} : {align: 'right'})),
  ).join('\n')
}

/** `lint --list-rules`. */
export function renderLintRuleList(rules: ReadonlyArray<{id: string; severity: Severity; description: string}>): string {
  return renderColumns(rules.map((rule) => [rule.id, rule.severity, rule.description]), [{}, {width: 7}, {}]).join('\n')
}
