/**
 * One lint run: build the shared context, let every rule detect, order the findings, and turn
 * them into the report `--json` prints and the renderers draw.
 */
import {countTools} from '../catalog/entries.js'
import type {CatalogEntry} from '../catalog/types.js'
import {createLintContext, type LintContextOptions} from './context.js'
import {LINT_RULES} from './rules/index.js'
import {formatMessage, type MessageData, type Severity} from '../shared/rules.js'
import type {LintFinding, LintRule, ToolLocation} from './types.js'

export interface LintReportFinding extends ToolLocation {
  rule: string
  messageId: string
  severity: Severity
  toolId?: string
  message: string
  data: MessageData
  details?: Record<string, unknown>
}

export interface LintReport {
  /** The tools in the catalog (`countTools`: after the tool policy, direct-only ones included). */
  tools: number
  /** Those Tool Search can find: the ones the rules probe. */
  searchable: number
  /** `searchDefaultLimit`: the depth a tool must reach. */
  limit: number
  mode: LintContextOptions['mode']
  contextWindow?: number
  findings: LintReportFinding[]
  summary: {errors: number; warnings: number; infos: number; toolsFlagged: number}
  /** False when an error remains (or, with strict, a warning). */
  ok: boolean
}

const SEVERITY_ORDER: Record<Severity, number> = {error: 0, warning: 1, info: 2}

/** Lints `entries`, the tools in the catalog (policy applied): the searchable ones are probed, all of them are counted and sent up front. */
export function runLint(entries: readonly CatalogEntry[], options: LintContextOptions & {strict?: boolean; rules?: readonly LintRule[]}): LintReport {
  const rules = options.rules ?? LINT_RULES
  const context = createLintContext(entries, options)
  const counts = countTools(entries)
  const order = new Map(entries.map((entry, index) => [entry.id, index]))
  const ruleOrder = new Map(rules.map((rule, index) => [rule.meta.id, index]))
  const messages = new Map(rules.map((rule) => [rule.meta.id, rule.meta.messages]))
  const findings = rules.flatMap((rule) => rule.detect(context))
  // Catalog order, then rule order: a tool's findings read together, the catalog-wide ones last.
  const position = (found: LintFinding) => (found.toolId === undefined ? entries.length : (order.get(found.toolId) ?? entries.length))
  findings.sort((a, b) => position(a) - position(b) || ruleOrder.get(a.rule)! - ruleOrder.get(b.rule)! || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
  const reported = findings.map((found) => ({
    rule: found.rule,
    messageId: found.messageId,
    severity: found.severity,
    ...(found.toolId === undefined ? {} : {toolId: found.toolId}),
    ...found.location,
    message: formatMessage(messages.get(found.rule)![found.messageId]!, found.data),
    data: found.data,
    ...(found.details === undefined ? {} : {details: found.details}),
  }))
  const count = (severity: Severity) => reported.filter((found) => found.severity === severity).length
  const summary = {errors: count('error'), warnings: count('warning'), infos: count('info'), toolsFlagged: new Set(reported.flatMap((found) => (found.severity === 'info' || found.toolId === undefined ? [] : [found.toolId]))).size}
  return {
    tools: counts.tools,
    searchable: counts.searchable,
    limit: options.limit,
    mode: options.mode,
    ...(options.contextWindow === undefined ? {} : {contextWindow: options.contextWindow}),
    findings: reported,
    summary,
    ok: summary.errors === 0 && (!options.strict || summary.warnings === 0),
  }
}
