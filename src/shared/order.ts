/**
 * The order of openclaw search results (SPEC §5.1): exact name/id matches first, then hits with a
 * typed term before expansion-only hits, then score descending, then id ascending as OpenClaw
 * compares ids (`localeCompare`: `_delta` < `ábaco` < `alpha` < `Alpha` < `echo1` < `echo10` <
 * `Echo2`). Also the helpers other rankers order with.
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

let collator: Intl.Collator | undefined

/**
 * `a.localeCompare(b)`, OpenClaw's order of catalog ids and of tied hits: the collation of the
 * default locale (the same for every English locale, and the root collation of most others). One
 * shared collator compares the same way, without building one per call; it is built on first use,
 * because building it loads ICU's collation data (about 10 ms) and most runs never compare ids.
 */
export function compareIds(a: string, b: string): number {
  collator ??= new Intl.Collator()
  return collator.compare(a, b)
}

export function compareOrderable(a: Orderable, b: Orderable): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1
  if (a.literal !== b.literal) return a.literal ? -1 : 1
  if (a.score !== b.score) return b.score - a.score
  return compareIds(a.id, b.id)
}

/** The trimmed, lowercased form a query must have to match a name or id exactly. */
export function exactKey(text: string): string {
  return text.trim().toLowerCase()
}

/**
 * The first `k` of `items` in `compare` order (items that compare equal keep their input order),
 * without sorting them all: a sorted buffer of at most `k` items, each candidate rejected with one
 * comparison when it cannot make the cut.
 */
export function selectTop<T>(items: Iterable<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const best: T[] = []
  if (k <= 0) return best
  // Room for every item (an evaluation asking for deep lists): one stable sort gives the same
  // order without a quadratic run of insertions.
  if (Array.isArray(items) && items.length <= k) return [...(items as T[])].sort(compare)
  for (const item of items) {
    if (best.length === k && compare(item, best[k - 1]!) >= 0) continue
    let low = 0
    let high = best.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compare(item, best[middle]!) < 0) high = middle
      else low = middle + 1
    }
    best.splice(low, 0, item)
    if (best.length > k) best.pop()
  }
  return best
}
