/**
 * Rewrite rule — several: a request that points at or counts a plural (`these contacts`, `those 3
 * files`, `two contacts`, `20 new leads`) asks to act on several things at once, so it adds the
 * words tools use for that (`multiple batch bulk`; `SEVERAL_TERMS`) at `severalWeight`, as a
 * concept of its own expanded from the words that triggered it.
 *
 * Ablation (`severalWeight` 0; hit@1/hit@5 on the MetaTool test half, then on MCP holdouts 1–5, 869
 * queries; defaults 0.4978/0.7448 and 0.7703/0.9304): 0.4979/0.7450 and 0.7655/0.9295: it wins 0.5
 * points of hit@1 on the MCP holdouts, costs 0.01 on MetaTool.
 */
import {isPlural} from '../intent.js'
import type {Concept} from '../concept.js'
import {COUNT_WORDS, POINTING_WORDS, SEVERAL_TERMS} from '../lexicon/index.js'
import {ENHANCED} from '../options.js'
import type {RewriteRule} from './rewrite-rule.js'

/** Whether a word counts several things: `three`, `20` (not `1`, nor `2020`). */
function isCount(word: string, maxCount: number): boolean {
  if (COUNT_WORDS.has(word)) return true
  if (!/^\d+$/.test(word)) return false
  const count = Number(word)
  return count >= 2 && count <= maxCount
}

/**
 * `these contacts`, `those 3 files`, `these new leads`, `two contacts`, `20 new leads`: a
 * pointing word or a count, then within three words a plural, as typed; undefined when the
 * request has none.
 */
export function pointedPlural(words: readonly string[], maxCount = ENHANCED.maxCount): string | undefined {
  for (let i = 0; i < words.length; i++) {
    if (!POINTING_WORDS.has(words[i]!) && !isCount(words[i]!, maxCount)) continue
    for (let j = i + 1; j <= i + 3 && j < words.length; j++) {
      if (isPlural(words[j]!)) return words.slice(i, j + 1).join(' ')
    }
  }
  return undefined
}

/** The concept of acting on several things, if the request's words (as typed) point at or count a plural. */
function severalConcept(words: readonly string[], stem: (word: string) => string, weight: number, maxCount: number): Concept | undefined {
  if (weight <= 0) return undefined
  const several = pointedPlural(words, maxCount)
  return several === undefined ? undefined : {text: several, terms: SEVERAL_TERMS.map((word) => ({term: stem(word), weight, expandedFrom: several}))}
}

export const severalRule: RewriteRule = {
  name: 'several',
  rewrite: (concepts, {words, context}) => {
    const several = severalConcept(words, context.stem, context.severalWeight, context.maxCount)
    return several === undefined ? concepts : [...concepts, several]
  },
}
