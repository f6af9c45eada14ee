/**
 * The check registry. Registration enforces the metadata (after ESLint): a check that has a fix
 * must say `fixable`, a fixable check must have a fix, ids are unique, and a finding or change may
 * only use a message id the check declared — anything else throws at once.
 */
import type {Check, CheckMeta, Finding, Fix, Location} from './types.js'

const CHECK_ID = /^[a-z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*$/

export class CheckDefinitionError extends Error {}

function assertMessage(meta: CheckMeta, messageId: string): void {
  if (!Object.hasOwn(meta.messages, messageId)) throw new CheckDefinitionError(`Check ${meta.id} uses undeclared message id "${messageId}"`)
}

/** Validates a check's metadata and wraps its fix so undeclared change messages throw. */
export function defineCheck(check: Check): Check {
  const {meta} = check
  if (!CHECK_ID.test(meta.id)) throw new CheckDefinitionError(`Invalid check id "${meta.id}"`)
  if (meta.description.trim() === '' || meta.description.includes('\n')) throw new CheckDefinitionError(`Check ${meta.id} needs a one-line description`)
  if (Object.keys(meta.messages).length === 0) throw new CheckDefinitionError(`Check ${meta.id} declares no messages`)
  if (check.fix !== undefined && !meta.fixable) throw new CheckDefinitionError(`Check ${meta.id} has a fix but is not marked fixable`)
  if (check.fix === undefined && meta.fixable) throw new CheckDefinitionError(`Check ${meta.id} is marked fixable but has no fix`)
  const fix = check.fix
  return {
    meta,
    detect: (context) => {
      const findings = check.detect(context)
      for (const finding of findings) {
        assertMessage(meta, finding.messageId)
        if (finding.check !== meta.id) throw new CheckDefinitionError(`Check ${meta.id} reported a finding for ${finding.check}`)
      }
      return findings
    },
    ...(fix === undefined
      ? {}
      : {
          fix: (finding, context): Fix | undefined => {
            const result = fix(finding, context)
            if (result !== undefined) assertMessage(meta, result.changeMessageId)
            return result
          },
        }),
  }
}

export class CheckRegistry {
  private readonly checks = new Map<string, Check>()

  register(check: Check): this {
    if (this.checks.has(check.meta.id)) throw new CheckDefinitionError(`Check ${check.meta.id} is registered twice`)
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
  init: {messageId: string; data?: Record<string, string | number>; path?: string[]; location?: Location; severity?: CheckMeta['severity']; fixable?: false; includeBlock?: Finding['includeBlock']},
): Finding {
  assertMessage(meta, init.messageId)
  return {
    check: meta.id,
    messageId: init.messageId,
    data: init.data ?? {},
    severity: init.severity ?? meta.severity,
    path: init.path ?? [],
    location: init.location ?? {},
    fixable: init.fixable ?? meta.fixable,
    ...(init.includeBlock === undefined ? {} : {includeBlock: init.includeBlock}),
  }
}

/** Fills `{{name}}` placeholders from the finding's data. */
export function formatMessage(template: string, data: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(data, name) ? String(data[name]) : whole))
}
