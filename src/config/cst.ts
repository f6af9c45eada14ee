/**
 * A concrete syntax tree for JSON5: every node knows its exact span in the original text, so edits
 * can be planned as splices and everything outside them stays byte-identical.
 *
 * Why our own scanner: `@croct/json5-parser` round-trips JSON5 well, but its lexer rejects a raw
 * U+2028/U+2029 inside a string (valid JSON5) and its editing API re-serialises a mutated tree
 * instead of producing splices against the original text. The grammar is small; owning it keeps
 * offsets, error positions and the edit planner in one place.
 */
import {isAsciiDigit, isAsciiLowercase, isAsciiUppercase} from '../shared/ascii.js'
import {regExpOnFirstUse} from '../shared/regexp.js'
import type {JsonPath} from '../shared/json-path.js'
import {positionAt} from './text.js'

export interface Span {
  /** Offset of the first character. */
  start: number
  /** Offset just past the last character. */
  end: number
}

export type QuoteStyle = '"' | "'"

export interface CstScalar extends Span {
  kind: 'string' | 'number' | 'boolean' | 'null'
  value: string | number | boolean | null
  /** The quote of a string literal. */
  quote?: QuoteStyle
}

export interface CstMember extends Span {
  /** The decoded key. */
  key: string
  /** Span of the key as written (with quotes, if any). */
  keySpan: Span
  /** Quote of the key; undefined for an identifier key. */
  keyQuote?: QuoteStyle
  value: CstNode
  /** Offset of the comma after the value, if there is one. */
  comma?: number
}

export interface CstObject extends Span {
  kind: 'object'
  members: CstMember[]
}

export interface CstElement {
  value: CstNode
  comma?: number
}

export interface CstArray extends Span {
  kind: 'array'
  elements: CstElement[]
}

export type CstNode = CstScalar | CstObject | CstArray

export interface ParseError {
  message: string
  offset: number
  line: number
  column: number
}

/** `comments`: how many line and block comments the text holds (what a JSON rewrite would drop). */
export type ParseResult = {ok: true; root: CstNode | undefined; comments: number} | {ok: false; error: ParseError}

/** Deeper nesting than this is refused instead of overflowing the stack. */
/** How deep a config may nest; the reader refuses deeper text, so no write may make it. */
export const MAX_DEPTH = 256


class SyntaxFailure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
  }
}

