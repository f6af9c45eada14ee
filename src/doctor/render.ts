/**
 * Doctor's renderers: pure functions from a report to text, and the report as rows for the shared
 * output formats (GitHub annotations, SARIF; `output/findings.ts`). Messages and paths may carry
 * text from the config file, so everything is passed through safeInline.
 */
import {displayPath} from '../config/render.js'
import {colorDiff} from '../config/render-styled.js'
import {type FindingRow, type FindingsOutput, rowPlace} from '../output/findings.js'
import {safeInline} from '../output/terminal.js'
import {plural, styler} from '../output/style.js'
import type {Check, Severity} from './types.js'

export interface ReportFinding {
  check: string
  messageId: string
  severity: Severity
  path: string
  file?: string
  line?: number
  column?: number
  message: string
  fixable: boolean
}

export interface ReportChange {
  check: string
  path: string
  message: string
}

export interface DoctorReport {
  file: string
  findings: ReportFinding[]
  changes: ReportChange[]
  ok: boolean
  /** With --fix: whether the file was written, or would be (dry run). */
  status?: 'written' | 'unchanged' | 'dry-run'
  /** The included file --fix wrote (or would write) the fixes to, when it is not `file`. */
  target?: string
  backup?: string
  diff?: string
  /** With --fix: the fixes an include shape blocked; then no file was written. */
  blocked?: Array<{path: string; file: string; reason: string}>
}

function where(finding: ReportFinding, cwd: string): string {
  if (finding.file === undefined) return ''
  const position = finding.line === undefined ? '' : `:${finding.line}:${finding.column ?? 1}`
  return `${displayPath(finding.file, cwd)}${position}`
}

export function renderDoctorText(report: DoctorReport, {color, cwd}: {color: boolean; cwd: string}): string {
  const style = styler(color)
  const file = safeInline(displayPath(report.file, cwd))
  const blocks: string[] = []
  for (const finding of report.findings) {
    const paint = finding.severity === 'error' ? style.red : finding.severity === 'warning' ? style.yellow : style.blue
    const location = where(finding, cwd)
    const header = `${paint(finding.severity)} ${style.bold(safeInline(finding.path || '(file)'))}${location === '' ? '' : ` (${safeInline(location)})`} ${style.dim(finding.check)}`
    blocks.push(`${header}\n  ${safeInline(finding.message)}`)
  }
  const errors = report.findings.filter((finding) => finding.severity === 'error').length
  const warnings = report.findings.filter((finding) => finding.severity === 'warning').length
  const fixable = report.findings.filter((finding) => finding.fixable).length
  if (report.findings.length === 0) {
    if (report.status !== 'written') blocks.push(style.green(`No problems found in ${file}.`))
  } else {
    const fixHint = fixable > 0 && report.status === undefined ? ` ${plural(fixable, 'problem')} can be fixed: run "toolsearch doctor --fix" (add --dry-run to preview).` : ''
    blocks.push(`${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${file}.${fixHint}`)
  }
  if (report.status === 'written' || report.status === 'dry-run') {
    const heading = report.status === 'dry-run' ? 'Doctor changes (dry run)' : 'Doctor changes'
    blocks.push([style.bold(heading), ...report.changes.map((change) => `- ${safeInline(change.message)}`)].join('\n'))
    const written = report.target === undefined ? file : safeInline(displayPath(report.target, cwd))
    if (report.status === 'written') blocks.push([`Updated ${written}`, ...(report.backup === undefined ? [] : [`Backup: ${safeInline(displayPath(report.backup, cwd))}`])].join('\n'))
    if (report.status === 'dry-run' && report.diff !== undefined) blocks.push(colorDiff(report.diff, color).replace(/\n$/, ''))
  }
  return blocks.join('\n\n')
}

/**
 * The findings of a doctor report as the output formats' rows (`output/findings.ts`): a finding
 * with no file of its own is in the config file; the config path is a SARIF property.
 */
export function doctorFindingRows(report: DoctorReport): FindingRow[] {
  return report.findings.map((finding) => ({
    rule: finding.check,
    messageId: finding.messageId,
    severity: finding.severity,
    message: finding.message,
    ...rowPlace({file: finding.file ?? report.file, line: finding.line, column: finding.column}),
    ...(finding.path === '' ? {} : {properties: {path: finding.path}}),
  }))
}

/** A doctor report ready for any of the output formats. */
export function doctorOutput(report: DoctorReport, checks: readonly Check[], {color, cwd, document}: {color: boolean; cwd: string; document: unknown}): FindingsOutput {
  return {rows: doctorFindingRows(report), rules: checks.map((check) => check.meta), text: () => renderDoctorText(report, {color, cwd}), document}
}

/**
 * A config file that does not exist, as one error row with no file (there is none to point at):
 * what the machine formats print, so that CI never passes on a typo.
 */
export function missingConfigRow(message: string): FindingRow {
  return {rule: 'config.missing', messageId: 'missing', severity: 'error', message}
}
