/**
 * Query → weighted terms for the openclaw ranker (SPEC §5.1): the typed words, analyzed like
 * documents, at weight 1.0, plus intent expansion at 0.35 (or 1.0 when the expansion term was
 * also typed). Deduplicated: each term appears once, with its highest weight.
 */
import {analyzeText} from './analyze.js'
import {EXPANSION_WEIGHT, intentExpansions} from './expansion.js'
import {tokenize} from './tokenize.js'

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
  for (const term of analyzeText(query)) if (!terms.has(term)) terms.set(term, {term, weight: LITERAL_WEIGHT})
  for (const expansion of intentExpansions(tokenize(query))) {
    for (const word of expansion.terms) {
      for (const term of analyzeText(word)) {
        if (!terms.has(term)) terms.set(term, {term, weight: EXPANSION_WEIGHT, expandedFrom: expansion.trigger})
      }
    }
  }
  return [...terms.values()]
}
