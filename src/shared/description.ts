/**
 * Description compaction shared by every model-facing surface that shortens tool descriptions
 * (the capability directory, batch search results): whitespace collapsed, then cut to a cap with
 * `...`, never leaving half a surrogate pair behind.
 */
import {isHighSurrogate} from './utf16.js'

/** What a cut description ends with; counts towards the cap. */
export const ELLIPSIS = '...'

/** Runs of whitespace (newlines and tabs included) become one space; the ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Collapses whitespace and, when the result is longer than `cap` UTF-16 code units, keeps the
 * first `cap - 3` code units, trailing whitespace trimmed, plus `...` (`cut.trimEnd() + "..."`,
 * as OpenClaw cuts). If the cut would split a surrogate pair (an emoji, say), the dangling high
 * surrogate is dropped too, so the result is always well-formed text and never longer than `cap`.
 */
export function compactDescription(text: string, cap: number): string {
  const collapsed = collapseWhitespace(text)
  if (collapsed.length <= cap) return collapsed
  let end = Math.max(0, cap - ELLIPSIS.length)
  if (end > 0 && isHighSurrogate(collapsed.charCodeAt(end - 1))) end--
  return `${collapsed.slice(0, end).trimEnd()}${ELLIPSIS}`
}
