/**
 * A config file's own style, and values written in it: indentation, key and string quotes,
 * spacing after colons, line endings and trailing commas, detected once per parsed file, so new
 * text looks as if the file's author wrote it.
 */
import {isRecord} from '../shared/json.js'
import type {CstArray, CstNode, CstObject, QuoteStyle} from './cst.js'
import {isIdentifier} from '../shared/json-path.js'
import {pathError} from './path.js'
import type {ConfigSource} from './source.js'
import {detectEol, indentOfLine, startsLine} from './text.js'
/** An object member's or array element's span, and its comma. */
export interface Item {
  start: number
  end: number
  comma?: number
}

export function objectItems(node: CstObject): Item[] {
  return node.members
}

export function arrayItems(node: CstArray): Item[] {
  return node.elements.map((element) => ({start: element.value.start, end: element.value.end, comma: element.comma}))
}

export interface FileStyle {
  eol: string
  indentUnit: string
  /** Quote for new keys: '' means unquoted where the key is an identifier. */
  keyQuote: QuoteStyle | ''
  stringQuote: QuoteStyle
  /** Whether multi-line objects and arrays end with a comma. */
  trailingComma: boolean
  colon: string
}

/** What planning an edit needs to know about the file. */
export interface EditContext {
  text: string
  style: FileStyle
  json: boolean
}

/** Each source's style, detected once: it walks the whole tree, and a fix pass plans several edits. */
const styles = new WeakMap<ConfigSource, FileStyle>()

export function editContext(source: ConfigSource): EditContext {
  let style = styles.get(source)
  if (style === undefined) {
    style = detectStyle(source)
    styles.set(source, style)
  }
  return {text: source.text, style, json: source.format === 'json'}
}

function walk(node: CstNode | undefined, visit: (node: CstNode) => void): void {
  if (node === undefined) return
  visit(node)
  if (node.kind === 'object') for (const member of node.members) walk(member.value, visit)
  if (node.kind === 'array') for (const element of node.elements) walk(element.value, visit)
}

function detectStyle(source: ConfigSource): FileStyle {
  const {text} = source
  let unquotedKeys = 0
  const keyQuotes = {'"': 0, "'": 0}
  const stringQuotes = {'"': 0, "'": 0}
  let withComma = 0
  let withoutComma = 0
  let indentUnit: string | undefined
  let colon: string | undefined
  walk(source.top, (node) => {
    if (node.kind === 'string' && node.quote !== undefined) stringQuotes[node.quote]++
    if (node.kind !== 'object' && node.kind !== 'array') return
    const items = node.kind === 'object' ? node.members : arrayItems(node)
    if (node.kind === 'object') {
      for (const member of node.members) {
        if (member.keyQuote === undefined) unquotedKeys++
        else keyQuotes[member.keyQuote]++
        const between = text.slice(member.keySpan.end, member.value.start)
        if (colon === undefined && /^[ \t]*:[ \t]*$/.test(between)) colon = between.replace(/^[ \t]*/, '')
      }
    }
    const last = items[items.length - 1]
    if (last === undefined || !startsLine(text, last.start)) return
    if (last.comma === undefined) withoutComma++
    else withComma++
    if (indentUnit === undefined) {
      const outer = indentOfLine(text, node.start)
      const inner = indentOfLine(text, last.start)
      if (inner.startsWith(outer) && inner.length > outer.length) indentUnit = inner.slice(outer.length)
    }
  })
  const json = source.format === 'json'
  const quotedKeys = keyQuotes['"'] + keyQuotes["'"]
  return {
    eol: detectEol(text),
    indentUnit: indentUnit ?? '  ',
    keyQuote: json ? '"' : unquotedKeys > 0 && unquotedKeys >= quotedKeys ? '' : keyQuotes["'"] > keyQuotes['"'] ? "'" : '"',
    stringQuote: json || stringQuotes['"'] >= stringQuotes["'"] ? '"' : "'",
    trailingComma: !json && withComma > withoutComma,
    colon: colon ?? ': ',
  }
}

export function quoteString(value: string, quote: QuoteStyle): string {
  const json = JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  if (quote === '"') return json
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
}

export function formatKey(key: string, quote: QuoteStyle | '', stringQuote: QuoteStyle): string {
  if (quote === '') return isIdentifier(key) ? key : quoteString(key, stringQuote)
  return quoteString(key, quote)
}

/**
 * Serializes a value; `indent` is the indentation of the line it starts on (null: all on one
 * line). Arrays of scalars stay on one line; nested keys use the file's key quoting.
 */
export function serialize(value: unknown, indent: string | null, ctx: EditContext, quote: QuoteStyle = ctx.style.stringQuote): string {
  const {style} = ctx
  if (value === null || typeof value === 'boolean') return String(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value) && ctx.json) throw pathError(`${value} cannot be written to a JSON file`)
    return Object.is(value, -0) ? '-0' : String(value)
  }
  if (typeof value === 'string') return quoteString(value, quote)
  const inner = indent === null ? null : indent + style.indentUnit
  const close = style.trailingComma ? ',' : ''
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    if (inner === null || value.every((item) => item === null || typeof item !== 'object')) return `[${value.map((item) => serialize(item, null, ctx, quote)).join(', ')}]`
    return `[${style.eol}${value.map((item) => inner + serialize(item, inner, ctx, quote)).join(`,${style.eol}`)}${close}${style.eol}${indent}]`
  }
  if (isRecord(value)) {
    const entries = Object.entries(value)
    if (entries.length === 0) return '{}'
    const member = ([key, item]: [string, unknown]) => `${formatKey(key, style.keyQuote, quote)}${style.colon}${serialize(item, inner, ctx, quote)}`
    if (inner === null) return `{${entries.map(member).join(', ')}}`
    return `{${style.eol}${entries.map((entry) => inner + member(entry)).join(`,${style.eol}`)}${close}${style.eol}${indent}}`
  }
  throw pathError(`Cannot store a value of type ${typeof value}`)
}

/**
 * The value to insert at `rest` below a missing container. A missing container is an array when
 * the segment going into it is an index (`list[0]`), else an object, as OpenClaw's `config set`
 * creates them; a new array starts at index 0.
 */
