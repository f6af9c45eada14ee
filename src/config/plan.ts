/**
 * The edit planner: from a parsed file and a config path, the splices that set or remove one
 * value. It never touches the text; `applyEdits` does. New text matches the file's own habits:
 * indentation, key and string quotes, spacing after colons, line endings and trailing commas of
 * the object it goes into.
 */
import {isRecord} from '../shared/json.js'
import {ToolsearchError} from '../shared/errors.js'
import {type CstArray, type CstNode, type CstObject, type QuoteStyle, findMember} from './cst.js'
import type {Edit} from './edit.js'
import {type ConfigPath, type PathSegment, arrayIndexOf, formatConfigPath, isIdentifier, isIndexSegment} from './path.js'
import {type ConfigSource, nodeToValue} from './source.js'
import {detectEol, indentOfLine, lineBreakLength, startsLine} from './text.js'

interface FileStyle {
  eol: string
  indentUnit: string
  /** Quote for new keys: '' means unquoted where the key is an identifier. */
  keyQuote: QuoteStyle | ''
  stringQuote: QuoteStyle
  /** Whether multi-line objects and arrays end with a comma. */
  trailingComma: boolean
  colon: string
}

interface Context {
  text: string
  style: FileStyle
  json: boolean
}

export function pathError(message: string): ToolsearchError {
  return new ToolsearchError('config-path', message)
}

export function pathNotFound(path: string): ToolsearchError {
  return new ToolsearchError('config-path-not-found', `Config path not found: ${path}`)
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]))
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
  }
  return false
}

// ---------------------------------------------------------------------------------------------
// Style detection

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

// ---------------------------------------------------------------------------------------------
// Serialization in the file's style

function quoteString(value: string, quote: QuoteStyle): string {
  const json = JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  if (quote === '"') return json
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
}

function formatKey(key: string, quote: QuoteStyle | '', stringQuote: QuoteStyle): string {
  if (quote === '') return isIdentifier(key) ? key : quoteString(key, stringQuote)
  return quoteString(key, quote)
}

/**
 * Serializes a value; `indent` is the indentation of the line it starts on (null: all on one
 * line). Arrays of scalars stay on one line; nested keys use the file's key quoting.
 */
function serialize(value: unknown, indent: string | null, ctx: Context, quote: QuoteStyle = ctx.style.stringQuote): string {
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
function nest(path: ConfigPath, rest: PathSegment[], value: unknown): unknown {
  return rest.reduceRight<unknown>((inner, segment) => {
    const index = arrayIndexOf(segment.key)
    if (index === undefined) return {[segment.key]: inner}
    if (index === 0) return [inner]
    throw pathError(`Cannot set ${formatConfigPath(path)}: index ${index} is out of range (the array has 0 elements)`)
  }, value)
}

// ---------------------------------------------------------------------------------------------
// Trivia helpers

/**
 * Skips spaces, tabs and comments after `offset` on the same line. A block comment may span lines;
 * with `{ownLineOnly: true}` one that does is not skipped (it belongs to the lines it runs onto).
 */
function endOfTrailingTrivia(text: string, offset: number, {ownLineOnly = false} = {}): number {
  let i = offset
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++
    if (text.startsWith('//', i)) {
      while (i < text.length && !/[\n\r\u2028\u2029]/.test(text[i])) i++
      return i
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2)
      const end = close === -1 ? text.length : close + 2
      if (ownLineOnly && /[\n\r\u2028\u2029]/.test(text.slice(i, end))) return i
      i = end
      continue
    }
    return i
  }
}

function isLineBreakAt(text: string, offset: number): boolean {
  return lineBreakLength(text, offset) > 0
}

// ---------------------------------------------------------------------------------------------
// Planning

interface Item {
  start: number
  end: number
  comma?: number
}

function objectItems(node: CstObject): Item[] {
  return node.members
}

function arrayItems(node: CstArray): Item[] {
  return node.elements.map((element) => ({start: element.value.start, end: element.value.end, comma: element.comma}))
}

