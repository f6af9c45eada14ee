/**
 * The edit planner: from a parsed file and a config path, the splices that set or remove one
 * value. It never touches the text; `applyEdits` does. New text matches the file's own habits:
 * indentation, key and string quotes, spacing after colons, line endings and trailing commas of
 * the object it goes into (`style.ts`).
 */
import {ToolsearchError} from '../shared/errors.js'
import {isRecord} from '../shared/json.js'
import {type CstArray, type CstNode, type CstObject, MAX_DEPTH, findMember} from './cst.js'
import type {Edit} from './edit.js'
import {type ConfigPath, FORBIDDEN_KEYS, type PathSegment, arrayIndexOf, forbiddenKeyMessage, formatConfigPath, isIndexSegment, pathError, pathNotFound} from './path.js'
import {type ConfigSource, nodeToValue} from './source.js'
import {type EditContext, type Item, arrayItems, editContext, formatKey, objectItems, serialize} from './style.js'
import {endOfTrailingTrivia, indentOfLine, isLineBreakAt, lineBreakLength, startsLine} from './text.js'

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]))
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a)
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
  }
  return false
}

function nest(path: ConfigPath, rest: PathSegment[], value: unknown): unknown {
  return rest.reduceRight<unknown>((inner, segment) => {
    const index = arrayIndexOf(segment.key)
    if (index === undefined) return {[segment.key]: inner}
    if (index === 0) return [inner]
    throw pathError(`Cannot set ${formatConfigPath(path)}: index ${index} is out of range (the array has 0 elements)`)
  }, value)
}

// ---------------------------------------------------------------------------------------------
// What may be written

/** Words for a value a config cannot hold. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'symbol') return 'a symbol'
  if (typeof value === 'bigint') return 'a bigint'
  const name = (Object.getPrototypeOf(value) as {constructor?: {name?: unknown}} | null)?.constructor?.name
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object that is not a plain object'
}

function valueError(path: readonly string[], problem: string): ToolsearchError {
  return new ToolsearchError('config-value', `Cannot write ${path.length === 0 ? 'the value' : formatConfigPath(path)}: ${problem}`)
}

/** A plain object: `{}` or `Object.create(null)`, not a Date, Map, class instance… */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value) as unknown
  return prototype === Object.prototype || prototype === null
}

/**
 * Checks that `value`, to be written at `path` (`depth` containers deep in the file), is what a
 * config file can hold and read back as the same value: JSON's values only (plain objects, arrays
 * without holes, strings, numbers, booleans, null), no key that reaches a prototype, no cycle, and
 * no deeper than the reader takes (`MAX_DEPTH`). Anything else is an error naming the place,
 * thrown before any edit is planned (where it would otherwise be dropped, turned into `{}`, or
 * overflow the stack).
 */
export function assertWritableValue(value: unknown, path: readonly string[] = [], depth = path.length): void {
  const ancestors: object[] = []
  const visit = (item: unknown, at: string[], level: number): void => {
    if (item === null || typeof item === 'string' || typeof item === 'boolean' || typeof item === 'number') return
    if (typeof item !== 'object') throw valueError(at, `${kindOf(item)} is not a config value (a config holds objects, arrays, strings, numbers, booleans and null)`)
    if (ancestors.includes(item)) throw valueError(at, `the value refers back to itself (a cycle), so it cannot be written out`)
    if (level >= MAX_DEPTH) throw valueError(at, `the value nests deeper than ${MAX_DEPTH} levels in the file, which the config reader refuses`)
    if (!Array.isArray(item) && !isPlainObject(item)) throw valueError(at, `${kindOf(item)} is not a config value (a config holds objects, arrays, strings, numbers, booleans and null)`)
    if (Object.getOwnPropertySymbols(item).length > 0) throw valueError(at, 'an object with symbol keys is not a config value')
    ancestors.push(item)
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) {
        if (!(index in item)) throw valueError([...at, String(index)], 'the array has a hole here, which a config cannot hold')
        visit(item[index], [...at, String(index)], level + 1)
      }
    } else {
      for (const key of Object.keys(item)) {
        if (FORBIDDEN_KEYS.has(key)) throw new ToolsearchError('config-forbidden-key', forbiddenKeyMessage([...at, key]))
        visit(item[key], [...at, key], level + 1)
      }
    }
    ancestors.pop()
  }
  visit(value, [...path], depth)
}

/** A path with a key that reaches a prototype is refused at once, with that reason. */
export function assertWritablePath(path: ConfigPath): void {
  const index = path.findIndex((segment) => FORBIDDEN_KEYS.has(segment.key))
  if (index !== -1) throw new ToolsearchError('config-forbidden-key', forbiddenKeyMessage(path.slice(0, index + 1).map((segment) => segment.key)))
}

// ---------------------------------------------------------------------------------------------
// Planning

/** Text inserted as the new last item of a container (`itemText` already styled). */
function planAppend(ctx: EditContext, container: CstObject | CstArray, items: Item[], itemText: (indent: string | null) => string, parentMultiline: boolean): Edit[] {
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

function memberText(ctx: EditContext, container: CstObject, key: string, value: unknown): (indent: string | null) => string {
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

/**
 * Plans setting `path` to `value`. Missing containers are created as `nest` says; an index
 * segment indexes into an existing array (index == length appends). A no-op plans `[]`. A path
 * with a `__proto__`, `constructor` or `prototype` key, or a value a config cannot hold
 * (`assertWritableValue`), is refused at once.
 */
export function planSet(source: ConfigSource, path: ConfigPath, value: unknown): SetPlan {
  if (path.length === 0) throw pathError('A path is required')
  assertWritablePath(path)
  const ctx = editContext(source)
  const full: ConfigPath = [...source.rootPrefix.map((key) => ({key, quoted: true})), ...path]
  assertWritableValue(value, path.map((segment) => segment.key), full.length)
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
function withoutEarlierDuplicates(ctx: EditContext, object: CstObject, key: string, plan: SetPlan): SetPlan {
  if (plan.edits.length === 0) return plan
  const indexes = object.members.flatMap((member, index) => (member.key === key ? [index] : [])).slice(0, -1)
  if (indexes.length === 0) return plan
  return {...plan, edits: [...removeItems(ctx, object, objectItems(object), indexes), ...plan.edits]}
}

function replaceValue(ctx: EditContext, source: ConfigSource, container: CstNode, node: CstNode, value: unknown): SetPlan {
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
  assertWritablePath(path)
  const ctx = editContext(source)
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
function removeItems(ctx: EditContext, container: CstObject | CstArray, items: Item[], indexes: number[]): Edit[] {
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