/** JSON5 numbers: no leading zeros (`01`), as in JSON5 itself and the gateway that reads the file. */
const NUMBER = /[+-]?(?:Infinity|NaN|0[xX][0-9a-fA-F]+|(?:(?:0|[1-9]\d*)(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/y
// Made on first use: only text beyond ASCII needs them.
const ID_START = regExpOnFirstUse(() => /[$_\p{ID_Start}]/u)
const ID_CONTINUE = regExpOnFirstUse(() => /[$_\u200C\u200D\p{ID_Continue}]/u)
/** JSON5 white space: the ASCII ones, line and paragraph separators, the BOM and every Zs space. */
const WHITESPACE = regExpOnFirstUse(() => /[\t\n\v\f\r\u2028\u2029\uFEFF\p{Zs}]/u)
/**
 * Where the line holding `from` ends: the offset of its line break (LF, CR, LS or PS), or the end
 * of the text. A loop over character codes: a file of many thousands of comments would otherwise
 * make a match and a string of each one.
 */
function endOfLine(text: string, from: number): number {
  let i = from
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) break
  }
  return i
}
/** ASCII identifier characters: letters, digits, `_` and `$` (in ASCII, ID_CONTINUE is exactly these, and ID_START the same without digits). */
function isAsciiIdentifierChar(code: number): boolean {
  return isAsciiLowercase(code) || isAsciiUppercase(code) || isAsciiDigit(code) || code === 0x5f || code === 0x24
}
/** Escapes that stand for one character. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '"': '"', '\\': '\\'}

/**
 * Parses JSON5 text into a CST. An empty document (only whitespace and comments) parses to
 * `root: undefined`. Errors are values carrying offset, line and column.
 */
export function parseCst(text: string): ParseResult {
  const parser = new Parser(text)
  try {
    const root = parser.document()
    return {ok: true, root, comments: parser.comments}
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error
    return {ok: false, error: {message: error.message, offset: error.offset, ...positionAt(text, error.offset)}}
  }
}

/**
 * The plain value of JSON5 text, without a syntax tree: objects, arrays and scalars exactly as
 * converting `parseCst`'s tree would give them. Undefined when the text is not that simple: it
 * does not parse, holds no value, or has a key in `refused` (the caller then parses it with
 * `parseCst`, which says what is wrong or lets it resolve those keys).
 *
 * Why a second way through the same grammar: a config of many megabytes has hundreds of
 * thousands of values, and its syntax tree is several times the size of its values; most runs read
 * values and ask where only a few of them are written, so the tree is built only when asked for.
 */
export function parsePlain(text: string, refused: ReadonlySet<string>): {value: unknown} | undefined {
  const parser = new Parser(text)
  try {
    return parser.plainDocument(refused)
  } catch (error) {
    if (error instanceof SyntaxFailure || error instanceof NotPlain) return undefined
    throw error
  }
}

/**
 * The plain value of `text` from `start` to `end` when that stretch is exactly one value (no
 * trivia around it) nested `depth` levels deep, as `parsePlain` gives values; undefined otherwise.
 * How a value replaced inside a larger text is read without reading the rest again.
 */
export function parsePlainSpan(text: string, start: number, end: number, depth: number, refused: ReadonlySet<string>): {value: unknown} | undefined {
  const parser = new Parser(text.slice(0, end), start)
  try {
    return parser.plainSpan(depth, refused)
  } catch (error) {
    if (error instanceof SyntaxFailure || error instanceof NotPlain) return undefined
    throw error
  }
}

/** Thrown by the plain parser at a key it leaves to the tree parser. */
class NotPlain extends Error {}

class Parser {
  private pos: number
  /** Comments seen so far (trivia is skipped once per position, so each counts once). */
  comments = 0
  /** The quote of the key `key()` read last. */
  private keyQuote: QuoteStyle | undefined

  constructor(
    private readonly text: string,
    start = 0,
  ) {
    this.pos = start
  }

  document(): CstNode | undefined {
    this.skipTrivia()
    if (this.pos >= this.text.length) return undefined
    const root = this.value(0)
    this.skipTrivia()
    if (this.pos < this.text.length) this.fail(`Unexpected ${this.describe(this.pos)} after the end of the value`)
    return root
  }

  private value(depth: number): CstNode {
    if (depth > MAX_DEPTH) this.fail(`Nesting deeper than ${MAX_DEPTH} levels`)
    const char = this.text[this.pos]
    if (char === '{') return this.object(depth)
    if (char === '[') return this.array(depth)
    if (char === '"' || char === "'") return this.string()
    const start = this.pos
    const value = this.literal()
    const end = this.pos
    return value === null ? {kind: 'null', value, start, end} : typeof value === 'boolean' ? {kind: 'boolean', value, start, end} : {kind: 'number', value, start, end}
  }

  /** The `true`, `false`, `null` or number at `this.pos`, moving past it; anything else fails. */
  private literal(): number | boolean | null {
    const start = this.pos
    const char = this.text[start]
    const word = char === 't' ? 'true' : char === 'f' ? 'false' : char === 'n' ? 'null' : undefined
    if (word !== undefined && this.text.startsWith(word, start) && !this.isIdentifierChar(start + word.length)) {
      this.pos += word.length
      return word === 'null' ? null : word === 'true'
    }
    NUMBER.lastIndex = start
    const match = NUMBER.exec(this.text)
    if (match !== null && /\d/.test(this.text[start + match[0].length] ?? '')) this.fail('Numbers cannot have leading zeros', start)
    if (match !== null && !this.isIdentifierChar(start + match[0].length)) {
      this.pos += match[0].length
      return parseNumber(match[0])
    }
    return this.fail(this.pos >= this.text.length ? 'Unexpected end of file; expected a value' : `Unexpected ${this.describe(start)}; expected a value`)
  }

  /** The document's plain value (see `parsePlain`); undefined when it holds none. */
  plainDocument(refused: ReadonlySet<string>): {value: unknown} | undefined {
    this.skipTrivia()
    if (this.pos >= this.text.length) return undefined
    const value = this.plainValue(0, refused)
    this.skipTrivia()
    if (this.pos < this.text.length) this.fail(`Unexpected ${this.describe(this.pos)} after the end of the value`)
    return {value}
  }

  /** The one value from `this.pos` to the end of the text, with nothing around it (see `parsePlainSpan`). */
  plainSpan(depth: number, refused: ReadonlySet<string>): {value: unknown} | undefined {
    const start = this.pos
    this.skipTrivia()
    if (this.pos !== start || this.pos >= this.text.length) return undefined
    const value = this.plainValue(depth, refused)
    return this.pos === this.text.length ? {value} : undefined
  }

  // The plain parser follows `value`, `object` and `array` step for step (same checks, same
  // order), building values where they build nodes.

  private plainValue(depth: number, refused: ReadonlySet<string>): unknown {
    if (depth > MAX_DEPTH) this.fail(`Nesting deeper than ${MAX_DEPTH} levels`)
    const char = this.text[this.pos]
    if (char === '{') return this.plainObject(depth, refused)
    if (char === '[') return this.plainArray(depth, refused)
    if (char === '"' || char === "'") return this.stringValue()
    return this.literal()
  }

  private plainObject(depth: number, refused: ReadonlySet<string>): Record<string, unknown> {
    this.pos++
    const out: Record<string, unknown> = {}
    let first = true
    let comma = false
    for (;;) {
      this.skipTrivia()
      if (this.text[this.pos] === '}') break
      if (!first && !comma) this.fail(`Expected "," or "}" but found ${this.describe(this.pos)}`)
      first = false
      const key = this.key()
      if (refused.has(key)) throw new NotPlain()
      this.skipTrivia()
      if (this.text[this.pos] !== ':') this.fail(`Expected ":" after key "${key}" but found ${this.describe(this.pos)}`)
      this.pos++
      this.skipTrivia()
      out[key] = this.plainValue(depth + 1, refused)
      this.skipTrivia()
      comma = this.comma() !== undefined
    }
    this.pos++
    return out
  }

  private plainArray(depth: number, refused: ReadonlySet<string>): unknown[] {
    this.pos++
    const out: unknown[] = []
    let comma = false
    for (;;) {
      this.skipTrivia()
      if (this.text[this.pos] === ']') break
      if (out.length > 0 && !comma) this.fail(`Expected "," or "]" but found ${this.describe(this.pos)}`)
      out.push(this.plainValue(depth + 1, refused))
      this.skipTrivia()
      comma = this.comma() !== undefined
    }
    this.pos++
    return out
  }

  private object(depth: number): CstObject {
    const start = this.pos
    this.pos++
    const members: CstMember[] = []
    for (;;) {
      this.skipTrivia()
      if (this.text[this.pos] === '}') break
      if (members.length > 0 && members[members.length - 1].comma === undefined) this.fail(`Expected "," or "}" but found ${this.describe(this.pos)}`)
      const keyStart = this.pos
      const key = this.key()
      const quote = this.keyQuote
      const keySpan = {start: keyStart, end: this.pos}
      this.skipTrivia()
      if (this.text[this.pos] !== ':') this.fail(`Expected ":" after key "${key}" but found ${this.describe(this.pos)}`)
      this.pos++
      this.skipTrivia()
      const value = this.value(depth + 1)
      this.skipTrivia()
      const comma = this.comma()
      // One literal with every field, `comma` too: a field added afterwards would give each
      // member a second, out-of-object block of properties.
      members.push({key, keySpan, keyQuote: quote, value, start: keyStart, end: value.end, comma})
    }
    this.pos++
    return {kind: 'object', members: exactly(members), start, end: this.pos}
  }

  /** The offset of the comma at `this.pos`, moving past it; undefined when there is none. */
  private comma(): number | undefined {
    if (this.text[this.pos] !== ',') return undefined
    return this.pos++
  }

  private array(depth: number): CstArray {
    const start = this.pos
    this.pos++
    const elements: CstElement[] = []
    for (;;) {
      this.skipTrivia()
      if (this.text[this.pos] === ']') break
      if (elements.length > 0 && elements[elements.length - 1].comma === undefined) this.fail(`Expected "," or "]" but found ${this.describe(this.pos)}`)
      const value = this.value(depth + 1)
      this.skipTrivia()
      elements.push({value, comma: this.comma()})
    }
    this.pos++
    return {kind: 'array', elements: exactly(elements), start, end: this.pos}
  }

  /** The key at `this.pos`, decoded; its quote (undefined for an identifier) goes to `keyQuote`. */
  private key(): string {
    const {text} = this
    const char = text[this.pos]
    if (char === '"' || char === "'") {
      this.keyQuote = char
      return this.stringValue()
    }
    this.keyQuote = undefined
    let key = ''
    for (;;) {
      // Runs of plain ASCII identifier characters are taken as one slice; escapes and the rest
      // of Unicode one code point at a time.
      const runStart = this.pos
      let code = text.charCodeAt(this.pos)
      while (isAsciiIdentifierChar(code) && (key !== '' || this.pos > runStart || !(code >= 0x30 && code <= 0x39))) code = text.charCodeAt(++this.pos)
      if (this.pos > runStart) key += text.slice(runStart, this.pos)
      if (code < 0x80 && code !== 0x5c) break
      const start = this.pos
      let part: string
      if (text[this.pos] === '\\' && text[this.pos + 1] === 'u') {
        part = this.unicodeEscape(this.pos + 2)
        this.pos += 6
      } else {
        const codePoint = text.codePointAt(this.pos)
        part = codePoint === undefined ? '' : String.fromCodePoint(codePoint)
        this.pos += part.length
      }
      const valid = key === '' ? ID_START().test(part) : ID_CONTINUE().test(part)
      if (!valid) {
        this.pos = start
        break
      }
      key += part
    }
    if (key === '') this.fail(this.pos >= text.length ? 'Unexpected end of file; expected a key or "}"' : `Unexpected ${this.describe(this.pos)}; expected a key or "}"`)
    return key
  }

  private string(): CstScalar {
    const start = this.pos
    const quote = this.text[this.pos] as QuoteStyle
    const value = this.stringValue()
    return {kind: 'string', value, quote, start, end: this.pos}
  }

  /** Decodes the string literal at `this.pos` and moves past it. */
  private stringValue(): string {
    const {text} = this
    const start = this.pos
    const quote = text.charCodeAt(this.pos)
    this.pos++
    let value = ''
    for (;;) {
      // Plain characters are taken as one slice: adding them one by one builds a rope of a node
      // per character, which for a 20 MB string costs seconds and gigabytes of garbage.
      const runStart = this.pos
      let code = text.charCodeAt(this.pos)
      while (code !== quote && code !== 0x5c && code !== 0x0a && code !== 0x0d && this.pos < text.length) code = text.charCodeAt(++this.pos)
      if (this.pos > runStart) value = value === '' ? text.slice(runStart, this.pos) : value + text.slice(runStart, this.pos)
      if (this.pos >= text.length) this.fail('Unterminated string', start)
      if (code === quote) break
      if (code === 0x0a || code === 0x0d) this.fail('Unterminated string (line break inside a string)', start)
      value += this.escape()
    }
    this.pos++
    return value
  }

  /** Decodes the escape at `this.pos` (a backslash) and moves past it. */
  private escape(): string {
    const next = this.text[this.pos + 1]
    if (next === undefined) this.fail('Unterminated string')
    if (Object.hasOwn(SIMPLE_ESCAPES, next)) {
      this.pos += 2
      return SIMPLE_ESCAPES[next]
    }
    if (next === '0' && !/\d/.test(this.text[this.pos + 2] ?? '')) {
      this.pos += 2
      return '\0'
    }
    if (/\d/.test(next)) this.fail('Invalid escape: digits cannot be escaped in JSON5 strings')
    if (next === 'x') {
      const hex = this.text.slice(this.pos + 2, this.pos + 4)
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) this.fail('Invalid \\x escape')
      this.pos += 4
      return String.fromCharCode(Number.parseInt(hex, 16))
    }
    if (next === 'u') {
      const decoded = this.unicodeEscape(this.pos + 2)
      this.pos += 6
      return decoded
    }
    if (next === '\r' && this.text[this.pos + 2] === '\n') {
      this.pos += 3
      return ''
    }
    if (next === '\n' || next === '\r' || next === '\u2028' || next === '\u2029') {
      this.pos += 2
      return ''
    }
    this.pos += 2
    return next
  }

  private unicodeEscape(at: number): string {
    const hex = this.text.slice(at, at + 4)
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid \\u escape', at - 2)
    return String.fromCharCode(Number.parseInt(hex, 16))
  }

  private skipTrivia(): void {
    const {text} = this
    while (this.pos < text.length) {
      const code = text.charCodeAt(this.pos)
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || (code > 0x7f || code === 0x0b || code === 0x0c ? WHITESPACE().test(text[this.pos]) : false)) {
        this.pos++
      } else if (code === 0x2f && text[this.pos + 1] === '/') {
        this.comments++
        this.pos = endOfLine(text, this.pos + 2)
      } else if (code === 0x2f && text[this.pos + 1] === '*') {
        const close = text.indexOf('*/', this.pos + 2)
        if (close === -1) this.fail('Unterminated block comment')
        this.comments++
        this.pos = close + 2
      } else {
        break
      }
    }
  }

  private isIdentifierChar(offset: number): boolean {
    const code = this.text.charCodeAt(offset)
    if (Number.isNaN(code)) return false
    return code < 0x80 ? isAsciiIdentifierChar(code) : ID_CONTINUE().test(this.text[offset])
  }

  private describe(offset: number): string {
    if (offset >= this.text.length) return 'end of file'
    const codePoint = this.text.codePointAt(offset) ?? 0
    const char = String.fromCodePoint(codePoint)
    return /[\p{L}\p{N}\p{P}\p{S}]/u.test(char) ? `"${char}"` : `character U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
  }

  private fail(message: string, offset = this.pos): never {
    throw new SyntaxFailure(message, offset)
  }
}

/**
 * `items` in an array of their own length. An array grown by `push` keeps room for at least 16
 * items, and most containers of a config hold a few: a large file's tree would be mostly that
 * room. Large arrays keep theirs (a copy would cost more than it saves).
 */
function exactly<T>(items: T[]): T[] {
  return items.length < 16 ? items.slice() : items
}

function parseNumber(raw: string): number {
  const sign = raw.startsWith('-') ? -1 : 1
  const unsigned = raw.replace(/^[+-]/, '')
  if (unsigned === 'NaN') return Number.NaN
  if (unsigned === 'Infinity') return sign * Number.POSITIVE_INFINITY
  return sign * Number(unsigned)
}

/** The member for `key` (the last one when a key repeats: JSON5 keeps the last). */
export function findMember(node: CstObject, key: string): CstMember | undefined {
  for (let i = node.members.length - 1; i >= 0; i--) if (node.members[i].key === key) return node.members[i]
  return undefined
}

/**
 * The plain value of a tree, as `JSON.parse` (or JSON5's parser) gives it for the same text:
 * the last of repeated keys wins, and a `__proto__` key is an own property, data like any other.
 */
export function cstValue(node: CstNode): unknown {
  if (node.kind === 'array') return node.elements.map((element) => cstValue(element.value))
  if (node.kind !== 'object') return node.value
  const out: Record<string, unknown> = {}
  for (const member of node.members) {
    if (member.key === '__proto__') Object.defineProperty(out, member.key, {value: cstValue(member.value), writable: true, enumerable: true, configurable: true})
    else out[member.key] = cstValue(member.value)
  }
  return out
}

/** The node at `path` (keys of objects, indexes of arrays), or undefined when the tree has none there. */
export function nodeAtPath(root: CstNode, path: JsonPath): CstNode | undefined {
  let node: CstNode | undefined = root
  for (const segment of path) {
    if (node === undefined) return undefined
    if (typeof segment === 'number') node = node.kind === 'array' ? node.elements[segment]?.value : undefined
    else node = node.kind === 'object' ? findMember(node, segment)?.value : undefined
  }
  return node
}
