/**
 * A lint rule tester after ESLint's RuleTester, as `test/doctor/check-tester.ts` is for checks: a
 * rule's tests are a table of catalogs it must pass (`valid`) and catalogs it must report
 * (`invalid`), each with the findings as tool ids, message ids, severities and data — sentences
 * only where the wording is the point. Lint rules have no fix of their own; an invalid row whose
 * message says how to fix the tool gives the catalog fixed that way (`fixed`), and the tester
 * proves a second run over it finds nothing.
 */
import {describe, expect, it} from 'vitest'

import type {CatalogEntry} from '../../src/catalog/types.js'
import {LINT_RULES} from '../../src/lint/rules/index.js'
import type {Severity} from '../../src/shared/rules.js'
import {lintWith, type LintOptions} from './helpers.js'

export interface ExpectedLintFinding {
  /** The tool the finding is about; absent for a finding about the catalog as a whole. */
  toolId?: string
  messageId: string
  /** The finding's severity (a rule may report some findings above or below its own). */
  severity: Severity
  /** The finding's data, as far as given (omit keys you do not care about). */
  data?: Record<string, unknown>
  /** Its `--json` details: as far as given, or a property they must have. */
  details?: Record<string, unknown> | ((details: Record<string, unknown>) => boolean)
  /** The exact sentence, where the wording is what the row is about. */
  message?: string
}

export interface LintCase {
  /** What the row shows (the test's name). */
  name: string
  tools: CatalogEntry[]
  options?: LintOptions
}

export interface InvalidLintCase extends LintCase {
  findings: ExpectedLintFinding[]
  /** The catalog with the flagged tools fixed as the message says: the rule no longer reports them. */
  fixed?: CatalogEntry[]
}

/** `tool messageId severity`, for a readable diff when a row fails. */
const row = (finding: {toolId?: string; messageId: string; severity: string}) => `${finding.toolId ?? '(catalog)'} ${finding.messageId} ${finding.severity}`

/** Registers the table's tests for one rule. */
export function testLintRule(rule: string, cases: {valid: LintCase[]; invalid: InvalidLintCase[]}): void {
  describe(rule, () => {
    it('is a registered rule', () => {
      expect(LINT_RULES.map((registered) => registered.meta.id)).toContain(rule)
    })

    it.each(cases.valid)('passes: $name', ({tools, options}) => {
      expect(lintWith(rule, tools, options).findings.map(row)).toEqual([])
    })

    it.each(cases.invalid)('reports: $name', ({tools, options, findings, fixed}) => {
      const found = lintWith(rule, tools, options).findings
      expect(found.map(row)).toEqual(findings.map(row))
      findings.forEach((expected, index) => {
        const actual = found[index]!
        expect(actual.data).toMatchObject(expected.data ?? {})
        if (typeof expected.details === 'function') expect(expected.details(actual.details ?? {})).toBe(true)
        else if (expected.details !== undefined) expect(actual.details).toMatchObject(expected.details)
        if (expected.message !== undefined) expect(actual.message).toBe(expected.message)
      })
      if (fixed !== undefined) expect(lintWith(rule, fixed, options).findings.map(row)).toEqual([])
    })
  })
}
