/**
 * Typo correction for query words neither the catalog nor the lexicon knows (`clik`, `serach`,
 * `postgress`): the nearest known word by edit distance, if it is close enough. Conservative on
 * purpose — a wrong correction pulls in unrelated tools — so the first letter must match, short
 * words allow one edit, longer ones two, and corrections weigh less than typed words.
 */
import {editDistance} from '../../call/suggest.js'

/** Words shorter than this are never corrected: too many real words are one edit apart. */
export const MIN_TYPO_LENGTH = 4
/** From this length on, two edits are allowed (a swapped pair of letters is two edits). */
const TWO_EDIT_LENGTH = 6

export function allowedEdits(word: string): number {
  return word.length >= TWO_EDIT_LENGTH ? 2 : 1
}

/**
 * Builds a corrector over `frequencies` (known word → how many documents use it). The nearest
 * candidate wins; ties go to the more common word, then to code-unit order, so a correction
 * never depends on catalog order. Results are memoised per word.
 */
export function typoCorrector(frequencies: ReadonlyMap<string, number>): (word: string) => string | undefined {
  const byInitial = new Map<string, string[]>()
  for (const word of frequencies.keys()) {
    if (word.length < MIN_TYPO_LENGTH || !/^[a-z]+$/.test(word)) continue
    const list = byInitial.get(word[0]!)
    if (list === undefined) byInitial.set(word[0]!, [word])
    else list.push(word)
  }
  const memo = new Map<string, string | undefined>()
  return (word) => {
    if (memo.has(word)) return memo.get(word)
    let best: string | undefined
    if (word.length >= MIN_TYPO_LENGTH && /^[a-z]+$/.test(word)) {
      const limit = allowedEdits(word)
      let bestDistance = limit + 1
      for (const candidate of byInitial.get(word[0]!) ?? []) {
        if (candidate === word || Math.abs(candidate.length - word.length) > limit) continue
        const distance = editDistance(word, candidate)
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
    }
    memo.set(word, best)
    return best
  }
}
