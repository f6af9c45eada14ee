/**
 * The order of openclaw search results (SPEC §5.1): exact name/id matches first, then hits with a
 * typed term before expansion-only hits, then score descending, then id ascending as OpenClaw
 * compares ids (`localeCompare`: `_delta` < `ábaco` < `alpha` < `Alpha` < `echo1` < `echo10` <
 * `Echo2`). Also the helpers other rankers order with.
 */
import {isAsciiUppercase, isPrintableAsciiText} from './ascii.js'

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
 * default locale (the same for every English locale, and the root collation of most others).
 * Ids are nearly always printable ASCII, and for those, under a default locale that collates
 * ASCII as the root collation does, the order is computed here (`compareAsciiAsRoot`): building
 * an `Intl.Collator` loads ICU's collation data, about 10 ms of a search. Any other id, or any
 * other default locale, goes to one shared collator, built on first use.
 */
export function compareIds(a: string, b: string): number {
  if ((asciiAsRoot ??= defaultLocaleCollatesAsciiAsRoot(process.env)) && isPrintableAsciiText(a) && isPrintableAsciiText(b)) return compareAsciiAsRoot(a, b)
  collator ??= new Intl.Collator()
  return collator.compare(a, b)
}

let asciiAsRoot: boolean | undefined

/**
 * Whether the default locale V8 takes from the environment (ICU reads `LC_ALL`, then
 * `LC_MESSAGES`, then `LANG`; `C` and `POSIX` mean `en-US`) is one whose collation orders printable
 * ASCII as the root collation: no locale, `C`, `POSIX` or English. Other locales may tailor it
 * (Turkish `I`, Danish `aa`), so they keep ICU.
 */
export function defaultLocaleCollatesAsciiAsRoot(env: NodeJS.ProcessEnv): boolean {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '')
  return locale === undefined || /^(?:C|POSIX|en)(?:[_.@-]|$)/.test(locale)
}

/**
 * Printable ASCII in the root collation's order (Unicode's DUCET as CLDR tailors it, with
 * punctuation not ignorable): each character's primary weight is its place here, and a lowercase
 * letter and its capital share one. test/shared/order.test.ts checks this against `Intl.Collator`.
 */
const ROOT_ASCII_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ'
const PRIMARY = new Uint8Array(128)
for (let place = 0, weight = 0; place < ROOT_ASCII_ORDER.length; place++) {
  const code = ROOT_ASCII_ORDER.charCodeAt(place)
  // A capital follows its lowercase letter and shares its weight.
  if (!isAsciiUppercase(code)) weight++
  PRIMARY[code] = weight
}

/**
 * The root collation of two printable ASCII strings: primary weights first, over the whole
 * strings (a prefix first); then, only when those are equal, case, position by position, a
 * lowercase letter before its capital (`alpha` < `Alpha` < `alphas`).
 */
export function compareAsciiAsRoot(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const difference = PRIMARY[a.charCodeAt(i)]! - PRIMARY[b.charCodeAt(i)]!
    if (difference !== 0) return difference < 0 ? -1 : 1
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1
  for (let i = 0; i < length; i++) {
    const upperA = isAsciiUppercase(a.charCodeAt(i))
    if (upperA !== isAsciiUppercase(b.charCodeAt(i))) return upperA ? 1 : -1
  }
  return 0
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
