/** From a doctor run to the report `--json` prints and the renderers draw. */
import {formatConfigPath} from '../config/path.js'
import type {DoctorReport} from './render.js'
import {type DoctorResult, messageOf} from './run.js'
import type {Check} from './types.js'

export function toDoctorReport(checks: Check[], result: DoctorResult, {strict = false}: {strict?: boolean} = {}): DoctorReport {
  const findings = result.findings.map((finding) => ({
    check: finding.check,
    messageId: finding.messageId,
    severity: finding.severity,
    path: formatConfigPath(finding.path),
    ...finding.location,
    message: messageOf(checks, finding),
    fixable: finding.fixable,
  }))
  const failing = findings.filter((finding) => finding.severity === 'error' || (strict && finding.severity === 'warning'))
  const outcome = result.outcome
  return {
    file: result.file,
    findings,
    changes: result.changes.map((change) => ({check: change.check, path: formatConfigPath(change.path), message: change.message})),
    ok: failing.length === 0,
    ...(outcome === undefined ? {} : {status: outcome.status}),
    ...(outcome?.backup === undefined ? {} : {backup: outcome.backup}),
    ...(outcome?.status === 'dry-run' ? {diff: outcome.diff} : {}),
  }
}

/**
 * The included files holding findings of a fixable check: `--fix` never edits an included file,
 * so these are left to the user (each file once, in finding order).
 */
export function includedFilesToFixByHand(checks: Check[], report: DoctorReport): string[] {
  const fixableChecks = new Set(checks.filter((check) => check.meta.fixable).map((check) => check.meta.id))
  const files = report.findings.filter((finding) => fixableChecks.has(finding.check) && finding.file !== undefined && finding.file !== report.file).map((finding) => finding.file!)
  return [...new Set(files)]
}
