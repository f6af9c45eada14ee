/**
 * The rule kernel doctor's checks and lint's rules share, after ESLint's rules: a rule is `meta`
 * (id, severity, one-line description, message templates by id) plus `detect(context) →
 * findings`. Defining a rule enforces its metadata, and a finding may only use a message id its
 * rule declared and must name its own rule — anything else throws at once, so a test that loops
 * over the rules catches a typo. Findings are values; their text comes from `formatMessage`.
 */

export type Severity = 'error' | 'warning' | 'info'

/** A finding's message data: `{{name}}` in a template is replaced by `data.name`. */
export type MessageData = Record<string, string | number>

export interface RuleMeta {
  /** Stable id (each kind says its form). */
  id: string
  severity: Severity
  /** One line, for `--list-checks`, `--list-rules` and SARIF's rule descriptions. */
  description: string
  /** Message templates by id; `{{name}}` is replaced by the finding's data. */
  messages: Record<string, string>
}

export interface Rule<Context, Found> {
  meta: RuleMeta
  detect(context: Context): Found[]
}

/** A kind of rule: what it is called in errors, the form of its ids, and which rule a finding names. */
export interface RuleKind<Found> {
  /** `Check`, `Lint rule`. */
  noun: string
  id: RegExp
  ruleOf(finding: Found): string
}

export class RuleDefinitionError extends Error {}

/** Throws unless `meta` declares `messageId`. */
export function assertDeclaredMessage(noun: string, meta: RuleMeta, messageId: string): void {
  if (!Object.hasOwn(meta.messages, messageId)) throw new RuleDefinitionError(`${noun} ${meta.id} uses undeclared message id "${messageId}"`)
}

/**
 * Checks `rule`'s metadata and returns it with `detect` wrapped, so that a finding for another
 * rule or with an undeclared message id throws. The rule's other members are kept as they are.
 */
export function defineRule<Found extends {messageId: string}, R extends Rule<never, Found>>(kind: RuleKind<Found>, rule: R): R {
  const {meta} = rule
  if (!kind.id.test(meta.id)) throw new RuleDefinitionError(`Invalid ${kind.noun.toLowerCase()} id "${meta.id}"`)
  if (meta.description.trim() === '' || meta.description.includes('\n')) throw new RuleDefinitionError(`${kind.noun} ${meta.id} needs a one-line description`)
  if (Object.keys(meta.messages).length === 0) throw new RuleDefinitionError(`${kind.noun} ${meta.id} declares no messages`)
  const detect = (context: Parameters<R['detect']>[0]): Found[] => {
    const findings = rule.detect(context)
    for (const found of findings) {
      if (kind.ruleOf(found) !== meta.id) throw new RuleDefinitionError(`${kind.noun} ${meta.id} reported a finding for ${kind.ruleOf(found)}`)
      assertDeclaredMessage(kind.noun, meta, found.messageId)
    }
    return findings
  }
  return {...rule, detect}
}

/** The rules in order, each defined (`defineRule` through `define`); an id used twice throws. */
export function registerRules<R extends {meta: RuleMeta}>(noun: string, rules: readonly R[], define: (rule: R) => R): R[] {
  const seen = new Set<string>()
  return rules.map((rule) => {
    if (seen.has(rule.meta.id)) throw new RuleDefinitionError(`${noun} ${rule.meta.id} is registered twice`)
    seen.add(rule.meta.id)
    return define(rule)
  })
}

/** The part every finding has: a declared message id, its data, and the rule's severity unless the finding says otherwise. */
export function findingBase(noun: string, meta: RuleMeta, init: {messageId: string; data?: MessageData; severity?: Severity}): {messageId: string; data: MessageData; severity: Severity} {
  assertDeclaredMessage(noun, meta, init.messageId)
  return {messageId: init.messageId, data: init.data ?? {}, severity: init.severity ?? meta.severity}
}

/** Fills `{{name}}` placeholders from `data`; a placeholder without data stays as written. */
export function formatMessage(template: string, data: MessageData): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : whole))
}
