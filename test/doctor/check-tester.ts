/**
 * A check tester after ESLint's RuleTester: a check's tests are a table of configs it must accept
 * (`valid`) and configs it must report (`invalid`), each with the findings as message ids, data
 * and paths — never sentences, which the renderer tests pin once. A fixable finding's table row
 * gives the fixed text, and the tester proves the fix converges: a second run reports nothing.
 */
import {describe, expect, it} from 'vitest'

import {ConfigAnalyzer} from '../../src/config/analyzer.js'
import {contextFor, detectAll, fixText} from '../../src/doctor/run.js'
import {checks, location} from './helpers.js'

export interface ExpectedFinding {
  messageId: string
  /** The finding's data, as far as given (omit keys you do not care about). */
  data?: Record<string, string | number>
  /** Config path, dotted. */
  path: string
}

export interface InvalidCase {
  config: string
  env?: NodeJS.ProcessEnv
  findings: ExpectedFinding[]
  /** The file after `doctor --fix`; omit for a finding the check cannot fix. */
  output?: string
}

async function findingsOf(check: string, config: string, env: NodeJS.ProcessEnv) {
  const context = await contextFor(new ConfigAnalyzer(location, env), config)
  return detectAll(checks, context).filter((finding) => finding.check === check)
}

/** Registers the table's tests for one check. */
export function testCheck(check: string, cases: {valid: Array<string | {config: string; env?: NodeJS.ProcessEnv}>; invalid: InvalidCase[]}): void {
  describe(check, () => {
    it('is a registered check', () => {
      expect(checks.map((registered) => registered.meta.id)).toContain(check)
    })

    it.each(cases.valid.map((valid) => (typeof valid === 'string' ? {config: valid, env: {}} : {env: {}, ...valid})))('accepts $config', async ({config, env}) => {
      expect(await findingsOf(check, config, env)).toEqual([])
    })

    it.each(cases.invalid)('reports $config', async ({config, env = {}, findings, output}) => {
      const found = await findingsOf(check, config, env)
      expect(found.map((finding) => ({messageId: finding.messageId, path: finding.path.join('.')}))).toEqual(findings.map(({messageId, path}) => ({messageId, path})))
      found.forEach((finding, index) => expect(finding.data).toMatchObject(findings[index]!.data ?? {}))
      const fixed = await fixText(checks, new ConfigAnalyzer(location, env), config)
      if (output === undefined) {
        expect(found.every((finding) => !finding.fixable)).toBe(true)
        return
      }
      expect(fixed.text).toBe(output)
      expect(await findingsOf(check, output, env)).toEqual([])
    })
  })
}
