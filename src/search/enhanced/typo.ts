/**
 * Typo correction for query words neither the catalog nor the lexicon knows (`clik`, `serach`,
 * `postgress`): the nearest known word by edit distance, if it is close enough. Conservative on
 * purpose — a wrong correction pulls in unrelated tools — so the first letter must match, words
 * allow one edit (two from eight letters on), and corrections weigh less than typed words.
 *
 * The distance is Damerau-Levenshtein with a substitution counting as two edits: typing slips
 * drop, double or swap letters (`clik`, `postgress`, `serach`), while changing one letter of a
 * word mostly makes another real word (`took` → `tool`, `mode` → `more`, `parks` → `paris`),
 * which a catalog too small to know every English word must not "correct".
 */
import {createRequire} from 'node:module'

import {ENHANCED, type TypoLimits} from './options.js'
import {memoize} from './stem.js'


interface DamerauLevenshtein {
  DamerauLevenshteinDistance(source: string, target: string, options: {substitution_cost: number}): number
}

let damerau: DamerauLevenshtein['DamerauLevenshteinDistance'] | undefined

/** The typo distance between two lowercase words (see the module comment). */
export function typoDistance(word: string, candidate: string): number {
  damerau ??= (createRequire(import.meta.url)('natural/lib/natural/distance/levenshtein_distance.js') as DamerauLevenshtein).DamerauLevenshteinDistance
  return damerau(word, candidate, {substitution_cost: 2})
}

/** How many edits a typo of `word` may have: one, two from `typoTwoEditLength` letters on. */
export function allowedEdits(word: string, limits: TypoLimits = ENHANCED): number {
  return word.length >= limits.typoTwoEditLength ? 2 : 1
}

/**
 * Builds a corrector over `frequencies` (known word → how many documents use it). The nearest
 * candidate wins; ties go to the more common word, then to code-unit order, so a correction
 * never depends on catalog order. Results are memoised per word.
 */
export function typoCorrector(frequencies: ReadonlyMap<string, number>, limits: TypoLimits = ENHANCED): (word: string) => string | undefined {
  // Candidates by first letter and length: a word is only compared with words it could be a typo of.
  const buckets = new Map<string, Array<{word: string; letters: number}>>()
  for (const word of frequencies.keys()) {
    if (word.length < limits.typoMinLength || !/^[a-z]+$/.test(word)) continue
    const key = `${word[0]}${word.length}`
    const candidate = {word, letters: letterSet(word)}
    const list = buckets.get(key)
    if (list === undefined) buckets.set(key, [candidate])
    else list.push(candidate)
  }
  return memoize((word) => {
    if (word.length < limits.typoMinLength || !/^[a-z]+$/.test(word)) return undefined
    const limit = allowedEdits(word, limits)
    const letters = letterSet(word)
    let best: string | undefined
    let bestDistance = limit + 1
    const candidates = []
    for (let length = word.length - limit; length <= word.length + limit; length++) for (const candidate of buckets.get(`${word[0]}${length}`) ?? []) candidates.push(candidate)
    for (const {word: candidate, letters: candidateLetters} of candidates) {
      if (candidate === word) continue
      // Each edit changes which letters occur by at most two: a cheap bound before the real distance.
      if (bitCount(letters ^ candidateLetters) > 2 * limit) continue
      const distance = typoDistance(word, candidate)
      if (distance > limit) continue
      const better =
        best === undefined ||
        distance < bestDistance ||
        (distance === bestDistance && (frequencies.get(candidate)! > frequencies.get(best)! || (frequencies.get(candidate) === frequencies.get(best) && candidate < best)))
      if (better) {
        best = candidate
        bestDistance = distance
      }
    }
    return best
  })
}

/** The letters `a`–`z` occurring in a word, as bits. */
function letterSet(word: string): number {
  let bits = 0
  for (let i = 0; i < word.length; i++) bits |= 1 << (word.charCodeAt(i) - 97)
  return bits
}

function bitCount(bits: number): number {
  let count = 0
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++
  return count
}
