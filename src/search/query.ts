/**
 * Query → weighted terms for the openclaw ranker (SPEC §5.1): the typed words, analyzed like
 * documents, at weight 1.0, plus intent expansion at 0.35 (or 1.0 when the expansion term was
 * also typed). Deduplicated: each term appears once, with its highest weight. The order is
 * OpenClaw's (typed terms as they first appear, then each triggered group's stemmed words, groups
 * in table order), because scores are summed in this order and floating-point sums of the same
 * terms in another order can break a tie differently.
 */
import {analyzeWords, contentWords} from './analyze.js'
import {EXPANSION_WEIGHT, intentExpansions} from './expansion.js'
import {stem} from './stem.js'

/** Weight of a term the user typed. */
export const LITERAL_WEIGHT = 1

export interface QueryTerm {
  /** The analyzed term, as indexed. */
  term: string
  weight: number
  /** The query word whose intent brought the term in; absent for typed terms. */
  expandedFrom?: string
}

export function openclawQueryTerms(query: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>()
  const words = contentWords(query)
  for (const term of analyzeWords(words)) if (!terms.has(term)) terms.set(term, {term, weight: LITERAL_WEIGHT})
  for (const expansion of intentExpansions(words)) {
    for (const word of expansion.terms) {
      const term = stem(word)
      if (!terms.has(term)) terms.set(term, {term, weight: EXPANSION_WEIGHT, expandedFrom: expansion.trigger})
    }
  }
  return [...terms.values()]
}
