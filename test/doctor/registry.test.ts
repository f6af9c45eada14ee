import {describe, expect, it} from 'vitest'

import {CheckRegistry, defineCheck, finding} from '../../src/doctor/registry.js'
import type {Check, CheckMeta} from '../../src/doctor/types.js'
import {checks} from './helpers.js'

const meta = (over: Partial<CheckMeta> = {}): CheckMeta => ({id: 'test.check', type: 'problem', severity: 'error', description: 'A test check.', fixable: false, messages: {one: 'One.'}, ...over})

describe('check registry', () => {
  it('enforces the metadata of every built-in check', () => {
    expect(checks.map((check) => check.meta.id)).toEqual([
      'config.parse',
      'config.schema',
      'tools.toolSearch.structured-only',
      'tools.toolSearch.disabled-by-shape',
      'tools.toolSearch.limits',
      'config.env',
    ])
    for (const check of checks) {
      expect(() => defineCheck(check)).not.toThrow()
      expect(check.meta.fixable).toBe(check.fix !== undefined)
      expect(check.meta.description).not.toContain('\n')
      expect(Object.keys(check.meta.messages).length).toBeGreaterThan(0)
    }
  })

  it('throws at registration for a fix on a check that is not fixable, and the reverse', () => {
    expect(() => defineCheck({meta: meta(), detect: () => [], fix: () => undefined})).toThrow('has a fix but is not marked fixable')
    expect(() => defineCheck({meta: meta({fixable: true}), detect: () => []})).toThrow('is marked fixable but has no fix')
    expect(() => defineCheck({meta: meta({id: 'Bad Id'}), detect: () => []})).toThrow('Invalid check id')
    expect(() => defineCheck({meta: meta({messages: {}}), detect: () => []})).toThrow('declares no messages')
  })

  it('lets a finding of a fixable check say it is not fixable itself', () => {
    expect(finding(meta({fixable: true}), {messageId: 'one'}).fixable).toBe(true)
    expect(finding(meta({fixable: true}), {messageId: 'one', fixable: false}).fixable).toBe(false)
    expect(finding(meta(), {messageId: 'one'}).fixable).toBe(false)
  })

  it('throws for duplicate ids', () => {
    const check: Check = {meta: meta(), detect: () => []}
    expect(() => new CheckRegistry().register(check).register(check)).toThrow('registered twice')
  })

  it('throws when a finding or a change uses an undeclared message id', () => {
    expect(() => finding(meta(), {messageId: 'two'})).toThrow('undeclared message id "two"')
    const sneaky = defineCheck({meta: meta(), detect: () => [{...finding(meta(), {messageId: 'one'}), messageId: 'two'}]})
    expect(() => sneaky.detect({problems: []})).toThrow('undeclared message id "two"')
    const fixer = defineCheck({meta: meta({fixable: true}), detect: () => [], fix: () => ({edits: [], changeMessageId: 'nope'})})
    expect(() => fixer.fix?.(finding(meta({fixable: true}), {messageId: 'one'}), {} as never)).toThrow('undeclared message id "nope"')
  })
})
