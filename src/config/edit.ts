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

/**
 * The single edit that turns `before` into `after` (common prefix and suffix kept): how a change
 * computed in several steps is expressed against the original text.
 */
export function editBetween(before: string, after: string): Edit[] {
  if (before === after) return []
  const {prefix, suffix} = commonAffixes(before, after)
  return [{offset: prefix, length: before.length - suffix - prefix, content: after.slice(prefix, after.length - suffix)}]
}

/** Lengths of the longest common prefix and (non-overlapping) suffix of two sequences. */
export function commonAffixes<T>(a: ArrayLike<T>, b: ArrayLike<T>): {prefix: number; suffix: number} {
  let prefix = 0
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++
  let suffix = 0
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++
  return {prefix, suffix}
}
