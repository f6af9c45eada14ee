import {ConfigAnalyzer} from '../../src/config/analyzer.js'
import type {ConfigLocation} from '../../src/config/index.js'
import {builtinChecks} from '../../src/doctor/checks/index.js'
import {contextFor, detectAll, fixText, messageOf} from '../../src/doctor/run.js'

export const checks = builtinChecks().all()

export const location: ConfigLocation = {path: '/project/openclaw.json5', rule: 'flag', reason: 'test', exists: true, nearMisses: []}

/** Findings of the whole registry for a config text, as `{check, path, message}`. */
export async function findings(text: string, env: NodeJS.ProcessEnv = {}) {
  const context = await contextFor(new ConfigAnalyzer(location, env), text)
  return detectAll(checks, context).map((finding) => ({
    check: finding.check,
    severity: finding.severity,
    path: finding.path.join('.'),
    line: finding.location.line,
    column: finding.location.column,
    message: messageOf(checks, finding),
  }))
}

export async function fix(text: string) {
  const result = await fixText(checks, new ConfigAnalyzer(location, {}), text)
  return {text: result.text, changes: result.changes.map((change) => change.message)}
}
