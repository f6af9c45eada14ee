/**
 * Config paths as OpenClaw's `config set` parses them (SPEC §2): `tools.toolSearch.mode`,
 * `agents.list[0].id`, `a["b.c"]`, `a['x']`, `agents.entries[main]` (an unquoted bracket key),
 * `a\.b` (a backslash escapes the next character). The path and each segment are trimmed. A
 * segment that is a canonical index (`0`, `12`, never `01`) indexes an array, quoted or not; on an
 * object it is a key. Errors use OpenClaw's words (`Invalid path (missing "]"): …`).
 *
 * One deliberate difference: a quoted empty or blank key (`[""]`) is accepted, where OpenClaw
 * refuses it, so that every key a finding names can be addressed by `config get` and `unset`.
 */
import {ToolsearchError, usageError} from '../shared/errors.js'
import {formatJsonSegment} from '../shared/json-path.js'
import {parseCst} from './cst.js'

export interface PathSegment {
  key: string
  /** True when the key was written in quotes (`["b.c"]`); kept for printing the path back. */
  quoted: boolean
}

export type ConfigPath = PathSegment[]

/** Keys that would reach an object's prototype; rejected in paths and files alike. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** The one wording for a forbidden key found in a file or a value, at `path` (key last). */
export function forbiddenKeyMessage(path: readonly string[]): string {
  return `Forbidden key "${path[path.length - 1]}" at ${formatConfigPath(path)}: keys __proto__, constructor and prototype are not allowed`
}

/** OpenClaw refuses sparse writes past this index; so does a path here. */
const MAX_ARRAY_INDEX = 100_000
const CANONICAL_INDEX = /^(0|[1-9]\d*)$/

/** The array index a key stands for, or undefined when it is not a canonical index. */
export function arrayIndexOf(key: string): number | undefined {
  if (!CANONICAL_INDEX.test(key)) return undefined
  const index = Number(key)
  return index <= MAX_ARRAY_INDEX ? index : undefined
}

function invalid(problem: string, path: string): never {
  throw usageError(`Invalid path (${problem}): ${path}`)
}

/**
 * Where the `]` closing the bracket opened at `open` is: a quote that starts the bracket's content
 * hides any `]` up to its closing quote.
 */
function bracketClose(text: string, open: number): number {
  let quote: string | undefined
  for (let i = open + 1; i < text.length; i++) {
    const char = text[i]
    if (quote !== undefined) {
      if (char === '\\') i++
      else if (char === quote) quote = undefined
      continue
    }
    if (char === ']') return i
    if ((char === '"' || char === "'") && text.slice(open + 1, i).trim() === '') quote = char
  }
  return -1
}

/** The key inside `[...]`: a JSON5 string when quoted, else the trimmed text itself. */
function bracketKey(inside: string, path: string): PathSegment {
  if (!inside.startsWith('"') && !inside.startsWith("'")) return {key: inside, quoted: false}
  const refuse = (): never => {
    throw usageError(`Invalid path bracket string (${inside}): ${path}`)
  }
  // The config reader's own JSON5 scanner decodes the string as the json5 package would.
  const parsed = parseCst(inside)
  return parsed.ok && parsed.root?.kind === 'string' ? {key: parsed.root.value as string, quoted: true} : refuse()
}

/** Parses a path string; throws a usage error that names the problem. */
export function parseConfigPath(path: string): ConfigPath {
  const text = path.trim()
  if (text === '') throw usageError('Path is empty.')
  const segments: ConfigPath = []
  let current = ''
  // Whether the segment before the next "." was a bracket (`a[0].b`), which needs no text.
  let bracketDone = false
  const pushCurrent = () => {
    if (current !== '' && current.trim() === '') invalid('empty segment', path)
    if (current !== '') segments.push({key: current.trim(), quoted: false})
    current = ''
  }
  let i = 0
  while (i < text.length) {
    const char = text[i]
    if (char === '\\') {
      if (i + 1 >= text.length) invalid('trailing escape', path)
      current += text[i + 1]
      i += 2
    } else if (char === '.') {
      if (!bracketDone && current.trim() === '') invalid('empty segment', path)
      pushCurrent()
      bracketDone = false
      i++
    } else if (char === '[') {
      if (current.trim() === '' && !bracketDone && segments.length > 0) invalid('empty segment', path)
      pushCurrent()
      const close = bracketClose(text, i)
      if (close === -1) invalid('missing "]"', path)
      const inside = text.slice(i + 1, close).trim()
      if (inside === '') invalid('empty "[]"', path)
      segments.push(bracketKey(inside, path))
      const next = text[close + 1]
      if (next !== undefined && next !== '.' && next !== '[') invalid('missing separator after bracket', path)
      bracketDone = true
      i = close + 1
    } else {
      current += char
      i++
    }
  }
  if (!bracketDone && current.trim() === '') invalid('empty segment', path)
  pushCurrent()
  for (const segment of segments) if (FORBIDDEN_KEYS.has(segment.key)) throw usageError(`Invalid path segment: ${segment.key}`)
  return segments
}

/**
 * Formats a path for messages as JSON paths are written (`shared/json-path.ts`): dots where
 * possible, brackets for indexes and odd keys. Config paths hold array indexes as text, so an
 * unquoted key of digits after the first segment is written as an index (`agents.list[0]`).
 */
export function formatConfigPath(path: ReadonlyArray<string | number | PathSegment>): string {
  let out = ''
  for (const part of path) {
    const segment = typeof part === 'object' ? part : {key: String(part), quoted: false}
    const index = typeof part === 'number' || (!segment.quoted && /^\d+$/.test(segment.key) && out !== '')
    out += index ? `[${segment.key}]` : formatJsonSegment(segment.key, out === '')
  }
  return out
}

/** Whether a segment indexes into an array where it meets one (quoted or not, as in OpenClaw). */
export function isIndexSegment(segment: PathSegment): boolean {
  return arrayIndexOf(segment.key) !== undefined
}

/** A path that cannot be used (exit 1), in OpenClaw's words. */
export function pathError(message: string): ToolsearchError {
  return new ToolsearchError('config-path', message)
}

export function pathNotFound(path: string): ToolsearchError {
  return new ToolsearchError('config-path-not-found', `Config path not found: ${path}`)
}

/** A word a POSIX shell reads back as `text`: bare when it is safe (OpenClaw's set of characters), else single-quoted. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_/:=.,@%+-]+$/u.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`
}

/**
 * `config get` of a path the schema knows that the file does not hold (exit 1, as in OpenClaw):
 * in OpenClaw's words, with the value that applies meanwhile when it is known.
 */
export function pathUnset(path: string, fallback: {value: unknown} | undefined): ToolsearchError {
  const applies = fallback === undefined ? '' : ` (${fallback.value === undefined ? 'unset' : JSON.stringify(fallback.value)})`
  return new ToolsearchError(
    'config-path-unset',
    `Config path is valid but unset: ${path}. The runtime default applies${applies} until you set an authored value with "toolsearch config set ${shellWord(path)} <value>".`,
    {details: fallback === undefined ? {} : {default: fallback.value}},
  )
}
