/**
 * Query planning: a request → what the ranker looks for, analysed once per search and shared by
 * scoring, the bonus rules and `--explain`. The words (`queryWords`), the action the request leads
 * with (`intent.ts`), the concepts of its words (`wordConcepts`), then the rewrite rules in order
 * (`REWRITE_RULES`); then what each concept is worth for query coverage.
 */
import {idf} from '../bm25.js'
import type {Concept, ConceptTerm} from './concept.js'
import type {FieldName} from './fields.js'
import {type ActionIntent, requestIntent} from './intent.js'
import type {EnhancedOptions} from './options.js'
import {namesOwnerAlone, type OwnerIndex} from './owners.js'
import {isQueryNoise, type QueryContext, queryWords, wordConcepts} from './query.js'
import {argumentKindsRule} from './rules/argument-kinds.js'
import {laterActionsRule} from './rules/later-actions.js'
import {phraseWordsRule} from './rules/phrase-words.js'
import {repeatedTermsRule} from './rules/repeated-terms.js'
import {rereadActionRule} from './rules/reread-action.js'
import type {RewriteRule} from './rules/rewrite-rule.js'
import {severalRule} from './rules/several.js'
import type {WeightedIndex} from './weighted-index.js'

/**
 * The rewrite rules, in the order they apply: those that add concepts (argument kinds, several,
 * the lexicon's phrases), then those that scale terms over all of them (a phrase's own words,
 * terms several concepts share), then those that read the request's intent. A new rule is a file
 * in `rules/` and a line here.
 */
export const REWRITE_RULES: readonly RewriteRule[] = [argumentKindsRule, severalRule, phraseWordsRule, repeatedTermsRule, laterActionsRule, rereadActionRule]

/**
 * The concepts of `query` (whose words, `queryWords`, a caller may have already): its words'
 * concepts, then every rewrite rule in order. The rules that read the intent change nothing without one.
 */
export function queryConcepts(
  query: string,
  context: QueryContext,
  scaled = queryWords(query, context.argumentWeight, context.keepWhole),
  intent?: ActionIntent,
): Concept[] {
  const input = {query, words: scaled.map(({word}) => word), intent, context}
  return REWRITE_RULES.reduce((concepts, rule) => rule.rewrite(concepts, input), wordConcepts(scaled, context))
}

/** A query analysed once per search. */
export interface QueryPlan {
  concepts: Concept[]
  /** Per concept, what it is worth for query coverage (see `conceptWorth`). */
  worth: number[]
  totalWorth: number
  /** Every term the query can match, with its highest weight. */
  termWeights: Map<string, number>
  /** The typed words, filler aside, with their weights (1, or `argumentWeight` inside an argument). */
  typed: Array<{word: string; weight: number}>
  /** The lexicon and typo terms the concepts added. */
  expanded: ConceptTerm[]
  /** What the request asks to do, if it says (worked out only when a rule reads it). */
  intent?: ActionIntent
}

/** Turns requests into query plans for one catalog. */
export function queryPlanner(
  index: WeightedIndex<FieldName>,
  context: QueryContext,
  owners: OwnerIndex,
  options: EnhancedOptions,
): (query: string) => QueryPlan {
  const {stem} = context
  const n = index.size
  const idfOf = (term: string): number => idf(index.documentFrequency(term), n)
  /**
   * What a concept is worth for query coverage: the idf of the typed term when the catalog has
   * it, else of its best stand-in (a correction or expansion); 0 when the catalog has none of
   * its terms (a name or number the catalog never mentions does not dilute coverage).
   */
  const conceptWorth = (concept: Concept): number => {
    let bestStandIn = 0
    for (const {term, expandedFrom} of concept.terms) {
      if (!index.has(term)) continue
      if (expandedFrom === undefined) return idfOf(term)
      bestStandIn = Math.max(bestStandIn, idfOf(term))
    }
    return bestStandIn
  }
  // Words skipped when looking for the action a request leads with: filler, and owner names (`notion: search …`).
  const isNotAction = (word: string): boolean => isQueryNoise(word) || namesOwnerAlone(word, owners)
  const needsIntent = options.actionMatch > 0 || options.laterActionWeight !== 1

  return (query) => {
    const words = queryWords(query, options.argumentWeight, context.keepWhole)
    const intent = needsIntent ? requestIntent(words.map(({word}) => word), context.actions, stem, isNotAction, options) : undefined
    const concepts = queryConcepts(query, context, words, intent)
    const worth = concepts.map(conceptWorth)
    return {
      concepts,
      worth,
      totalWorth: worth.reduce((sum, value) => sum + value, 0),
      termWeights: termWeights(concepts),
      typed: words.filter(({word}) => !isQueryNoise(word)).map(({word, scale}) => ({word, weight: scale})),
      expanded: concepts.flatMap((concept) => concept.terms.filter((term) => term.expandedFrom !== undefined)),
      ...(intent === undefined ? {} : {intent}),
    }
  }
}

/** The share of the query (by concept worth) a document matched, from 0 to 1. */
export function queryShare(query: QueryPlan, matchedWorth: number): number {
  return query.totalWorth > 0 ? matchedWorth / query.totalWorth : 1
}

/** `{expandedFrom}` of the query term with this term and weight (absent for typed terms). */
export function expandedFromOf(query: QueryPlan, term: string, weight: number): {expandedFrom?: string} {
  for (const concept of query.concepts) {
    for (const candidate of concept.terms) {
      if (candidate.term === term && candidate.weight === weight) return candidate.expandedFrom === undefined ? {} : {expandedFrom: candidate.expandedFrom}
    }
  }
  return {}
}

/** Every term the query can match, with its highest weight. */
function termWeights(concepts: readonly Concept[]): Map<string, number> {
  const weights = new Map<string, number>()
  for (const concept of concepts) {
    for (const {term, weight} of concept.terms) if (weight > (weights.get(term) ?? 0)) weights.set(term, weight)
  }
  return weights
}
