/**
 * The order of search results (SPEC §5.1), shared by every ranker: exact name/id matches first,
 * then hits with a typed term before expansion-only hits, then score descending, then id
 * ascending in code-unit order (so equal scores never depend on catalog order or locale).
 */

/** The fields ordering looks at; `RankedHit` has them, and so can a ranker's internal candidates. */
export interface Orderable {
  id: string
  exact: boolean
  literal: boolean
  score: number
}

export function compareByCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function compareOrderable(a: Orderable, b: Orderable): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1
  if (a.literal !== b.literal) return a.literal ? -1 : 1
  if (a.score !== b.score) return b.score - a.score
  return compareByCodeUnits(a.id, b.id)
}

/** The trimmed, lowercased form a query must have to match a name or id exactly. */
export function exactKey(text: string): string {
  return text.trim().toLowerCase()
}
