/**
 * The openclaw light English stemmer (SPEC §5.1). Deliberately small: it only has to make
 * `schedule`, `scheduling` and `scheduled` meet, never to be linguistically right. Documents and
 * queries go through the same function, so its quirks (`reply` → `rep`) cancel out.
 */

/** Words the stemmer leaves alone: they end in `s` but are not plurals. */
export const STEMMER_KEEP_WORDS: ReadonlySet<string> = new Set([
  'news', 'status', 'alias', 'canvas', 'focus', 'bonus', 'virus', 'atlas', 'lens', 'axis', 'basis',
  'analysis', 'gas', 'bus', 'plus',
])

/** Suffixes in the order they are tried; the first that applies is stripped. */
const SUFFIXES = ['ies', 'ing', 'ed', 'ly', 'es', 'er', 's', 'e'] as const
const UNDOUBLE_AFTER: ReadonlySet<string> = new Set(['ing', 'ed', 'er'])
/** Doubled letters that belong to the root (`call`, `process`, `off`, `buzz`) or are vowels (`free`). */
const KEPT_DOUBLES = 'lsfzaeiou'
const MIN_STEM_LENGTH = 3
const MAX_PASSES = 3

/**
 * `stem` without the second of two equal final characters (`runn` → `run`), so an inflection's
 * doubling is undone. Any repeated character counts (digits and other scripts too, as OpenClaw
 * compares characters, not letters), except the kept doubles; stems of 3 characters stay whole.
 */
function undoubleFinal(stem: string): string {
  const last = stem.charAt(stem.length - 1)
  if (stem.length <= MIN_STEM_LENGTH || last !== stem.charAt(stem.length - 2) || KEPT_DOUBLES.includes(last)) return stem
  return stem.slice(0, -1)
}

/** Strips one suffix from `word`, or returns undefined when none applies. */
export function stripOneSuffix(word: string): string | undefined {
  if (word.length <= MIN_STEM_LENGTH || STEMMER_KEEP_WORDS.has(word)) return undefined
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix)) continue
    if (suffix === 's' && word.endsWith('ss')) continue
    let stem = word.slice(0, word.length - suffix.length)
    if (stem.length < MIN_STEM_LENGTH) continue
    if (suffix === 'ies') stem += 'y'
    if (UNDOUBLE_AFTER.has(suffix)) stem = undoubleFinal(stem)
    return stem
  }
  return undefined
}

/** Up to three passes of `stripOneSuffix`: `recurring` → `recurr` → `recur`. */
export function stem(word: string): string {
  let current = word
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = stripOneSuffix(current)
    if (next === undefined) break
    current = next
  }
  return current
}

/**
 * The terms a word stands for: its stem, or, for a word longer than 4 ending in `ies`, both
 * readings of the plural: `…y` as is (not stemmed further: `replies` → `reply`) and the stem of
 * `…ie` (`cookies` → `cooky`, `cooki`), so either singular can match.
 */
export function stemVariants(word: string): string[] {
  if (word.length > 4 && word.endsWith('ies')) {
    const base = word.slice(0, -3)
    return [`${base}y`, stem(`${base}ie`)]
  }
  return [stem(word)]
}
