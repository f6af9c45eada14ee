/**
 * Edits are plain data planned against the original text (after jsonc-parser): `length 0`
 * inserts, empty `content` removes. A planner computes them without touching the string; this one
 * applier sorts, refuses overlaps and splices. A no-op plan is `[]`, and applying it returns the
 * identical string.
 */

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

/** Applies edits planned against `text`; throws OverlappingEditsError if two overlap. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = sortEdits(edits)
  for (let i = 1; i < sorted.length; i++) if (editsOverlap(sorted[i - 1], sorted[i])) throw new OverlappingEditsError(sorted[i - 1], sorted[i])
  let out = ''
  let cursor = 0
  for (const edit of sorted) {
    if (edit.offset < cursor || edit.offset + edit.length > text.length) throw new RangeError(`Edit out of range at offset ${edit.offset}`)
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
  const prefix = commonPrefixLength(before, after, unchanged.prefix)
  const suffix = commonSuffixLength(before, after, prefix, unchanged.suffix)
  return [{offset: prefix, length: before.length - suffix - prefix, content: after.slice(prefix, after.length - suffix)}]
}

/**
 * The single edit that `edits` amount to: what `editBetween(text, applyEdits(text, edits))` gives,
 * found between the first and the last edit when that settles it, so a large text is neither
 * copied with the edits applied nor compared whole. It settles it unless the text between them,
 * edited, is a prefix of itself unedited or the other way round (the common prefix may then run
 * on past the last edit): then the whole texts are compared.
 */
export function singleEdit(text: string, edits: readonly Edit[]): Edit[] {
  const {prefix, suffix} = unchangedBy(text, edits)
  const sorted = sortEdits(edits)
  const wellFormed = suffix >= 0 && sorted.every((edit, index) => edit.offset >= 0 && (index === 0 || !editsOverlap(sorted[index - 1], edit)))
  if (edits.length > 0 && wellFormed) {
    const window = text.slice(prefix, text.length - suffix)
    const changed = applyEdits(
      window,
      edits.map((edit) => ({...edit, offset: edit.offset - prefix})),
    )
    if (changed === window) return []
    const [inner] = editBetween(window, changed)
    if (inner.offset < Math.min(window.length, changed.length)) return [{...inner, offset: inner.offset + prefix}]
  }
  return editBetween(text, applyEdits(text, edits))
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
