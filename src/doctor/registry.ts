/**
 * The check registry, on the rule kernel (`shared/rules.ts`): besides the kernel's metadata and
 * message checks, a check that has a fix must say `fixable`, a fixable check must have a fix, ids
 * are unique, and a change may only use a message id the check declared — anything else throws at once.
 */
import {assertDeclaredMessage, defineRule, findingBase, type MessageData, RuleDefinitionError, type RuleKind} from '../shared/rules.js'
import type {Check, CheckMeta, Finding, Fix, Location} from './types.js'

const CHECK: RuleKind<Finding> = {noun: 'Check', id: /^[a-z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*$/, ruleOf: (finding) => finding.check}

/** Validates a check's metadata and wraps it so undeclared finding and change messages throw. */
export function defineCheck(check: Check): Check {
  const defined = defineRule(CHECK, check)
  const {meta, fix} = check
  if (fix !== undefined && !meta.fixable) throw new RuleDefinitionError(`Check ${meta.id} has a fix but is not marked fixable`)
  if (fix === undefined && meta.fixable) throw new RuleDefinitionError(`Check ${meta.id} is marked fixable but has no fix`)
  if (fix === undefined) return defined
  return {
    ...defined,
    fix: (finding, context): Fix | undefined => {
      const result = fix(finding, context)
      if (result !== undefined) assertDeclaredMessage(CHECK.noun, meta, result.changeMessageId)
      return result
    },
  }
}

export class CheckRegistry {
  private readonly checks = new Map<string, Check>()

  register(check: Check): this {
    if (this.checks.has(check.meta.id)) throw new RuleDefinitionError(`Check ${check.meta.id} is registered twice`)
    this.checks.set(check.meta.id, defineCheck(check))
    return this
  }

  all(): Check[] {
    return [...this.checks.values()]
  }

  get(id: string): Check | undefined {
    return this.checks.get(id)
  }
}

/**
 * Builds a finding for `meta`; the message id must be declared. A finding of a fixable check may
 * say it is not fixable itself (`fixable: false`), never the reverse.
 */
export function finding(
  meta: CheckMeta,
  init: {messageId: string; data?: MessageData; path?: string[]; location?: Location; severity?: CheckMeta['severity']; fixable?: false; includeBlock?: Finding['includeBlock']},
): Finding {
  return {
    check: meta.id,
    ...findingBase(CHECK.noun, meta, init),
    path: init.path ?? [],
    location: init.location ?? {},
    fixable: init.fixable ?? meta.fixable,
    ...(init.includeBlock === undefined ? {} : {includeBlock: init.includeBlock}),
  }
}
