/**
 * Pure renderers for the config commands: data in, text out, no I/O. Values from the config file
 * are untrusted and go through safeInline/safeBlock.
 */
import {isAbsolute, relative} from 'node:path'

import {safeBlock, safeInline} from '../output/terminal.js'
import {styler} from '../output/style.js'
import type {ConfigLocation} from './types.js'
import {OPENCLAW_CODE_MODE_NOTE} from './legacy.js'

export interface RenderOptions {
  color: boolean
}

/** A file name as the user sees it: relative to `cwd` when inside it, else absolute. */
export function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file
}

/** `config get`: scalars bare, objects and arrays as pretty JSON. */
export function renderValue(value: unknown): string {
  if (typeof value === 'string') return safeBlock(value)
  if (value === null || typeof value !== 'object') return String(value)
  return safeBlock(JSON.stringify(value, null, 2))
}

/** A value inside a sentence: JSON on one line, numbers as JSON5 writes them (NaN, Infinity). */
export function valueText(value: unknown): string {
  if (value === undefined) return '(unset)'
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  return JSON.stringify(value) ?? String(value)
}

/** `valueText`, safe for a terminal. */
export function inlineValue(value: unknown): string {
  return safeInline(valueText(value))
}

const RULE_NAMES: Record<ConfigLocation['rule'], string> = {
  flag: '--config',
  env: 'OPENCLAW_CONFIG_PATH',
  project: 'project search',
  profile: 'profile',
  'state-dir': 'OPENCLAW_STATE_DIR',
  home: 'default',
  legacy: 'legacy location',
}

/**
 * Said on stderr when `--allow-missing` lets a command check a config file that does not exist:
 * that is an empty config (valid), but in CI it usually means a mistyped --config or
 * OPENCLAW_CONFIG_PATH.
 */
export function missingConfigNote(file: string): string {
  return `Note: ${safeInline(file)} does not exist; it is checked as an empty config (--allow-missing).`
}

/** What `openclaw config validate` says about a config file that does not exist (exit 1). */
export function configNotFoundMessage(file: string): string {
  return `Config file not found: ${file}`
}

/** One `Note:` line per near miss (stderr), so a missing file never goes unexplained. */
export function nearMissNotes(location: Pick<ConfigLocation, 'nearMisses'>): string[] {
  return location.nearMisses.map((miss) => `Note: ${safeInline(miss.message)}`)
}

export function renderLocation(location: ConfigLocation, {color}: RenderOptions): string {
  const style = styler(color)
  const exists = location.exists ? '' : `\n${style.dim('The file does not exist yet: reads see an empty config; config set creates it.')}`
  const key = location.packageKey === undefined ? '' : ` (the "${location.packageKey}" key)`
  const misses = location.nearMisses.map((miss) => `\n${style.bold('Near miss:')} ${safeInline(miss.message)}`).join('')
  return `${safeInline(location.path)}${key}\n${style.bold('Rule:')} ${RULE_NAMES[location.rule]}. ${safeInline(location.reason)}${exists}${misses}`
}

/** Where a problem without a config path is: `file:line:column: `, unless the message names the file. */
function problemPlace(problem: {message: string; file?: string; line?: number; column?: number}): string {
  if (problem.file === undefined || problem.message.includes(problem.file)) return ''
  return `${problem.file}${problem.line === undefined ? '' : `:${problem.line}:${problem.column ?? 1}`}: `
}

export interface ValidationProblemLine {
  /** `load`: the file could not be read or parsed; `retired`: what doctor --fix migrates. */
  kind: string
  path: string
  message: string
  file?: string
  line?: number
  column?: number
}

/** The gateway's advice line, word for word (OpenClaw prints it after the problem lines). */
export const GATEWAY_REPAIR_HINT = 'Run "openclaw doctor --fix" to repair, then retry.'

/**
 * The refusal the gateway prints for an invalid config (SPEC §3.4), in its words: `Invalid config
 * at <path>.`, then `path: message` per problem (`<root>` for the file as a whole), then its
 * advice to run `openclaw doctor --fix`, then one line of our own. A file that does not load gets
 * no `--fix` advice: no doctor can repair a syntax error.
 */
export function renderValidation(file: string, problems: ReadonlyArray<ValidationProblemLine>): string {
  const lines = problems.map((problem) => {
    const path = problem.path === '' ? '<root>' : problem.path
    const place = problem.path === '' ? problemPlace(problem) : ''
    return `${safeInline(path)}: ${safeInline(`${place}${problem.message}`)}`
  })
  const unloadable = problems.some((problem) => problem.kind === 'load')
  const retired = problems.some((problem) => problem.kind === 'retired')
  const ours = unloadable
    ? 'The file does not load: fix it by hand (doctor --fix cannot repair a file it cannot read), then run "toolsearch config validate" again.'
    : retired
      ? `"toolsearch doctor --fix" migrates these settings and keeps comments and formatting (${OPENCLAW_CODE_MODE_NOTE}).`
      : '"toolsearch doctor --fix" repairs only retired Tool Search settings: fix these by hand.'
  return [`Invalid config at ${safeInline(file)}.`, ...lines, ...(unloadable ? [] : [GATEWAY_REPAIR_HINT]), ours].join('\n')
}

export interface ChangeReport {
  status: 'written' | 'unchanged' | 'dry-run'
  file: string
  created: boolean
  backup?: string
  /** Dry run: the unified diff. */
  diff?: string
  /** One line per change, already worded. */
  lines: string[]
}

/** What `config set` / `config unset` print on stdout after the write (or the dry run). */
export function renderChange(report: ChangeReport, {color}: RenderOptions): string {
  const style = styler(color)
  if (report.status === 'unchanged') return 'No change'
  if (report.status === 'dry-run') return colorDiff(report.diff ?? '', color).replace(/\n$/, '')
  return [
    `${report.created ? 'Created' : 'Updated'} ${safeInline(report.file)}`,
    ...report.lines.map((line) => `  ${safeInline(line)}`),
    ...(report.backup === undefined ? [] : [style.dim(`Backup: ${safeInline(report.backup)}`)]),
  ].join('\n')
}

/** A unified diff, made safe for a terminal and coloured when asked. */
export function colorDiff(diff: string, color: boolean): string {
  const style = styler(color)
  return diff
    .split('\n')
    .map((line) => {
      const safe = safeBlock(line)
      if (line.startsWith('+++') || line.startsWith('---')) return style.bold(safe)
      if (line.startsWith('@@')) return style.cyan(safe)
      if (line.startsWith('+')) return style.green(safe)
      if (line.startsWith('-')) return style.red(safe)
      return safe
    })
    .join('\n')
}
