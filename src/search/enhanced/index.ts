/**
 * The `enhanced` ranker (SPEC §5.2): lexical, deterministic and explainable, built to find the
 * right tool for requests phrased the way people phrase them.
 *
 * Pipeline per query:
 * 1. concepts (`queryConcepts`): each typed word, minus stop words and request filler, stemmed
 *    with Porter; lexicon synonyms and implications at a lower weight (a word of a lexicon
 *    phrase, like `pull` in `pull request`, a term reached a second time, and an action word
 *    after the one the request leads with weigh less); glued
 *    words split; typos corrected against the catalog's own words; arguments (a host, a file
 *    name, an address) add the words for their kind (`arguments.ts`); a leading verb that means
 *    another action here (`open` an issue creates one) stands for that action's word;
 * 2. BM25F over weighted fields (name above summary above the rest of the description, owner,
 *    label, trusted parameters), one score per concept from its best term (`WeightedIndex`);
 * 3. a name-coverage bonus: the share of the tool name's words (idf-weighted) the query asked
 *    for, since a tool name is usually the capability itself (`create_issue`), scaled by how
 *    much of the query the tool matched at all;
 * 4. an owner-match bonus when the query names the tool's server or plugin (`owners.ts`);
 * 5. an action-match bonus when the action the request leads with (`remove …`, `what …?`) is
 *    the one the tool's name says it does (`delete_…`, `list_…`; `intent.ts`), scaled like 3;
 * 6. an exact-form bonus per typed word the tool's name has in the very form typed: stemming
 *    makes `issue` and `issues` one term, but `get_issue` and `list_issues` differ in just that;
 * 7. order: exact name/id matches first, then score, then id. Unlike the openclaw order, a hit
 *    reached only through the lexicon is not put below every typed-term hit: the lexicon is
 *    curated, and, measured while tuning, that rule cost 3–5 points of MetaTool hit@5.
 * Every point of a score is a `TermContribution` (term, field, weight, expandedFrom), and they
 * add up to the score.
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {idf} from '../bm25.js'
import {exactMatchTable} from '../openclaw.js'
import {compareByCodeUnits, exactKey, selectTop} from '../../shared/order.js'
import {stem as lightStem} from '../stem.js'
import {lazilyExplainedHit} from '../ranked-hit.js'
import type {RankedHit, Ranker, RankerFactory, TermContribution} from '../types.js'
import {catalogDocuments, entryDocument} from './documents.js'
import {type FieldName, splitGluedWord} from './fields.js'
import {type ActionBits, type ActionIntent, type ActionLexicon, actionAgreement, compileActions, intentBits, requestIntent, toolActionBits, toolActions} from './intent.js'
import {compileLexicon, type Lexicon, lexiconWords} from './lexicon/index.js'
import {type NamedOwner, namedOwners, namesOwnerAlone, type OwnerIndex, ownerNames} from './owners.js'
import {type Concept, isQueryNoise, queryConcepts, type QueryContext, type QueryWeights, queryWords} from './query.js'
import {memoize, porterStem} from './stem.js'
import {wordsOf} from './words.js'
import {typoCorrector} from './typo.js'
import {type FieldParams, saturate, WeightedIndex} from './weighted-index.js'

export type {FieldParams} from './weighted-index.js'

/** The enhanced ranker's settings: the query weights (`query.ts`), field weights and bonuses. */
export interface EnhancedOptions extends QueryWeights {
  fields: Readonly<Record<FieldName, FieldParams>>
  /** BM25 term-frequency saturation, applied once to the weighted sum over fields (BM25F). */
  k1: number
  /**
   * Weight of a typed action word after the one a request leads with (`find deals closing this
   * month`, `add an index to speed up lookups`), relative to its own: later action words mostly
   * describe the object (`closing`, `open`), so they should not pull in tools named for them.
   */
  laterActionWeight: number
  /**
   * Score added when a query covers all of a tool name's words: scaled by the (idf-weighted)
   * share of the name covered and by the share of the query the tool matched at all, so a
   * one-word name (`git_show`) does not win on one common word of a long request.
   */
  nameCoverage: number
  /** Score added when the query names the tool's owner (`github`, `notion`): a strong filter. */
  ownerMatch: number
  /**
   * Score added when the action a request leads with (`remove …`, `what …`) is the one the tool's
   * name expresses (`delete_…`, `list_…`), scaled by the share of the query the tool matched.
   */
  actionMatch: number
  /** Share of `actionMatch` for an action of the same family (`list` for `get`: both read). */
  actionFamilyShare: number
  /**
   * Score added per typed word of 4+ letters that the tool's name has in the same form, not
   * only the same stem (`files` for `push_files`, not `create_or_update_file`): the form of a
   * name's word often says one thing or several. Shorter words are mostly verbs (`get`, `add`).
   */
  exactForm: number
  /**
   * A lexicon or typo term that more than this share of the catalog's tools use (and at least
   * 50 of them) is left out: it cannot tell tools apart (its idf is low), and walking its
   * postings is most of the cost of a search over a large catalog. Typed terms always count.
   */
  maxExpansionShare: number
  stemmer: 'porter' | 'light'
}

