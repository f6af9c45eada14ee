/**
 * Schema `pattern`s (and `patternProperties` keys) run on RE2 (`re2js`), a linear-time engine, never on
 * V8's backtracking `RegExp`: a catalog's schema is data, and `^(a+)+$` against 31 characters
 * would otherwise block a call for most of a minute. The engine loads on first use.
 *
 * What differs from the `RegExp` OpenClaw uses (with the `u` flag):
 * - Lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`) and backreferences (`\1`, `\k<name>`) do not exist
 *   in RE2. Such a pattern fails closed: the schema is invalid (`Tool "<id>" has an invalid
 *   inputSchema.`, with a note naming the pattern), so the tool cannot be called rather than be
 *   validated by a different rule than the one written.
 * - `\uXXXX` and `\u{X…}` are rewritten to RE2's `\x{…}`; every other escape means what RE2 says.
 * - `\s` is ASCII whitespace only, and `.` excludes only `\n` (V8 also excludes `\r`, U+2028 and
 *   U+2029).
 * Matching is a search, as JSON Schema says: `"b"` matches `a?b`, `^…$` anchors.
 */
import {createRequire} from 'node:module'

export interface LinearRegex {
  test(text: string): boolean
}

interface Re2Matcher {
  find(): boolean
}
interface Re2Pattern {
  matcher(text: string): Re2Matcher
}
interface Re2Module {
  RE2JS: {compile(pattern: string, flags?: number): Re2Pattern}
}

let engine: Re2Module | undefined

/** Why a pattern cannot run on the linear-time engine. */
export class UnsupportedPatternError extends Error {
  constructor(readonly pattern: string, reason: string) {
    super(`The pattern ${JSON.stringify(pattern)} cannot be checked in linear time: ${reason}`)
  }
}

/** Compiles `pattern`; throws UnsupportedPatternError when RE2 cannot express it. */
export function compileLinearRegex(pattern: string): LinearRegex {
  engine ??= createRequire(import.meta.url)('re2js') as Re2Module
  let compiled: Re2Pattern
  try {
    compiled = engine.RE2JS.compile(toRe2Syntax(pattern))
  } catch (error) {
    throw new UnsupportedPatternError(pattern, unsupportedReason(pattern, error))
  }
  return {test: (text) => compiled.matcher(text).find()}
}

/**
 * The engine for ajv's `code.regExp` option: ajv compiles every `pattern` and `patternProperties`
 * key through it (its `u` flag is implied: RE2 always matches code points).
 */
export const linearRegExpEngine = Object.assign((pattern: string, _flags: string): LinearRegex => compileLinearRegex(pattern), {
  /** ajv names the engine in standalone code, which toolsearch never generates. */
  code: 'toolsearch/linear-regexp',
})

/** `\uXXXX` / `\u{X}` → `\x{X}`; escapes are scanned so `\\u0041` stays a backslash and `u0041`. */
function toRe2Syntax(pattern: string): string {
  let result = ''
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]
    if (char !== '\\') {
      result += char
      continue
    }
    const next = pattern[index + 1] ?? ''
    const fixed = /^u([0-9a-fA-F]{4})/.exec(pattern.slice(index + 1)) ?? /^u\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(index + 1))
    if (fixed !== null) {
      result += `\\x{${fixed[1]}}`
      index += fixed[0].length
    } else {
      result += `\\${next}`
      index++
    }
  }
  return result
}

function unsupportedReason(pattern: string, error: unknown): string {
  if (/\(\?<?[=!]/.test(pattern)) return 'it uses lookaround, which RE2 does not support.'
  if (/\\(?:[1-9]|k<)/.test(pattern)) return 'it uses a backreference, which RE2 does not support.'
  return error instanceof Error ? `${error.message}.` : 'RE2 rejects it.'
}
