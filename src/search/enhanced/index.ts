/**
 * The `enhanced` ranker (SPEC §5.2): lexical, deterministic and explainable, built to find the
 * right tool for requests phrased the way people phrase them. A pipeline of named steps, each in
 * its own file, every knob in `options.ts`:
 *
 * 1. catalog preparation (`catalog.ts`): fields → stemmed terms → the BM25F index
 *    (`weighted-index.ts`), owners' names, the catalog's words;
 * 2. query planning (`plan.ts`): words → concepts (`query.ts`): each typed word, minus stop words
 *    and filler, stemmed, with lexicon synonyms and implications (`lexicon/`), glued words split,
 *    typos corrected (`typo.ts`); then the rewrite rules (`rules/`, in `REWRITE_RULES`): argument
 *    kinds, several, phrase words, repeated terms, later actions, reread action;
 * 3. the BM25F core (`bm25f.ts`): one score per concept from its best term;
 * 4. the bonus rules (`rules/`), in this order: name coverage, owner match, action match, exact
 *    form; each applies its bonus and explains it;
 * 5. order: exact name/id matches first, then score, then id. Unlike the openclaw order, a hit
 *    reached only through the lexicon is not put below every typed-term hit: the lexicon is
 *    curated, and, measured while tuning, that rule cost 3–5 points of MetaTool hit@5.
 * Every point of a score is a `TermContribution` (term, field, weight, expandedFrom), and they
 * add up to the score.
 *
 * Adding a rule: a rewrite is a `RewriteRule` (`rules/rewrite-rule.ts`) added to `REWRITE_RULES`
 * in `plan.ts`; a bonus is a `BonusRule` (`rules/rule.ts`) added to `bonusRules` below; either with
 * its knob in `options.ts`, a test on a tiny catalog built for it, and its ablation in bench/eval.js.
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {compareByCodeUnits, exactKey, selectTop} from '../../shared/order.js'
import {exactMatchTable} from '../openclaw.js'
import {lazilyExplainedHit} from '../ranked-hit.js'
import {stem as lightStem} from '../stem.js'
import type {RankedHit, Ranker, RankerFactory, TermContribution} from '../types.js'
import {conceptScorer, explainConcepts} from './bm25f.js'
import {type PreparedCatalog, prepareCatalog} from './catalog.js'
import {entryDocument} from './documents.js'
import {splitGluedWord} from './fields.js'
import {type ActionLexicon, compileActions} from './intent.js'
import {compileLexicon, type Lexicon} from './lexicon/index.js'
import {ENHANCED, type EnhancedOptions} from './options.js'
import {type QueryPlan, queryPlanner} from './plan.js'
import type {QueryContext} from './query.js'
import {actionMatchRule} from './rules/action-match.js'
import {exactFormRule} from './rules/exact-form.js'
import {nameCoverageRule} from './rules/name-coverage.js'
import {ownerMatchRule} from './rules/owner-match.js'
import type {BonusRule, PlannedBonus, SearchScores} from './rules/rule.js'
import {memoize, porterStem} from './stem.js'
import {typoCorrector} from './typo.js'

export {ENHANCED, type EnhancedOptions, type FieldParams} from './options.js'
export {ACTION_MATCH_FIELD} from './rules/action-match.js'
export {EXACT_FORM_FIELD} from './rules/exact-form.js'
export {NAME_COVERAGE_FIELD} from './rules/name-coverage.js'
export {OWNER_MATCH_FIELD} from './rules/owner-match.js'

let lexiconCache: {stemmer: string; lexicon: Lexicon} | undefined

/** The compiled lexicon for a stemmer (compiled once per process). */
function lexiconFor(stemmer: EnhancedOptions['stemmer'], stem: (word: string) => string): Lexicon {
  if (lexiconCache?.stemmer !== stemmer) lexiconCache = {stemmer, lexicon: compileLexicon(stem)}
  return lexiconCache.lexicon
}

/**
 * The bonus rules a catalog gets, in the order they apply (a rule whose weight is 0 is left
 * out). A function of its own so that the analysed documents some rules build tables from are
 * garbage once it returns, instead of living as long as the ranker's closures.
 */
function bonusRules(entries: readonly CatalogEntry[], catalog: PreparedCatalog, actions: ActionLexicon, stem: (word: string) => string, options: EnhancedOptions): BonusRule[] {
  const rules: BonusRule[] = []
  if (options.nameCoverage > 0) rules.push(nameCoverageRule(catalog.index, catalog.capabilityTerms, options.nameCoverage))
  if (options.ownerMatch > 0) rules.push(ownerMatchRule(catalog.owners, catalog.docsByOwner, options.ownerMatch))
  if (options.actionMatch > 0) rules.push(actionMatchRule(catalog.capabilityTerms, catalog.documents, actions, stem, options))
  if (options.exactForm > 0) rules.push(exactFormRule(entries, options.exactForm, options.exactFormMinLength))
  return rules
}