/** The defaults, tuned on the MetaTool tune half and bench/queries/mcp-tools.jsonl (bench/eval.js). */
export const ENHANCED: Readonly<EnhancedOptions> = Object.freeze({
  fields: Object.freeze({
    name: {weight: 3, b: 0.3},
    owner: {weight: 1, b: 0},
    label: {weight: 2, b: 0.5},
    summary: {weight: 1, b: 0.75},
    description: {weight: 0.5, b: 0.75},
    parameters: {weight: 0.5, b: 0.75},
  }),
  k1: 1.2,
  synonymWeight: 0.5,
  implicationWeight: 0.8,
  typoWeight: 0.6,
  argumentWeight: 0.5,
  argumentKindWeight: 0.8,
  severalWeight: 0.5,
  repeatWeight: 0.5,
  phraseWordWeight: 0.5,
  laterActionWeight: 0.8,
  nameCoverage: 4,
  ownerMatch: 4,
  actionMatch: 3,
  actionFamilyShare: 0.5,
  exactForm: 0.25,
  maxExpansionShare: 0.3,
  stemmer: 'porter',
})

/** The `field` of a name-coverage contribution in `--explain`. */
export const NAME_COVERAGE_FIELD = 'name-coverage'
/** The `field` of an owner-match contribution. */
export const OWNER_MATCH_FIELD = 'owner-match'
/** The `field` of an action-match contribution (see `intent.ts`). */
export const ACTION_MATCH_FIELD = 'action-match'
/** The `field` of an exact-form contribution. */
export const EXACT_FORM_FIELD = 'exact-form'
/** Words shorter than this get no exact-form bonus (`exactForm`). */
const EXACT_FORM_MIN_LENGTH = 4

/** An expansion term is never left out for being common when fewer tools than this use it. */
const MIN_SKIPPED_EXPANSION_DOCS = 50

/** An owner with at least this many tools may have a namespace prefix (`browser_`, `API-`). */
const NAMESPACE_MIN_TOOLS = 3
/** …when at least this share of its tools start with it (verbs like `create_` rarely reach it). */
const NAMESPACE_MIN_SHARE = 0.6

let lexiconCache: {stemmer: string; lexicon: Lexicon} | undefined

/** The compiled lexicon for a stemmer (compiled once per process). */
function lexiconFor(stemmer: EnhancedOptions['stemmer'], stem: (word: string) => string): Lexicon {
  if (lexiconCache?.stemmer !== stemmer) lexiconCache = {stemmer, lexicon: compileLexicon(stem)}
  return lexiconCache.lexicon
}

/** A query analyzed once per search, shared by scoring and explaining. */
interface QueryPlan {
  concepts: Concept[]
  /** Per concept, what it is worth for query coverage (see `conceptWorth`). */
  worth: number[]
  totalWorth: number
  /** Every term the query can match, with its highest weight. */
  termWeights: Map<string, number>
  /** The owners the request names (`owners.ts`), by owner. */
  owners: Map<string, NamedOwner>
  /** What the request asks to do, if it says, and the same as bit sets. */
  intent?: ActionIntent
  intentBits?: ActionBits
  /** The typed words (filler aside) some tool's name has in that very form (exact-form bonus). */
  forms: string[]
}

/**
 * Words of a tool name that say nothing about the capability: the owner's own name
 * (`hubspot-…`) and a prefix most of an owner's tools share (`browser_…`, `API-…`).
 */
