/**
 * Lint renderers: pure functions from a report to text, GitHub annotations or SARIF 2.1.0.
 * Tool ids, messages and paths carry catalog text, so the terminal renderer neutralises them.
 */
import {displayPath} from '../config/render.js'
import {annotationPath, githubAnnotation} from '../output/github.js'
import {plural, styler} from '../output/style.js'
import {safeInline} from '../output/terminal.js'
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

/** Annotations with file paths relative to `root`, the repository root (see `repositoryRoot`). */
export function renderLintGithub(report: LintReport, {root}: {root: string}): string {
  return report.findings
    .map((finding) =>
      githubAnnotation({
        severity: finding.severity,
        ...(finding.file === undefined ? {} : {file: annotationPath(finding.file, root)}),
        line: finding.line,
        column: finding.column,
        title: `${finding.rule}${finding.toolId === undefined ? '' : ` ${finding.toolId}`}`,
        message: finding.message,
      }),
    )
    .join('\n')
}

const SARIF_LEVEL: Record<Severity, string> = {error: 'error', warning: 'warning', info: 'note'}

/** A SARIF 2.1.0 log: one run, the rules as the driver's rule list, one result per finding; paths relative to `root`. */
export function lintSarif(report: LintReport, rules: readonly LintRuleMeta[], {root, version}: {root: string; version: string}): unknown {
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]))
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'toolsearch',
            version,
            rules: rules.map((rule) => ({id: rule.id, shortDescription: {text: rule.description}, defaultConfiguration: {level: SARIF_LEVEL[rule.severity]}})),
          },
        },
        results: report.findings.map((finding) => ({
          ruleId: finding.rule,
          ruleIndex: ruleIndex.get(finding.rule),
          level: SARIF_LEVEL[finding.severity],
          message: {text: finding.message},
          ...(finding.file === undefined
            ? {}
            : {
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: {uri: annotationPath(finding.file, root)},
                      ...(finding.line === undefined ? {} : {region: {startLine: finding.line, startColumn: finding.column ?? 1}}),
                    },
                  },
                ],
              }),
          properties: {messageId: finding.messageId, ...(finding.toolId === undefined ? {} : {toolId: finding.toolId}), ...(finding.server === undefined ? {} : {server: finding.server})},
        })),
      },
    ],
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
