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
/** Consonants whose doubling is undone (`running` → `run`); l, s, f, z stay doubled (`called`). */
const UNDOUBLE_CONSONANT = /([bcdghjkmnpqrtvwxy])\1$/
const MIN_STEM_LENGTH = 3
const MAX_PASSES = 3

/** Strips one suffix from `word`, or returns undefined when none applies. */
export function stripOneSuffix(word: string): string | undefined {
  if (word.length <= MIN_STEM_LENGTH || STEMMER_KEEP_WORDS.has(word)) return undefined
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix)) continue
    if (suffix === 's' && word.endsWith('ss')) continue
    let stem = word.slice(0, word.length - suffix.length)
    if (stem.length < MIN_STEM_LENGTH) continue
    if (suffix === 'ies') stem += 'y'
    if (UNDOUBLE_AFTER.has(suffix) && stem.length > MIN_STEM_LENGTH && UNDOUBLE_CONSONANT.test(stem)) stem = stem.slice(0, -1)
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
 * The terms a word stands for: its stem, plus, for a word longer than 4 ending in `ies`, the stem
 * of `…ie` (`policies` → `policy`, `polici`), so both readings of the plural can match.
 */
export function stemVariants(word: string): string[] {
  const first = stem(word)
  if (word.length > 4 && word.endsWith('ies')) {
    const second = stem(word.slice(0, -1))
    if (second !== first) return [first, second]
  }
  return [first]
}