export function buildEnhancedRanker(entries: readonly CatalogEntry[], options: EnhancedOptions = ENHANCED): Ranker {
  const stem = memoize(options.stemmer === 'porter' ? porterStem : lightStem)
  const lexicon = lexiconFor(options.stemmer, stem)
  const actions = compileActions(stem)
  const catalog = prepareCatalog(entries, options, stem)
  const rules = bonusRules(entries, catalog, actions, stem, options)
  const {index, nameTerms, wordFrequencies, knownWords} = catalog
  const n = index.size
  // An expansion term more tools than this use is not walked (see `maxExpansionShare`).
  const maxExpansionDocs = Math.max(options.maxExpansionShare * n, options.minSkippedExpansionDocs)
  const exact = exactMatchTable(entries)
  const context: QueryContext = {
    ...options,
    stem,
    lexicon,
    actions,
    hasTerm: (term) => index.has(term),
    keepWhole: (chunk) => lexicon.has(stem(chunk)) || index.has(stem(chunk)),
    splitGlued: memoize((word: string) => splitGluedWord(word, knownWords, options)),
    correct: typoCorrector(wordFrequencies, options),
  }
  const plan = queryPlanner(index, context, catalog.owners, options)

  // Scratch space, reused by every search (searches are synchronous) and left zeroed after each.
  const search: SearchScores = {scores: new Float64Array(n), worthMatched: new Float64Array(n), matched: new Int32Array(n), matchedCount: 0}
  const {scores, worthMatched, matched} = search
  const literal = new Uint8Array(n)
  const exactFlag = new Uint8Array(n)
  const scoreConcepts = conceptScorer(index, maxExpansionDocs, search, literal)

  const run = (text: string, limit: number): RankedHit[] => {
    if (limit <= 0) return []
    const query = plan(text)
    scoreConcepts(query)
    const bonuses = rules.map((rule) => rule.plan(query)).filter((bonus) => bonus !== undefined)
    for (const bonus of bonuses) bonus.apply(search)

    // Exact name/id matches join even when no term matched (`do`); then the top `limit`.
    let matchedCount = search.matchedCount
    for (const doc of exact.get(exactKey(text)) ?? []) {
      exactFlag[doc] = 1
      if (scores[doc] === 0) matched[matchedCount++] = doc
    }
    const order = (a: number, b: number): number => {
      if (exactFlag[a] !== exactFlag[b]) return exactFlag[a] === 1 ? -1 : 1
      if (scores[a] !== scores[b]) return scores[b]! - scores[a]!
      return compareByCodeUnits(entries[a]!.id, entries[b]!.id)
    }
    // Only documents scoring at least the limit-th best score can make the cut (ties included).
    const threshold = kthLargest(scores, matched, matchedCount, limit)
    const contenders: number[] = []
    for (let i = 0; i < matchedCount; i++) {
      const doc = matched[i]!
      if (exactFlag[doc] === 1 || scores[doc]! >= threshold) contenders.push(doc)
    }
    const top = selectTop(contenders, limit, order)
    const hits = top.map((doc) => lazilyExplainedHit(entries[doc]!, scores[doc]!, exactFlag[doc] === 1, literal[doc] === 1, () => explain(doc, query, bonuses)))
    for (let i = 0; i < matchedCount; i++) {
      const doc = matched[i]!
      scores[doc] = 0
      worthMatched[doc] = 0
      literal[doc] = 0
      exactFlag[doc] = 0
    }
    search.matchedCount = 0
    return hits
  }

  /** The contributions that make up a document's score: its BM25F concepts, then each bonus rule's. They add up to the score. */
  const explain = (doc: number, query: QueryPlan, bonuses: readonly PlannedBonus[]): TermContribution[] => {
    const entry = entries[doc]!
    const document = entryDocument(entry, nameTerms[doc]!, stem)
    const {contributions, matchedWorth} = explainConcepts(index, options.k1, maxExpansionDocs, doc, document, query)
    if (contributions.length === 0) return contributions
    for (const bonus of bonuses) for (const contribution of bonus.explain({doc, entry, document, matchedWorth})) contributions.push(contribution)
    return contributions
  }

  return {name: 'enhanced', search: run}
}

/**
 * The `k`-th largest of `scores` over the first `count` documents of `docs` (or -Infinity when
 * there are fewer than `k`): a sorted buffer of `k` numbers, so picking the top `k` afterwards
 * only orders a handful of documents instead of every matched one.
 */
function kthLargest(scores: Float64Array, docs: Int32Array, count: number, k: number): number {
  if (count < k) return Number.NEGATIVE_INFINITY
  const best = new Float64Array(k).fill(Number.NEGATIVE_INFINITY)
  for (let i = 0; i < count; i++) {
    const score = scores[docs[i]!]!
    if (score <= best[0]!) continue
    let slot = 0
    while (slot + 1 < k && best[slot + 1]! < score) {
      best[slot] = best[slot + 1]!
      slot++
    }
    best[slot] = score
  }
  return best[0]!
}

export const createEnhancedRanker: RankerFactory = (entries) => buildEnhancedRanker(entries)
