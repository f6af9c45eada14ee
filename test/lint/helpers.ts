/** Lints small catalogs built for one rule at a time. */
import type {CatalogEntry} from '../../src/catalog/types.js'
import {type LintReport, runLint} from '../../src/lint/run.js'
import {LINT_RULES} from '../../src/lint/rules/index.js'
import type {LabelledQuery} from '../../src/eval/evaluate.js'

export interface LintOptions {
  limit?: number
  mode?: 'tools' | 'directory'
  contextWindow?: number
  queries?: LabelledQuery[]
}

/** One rule's report over `entries`. */
export function lintWith(ruleId: string, entries: CatalogEntry[], options: LintOptions = {}): LintReport {
  const rule = LINT_RULES.find((candidate) => candidate.meta.id === ruleId)
  if (rule === undefined) throw new Error(`no lint rule ${ruleId}`)
  return runLint(entries, {
    limit: options.limit ?? 8,
    mode: options.mode ?? 'tools',
    ...(options.contextWindow === undefined ? {} : {contextWindow: options.contextWindow}),
    ...(options.queries === undefined ? {} : {queries: options.queries}),
    locate: () => ({}),
    rules: [rule],
  })
}
