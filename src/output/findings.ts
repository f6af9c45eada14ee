/**
 * Findings as data for every output format. Whatever reports findings — doctor's checks, lint's
 * rules — turns them into one neutral row each (`FindingRow`), and a command prints them through
 * one table of formatters (`FINDING_FORMATS`): `text`, the command's own report for a person;
 * `json`, the document `--json` prints; `github`, workflow annotations; `sarif`, a SARIF 2.1.0 log.
 * A new format is an entry of the table; a new reporter only builds rows. Findings a command
 * reports beside its own output (the events a session reader skipped) are warning lines on
 * stderr (`findingWarnings`).
 */
import type {Severity} from '../shared/rules.js'
import {annotationPath, githubAnnotation} from './github.js'
import {safeInline, terminalJson} from './terminal.js'

/** One finding, whoever reported it. Text in it may come from configs and catalogs: formatters neutralise it. */
export interface FindingRow {
  /** The check or rule that found it (`config.schema`, `exact-name-lost`). */
  rule: string
  messageId: string
  severity: Severity
  /** The finding in words. */
  message: string
  /** What it is about beyond its file (a tool id): said after the rule in an annotation's title. */
  subject?: string
  /** The file it is in (absolute), with a 1-based line and column when known. */
  file?: string
  line?: number
  column?: number
  /** Further properties a SARIF result carries after its message id (`toolId`, `server`, `path`). */
  properties?: Record<string, string>
}

/** The place fields of a row, those that are known. */
export function rowPlace({file, line, column}: {file?: string | undefined; line?: number | undefined; column?: number | undefined}): Pick<FindingRow, 'file' | 'line' | 'column'> {
  return {...(file === undefined ? {} : {file}), ...(line === undefined ? {} : {line}), ...(column === undefined ? {} : {column})}
}

/** A rule as a SARIF log lists it. */
export interface FindingRule {
  id: string
  severity: Severity
  description: string
}

/** What a command hands the formatters. */
export interface FindingsOutput {
  rows: readonly FindingRow[]
  /** Every rule that could have reported, in order. */
  rules: readonly FindingRule[]
  /** The command's report for a person. */
  text: () => string
  /** The JSON document `--json` prints. */
  document: unknown
}

export interface FormatContext {
  /** The repository root annotation and SARIF paths are relative to (`repositoryRoot`). */
  root: string
  /** toolsearch's version, for SARIF's driver. */
  version: string
}

export type FindingFormatter = (output: FindingsOutput, context: FormatContext) => string

export const FINDING_FORMATS = {
  text: (output) => output.text(),
  json: (output) => terminalJson(output.document, 2),
  github: (output, {root}) => output.rows.map((row) => githubRow(row, root)).join('\n'),
  sarif: (output, context) => terminalJson(sarifLog(output, context), 2),
} satisfies Record<string, FindingFormatter>

export type FindingFormat = keyof typeof FINDING_FORMATS

/** The names of the formats, for a `--format` flag's options. */
export const FINDING_FORMAT_NAMES = Object.keys(FINDING_FORMATS) as FindingFormat[]

/** One annotation: `::error file=…,line=…,col=…,title=<rule> <subject>::<message>`, the file relative to `root`. */
function githubRow(row: FindingRow, root: string): string {
  return githubAnnotation({
    severity: row.severity,
    ...(row.file === undefined ? {} : {file: annotationPath(row.file, root)}),
    line: row.line,
    column: row.column,
    title: row.subject === undefined ? row.rule : `${row.rule} ${row.subject}`,
    message: row.message,
  })
}

const SARIF_LEVEL: Record<Severity, string> = {error: 'error', warning: 'warning', info: 'note'}

/** A SARIF 2.1.0 log: one run, the rules as the driver's rule list, one result per row; paths relative to `root`. */
export function sarifLog({rows, rules}: Pick<FindingsOutput, 'rows' | 'rules'>, {root, version}: FormatContext): unknown {
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
        results: rows.map((row) => ({
          ruleId: row.rule,
          ruleIndex: ruleIndex.get(row.rule),
          level: SARIF_LEVEL[row.severity],
          message: {text: row.message},
          ...(row.file === undefined
            ? {}
            : {
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: {uri: annotationPath(row.file, root)},
                      ...(row.line === undefined ? {} : {region: {startLine: row.line, startColumn: row.column ?? 1}}),
                    },
                  },
                ],
              }),
          properties: {messageId: row.messageId, ...row.properties},
        })),
      },
    ],
  }
}

const SEVERITY_WORD: Record<Severity, string> = {error: 'Error', warning: 'Warning', info: 'Note'}

/**
 * Findings as lines for stderr, beside a command's own output: `Warning: <file>[:<line>][
 * <subject>]: <message>` for the first `shown` rows, then `more(count)` for the rest, if any.
 */
export function findingWarnings(rows: readonly FindingRow[], shown: number, more: (count: number) => string): string[] {
  const lines = rows.slice(0, shown).map((row) => {
    const where = `${row.file ?? ''}${row.line === undefined ? '' : `:${row.line}`}${row.subject === undefined ? '' : ` ${row.subject}`}`
    return `${SEVERITY_WORD[row.severity]}: ${safeInline(where)}: ${safeInline(row.message)}`
  })
  if (rows.length > shown) lines.push(more(rows.length - shown))
  return lines
}
