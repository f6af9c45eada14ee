/**
 * Side-by-side score explanations for lint findings: why the tools above a missed tool outrank
 * it, term by term, as data (for `--json`) and as one short line (for messages).
 */
import type {LintContext, ScoreExplanation} from './types.js'

/** How many outranking tools a finding names. */
export const OUTRANKING_SHOWN = 3
/** How many terms a one-line explanation lists. */
const TERMS_SHOWN = 4

/** `2.41 (issue 1.20, creat 0.91)`; `no matching term` for a tool the query does not reach. */
export function explanationLine(explanation: ScoreExplanation | undefined): string {
  if (explanation === undefined || explanation.terms.length === 0) return 'no matching term'
  const terms = [...explanation.terms]
    .filter((term) => term.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, TERMS_SHOWN)
    .map((term) => `${term.term} ${term.score.toFixed(2)}`)
  return `${explanation.score.toFixed(2)} (${terms.join(', ')})`
}

export interface SideBySide {
  query: string
  tool: ScoreExplanation | null
  above: ScoreExplanation[]
}

/** The tool's explanation beside those of the first tools ranked above it. */
export function sideBySide(context: LintContext, query: string, toolId: string, above: readonly string[]): SideBySide {
  return {
    query,
    tool: context.explain(query, toolId) ?? null,
    above: above.slice(0, OUTRANKING_SHOWN).flatMap((id) => context.explain(query, id) ?? []),
  }
}

/** `mcp:a:b 4.10 (issue 2.00, …) vs this tool 1.20 (issue 1.20)` for a message. */
export function sideBySideLine(comparison: SideBySide): string {
  const first = comparison.above[0]
  const mine = `this tool ${explanationLine(comparison.tool ?? undefined)}`
  return first === undefined ? mine : `${first.id} ${explanationLine(first)} vs ${mine}`
}

/** `5th` and so on, for ranks in messages. */
export function ordinal(rank: number): string {
  const tens = rank % 100
  if (tens >= 11 && tens <= 13) return `${rank}th`
  return `${rank}${['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th'}`
}
