/**
 * Description compaction shared by every model-facing surface that shortens tool descriptions
 * (the capability directory, batch search results): whitespace collapsed, then cut to a cap as
 * OpenClaw cuts (`OPENCLAW_CUT`: `...`, within the cap), never leaving half a surrogate pair behind.
 */
import {OPENCLAW_CUT, truncateText} from './truncate.js'

/** Runs of whitespace (newlines and tabs included) become one space; the ends are trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Collapses whitespace and, when the result is longer than `cap` UTF-16 code units, keeps the
 * first `cap - 3` code units, trailing whitespace trimmed, plus `...` (`cut.trimEnd() + "..."`,
 * as OpenClaw cuts). If the cut would split a surrogate pair (an emoji, say), its first half is
 * dropped too, so the result is always well-formed text and never longer than `cap`.
 */
export function compactDescription(text: string, cap: number): string {
  return truncateText(collapseWhitespace(text), cap, OPENCLAW_CUT)
}