function namespaceTerms(
  docsByOwner: ReadonlyMap<string, readonly number[]>,
  ownerNameWords: ReadonlyMap<string, readonly string[]>,
  nameTerms: ReadonlyArray<readonly string[]>,
  stem: (word: string) => string,
): Map<string, Set<string>> {
  const namespaces = new Map<string, Set<string>>()
  for (const [owner, docs] of docsByOwner) {
    const terms = new Set(ownerNameWords.get(owner)!.map(stem))
    if (docs.length >= NAMESPACE_MIN_TOOLS) {
      const firsts = new Map<string, number>()
      for (const doc of docs) {
        const first = nameTerms[doc]![0]
        if (first !== undefined) firsts.set(first, (firsts.get(first) ?? 0) + 1)
      }
      for (const [first, count] of firsts) if (count >= NAMESPACE_MIN_SHARE * docs.length) terms.add(first)
    }
    namespaces.set(owner, terms)
  }
  return namespaces
}

/** Term → documents, for the sparse bonus lookups (name coverage, owner match). */
function postingsOf(termsByDoc: readonly (readonly string[])[]): Map<string, number[]> {
  const postings = new Map<string, number[]>()
  termsByDoc.forEach((terms, doc) => {
    for (const term of terms) {
      const docs = postings.get(term)
      if (docs === undefined) postings.set(term, [doc])
      else docs.push(doc)
    }
  })
  return postings
}

/** What searching needs from the catalog, computed once; the analyzed text is not kept. */
interface PreparedCatalog {
  index: WeightedIndex<FieldName>
  /** Per tool: its name's terms, for rebuilding its document when explaining. */
  nameTerms: readonly (readonly string[])[]
  /** Per tool: its distinct name terms without its namespace, and their total idf (name coverage). */
  coverageTerms: readonly (readonly string[])[]
  coverageTotals: Float64Array
  coveragePostings: Map<string, number[]>
  owners: OwnerIndex
  docsByOwner: Map<string, number[]>
  /** Per tool: its action classes and families as bit sets (`intent.ts`). */
  actionClassBits: Int32Array
  actionFamilyBits: Int32Array
  /** Catalog and lexicon words → how many tools use them (typo correction), and the catalog's words of 3+ letters (glued words). */
  wordFrequencies: Map<string, number>
  knownWords: Set<string>
  /** A name's word of 4+ letters, as written (lowercase) → the tools whose name has it. */
  formPostings: Map<string, number[]>
}

/**
 * Builds the index and the tables the bonuses need. A function of its own so that the analyzed
 * documents (every word of every description) are garbage once it returns, instead of living as
 * long as the ranker's closures.
 */
function prepareCatalog(entries: readonly CatalogEntry[], options: EnhancedOptions, stem: (word: string) => string, actionLexicon: ActionLexicon): PreparedCatalog {
  const {documents, wordFrequencies, ownerNameWords, docsByOwner, otherUses} = catalogDocuments(entries, stem)
  const knownWords = new Set([...wordFrequencies.keys()].filter((word) => word.length >= 3))
  for (const word of lexiconWords()) if (!wordFrequencies.has(word)) wordFrequencies.set(word, 0)

  const index = WeightedIndex.build(documents, options.fields, options.k1)
  const n = index.size
  const nameTerms = documents.map((document) => document.name)

  // Name coverage: each tool's distinct name terms without its namespace, and their total idf.
  const namespaces = namespaceTerms(docsByOwner, ownerNameWords, nameTerms, stem)
  const coverageTerms = entries.map((entry, doc) => {
    const skip = namespaces.get(entry.sourceName)!
    return [...new Set(nameTerms[doc])].filter((term) => !skip.has(term))
  })
  const coverageTotals = Float64Array.from(coverageTerms, (terms) => terms.reduce((sum, term) => sum + idf(index.documentFrequency(term), n), 0))
  // A number in an owner's name (`server-2`) names nothing by itself.
  const owners = ownerNames(ownerNameWords, stem, (word, owner) => (/^\d+$/.test(word) ? n : otherUses(word, owner)), n)

  // Actions: what each tool's name (or, failing that, its description's opening) says it does.
  const actionBits = coverageTerms.map((terms, doc) => toolActionBits(toolActions(terms, documents[doc]!.summary, actionLexicon)))
  return {
    formPostings: postingsOf(entries.map((entry) => nameForms(entry.name))),
    index,
    nameTerms,
    coverageTerms,
    coverageTotals,
    coveragePostings: postingsOf(coverageTerms),
    owners,
    docsByOwner,
    actionClassBits: Int32Array.from(actionBits, (bits) => bits.classes),
    actionFamilyBits: Int32Array.from(actionBits, (bits) => bits.families),
    wordFrequencies,
    knownWords,
  }
}

