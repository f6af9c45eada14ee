import {describe, expect, it} from 'vitest'

import {defineLintRule, lintFinding, registerLintRules} from '../../src/lint/registry.js'
import {LINT_RULES} from '../../src/lint/rules/index.js'
import type {LintRule, LintRuleMeta} from '../../src/lint/types.js'

const meta = (over: Partial<LintRuleMeta> = {}): LintRuleMeta => ({id: 'test-rule', severity: 'warning', description: 'A test rule.', messages: {one: 'One.'}, ...over})

describe('lint rule registry', () => {
  it('enforces the metadata of every built-in rule, each id once', () => {
    expect(LINT_RULES.map((rule) => rule.meta.id)).toEqual(['unreachable', 'exact-name-lost', 'shadowed', 'confusable-name', 'no-words', 'queries', 'directory', 'hints', 'compaction', 'payload'])
    for (const rule of LINT_RULES) expect(() => defineLintRule(rule)).not.toThrow()
  })

  it('throws at definition for a bad id, a description over several lines or no messages', () => {
    expect(() => defineLintRule({meta: meta({id: 'Bad_Id'}), detect: () => []})).toThrow('Invalid lint rule id "Bad_Id"')
    expect(() => defineLintRule({meta: meta({description: 'One.\nTwo.'}), detect: () => []})).toThrow('Lint rule test-rule needs a one-line description')
    expect(() => defineLintRule({meta: meta({messages: {}}), detect: () => []})).toThrow('Lint rule test-rule declares no messages')
  })

  it('throws for an id registered twice', () => {
    const rule: LintRule = {meta: meta(), detect: () => []}
    expect(() => registerLintRules([rule, rule])).toThrow('Lint rule test-rule is registered twice')
  })

  it('throws when a finding uses an undeclared message id or names another rule', () => {
    expect(() => lintFinding(meta(), {messageId: 'two'})).toThrow('Lint rule test-rule uses undeclared message id "two"')
    const context = {} as Parameters<LintRule['detect']>[0]
    const sneaky = defineLintRule({meta: meta(), detect: () => [{...lintFinding(meta(), {messageId: 'one'}), messageId: 'two'}]})
    expect(() => sneaky.detect(context)).toThrow('undeclared message id "two"')
    const other = defineLintRule({meta: meta(), detect: () => [{...lintFinding(meta(), {messageId: 'one'}), rule: 'other-rule'}]})
    expect(() => other.detect(context)).toThrow('Lint rule test-rule reported a finding for other-rule')
  })

  it("gives a finding its rule's severity unless it says its own", () => {
    expect(lintFinding(meta(), {messageId: 'one'}).severity).toBe('warning')
    expect(lintFinding(meta(), {messageId: 'one', severity: 'error'}).severity).toBe('error')
  })
})
