/**
 * Running doctor: load the config (a parse failure becomes a `config.parse` finding, an unreadable
 * file stays an error), run every check, and with `--fix` run the fix loop through the same
 * lossless writer as `config set`.
 *
 * The fix loop (after ESLint): collect the fixes of all fixable findings, drop the ones that
 * overlap an earlier fix (they stay findings for the next pass), apply, re-detect; stop when
 * nothing changes (at most 10 passes). The passes are then expressed as one edit against the
 * file as it was read, so `--dry-run` shows exactly what `--fix` writes.
 */
import {ConfigAnalyzer} from '../config/analyzer.js'
import {type ChangeOutcome, type ConfigWriteOptions, changeConfig, changeIncludedFile} from '../config/change.js'
import {parseCst} from '../config/cst.js'
import {type Edit, type Unchanged, applyEdits, editBetween, editsOverlap, unchangedBy} from '../config/edit.js'
import type {ConfigLocation} from '../config/index.js'
import type {ConfigDocument, IncludedText} from '../config/load.js'
import {isToolsearchError} from '../shared/errors.js'
import {formatMessage, type MessageData} from '../shared/rules.js'
import {plural} from '../output/style.js'
import {safeInline} from '../output/terminal.js'
import {OPENCLAW_CODE_MODE_NOTE} from '../config/legacy.js'
import {builtinChecks} from './checks/index.js'
import type {Check, CheckContext, Finding} from './types.js'

const MAX_FIX_PASSES = 10

/** Load errors that doctor reports as a `config.parse` finding instead of failing. */
const PARSE_ERROR_CODES = new Set(['config-parse', 'config-forbidden-key', 'config-include', 'config-shape'])

export interface Change {
  check: string
  messageId: string
  /** Config path the change is about. */
  path: string[]
  message: string
}

/** What the checks see for `text` (and an included file's text, when given): its document and problems, or why it does not load. */
export async function contextFor(analyzer: ConfigAnalyzer, text: string | undefined, included?: IncludedText): Promise<CheckContext> {
  let document: ConfigDocument
  try {
    document = analyzer.document(text, included)
  } catch (error) {
    if (isToolsearchError(error) && PARSE_ERROR_CODES.has(error.code)) return {loadError: error, problems: []}
    throw error
  }
  return {document, problems: await analyzer.problems(document)}
}

export function detectAll(checks: Check[], context: CheckContext): Finding[] {
  return checks.flatMap((check) => check.detect(context))
}

export function messageOf(checks: Check[], finding: {check: string; messageId: string; data?: MessageData}): string {
  const check = checks.find((candidate) => candidate.meta.id === finding.check)
  return formatMessage(check?.meta.messages[finding.messageId] ?? finding.messageId, finding.data ?? {})
}

interface FixPassResult {
  text: string
  changes: Change[]
  /** What the passes left alone of the text they started from (for `editBetween`). */
  unchanged: Unchanged
}

/**
 * Runs the fix loop on `text`, the top-level file's text, or with `included` the text of that
 * included file (`topText` is then the top-level file's); returns the final text and the change
 * lines. Fixes planned against another file wait: a run edits one file.
 */
export async function fixText(checks: Check[], analyzer: ConfigAnalyzer, text: string, included?: {file: string; topText: string}): Promise<FixPassResult> {
  let current = text
  const changes: Change[] = []
  let unchanged: Unchanged = {prefix: text.length, suffix: text.length}
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const context = included === undefined ? await contextFor(analyzer, current) : await contextFor(analyzer, included.topText, {file: included.file, text: current})
    if (context.document === undefined) break
    const fixContext = {document: context.document}
    const target = included?.file ?? context.document.source.file
    const chosen: Edit[] = []
    for (const finding of detectAll(checks, context)) {
      const check = checks.find((candidate) => candidate.meta.id === finding.check)
      const fix = finding.fixable ? check?.fix?.(finding, fixContext) : undefined
      if (fix === undefined || fix.edits.length === 0 || (fix.file ?? context.document.source.file) !== target) continue
      if (fix.edits.some((edit) => chosen.some((taken) => editsOverlap(edit, taken)))) continue
      for (const edit of fix.edits) chosen.push(edit)
      changes.push({check: finding.check, messageId: fix.changeMessageId, path: finding.path, message: messageOf(checks, {check: finding.check, messageId: fix.changeMessageId, data: fix.data})})
    }
    if (chosen.length === 0) break
    const next = applyEdits(current, chosen)
    if (next === current) break
    if (included === undefined) analyzer.noteEdit(current, chosen, next)
    unchanged = unchangedBy(current, chosen, unchanged)
    current = next
  }
  return {text: current, changes, unchanged}
}

export interface DoctorOptions extends ConfigWriteOptions {
  env: NodeJS.ProcessEnv
  /** The run's loaded documents (see config/analyzer.ts); one is made when absent. */
  analyzer?: ConfigAnalyzer
  fix?: boolean
  dryRun?: boolean
  cwd?: string
  /** `--fix --dry-run`: the diff shows secret values as written (default: OpenClaw's marker). */
  showSecrets?: boolean
}

export interface DoctorResult {
  file: string
  /** Findings still present (after `--fix`, only what it could not fix). */
  findings: Finding[]
  changes: Change[]
  /** Set with --fix: what the writer did (or would do, with --dry-run). */
  outcome?: ChangeOutcome<Change[]>
  /** Set when the fixes went to a file the config includes: that file. */
  includedFile?: string
  /**
   * With --fix: findings whose fix would have to be written in an included file that cannot
   * take it alone. Then nothing is written at all (fail closed, as OpenClaw's doctor does).
   */
  blocked?: Finding[]
}

