/**
 * Pure renderers for the config commands: data in, text out, no I/O. Values from the config file
 * are untrusted and go through safeInline/safeBlock. The ones that colour are in render-styled.ts,
 * so that a command printing plain text (`config get`) never starts chalk.
 */
import {isAbsolute, relative} from 'node:path'

import {safeBlock, safeInline} from '../output/terminal.js'
import type {ConfigLocation} from './types.js'
import {OPENCLAW_CODE_MODE_NOTE} from './legacy.js'

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
