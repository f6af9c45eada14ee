/**
 * Edits are plain data planned against the original text (after jsonc-parser): `length 0`
 * inserts, empty `content` removes. A planner computes them without touching the string; this one
 * applier checks, sorts, refuses overlaps and splices. A no-op plan is `[]`, and applying it
 * returns the identical string.
 *
 * An edit must fit its text: `offset` and `length` whole numbers, at least 0, within the text, and
 * neither end between the two halves of a surrogate pair (which would leave half an emoji behind);
 * `content` a string. Anything else is an `invalid-edit` error naming the edit, thrown before
 * anything is spliced: edits come from callers of the library too. `editBetween` and `singleEdit`
 * never split a pair themselves.
 */
import {ToolsearchError} from '../shared/errors.js'
import {isHighSurrogate, isLowSurrogate, splitsSurrogatePair} from '../shared/utf16.js'


export interface Edit {
  /** Offset in the original text. */
  offset: number
  /** How many characters of the original text the edit replaces. */
  length: number
  /** The replacement text. */
  content: string
}

export class OverlappingEditsError extends Error {
  constructor(readonly first: Edit, readonly second: Edit) {
    super(`Overlapping edits at offsets ${first.offset} and ${second.offset}`)
  }
}

/** Edits sorted by offset (inserts at the same offset keep their planned order). */
export function sortEdits(edits: readonly Edit[]): Edit[] {
  return edits.map((edit, index) => ({edit, index})).sort((a, b) => a.edit.offset - b.edit.offset || a.index - b.index).map(({edit}) => edit)
}

/** Whether two edits touch the same characters (adjacent edits do not overlap). */
export function editsOverlap(a: Edit, b: Edit): boolean {
  const [first, second] = a.offset <= b.offset ? [a, b] : [b, a]
  return first.offset + first.length > second.offset || (first.offset === second.offset && first.length > 0 && second.length > 0)
}

/** Why `edit` does not fit `text`, or undefined when it does. */
function editProblem(text: string, edit: Edit): string | undefined {
  if (edit === null || typeof edit !== 'object') return 'is not an object {offset, length, content}'
  for (const field of ['offset', 'length'] as const) {
    const value: unknown = edit[field]
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return `has ${field} ${typeof value === 'number' ? String(value) : typeof value}: it must be a whole number`
    if (value < 0) return `has ${field} ${value}: it must not be negative`
  }
  if (typeof edit.content !== 'string') return `has content of type ${edit.content === null ? 'null' : typeof edit.content}: it must be a string`
  if (edit.offset + edit.length > text.length) return `reaches past the end of the text (offset ${edit.offset} + length ${edit.length} > ${text.length})`
  for (const at of [edit.offset, edit.offset + edit.length]) if (splitsSurrogatePair(text, at)) return `${at === edit.offset ? 'starts' : 'ends'} at ${at}, between the two halves of a surrogate pair`
  return undefined
}

/** Throws an `invalid-edit` error for the first edit that does not fit `text`. */
export function assertValidEdits(text: string, edits: readonly Edit[]): void {
  if (!Array.isArray(edits)) throw new ToolsearchError('invalid-edit', 'Edits must be an array of {offset, length, content}')
  edits.forEach((edit, index) => {
    const problem = editProblem(text, edit)
    if (problem !== undefined) throw new ToolsearchError('invalid-edit', `Edit ${index} ${problem}`, {details: {index}})
  })
}

/** Applies edits planned against `text`; throws OverlappingEditsError if two overlap, an `invalid-edit` error for an edit that does not fit. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  assertValidEdits(text, edits)
  const sorted = sortEdits(edits)
  for (let i = 1; i < sorted.length; i++) if (editsOverlap(sorted[i - 1], sorted[i])) throw new OverlappingEditsError(sorted[i - 1], sorted[i])
  let out = ''
  let cursor = 0
  for (const edit of sorted) {
    out += text.slice(cursor, edit.offset) + edit.content
    cursor = edit.offset + edit.length
  }
  return out + text.slice(cursor)
}

/** How many characters at the start and at the end edits left as they were (at least). */
export interface Unchanged {
  prefix: number
  suffix: number
}

/**
 * What `edits` leave alone of `text`: everything before the first and after the last. With
 * `known` (what earlier steps left alone of the text they started from), what all the steps left
 * alone together.
 */
export function unchangedBy(text: string, edits: readonly Edit[], known: Unchanged = {prefix: text.length, suffix: text.length}): Unchanged {
  let prefix = known.prefix
  let suffix = known.suffix
  for (const edit of edits) {
    prefix = Math.min(prefix, edit.offset)
    suffix = Math.min(suffix, text.length - edit.offset - edit.length)
  }
  return {prefix, suffix}
}

/**
 * The single edit that turns `before` into `after` (common prefix and suffix kept): how a change
 * computed in several steps is expressed against the original text. `unchanged` (what the steps
 * are known to have left alone, see `unchangedBy`) only saves comparing those characters: the
 * edit is the same without it.
 */
export function editBetween(before: string, after: string, unchanged: Unchanged = {prefix: 0, suffix: 0}): Edit[] {
  if (before === after) return []
  let prefix = commonPrefixLength(before, after, unchanged.prefix)
  if (splitsSurrogatePair(before, prefix) || splitsSurrogatePair(after, prefix)) prefix--
  let suffix = commonSuffixLength(before, after, prefix, unchanged.suffix)
  if (splitsSurrogatePair(before, before.length - suffix) || splitsSurrogatePair(after, after.length - suffix)) suffix--
  return [{offset: prefix, length: before.length - suffix - prefix, content: after.slice(prefix, after.length - suffix)}]
}

