/**
 * Cutting text to a length, one way everywhere: by UTF-16 code units (JavaScript's `length`,
 * what OpenClaw's character budgets count), never through a surrogate pair, with a mark where
 * text was left out. A person's output marks a cut with `…`; what the model is shown marks it as
 * OpenClaw does (`OPENCLAW_CUT`, `OPENCLAW_MCP_DESCRIPTION_CUT`).
 */
import {splitsSurrogatePair, truncateUtf16} from './utf16.js'

export interface CutStyle {
  /** What stands for the text left out. */
  mark: string
  /** Where the text is cut: at the end (the default), or in the middle, keeping both ends (a name, a path). */
  at?: 'end' | 'middle'
  /** Whitespace before the mark is dropped. */
  trimEnd?: boolean
  /** The mark comes after `max` code units of text instead of counting towards them. */
  markOutside?: boolean
}

/** A person's cut: `…`, counted in the length. */
export const ELLIPSIS_CUT: CutStyle = {mark: '…'}

/** The cut OpenClaw makes in the directory and batch results: `cut.trimEnd() + "..."`, within the cap. */
export const OPENCLAW_CUT: CutStyle = {mark: '...', trimEnd: true}

/** The cut OpenClaw makes in an MCP tool's description: the first `max` code units, then `...`. */
export const OPENCLAW_MCP_DESCRIPTION_CUT: CutStyle = {mark: '...', markOutside: true}

/**
 * `text` as it is when it is at most `max` code units long, else cut to fit with `style`'s mark
 * (in the middle: the mark between equal halves). `cut` marks it as cut whatever its length (it
 * is already the start of a longer text). A cut that would split a surrogate pair keeps one code
 * unit less, so the result is well-formed and never longer than asked.
 */
export function truncateText(text: string, max: number, style: CutStyle = ELLIPSIS_CUT, cut = false): string {
  if (!cut && text.length <= max) return text
  const room = Math.max(0, style.markOutside === true ? max : max - style.mark.length)
  if (style.at === 'middle') {
    const half = Math.floor(room / 2)
    let tailStart = text.length - half
    if (splitsSurrogatePair(text, tailStart)) tailStart++
    return `${truncateUtf16(text, half)}${style.mark}${text.slice(tailStart)}`
  }
  const kept = truncateUtf16(text, room)
  return `${style.trimEnd === true ? kept.trimEnd() : kept}${style.mark}`
}
