/**
 * Lint rules on the rule kernel (`shared/rules.ts`), as the doctor's checks are: a rule's
 * metadata is enforced when the list is registered (kebab-case id, one-line description,
 * declared messages, each id once), and a finding may only use a message id its rule declared.
 */
import {defineRule, findingBase, type MessageData, registerRules, type RuleKind, type Severity} from '../shared/rules.js'
import type {LintFinding, LintRule, LintRuleMeta, ToolLocation} from './types.js'

const LINT_RULE: RuleKind<LintFinding> = {noun: 'Lint rule', id: /^[a-z]+(?:-[a-z]+)*$/, ruleOf: (finding) => finding.rule}

/** Checks a rule's metadata and wraps `detect` so findings for another rule or an undeclared message throw. */
export function defineLintRule(rule: LintRule): LintRule {
  return defineRule(LINT_RULE, rule)
}

/** The rules, defined, in report order; an id used twice throws. */
export function registerLintRules(rules: readonly LintRule[]): LintRule[] {
  return registerRules(LINT_RULE.noun, rules, defineLintRule)
}

/** A finding of `meta`'s rule; severity defaults to the rule's. */
export function lintFinding(
  meta: LintRuleMeta,
  init: {messageId: string; data?: MessageData; toolId?: string; location?: ToolLocation; severity?: Severity; details?: Record<string, unknown>},
): LintFinding {
  return {
    rule: meta.id,
    ...findingBase(LINT_RULE.noun, meta, init),
    ...(init.toolId === undefined ? {} : {toolId: init.toolId}),
    location: init.location ?? {},
    ...(init.details === undefined ? {} : {details: init.details}),
  }
}
