/** From a doctor run to the report `--json` prints and the renderers draw, and the notes said after it. */
import {type IncludeOwner, describeIncludeBlock} from '../config/include-owner.js'
import {formatConfigPath} from '../config/path.js'
import type {DoctorReport} from './render.js'
import {type DoctorResult, messageOf, openclawRewriteNote} from './run.js'
import type {Check, Finding} from './types.js'

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
    ...(result.includedFile === undefined ? {} : {target: result.includedFile}),
    ...(outcome?.backup === undefined ? {} : {backup: outcome.backup}),
    ...(outcome?.status === 'dry-run' ? {diff: outcome.diff} : {}),
    ...(result.blocked === undefined
      ? {}
      : {blocked: result.blocked.map((finding) => ({path: formatConfigPath(finding.path), file: finding.includeBlock!.file, reason: describeIncludeBlock(finding.includeBlock!, (file) => file)}))}),
  }
}

/**
 * What doctor says about fixes an include shape blocks (config/include-owner.ts): per included
 * file and reason, the paths it cannot fix, which file and why. `show` words a file for the reader.
 */
export function includeBlockNotes(findings: Finding[], show: (file: string) => string): string[] {
  const notes = new Map<string, {paths: string[]; block: Extract<IncludeOwner, {kind: 'blocked'}>}>()
  for (const finding of findings) {
    if (finding.includeBlock === undefined) continue
    const key = `${finding.includeBlock.file}\u0000${describeIncludeBlock(finding.includeBlock, show)}`
    const note = notes.get(key) ?? {paths: [], block: finding.includeBlock}
    note.paths.push(formatConfigPath(finding.path))
    notes.set(key, note)
  }
  return [...notes.values()].map(({paths, block}) => `Cannot fix ${paths.join(' and ')} in ${show(block.file)}: ${describeIncludeBlock(block, show)}. Fix it there by hand.`)
}

/**
 * What doctor says on stderr after its report: for a machine format (whose output has no such
 * line) that it wrote the file; that a dry run wrote nothing, and what OpenClaw's own doctor would
 * do instead; the fixes an include shape blocked (`show` words a file for the reader); and then
 * that no file was changed.
 */
export function doctorNotes(report: DoctorReport, result: DoctorResult, {machineFormat, show}: {machineFormat: boolean; show: (file: string) => string}): string[] {
  const notes: string[] = []
  if (machineFormat && report.status === 'written') notes.push(`Updated ${report.target ?? report.file}: ${report.changes.map((change) => change.message).join(' ')}`)
  if (report.status === 'dry-run') {
    notes.push('Dry run: nothing was written.')
    if (result.outcome?.before !== undefined) notes.push(openclawRewriteNote(result.outcome.before))
  }
  for (const note of includeBlockNotes(result.findings, show)) notes.push(note)
  if (result.blocked !== undefined) notes.push('No config file was changed.')
  return notes
}