/** Text inserted as the new last item of a container (`itemText` already styled). */
function planAppend(ctx: Context, container: CstObject | CstArray, items: Item[], itemText: (indent: string | null) => string, parentMultiline: boolean): Edit[] {
  const {text, style} = ctx
  const open = container.start + 1
  const close = container.end - 1
  const ownIndent = indentOfLine(text, container.start)
  if (items.length === 0) {
    const interior = text.slice(open, close)
    const multiline = /[\n\r]/.test(interior) || parentMultiline
    const memberIndent = ownIndent + style.indentUnit
    const comma = style.trailingComma ? ',' : ''
    if (!multiline) return [{offset: open, length: interior.length, content: itemText(null)}]
    if (interior.trim() === '') return [{offset: open, length: interior.length, content: `${style.eol}${memberIndent}${itemText(memberIndent)}${comma}${style.eol}${ownIndent}`}]
    return [{offset: open, length: 0, content: `${style.eol}${memberIndent}${itemText(memberIndent)}${comma}`}]
  }
  const last = items[items.length - 1]
  if (!startsLine(text, last.start)) {
    if (last.comma !== undefined) return [{offset: last.comma + 1, length: 0, content: ` ${itemText(null)},`}]
    return [{offset: last.end, length: 0, content: `, ${itemText(null)}`}]
  }
  const memberIndent = indentOfLine(text, last.start)
  const afterLast = last.comma === undefined ? last.end : last.comma + 1
  const at = endOfTrailingTrivia(text, afterLast)
  // Splitting `b: 2 }` before the brace: the spaces would dangle at the end of the line.
  let from = at
  if (at === close) while (from > afterLast && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--
  const comma = last.comma === undefined ? '' : ','
  const beforeClose = at === close ? `${style.eol}${ownIndent}` : ''
  const content = `${style.eol}${memberIndent}${itemText(memberIndent)}${comma}${beforeClose}`
  if (from === last.end && last.comma === undefined) return [{offset: from, length: at - from, content: `,${content}`}]
  // The comma goes right after the value, before a comment that may follow it.
  return [...(last.comma === undefined ? [{offset: last.end, length: 0, content: ','}] : []), {offset: from, length: at - from, content}]
}

function memberText(ctx: Context, container: CstObject, key: string, value: unknown): (indent: string | null) => string {
  const last = container.members[container.members.length - 1]
  let keyQuote = ctx.style.keyQuote
  if (!ctx.json && last !== undefined) keyQuote = last.keyQuote ?? ''
  let colon = ctx.style.colon
  if (last !== undefined) {
    const between = ctx.text.slice(last.keySpan.end, last.value.start)
    if (/^[ \t]*:[ \t]*$/.test(between)) colon = between
  }
  return (indent) => `${formatKey(key, keyQuote, ctx.style.stringQuote)}${colon}${serialize(value, indent, ctx)}`
}

export interface SetPlan {
  edits: Edit[]
  /** The value that was there before, if any. */
  previous?: {value: unknown}
}

/** Each source's style, detected once: it walks the whole tree, and a fix pass plans several edits. */
const styles = new WeakMap<ConfigSource, FileStyle>()

function contextFor(source: ConfigSource): Context {
  let style = styles.get(source)
  if (style === undefined) {
    style = detectStyle(source)
    styles.set(source, style)
  }
  return {text: source.text, style, json: source.format === 'json'}
}

/**
 * Plans setting `path` to `value`. Missing containers are created as `nest` says; an index
 * segment indexes into an existing array (index == length appends). A no-op plans `[]`.
 */
export function planSet(source: ConfigSource, path: ConfigPath, value: unknown): SetPlan {
  if (path.length === 0) throw pathError('A path is required')
  const ctx = contextFor(source)
  const full: ConfigPath = [...source.rootPrefix.map((key) => ({key, quoted: true})), ...path]
  if (source.top === undefined) {
    const lead = source.text === '' || /[\n\r]$/.test(source.text) ? '' : ctx.style.eol
    return {edits: [{offset: source.text.length, length: 0, content: `${lead}${serialize({[full[0].key]: nest(path, full.slice(1), value)}, '', ctx)}${ctx.style.eol}`}]}
  }
  let node: CstNode = source.top
  let multiline = true
  for (let i = 0; i < full.length; i++) {
    const segment = full[i]
    const isLast = i === full.length - 1
    if (node.kind === 'object') {
      const member = findMember(node, segment.key)
      if (member === undefined) {
        const inserted = nest(path, full.slice(i + 1), value)
        return {edits: planAppend(ctx, node, objectItems(node), memberText(ctx, node, segment.key, inserted), multiline)}
      }
      if (isLast) return withoutEarlierDuplicates(ctx, node, segment.key, replaceValue(ctx, source, node, member.value, value))
      multiline = /[\n\r]/.test(ctx.text.slice(node.start, node.end))
      node = member.value
      continue
    }
    if (node.kind === 'array') {
      if (!isIndexSegment(segment)) throw pathError(`Cannot set ${formatConfigPath(path)}: ${formatConfigPath(full.slice(source.rootPrefix.length, i))} is an array; use an index like [0]`)
      const index = Number(segment.key)
      if (index > node.elements.length) throw pathError(`Cannot set ${formatConfigPath(path)}: index ${index} is out of range (the array has ${node.elements.length} elements)`)
      if (index === node.elements.length) {
        const inserted = nest(path, full.slice(i + 1), value)
        // A scalar going into an empty array stays on its line (`["x"]`), like serialize writes it.
        const isScalar = inserted === null || typeof inserted !== 'object'
        return {edits: planAppend(ctx, node, arrayItems(node), (indent) => serialize(inserted, indent, ctx), multiline && !isScalar)}
      }
      if (isLast) return replaceValue(ctx, source, node, node.elements[index].value, value)
      multiline = /[\n\r]/.test(ctx.text.slice(node.start, node.end))
      node = node.elements[index].value
      continue
    }
    const parent = formatConfigPath(full.slice(source.rootPrefix.length, i))
    throw pathError(`Cannot set ${formatConfigPath(path)}: ${parent === '' ? 'the config' : parent} is ${node.kind === 'null' ? 'null' : `a ${node.kind}`}, not an object`)
  }
  throw pathError(`Cannot set ${formatConfigPath(path)}`)
}

/**
 * A key written twice (`{mode: "code", mode: "code"}`): the last one is the value, the earlier
 * ones are dead text that still reads like a setting. A change to the key removes them too, so
 * what the file says is what it means.
 */
function withoutEarlierDuplicates(ctx: Context, object: CstObject, key: string, plan: SetPlan): SetPlan {
  if (plan.edits.length === 0) return plan
  const indexes = object.members.flatMap((member, index) => (member.key === key ? [index] : [])).slice(0, -1)
  if (indexes.length === 0) return plan
  return {...plan, edits: [...removeItems(ctx, object, objectItems(object), indexes), ...plan.edits]}
}

function replaceValue(ctx: Context, source: ConfigSource, container: CstNode, node: CstNode, value: unknown): SetPlan {
  const previous = nodeToValue(source, node)
  if (deepEqual(previous, value)) return {edits: [], previous: {value: previous}}
  const quote = node.kind === 'string' && node.quote !== undefined && !ctx.json ? node.quote : ctx.style.stringQuote
  const inline = !/[\n\r]/.test(ctx.text.slice(container.start, container.end))
  const content = serialize(value, inline ? null : indentOfLine(ctx.text, node.start), ctx, quote)
  return {edits: [{offset: node.start, length: node.end - node.start, content}], previous: {value: previous}}
}

export interface RemovePlan {
  edits: Edit[]
  previous: unknown
}

/** Plans removing the key or the one array element at `path`; a missing path is an error. */
export function planRemove(source: ConfigSource, path: ConfigPath): RemovePlan {
  if (path.length === 0) throw pathError('A path is required')
  const ctx = contextFor(source)
  const shownPath = formatConfigPath(path)
  const full: ConfigPath = [...source.rootPrefix.map((key) => ({key, quoted: true})), ...path]
  let node: CstNode | undefined = source.top
  for (let i = 0; i < full.length; i++) {
    const segment = full[i]
    const isLast = i === full.length - 1
    if (node?.kind === 'object') {
      const indexes = node.members.flatMap((member, index) => (member.key === segment.key ? [index] : []))
      if (indexes.length === 0) throw pathNotFound(shownPath)
      if (isLast) {
        const previous = nodeToValue(source, node.members[indexes[indexes.length - 1]].value)
        return {edits: removeItems(ctx, node, objectItems(node), indexes), previous}
      }
      node = node.members[indexes[indexes.length - 1]].value
      continue
    }
    if (node?.kind === 'array' && isIndexSegment(segment)) {
      const index = Number(segment.key)
      if (index >= node.elements.length) throw pathNotFound(shownPath)
      if (isLast) return {edits: removeItems(ctx, node, arrayItems(node), [index]), previous: nodeToValue(source, node.elements[index].value)}
      node = node.elements[index].value
      continue
    }
    throw pathNotFound(shownPath)
  }
  throw pathNotFound(shownPath)
}

/** Removes the items at `indexes` (ascending) from a container, keeping commas consistent. */
function removeItems(ctx: Context, container: CstObject | CstArray, items: Item[], indexes: number[]): Edit[] {
  const {text} = ctx
  const removed = new Set(indexes)
  const kept = items.filter((_, index) => !removed.has(index))
  if (kept.length === 0) {
    const open = container.start + 1
    const close = container.end - 1
    const interior = text.slice(open, close)
    const withoutItems = items.reduceRight((rest, item) => rest.slice(0, item.start - open) + rest.slice((item.comma ?? item.end - 1) + 1 - open), interior)
    if (withoutItems.trim() === '') return [{offset: open, length: interior.length, content: ''}]
  }
  const edits: Edit[] = []
  for (const index of indexes) {
    const item = items[index]
    const isLastItem = index === items.length - 1
    const previous = items[index - 1]
    const afterItem = item.comma === undefined ? item.end : item.comma + 1
    // Removing the item's line must not take the later lines of a comment that starts on it.
    const trailing = endOfTrailingTrivia(text, afterItem, {ownLineOnly: true})
    if (startsLine(text, item.start) && (isLineBreakAt(text, trailing) || trailing >= text.length)) {
      const lineStart = item.start - indentOfLine(text, item.start).length
      edits.push({offset: lineStart, length: trailing + lineBreakLength(text, trailing) - lineStart, content: ''})
      if (isLastItem && item.comma === undefined && previous?.comma !== undefined && !removed.has(index - 1)) edits.push({offset: previous.comma, length: 1, content: ''})
      continue
    }
    if (!isLastItem) {
      let start = item.start
      let end = afterItem
      while (text[end] === ' ' || text[end] === '\t') end++
      // The rest of the line goes: take the spaces before the item too, so none dangle.
      if (isLineBreakAt(text, end)) while (text[start - 1] === ' ' || text[start - 1] === '\t') start--
      edits.push({offset: start, length: end - start, content: ''})
    } else if (previous?.comma !== undefined && !removed.has(index - 1)) {
      const start = item.comma === undefined ? previous.comma : previous.comma + 1
      edits.push({offset: start, length: afterItem - start, content: ''})
    } else {
      edits.push({offset: item.start, length: afterItem - item.start, content: ''})
    }
  }
  return mergeAdjacent(edits)
}

/** Joins removals that touch each other (consecutive removed lines) into one edit. */
function mergeAdjacent(edits: Edit[]): Edit[] {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset)
  const out: Edit[] = []
  for (const edit of sorted) {
    const last = out[out.length - 1]
    if (last !== undefined && last.content === '' && edit.content === '' && last.offset + last.length >= edit.offset) {
      last.length = Math.max(last.offset + last.length, edit.offset + edit.length) - last.offset
    } else {
      out.push({...edit})
    }
  }
  return out
}
