/**
 * Lint rule registration, after the doctor's check registry: metadata is enforced when a rule is
 * defined (kebab-case id, one-line description, declared messages), and a finding may only use a
 * message id its rule declared — anything else throws at once, so a test that loops over the
 * rules catches a typo.
 */
import type {LintFinding, LintRule, LintRuleMeta, LintSeverity, ToolLocation} from './types.js'

const RULE_ID = /^[a-z]+(?:-[a-z]+)*$/

export class LintRuleDefinitionError extends Error {}

function assertMessage(meta: LintRuleMeta, messageId: string): void {
  if (!Object.hasOwn(meta.messages, messageId)) throw new LintRuleDefinitionError(`Lint rule ${meta.id} uses undeclared message id "${messageId}"`)
}

/** Checks a rule's metadata and wraps `detect` so findings for another rule or an undeclared message throw. */
export function defineLintRule(rule: LintRule): LintRule {
  const {meta} = rule
  if (!RULE_ID.test(meta.id)) throw new LintRuleDefinitionError(`Invalid lint rule id "${meta.id}"`)
  if (meta.description.trim() === '' || meta.description.includes('\n')) throw new LintRuleDefinitionError(`Lint rule ${meta.id} needs a one-line description`)
  if (Object.keys(meta.messages).length === 0) throw new LintRuleDefinitionError(`Lint rule ${meta.id} declares no messages`)
  return {
    meta,
    detect: (context) => {
      const findings = rule.detect(context)
      for (const found of findings) {
        if (found.rule !== meta.id) throw new LintRuleDefinitionError(`Lint rule ${meta.id} reported a finding for ${found.rule}`)
        assertMessage(meta, found.messageId)
      }
      return findings
    },
  }
}

/** A finding of `meta`'s rule; severity defaults to the rule's. */
export function lintFinding(
  meta: LintRuleMeta,
  init: {messageId: string; data?: Record<string, string | number>; toolId?: string; location?: ToolLocation; severity?: LintSeverity; details?: Record<string, unknown>},
): LintFinding {
  assertMessage(meta, init.messageId)
  return {
    rule: meta.id,
    messageId: init.messageId,
    data: init.data ?? {},
    severity: init.severity ?? meta.severity,
    ...(init.toolId === undefined ? {} : {toolId: init.toolId}),
    location: init.location ?? {},
    ...(init.details === undefined ? {} : {details: init.details}),
  }
}