/**
 * The single edit that `edits` amount to: what `editBetween(text, applyEdits(text, edits))` gives,
 * found without building the edited text or comparing it whole with `text`. Everything outside
 * the stretch from the first edit to the last is unchanged, so the edited text is `text` with
 * that stretch replaced, and its characters are read from the two; the common prefix and suffix
 * are searched from the stretch outwards (far only where the text repeats around it).
 */
export function singleEdit(text: string, edits: readonly Edit[]): Edit[] {
  assertValidEdits(text, edits)
  const {prefix: first, suffix: last} = unchangedBy(text, edits)
  const sorted = sortEdits(edits)
  const wellFormed = last >= 0 && sorted.every((edit, index) => edit.offset >= 0 && (index === 0 || !editsOverlap(sorted[index - 1], edit)))
  // Anything unusual (and an empty plan) goes the plain way, which also refuses bad edits.
  if (edits.length === 0 || !wellFormed) return editBetween(text, applyEdits(text, edits))
  const stretch = text.slice(first, text.length - last)
  const replaced = applyEdits(
    stretch,
    edits.map((edit) => ({...edit, offset: edit.offset - first})),
  )
  const shift = stretch.length - replaced.length
  const editedLength = text.length - shift
  // The edited text's character at `index`: before the stretch and after it, `text`'s own.
  const edited = (index: number) => (index < first ? text.charCodeAt(index) : index < first + replaced.length ? replaced.charCodeAt(index - first) : text.charCodeAt(index + shift))
  const max = Math.min(text.length, editedLength)
  let prefix = first
  while (prefix < max && text.charCodeAt(prefix) === edited(prefix)) prefix++
  if (prefix === max && shift === 0) return []
  const limit = max - prefix
  let suffix = Math.min(last, limit)
  while (suffix < limit && text.charCodeAt(text.length - 1 - suffix) === edited(editedLength - 1 - suffix)) suffix++
  // An end between the halves of a surrogate pair (rare: emoji that share a half) goes the plain way, which steps back.
  const splitsEdited = (index: number) => index > 0 && index < editedLength && isHighSurrogate(edited(index - 1)) && isLowSurrogate(edited(index))
  if (splitsSurrogatePair(text, prefix) || splitsEdited(prefix) || splitsSurrogatePair(text, text.length - suffix) || splitsEdited(editedLength - suffix)) return editBetween(text, applyEdits(text, edits))
  const end = editedLength - suffix
  // The content, from the replaced stretch and what follows it (the prefix never ends before the stretch).
  const fromStretch = replaced.slice(Math.min(prefix - first, replaced.length), Math.max(0, Math.min(end - first, replaced.length)))
  const after = Math.max(prefix, first + replaced.length)
  const content = after < end ? fromStretch + text.slice(after + shift, end + shift) : fromStretch
  return [{offset: prefix, length: text.length - suffix - prefix, content}]
}

/** Below this many characters a mismatching stretch is searched character by character. */
const LINEAR_SEARCH = 64

/**
 * Length of the longest common prefix of two strings (`known`: at least this long). The strings
 * are compared a stretch at a time with the engine's own string comparison (stretches double
 * while they match, then halve around the first difference): a config of many megabytes with one
 * edit in it is compared in milliseconds, where a loop over its characters takes a good part of a
 * second.
 */
function commonPrefixLength(a: string, b: string, known: number): number {
  const max = Math.min(a.length, b.length)
  let equal = Math.min(known, max)
  let step = LINEAR_SEARCH
  while (equal < max) {
    const end = Math.min(equal + step, max)
    if (a.slice(equal, end) === b.slice(equal, end)) {
      equal = end
      step *= 2
    } else if (end - equal <= LINEAR_SEARCH) {
      while (a.charCodeAt(equal) === b.charCodeAt(equal)) equal++
      return equal
    } else {
      step = (end - equal) >> 1
    }
  }
  return equal
}

/** Length of the longest common suffix of two strings that leaves their first `prefix` characters alone (`known`: at least this long). */
function commonSuffixLength(a: string, b: string, prefix: number, known: number): number {
  const max = Math.min(a.length, b.length) - prefix
  const from = (text: string, length: number, count: number) => text.slice(text.length - count, text.length - length)
  let equal = Math.max(0, Math.min(known, max))
  let step = LINEAR_SEARCH
  while (equal < max) {
    const end = Math.min(equal + step, max)
    if (from(a, equal, end) === from(b, equal, end)) {
      equal = end
      step *= 2
    } else if (end - equal <= LINEAR_SEARCH) {
      while (a.charCodeAt(a.length - 1 - equal) === b.charCodeAt(b.length - 1 - equal)) equal++
      return equal
    } else {
      step = (end - equal) >> 1
    }
  }
  return equal
}

/** Lengths of the longest common prefix and (non-overlapping) suffix of two sequences. */
export function commonAffixes<T>(a: ArrayLike<T>, b: ArrayLike<T>): {prefix: number; suffix: number} {
  let prefix = 0
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++
  let suffix = 0
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++
  return {prefix, suffix}
}