/** The first file the fixable findings of `context` are fixed in (the top-level file or an included one). */
function fixedFile(checks: Check[], context: CheckContext, findings: Finding[]): string | undefined {
  const {document} = context
  if (document === undefined) return undefined
  for (const finding of findings) {
    const check = checks.find((candidate) => candidate.meta.id === finding.check)
    const fix = finding.fixable ? check?.fix?.(finding, {document}) : undefined
    if (fix !== undefined && fix.edits.length > 0) return fix.file ?? document.source.file
  }
  return undefined
}

/** Runs doctor on the config at `location`. Throws (exit 2) only when the file cannot be read. */
export async function runDoctor(checks: Check[], location: ConfigLocation, options: DoctorOptions): Promise<DoctorResult> {
  const analyzer = options.analyzer ?? new ConfigAnalyzer(location, options.env)
  const text = analyzer.read()
  const before = await contextFor(analyzer, text)
  const findings = detectAll(checks, before)
  if (options.fix !== true || before.document === undefined) return {file: location.path, findings, changes: []}
  const blocked = findings.filter((finding) => finding.includeBlock !== undefined)
  if (blocked.length > 0) return {file: location.path, findings, changes: [], blocked}
  if (!findings.some((finding) => finding.fixable)) return {file: location.path, findings, changes: []}
  const file = fixedFile(checks, before, findings) ?? before.document.source.file
  if (file === before.document.source.file) {
    const outcome = await changeConfig(
      location,
      async ({source}) => {
        const fixed = await fixText(checks, analyzer, source.text)
        return {edits: editBetween(source.text, fixed.text, fixed.unchanged), summary: fixed.changes, text: fixed.text}
      },
      {...options, analyzer},
    )
    if (outcome.status !== 'written') return {file: location.path, findings, changes: outcome.summary, outcome}
    const after = await contextFor(analyzer, outcome.after)
    return {file: location.path, findings: detectAll(checks, after), changes: outcome.summary, outcome}
  }
  const outcome = await changeIncludedFile(
    location,
    file,
    async (document) => {
      const current = document.sources.get(file)!.text
      const fixed = await fixText(checks, analyzer, current, {file, topText: document.source.text})
      return {edits: editBetween(current, fixed.text, fixed.unchanged), summary: fixed.changes, text: fixed.text}
    },
    {...options, analyzer},
  )
  const result = {file: location.path, changes: outcome.summary, outcome, includedFile: file}
  if (outcome.status !== 'written' || outcome.after === undefined) return {...result, findings}
  const after = await contextFor(analyzer, text, {file, text: outcome.after})
  return {...result, findings: detectAll(checks, after)}
}

/**
 * Said after `doctor --fix --dry-run`: the diff is what toolsearch writes; OpenClaw's own
 * `openclaw doctor --fix` would serialise the whole file again as JSON (comments gone) and stamp
 * `meta` — worth knowing before choosing which tool fixes a file with comments in it.
 */
export function openclawRewriteNote(text: string): string {
  const parsed = parseCst(text)
  const comments = parsed.ok ? parsed.comments : 0
  const drops = comments > 0 ? `drop its ${plural(comments, 'comment')}, ` : ''
  return `Note: the diff is what toolsearch writes (comments and formatting kept). ${OPENCLAW_CODE_MODE_NOTE}, rewriting the whole file as JSON: ${drops}re-quote every key and string, and stamp a "meta" block (lastTouchedVersion, lastTouchedAt).`
}

/** A warning a change brought in: the check that found it and its message. */
export interface IntroducedWarning {
  check: string
  message: string
}

const findingKey = (finding: Finding) => `${finding.check}\u0000${finding.messageId}\u0000${finding.path.join('\u0000')}`

/**
 * The warning findings `after` has that `before` did not (by check, message and path). A write is
 * refused when it introduces an error (see config/change.ts); a warning it introduces — a limit
 * that will be clamped, an object that silently turns Tool Search off — is only said, since the
 * user may mean it, but never silently.
 */
export async function introducedWarnings(checks: Check[], analyzer: ConfigAnalyzer, before: string | undefined, after: string): Promise<IntroducedWarning[]> {
  const warningsOf = async (text: string | undefined) => detectAll(checks, await contextFor(analyzer, text)).filter((finding) => finding.severity === 'warning')
  const known = new Set((await warningsOf(before)).map(findingKey))
  return (await warningsOf(after)).filter((finding) => !known.has(findingKey(finding))).map((finding) => ({check: finding.check, message: messageOf(checks, finding)}))
}

/**
 * What `config set` and `config unset` say on stderr after a change: each warning it brought in
 * (checked against the built-in checks), then that a dry run wrote nothing. Pass the analyzer the
 * change used, so neither text is loaded again.
 */
export async function notesAfterChange(analyzer: ConfigAnalyzer, outcome: Pick<ChangeOutcome<unknown>, 'status' | 'before' | 'after'>): Promise<string[]> {
  const warnings = outcome.after === undefined ? [] : await introducedWarnings(builtinChecks().all(), analyzer, outcome.before, outcome.after)
  return [...warnings.map((warning) => `Warning: ${safeInline(warning.message)}`), ...(outcome.status === 'dry-run' ? ['Dry run: nothing was written.'] : [])]
}