export function buildEnhancedRanker(entries: readonly CatalogEntry[], options: EnhancedOptions = ENHANCED): Ranker {
  const stem = memoize(options.stemmer === 'porter' ? porterStem : lightStem)
  const lexicon = lexiconFor(options.stemmer, stem)
  const actionLexicon = compileActions(stem)
  const prepared = prepareCatalog(entries, options, stem, actionLexicon)
  const {index, nameTerms, coverageTerms, coverageTotals, coveragePostings, owners, docsByOwner, actionClassBits, actionFamilyBits, wordFrequencies, knownWords, formPostings} = prepared
  const n = index.size
  const idfOf = (term: string): number => idf(index.documentFrequency(term), n)
  // An expansion term more tools than this use is not walked (see `maxExpansionShare`); in a
  // small catalog every term is (a share of a few tools says nothing about a term).
  const maxExpansionDocs = Math.max(options.maxExpansionShare * n, MIN_SKIPPED_EXPANSION_DOCS)

  const exact = exactMatchTable(entries)
  const context: QueryContext = {
    stem,
    lexicon,
    hasTerm: (term) => index.has(term),
    keepWhole: (chunk) => lexicon.has(stem(chunk)) || index.has(stem(chunk)),
    splitGlued: memoize((word: string) => splitGluedWord(word, knownWords)),
    correct: typoCorrector(wordFrequencies),
    synonymWeight: options.synonymWeight,
    implicationWeight: options.implicationWeight,
    typoWeight: options.typoWeight,
    argumentWeight: options.argumentWeight,
    argumentKindWeight: options.argumentKindWeight,
    severalWeight: options.severalWeight,
    repeatWeight: options.repeatWeight,
    phraseWordWeight: options.phraseWordWeight,
  }
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

  const plan = (query: string): QueryPlan => {
    const words = queryWords(query, options.argumentWeight, context.keepWhole)
    const intent = options.actionMatch > 0 || options.laterActionWeight !== 1 ? requestIntent(words.map(({word}) => word), actionLexicon, stem, isNotAction) : undefined
    const concepts = rereadActionConcept(laterActionsScaled(queryConcepts(query, context, words), intent, actionLexicon, stem, options.laterActionWeight), intent, stem)
    const typed = words.filter(({word}) => !isQueryNoise(word)).map(({word, scale}) => ({word, weight: scale}))
    const expanded = concepts.flatMap((concept) => concept.terms.filter((term) => term.expandedFrom !== undefined))
    const worth = concepts.map(conceptWorth)
    const weights = termWeights(concepts)
    const forms = options.exactForm > 0 ? [...new Set(typed.map(({word}) => word))].filter((word) => formPostings.has(word)) : []
    return {forms, concepts, worth, totalWorth: worth.reduce((sum, value) => sum + value, 0), termWeights: weights, intent: options.actionMatch > 0 ? intent : undefined, intentBits: options.actionMatch > 0 && intent !== undefined ? intentBits(intent) : undefined, owners: options.ownerMatch > 0 ? namedOwners(typed, expanded, owners) : new Map()}
  }

  // Scratch space, reused by every search (searches are synchronous) and left zeroed after each.
  // The hot loops below stay in this closure: with one ranker per process (a gateway, the CLI)
  // the optimizing compiler treats these arrays as constants, which a class field or a
  // parameter measured about 1.7 times slower.
  const scores = new Float64Array(n)
  const best = new Float64Array(n)
  const worthMatched = new Float64Array(n)
  const covered = new Float64Array(n)
  const literal = new Uint8Array(n)
  const exactFlag = new Uint8Array(n)
  const reached = new Int32Array(n)
  const matched = new Int32Array(n)
  const touched = new Int32Array(n)

  const search = (text: string, limit: number): RankedHit[] => {
    if (limit <= 0) return []
    const query = plan(text)
    let matchedCount = 0
    const {concepts} = query
    for (let c = 0; c < concepts.length; c++) {
      let reachedCount = 0
      for (const {term, weight, expandedFrom} of concepts[c]!.terms) {
        const postings = index.postings(term)
        if (postings === undefined) continue
        const {docs, saturated} = postings
        if (expandedFrom !== undefined && docs.length > maxExpansionDocs) continue
        const scale = weight * idf(docs.length, n)
        const typed = expandedFrom === undefined
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i]!
          const value = scale * saturated[i]!
          if (best[doc] === 0) reached[reachedCount++] = doc
          if (value > best[doc]!) best[doc] = value
          if (typed) literal[doc] = 1
        }
      }
      const worth = query.worth[c]!
      for (let i = 0; i < reachedCount; i++) {
        const doc = reached[i]!
        if (scores[doc] === 0) matched[matchedCount++] = doc
        scores[doc]! += best[doc]!
        best[doc] = 0
        worthMatched[doc]! += worth
      }
    }

    // Name coverage, through the sparse postings of the query's terms (every such tool is
    // matched: names are an indexed field).
    let touchedCount = 0
    if (options.nameCoverage > 0) {
      for (const [term, weight] of query.termWeights) {
        const termIdf = idfOf(term)
        for (const doc of coveragePostings.get(term) ?? []) {
          if (covered[doc] === 0) touched[touchedCount++] = doc
          covered[doc]! += weight * termIdf
        }
      }
    }
    for (let i = 0; i < touchedCount; i++) {
      const doc = touched[i]!
      scores[doc]! += (options.nameCoverage * covered[doc]! * queryShare(query, worthMatched[doc]!)) / coverageTotals[doc]!
      covered[doc] = 0
    }
    // Owner match, for the tools of a named owner that the query reached at all.
    for (const [owner, {weight}] of query.owners) {
      for (const doc of docsByOwner.get(owner)!) if (scores[doc]! > 0) scores[doc]! += options.ownerMatch * weight
    }

    // Action match, for tools the query reached at all.
    if (query.intentBits !== undefined) {
      const {classes, families} = query.intentBits
      for (let i = 0; i < matchedCount; i++) {
        const doc = matched[i]!
        const agreement = (classes & actionClassBits[doc]!) !== 0 ? 1 : (families & actionFamilyBits[doc]!) !== 0 ? options.actionFamilyShare : 0
        if (agreement > 0) scores[doc]! += options.actionMatch * agreement * queryShare(query, worthMatched[doc]!)
      }
    }

    // Exact form, for tools the query reached at all.
    for (const form of query.forms) {
      for (const doc of formPostings.get(form)!) if (scores[doc]! > 0) scores[doc]! += options.exactForm
    }

    // Exact name/id matches join even when no term matched (`do`); then the top `limit`.
    const exactDocs = exact.get(exactKey(text)) ?? []
    for (const doc of exactDocs) {
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
    const hits = top.map((doc) => lazilyExplainedHit(entries[doc]!, scores[doc]!, exactFlag[doc] === 1, literal[doc] === 1, () => explain(doc, query)))
    for (let i = 0; i < matchedCount; i++) {
      const doc = matched[i]!
      scores[doc] = 0
      worthMatched[doc] = 0
      literal[doc] = 0
      exactFlag[doc] = 0
    }
    return hits
  }

  /**
   * The contributions that make up a document's score: per concept, its best term split by field
   * (BM25F shares one saturation, so each field gets its share of the weighted tf); then the
   * name-coverage bonus per covered name term; then the owner match. They add up to the score.
   */
  const explain = (doc: number, query: QueryPlan): TermContribution[] => {
    const contributions: TermContribution[] = []
    const document = entryDocument(entries[doc]!, nameTerms[doc]!, stem)
    const fieldShares = index.fieldShares(doc, document, query.termWeights)
    let matchedWorth = 0
    query.concepts.forEach((concept, c) => {
      let top: {value: number; weight: number; term: string; expandedFrom?: string; shares: Array<{field: FieldName; share: number}>} | undefined
      for (const {term, weight, expandedFrom} of concept.terms) {
        const shares = fieldShares.get(term)
        if (shares === undefined || (expandedFrom !== undefined && index.documentFrequency(term) > maxExpansionDocs)) continue
        const value = weight * idfOf(term) * saturate(shares.reduce((sum, {share}) => sum + share, 0), options.k1)
        if (top === undefined || value > top.value) top = {value, weight, term, expandedFrom, shares}
      }
      if (top === undefined) return
      matchedWorth += query.worth[c]!
      const total = top.shares.reduce((sum, {share}) => sum + share, 0)
      for (const {field, share} of top.shares) {
        contributions.push({term: top.term, weight: top.weight, score: (top.value * share) / total, field, ...(top.expandedFrom === undefined ? {} : {expandedFrom: top.expandedFrom})})
      }
    })
    if (contributions.length === 0) return contributions
    if (options.nameCoverage > 0 && coverageTotals[doc]! > 0) {
      const share = queryShare(query, matchedWorth)
      for (const term of coverageTerms[doc]!) {
        const weight = query.termWeights.get(term)
        if (weight === undefined) continue
        const score = (options.nameCoverage * weight * idfOf(term) * share) / coverageTotals[doc]!
        contributions.push({term, weight, score, field: NAME_COVERAGE_FIELD, ...expandedFromOf(query, term, weight)})
      }
    }
    const owner = query.owners.get(entries[doc]!.sourceName)
    if (owner !== undefined) {
      contributions.push({term: owner.term, weight: owner.weight, score: options.ownerMatch * owner.weight, field: OWNER_MATCH_FIELD, ...(owner.expandedFrom === undefined ? {} : {expandedFrom: owner.expandedFrom})})
    }
    if (query.intent !== undefined) {
      const {agreement, term} = actionAgreement(query.intent, toolActions(coverageTerms[doc]!, document.summary, actionLexicon), options.actionFamilyShare)
      if (agreement > 0) {
        const score = options.actionMatch * agreement * queryShare(query, matchedWorth)
        contributions.push({term: term!, weight: agreement, score, field: ACTION_MATCH_FIELD, ...(term === stem(query.intent.from) ? {} : {expandedFrom: query.intent.from})})
      }
    }
    if (query.forms.length > 0) {
      const forms = new Set(nameForms(entries[doc]!.name))
      for (const form of query.forms) if (forms.has(form)) contributions.push({term: form, weight: 1, score: options.exactForm, field: EXACT_FORM_FIELD})
    }
    return contributions
  }

  return {name: 'enhanced', search}
}

