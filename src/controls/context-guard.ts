/**
 * OpenClaw 2026.9.6's tool result context guard, for the text of one tool result: before every
 * model call its embedded agent runner shortens, in the model's context, each tool result that
 * does not fit the model's context window (the transcript keeps its own copy). What the model
 * reads of a control's result is this text, so toolsearch prints it.
 *
 * The rule, for a result that is one text block (every control result is):
 * - the budget, in weighted characters (`weighted-length.ts`: 2 a code unit, more for CJK), is
 *   half the window at two weighted characters a token — as many as the window has tokens — and
 *   at least 1,024;
 * - a text within it is left whole;
 * - otherwise the text keeps as much of its start as the budget leaves beside the notice
 *   `[... N more characters truncated; rerun with narrower args if needed]` (N: the characters
 *   cut), ending at its last line break when that falls in the last fifth of what is kept;
 * - a text whose end looks like a report (an error, a total, a closing `}` …) keeps its end too,
 *   in up to 30% of the budget, start and end joined by a marker, when the budget is large enough
 *   for both (a window over about 4,150 tokens).
 */
import {headWithin, tailWithin, weightedLength} from './weighted-length.js'
import {splitsSurrogatePair} from '../shared/utf16.js'

/** The smallest budget, in weighted characters, whatever the window. */
export const MIN_TOOL_RESULT_CONTEXT_CHARS = 1024

/** What a shortened result keeps at least (weighted), room for the notice allowing. */
const MIN_KEPT_CHARS = 2000

/** Share of the budget, and the most, that the end of a report-like result keeps. */
const TAIL_SHARE = 0.3
const MAX_TAIL_CHARS = 4000

/** How much of the end is read to tell whether it looks like a report. */
const TAIL_PROBE_CHARS = 2000

/** Words whose presence near the end makes the end worth keeping. */
const REPORT_WORDS = /\b(?:error|exception|failed|fatal|traceback|panic|stack trace|errno|exit code|total|summary|result|complete|finished|done)\b/

const MIDDLE_OMISSION_MARKER = '\n\n⚠️ [... middle content omitted — showing head and tail ...]\n\n'

/** The budget, in weighted characters, of one tool result for a context window in tokens. */
export function toolResultContextMaxChars(contextWindowTokens: number): number {
  return Math.max(MIN_TOOL_RESULT_CONTEXT_CHARS, Math.floor(contextWindowTokens))
}

/** The notice that ends a shortened result; `cutChars` is at least 1. */
export function truncationNotice(cutChars: number): string {
  return `[... ${Math.max(1, cutChars)} more characters truncated; rerun with narrower args if needed]`
}

/**
 * The text the model reads of a tool result, for a context window in tokens (undefined: unknown,
 * the text is left whole).
 */
export function guardToolResultText(text: string, contextWindowTokens: number | undefined): string {
  if (contextWindowTokens === undefined) return text
  const maxChars = toolResultContextMaxChars(contextWindowTokens)
  return weightedLength(text) <= maxChars ? text : shortened(text, maxChars)
}

/**
 * `text` (over `maxChars` weighted) cut to fit. OpenClaw shares the budget among a result's text
 * blocks; one block gets all of it, and keeps at least `MIN_KEPT_CHARS`, or what the budget leaves
 * beside the shortest notice. The budget is never below 1,024, so the notice always fits.
 */
function shortened(text: string, maxChars: number): string {
  const minKept = Math.min(MIN_KEPT_CHARS, maxChars - weightedLength(truncationNotice(1)))
  // The room for the kept text: the budget less the notice for a cut at the budget.
  const firstCut = text.length - headWithin(text, maxChars).length
  const budget = Math.max(minKept, maxChars - weightedLength(truncationNotice(firstCut)))
  if (endsLikeReport(text) && budget > minKept * 2) {
    const headAndTail = headAndTailWithin(text, budget, minKept)
    if (headAndTail !== undefined) return withTruncationNotice(headAndTail, text.length, maxChars)
  }
  return withTruncationNotice(endingAtLastLine(headWithin(text, budget)), text.length, maxChars)
}

/** The start and the end of `text` joined by the omission marker, or undefined when the start would be too short. */
function headAndTailWithin(text: string, budget: number, minKept: number): string | undefined {
  const tailBudget = Math.min(Math.floor(budget * TAIL_SHARE), MAX_TAIL_CHARS)
  const headBudget = budget - tailBudget - weightedLength(MIDDLE_OMISSION_MARKER)
  if (headBudget <= minKept) return undefined
  const head = endingAtLastLine(headWithin(text, headBudget))
  const tail = startingAtFirstLine(tailWithin(text, tailBudget))
  return head.length + tail.length < text.length ? `${head}${MIDDLE_OMISSION_MARKER}${tail}` : undefined
}

/** `kept` with the notice of what was cut, shortened further while the two do not fit together. */
function withTruncationNotice(kept: string, originalLength: number, maxChars: number): string {
  let text = kept
  for (;;) {
    // A shorter text cuts more, and the count may gain a digit: measure again until it fits.
    const notice = truncationNotice(originalLength - text.length)
    const fitted = headWithin(text, maxChars - weightedLength(notice))
    if (fitted.length === text.length) return `${fitted}${notice}`
    text = fitted
  }
}

/** A start cut back to its last line break, when that break falls in its last fifth. */
function endingAtLastLine(head: string): string {
  const lastBreak = head.lastIndexOf('\n')
  return lastBreak > head.length * 0.8 ? head.slice(0, lastBreak) : head
}

/** An end cut forward past its first line break, when that break falls in its first fifth. */
function startingAtFirstLine(tail: string): string {
  const firstBreak = tail.indexOf('\n')
  return firstBreak !== -1 && firstBreak < tail.length * 0.2 ? tail.slice(firstBreak + 1) : tail
}

/** Whether the last 2,000 characters look like a report's end: an error, a summary, a closing brace. */
function endsLikeReport(text: string): boolean {
  let start = Math.max(0, text.length - TAIL_PROBE_CHARS)
  if (splitsSurrogatePair(text, start)) start += 1
  const tail = text.slice(start).trim().toLowerCase()
  return REPORT_WORDS.test(tail) || tail.endsWith('}')
}
