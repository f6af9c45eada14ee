/**
 * Config paths (SPEC §2): `tools.toolSearch.mode`, `agents.list[0].id`, `a["b.c"]`, `a['x']`,
 * `a\.b` (a backslash escapes a dot). A segment of digits written without quotes may index into
 * an array that already exists; everywhere else it is an object key.
 */
import {usageError} from '../errors.js'

export interface PathSegment {
  key: string
  /** True when the key was quoted (`["0"]`): it never indexes an array. */
  quoted: boolean
}

export type ConfigPath = PathSegment[]

/** Keys that would reach an object's prototype; rejected in paths and files alike. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** The one wording for a forbidden key found in a file or a value, at `path` (key last). */
export function forbiddenKeyMessage(path: readonly string[]): string {
  return `Forbidden key "${path[path.length - 1]}" at ${formatConfigPath(path)}: keys __proto__, constructor and prototype are not allowed`
}

function invalid(problem: string, path: string): never {
  throw usageError(`Invalid path (${problem}): ${path}`)
}

/** Parses a path string; throws a usage error that names the problem. */
export function parseConfigPath(path: string): ConfigPath {
  const segments: ConfigPath = []
  let i = 0
  let current = ''
  let pending = false
  const push = (key: string, quoted: boolean) => {
    if (FORBIDDEN_KEYS.has(key)) invalid(`forbidden key "${key}"`, path)
    segments.push({key, quoted})
  }
  if (path.trim() === '') invalid('empty', path)
  while (i < path.length) {
    const char = path[i]
    if (char === '\\' && i + 1 < path.length) {
      current += path[i + 1]
      pending = true
      i += 2
    } else if (char === '.') {
      if (!pending) invalid('empty segment', path)
      push(current, false)
      current = ''
      pending = false
      i++
      if (i >= path.length) invalid('empty segment', path)
    } else if (char === '[') {
      if (pending) push(current, false)
      else if (path[i - 1] === '.') invalid('empty segment', path)
      current = ''
      pending = false
      i = readBracket(path, i + 1, push)
      if (i < path.length && path[i] !== '.' && path[i] !== '[') invalid(`expected "." or "[" after "]"`, path)
      if (path[i] === '.') {
        i++
        if (i >= path.length || path[i] === '.' || path[i] === '[') invalid('empty segment', path)
      }
    } else if (char === ']') {
      invalid('unexpected "]"', path)
    } else {
      current += char
      pending = true
      i++
    }
  }
  if (pending) push(current, false)
  return segments
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {b: '\b', f: '\f', n: '\n', r: '\r', t: '\t'}

/**
 * Reads the escape after a backslash in a quoted key: the JSON escapes (`\n`, `\u001b`, …), so a
 * path printed by `formatConfigPath` (which JSON-quotes odd keys) parses back to the same key;
 * any other escaped character stands for itself (`\"`, `\'`, `\\`).
 */
function readEscape(path: string, at: number): {text: string; end: number} {
  const char = path[at]!
  if (char === 'u') {
    const hex = path.slice(at + 1, at + 5)
    if (!/^[0-9A-Fa-f]{4}$/.test(hex)) invalid('bad \\u escape in a quoted key', path)
    return {text: String.fromCharCode(Number.parseInt(hex, 16)), end: at + 5}
  }
  return {text: SIMPLE_ESCAPES[char] ?? char, end: at + 1}
}

/** Reads the inside of `[...]` starting after the `[`; returns the offset after the `]`. */
function readBracket(path: string, start: number, push: (key: string, quoted: boolean) => void): number {
  const quote = path[start]
  if (quote === '"' || quote === "'") {
    let key = ''
    let i = start + 1
    while (i < path.length && path[i] !== quote) {
      if (path[i] === '\\' && i + 1 < path.length) {
        const escaped = readEscape(path, i + 1)
        key += escaped.text
        i = escaped.end
        continue
      }
      key += path[i]
      i++
    }
    if (i >= path.length) invalid('missing closing quote', path)
    if (path[i + 1] !== ']') invalid('missing "]"', path)
    push(key, true)
    return i + 2
  }
  const close = path.indexOf(']', start)
  if (close === -1) invalid('missing "]"', path)
  const inner = path.slice(start, close).trim()
  if (!/^\d+$/.test(inner)) invalid(`"${inner}" in brackets must be an index or a quoted key`, path)
  push(inner, false)
  return close + 1
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Whether a key can be written bare: in a path (`a.b`) and as a JSON5 key (`{b: 1}`). */
export function isIdentifier(key: string): boolean {
  return IDENTIFIER.test(key)
}

/** Formats a path for messages: dots where possible, brackets for indexes and odd keys. */
export function formatConfigPath(path: ReadonlyArray<string | number | PathSegment>): string {
  let out = ''
  for (const part of path) {
    const segment = typeof part === 'object' ? part : {key: String(part), quoted: false}
    if (typeof part === 'number' || (!segment.quoted && /^\d+$/.test(segment.key) && out !== '')) out += `[${segment.key}]`
    else if (isIdentifier(segment.key)) out += out === '' ? segment.key : `.${segment.key}`
    else out += `[${JSON.stringify(segment.key)}]`
  }
  return out
}

/** Whether an unquoted segment may index into an array. */
export function isIndexSegment(segment: PathSegment): boolean {
  return !segment.quoted && /^\d+$/.test(segment.key)
}