/**
 * The concepts of a request that leads with an action of its own (not a question), with each
 * later typed action word (`closing`, `open`, `add`) and its expansions at `weight` of their
 * weight (see `laterActionWeight`). The leading action word keeps its weight.
 */
function laterActionsScaled(concepts: Concept[], intent: ActionIntent | undefined, actions: ActionLexicon, stem: (word: string) => string, weight: number): Concept[] {
  if (weight === 1 || intent === undefined || intent.actions.length === 0 || intent.question === true) return concepts
  const lead = new Set(intent.from.split(' ').map(stem))
  return concepts.map((concept) => {
    const [typed] = concept.terms
    if (typed === undefined || typed.expandedFrom !== undefined || lead.has(typed.term) || !actions.classes.has(typed.term)) return concept
    return {...concept, terms: concept.terms.map((term) => ({...term, weight: term.weight * weight}))}
  })
}

/**
 * The concepts of a request whose leading word means another action here (`open an issue`
 * creates one; see `ActionIntent.reread`): that word's concept asks for the word as typed (a
 * tool may be named `open_issue`) or the class's own word (`create`) at the same weight, in place
 * of the word's usual expansions (`open` → navigate, view), which would pull in page viewers.
 */
function rereadActionConcept(concepts: Concept[], intent: ActionIntent | undefined, stem: (word: string) => string): Concept[] {
  if (intent?.reread !== true || intent.actions.length !== 1) return concepts
  const from = stem(intent.from)
  const [action] = intent.actions
  return concepts.map((concept) => {
    const [typed] = concept.terms
    if (typed === undefined || typed.expandedFrom !== undefined || typed.term !== from) return concept
    return {...concept, terms: [typed, {term: stem(action!), weight: typed.weight, expandedFrom: concept.text, word: action!}]}
  })
}

/** The share of the query (by concept worth) a document matched, from 0 to 1. */
function queryShare(query: QueryPlan, matchedWorth: number): number {
  return query.totalWorth > 0 ? matchedWorth / query.totalWorth : 1
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

/** `{expandedFrom}` of the query term with this term and weight (absent for typed terms). */
function expandedFromOf(query: QueryPlan, term: string, weight: number): {expandedFrom?: string} {
  for (const concept of query.concepts) {
    for (const candidate of concept.terms) {
      if (candidate.term === term && candidate.weight === weight) return candidate.expandedFrom === undefined ? {} : {expandedFrom: candidate.expandedFrom}
    }
  }
  return {}
}

/** The distinct words of a tool name, as written (lowercase), that can earn the exact-form bonus. */
function nameForms(name: string): string[] {
  return [...new Set(wordsOf(name))].filter((word) => word.length >= EXACT_FORM_MIN_LENGTH)
}

/** Every term the query can match, with its highest weight. */
function termWeights(concepts: readonly Concept[]): Map<string, number> {
  const weights = new Map<string, number>()
  for (const concept of concepts) {
    for (const {term, weight} of concept.terms) if (weight > (weights.get(term) ?? 0)) weights.set(term, weight)
  }
  return weights
}

export const createEnhancedRanker: RankerFactory = (entries) => buildEnhancedRanker(entries)
