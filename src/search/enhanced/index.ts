/**
 * The `enhanced` ranker (SPEC §5.2): lexical, deterministic and explainable, built to find the
 * right tool for requests phrased the way people phrase them.
 *
 * Pipeline per query:
 * 1. concepts (`queryConcepts`): each typed word, minus stop words and request filler, stemmed
 *    with Porter; lexicon synonyms and implications at a lower weight; glued words split; typos
 *    corrected against the catalog's own words;
 * 2. BM25F over weighted fields (name above summary above the rest of the description, owner,
 *    label, trusted parameters), one score per concept from its best term;
 * 3. a name-coverage bonus: the share of the tool name's words (idf-weighted) the query asked
 *    for, since a tool name is usually the capability itself (`create_issue`);
 * 4. order: exact name/id matches first, then hits with a typed term, then score, then id.
 * Every point of a score is a `TermContribution` (term, field, weight, expandedFrom), and they
 * add up to the score.
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {idf} from '../bm25.js'
import {InvertedIndex} from '../inverted-index.js'
import {exactMatchTable} from '../openclaw.js'
import {compareByCodeUnits, exactKey, type Orderable, selectTop} from '../order.js'
import {stem as lightStem} from '../stem.js'
import {STOP_WORDS} from '../stop-words.js'
import type {RankedHit, Ranker, RankerFactory, TermContribution} from '../types.js'
import {catalogVocabulary, entryFieldWords, FIELD_NAMES, type FieldName, ownerWords} from './fields.js'
import {IMPLICATIONS, SYNONYM_GROUPS} from './lexicon.js'
import {type Concept, compileLexicon, type Lexicon, queryConcepts} from './query.js'
import {memoizeStem, porterStem} from './stem.js'
import {typoCorrector} from './typo.js'

export interface FieldParams {
  /** How much one occurrence in this field counts against one in the description. */
  weight: number
  /** BM25 length normalisation for this field (0: length ignored, 1: fully normalised). */
  b: number
}

export interface EnhancedOptions {
  fields: Readonly<Record<FieldName, FieldParams>>
  /** BM25 term-frequency saturation, applied once to the weighted sum over fields (BM25F). */
  k1: number
  /** Weight of a lexicon synonym relative to the typed word (`delete` → `remove`). */
  synonymWeight: number
  /** Weight of a term a typed word implies (`kubectl` → `kubernetes`, `bitcoin` → `finance`). */
  implicationWeight: number
  /** Weight of a typo correction relative to a correctly typed word. */
  typoWeight: number
  /**
   * Score added when a query covers all of a tool name's words: scaled by the (idf-weighted)
   * share of the name covered and by the share of the query the tool matched at all, so a
   * one-word name (`git_show`) does not win on one common word of a long request.
   */
  nameCoverage: number
  /** Score added when the query names the tool's owner (`github`, `notion`): a strong filter. */
  ownerMatch: number
  stemmer: 'porter' | 'light'
}

/** The tuned defaults (see bench/README: tuned on the MetaTool tune half and the MCP queries). */
export const ENHANCED: Readonly<EnhancedOptions> = Object.freeze({
  fields: Object.freeze({
    name: {weight: 3, b: 0.3},
    owner: {weight: 1, b: 0},
    label: {weight: 2, b: 0.5},
    summary: {weight: 1, b: 0.75},
    description: {weight: 1, b: 0.75},
    parameters: {weight: 0.5, b: 0.75},
  }),
  k1: 1.2,
  synonymWeight: 0.5,
  implicationWeight: 0.8,
  typoWeight: 0.8,
  nameCoverage: 4,
  ownerMatch: 3,
  stemmer: 'porter',
})

/** The `field` of a name-coverage contribution in `--explain`. */
export const NAME_COVERAGE_FIELD = 'name-coverage'
/** The `field` of an owner-match contribution. */
export const OWNER_MATCH_FIELD = 'owner-match'


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

/** Surface words of the lexicon, so typos of them can be corrected too. */
function lexiconWords(): string[] {
  return [...SYNONYM_GROUPS, ...IMPLICATIONS].flatMap((line) => line.replace('>', ' ').split(/[\s_]+/)).filter((word) => word !== '')
}

/** A query analyzed once per search, shared by scoring and explaining. */
interface QueryPlan {
  concepts: Concept[]
  /** Per concept, what it is worth for query coverage (see `conceptWorth`). */
  worth: number[]
  totalWorth: number
  /** Every term the query can match, with its highest weight. */
  termWeights: Map<string, number>
}

interface NameTerm {
  term: string
  idf: number
}

/**
 * Words of a tool name that say nothing about the capability: the owner's own name
 * (`hubspot-…`) and a prefix most of an owner's tools share (`browser_…`, `API-…`).
 */
function namespaceTerms(entries: readonly CatalogEntry[], nameTerms: readonly string[][], stem: (word: string) => string): Map<string, Set<string>> {
  const byOwner = new Map<string, number[]>()
  entries.forEach((entry, doc) => {
    const docs = byOwner.get(entry.sourceName)
    if (docs === undefined) byOwner.set(entry.sourceName, [doc])
    else docs.push(doc)
  })
  const namespaces = new Map<string, Set<string>>()
  for (const [owner, docs] of byOwner) {
    const terms = new Set(ownerWords(entries[docs[0]!]!).map(stem))
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

export function buildEnhancedRanker(entries: readonly CatalogEntry[], options: EnhancedOptions = ENHANCED): Ranker {
  const stem = memoizeStem(options.stemmer === 'porter' ? porterStem : lightStem)
  const lexicon = lexiconFor(options.stemmer, stem)
  const known = catalogVocabulary(entries)
  const fields = FIELD_NAMES.filter((field) => options.fields[field].weight > 0)

  // Analyze every entry once: field words → stemmed terms; count words and terms per document.
  const wordFrequencies = new Map<string, number>()
  const documentFrequencies = new Map<string, number>()
  const nameTerms: string[][] = []
  const documents = entries.map((entry) => {
    const words = entryFieldWords(entry, known)
    const analyzed: Record<string, string[]> = {}
    const docWords = new Set<string>()
    const docTerms = new Set<string>()
    for (const field of fields) {
      const terms: string[] = []
      for (const word of words[field]) {
        if (STOP_WORDS.has(word)) continue
        docWords.add(word)
        const term = stem(word)
        docTerms.add(term)
        terms.push(term)
      }
      analyzed[field] = terms
    }
    for (const word of docWords) wordFrequencies.set(word, (wordFrequencies.get(word) ?? 0) + 1)
    for (const term of docTerms) documentFrequencies.set(term, (documentFrequencies.get(term) ?? 0) + 1)
    nameTerms.push(analyzed.name ?? [])
    return {id: entry.id, fields: analyzed}
  })
  for (const word of lexiconWords()) if (!wordFrequencies.has(word)) wordFrequencies.set(word, 0)
  const index = InvertedIndex.build(documents)
  const n = index.size
  const idfOf = (term: string): number => idf(documentFrequencies.get(term) ?? 0, n)

  // Name coverage: each tool's distinct name terms without its namespace, with their idf.
  const namespaces = namespaceTerms(entries, nameTerms, stem)
  const coverage: Array<{terms: NameTerm[]; total: number}> = entries.map((entry, doc) => {
    const skip = namespaces.get(entry.sourceName)!
    const terms = [...new Set(nameTerms[doc])].filter((term) => !skip.has(term)).map((term) => ({term, idf: idfOf(term)}))
    return {terms, total: terms.reduce((sum, {idf: value}) => sum + value, 0)}
  })

  const ownerTerms: string[][] = entries.map((entry) => [...new Set(ownerWords(entry).filter((word) => !STOP_WORDS.has(word)).map(stem))])

  const exact = exactMatchTable(entries)
  const context = {
    stem,
    lexicon,
    hasTerm: (term: string) => documentFrequencies.has(term),
    knownWords: new Set([...wordFrequencies].filter(([word, count]) => count > 0 && word.length >= 3).map(([word]) => word)),
    correct: typoCorrector(wordFrequencies),
    synonymWeight: options.synonymWeight,
    implicationWeight: options.implicationWeight,
    typoWeight: options.typoWeight,
  }

  const fieldData = fields.map((field) => ({
    field,
    ...options.fields[field],
    lengths: index.fieldLengths(field),
    average: index.averageFieldLength(field),
  }))
  const saturate = (weightedTf: number): number => (weightedTf * (options.k1 + 1)) / (weightedTf + options.k1)

  /** One term's BM25F parts in one document, per field (weighted, length-normalised tf). */
  const termParts = (term: string, doc: number): Array<{field: FieldName; part: number}> => {
    const parts: Array<{field: FieldName; part: number}> = []
    for (const data of fieldData) {
      const tf = index.termFrequency(data.field, term, doc)
      if (tf === 0) continue
      parts.push({field: data.field, part: (data.weight * tf) / normaliser(data, doc)})
    }
    return parts
  }

  /**
   * What a query is worth per concept for query coverage: the idf of the typed term when the
   * catalog has it, else of its best stand-in (a correction or expansion); 0 when the catalog has
   * none of its terms (a name or number the catalog never mentions does not dilute coverage).
   */
  const conceptWorth = (concept: Concept): number => {
    const typed = concept.terms.find((term) => term.expandedFrom === undefined && documentFrequencies.has(term.term))
    if (typed !== undefined) return idfOf(typed.term)
    return Math.max(0, ...concept.terms.filter((term) => documentFrequencies.has(term.term)).map((term) => idfOf(term.term)))
  }

  const plan = (query: string): QueryPlan => {
    const concepts = queryConcepts(query, context)
    const worth = concepts.map(conceptWorth)
    return {concepts, worth, totalWorth: worth.reduce((sum, value) => sum + value, 0), termWeights: termWeights(concepts)}
  }

  /** The share of the query (by concept worth) a document matched, from 0 to 1. */
  const queryShare = (query: QueryPlan, matchedWorth: number): number => (query.totalWorth > 0 ? matchedWorth / query.totalWorth : 1)

  /** The name-coverage bonus for a document, given the share of the query it matched. */
  const nameCoverageBonus = (doc: number, query: QueryPlan, share: number): number =>
    options.nameCoverage * coveredShare(coverage[doc]!, query.termWeights) * share

  /** The owner-match bonus: the query names (or implies) the tool's owner. */
  const ownerMatchTerm = (doc: number, query: QueryPlan): {term: string; weight: number} | undefined => {
    let found: {term: string; weight: number} | undefined
    for (const term of ownerTerms[doc]!) {
      const weight = query.termWeights.get(term)
      if (weight !== undefined && (found === undefined || weight > found.weight)) found = {term, weight}
    }
    return found
  }

  const search = (text: string, limit: number): RankedHit[] => {
    if (limit <= 0) return []
    const query = plan(text)
    const scores = new Float64Array(n)
    const literal = new Uint8Array(n)
    const matchedWorth = new Float64Array(n)
    const matched: number[] = []
    const best = new Float64Array(n)
    const weighted = new Float64Array(n)
    query.concepts.forEach((concept, c) => {
      const reached: number[] = []
      for (const {term, weight, expandedFrom} of concept.terms) {
        const df = documentFrequencies.get(term)
        if (df === undefined) continue
        const termIdf = idf(df, n)
        const touched: number[] = []
        for (const data of fieldData) {
          const postings = index.postings(data.field, term)
          if (postings === undefined) continue
          for (let i = 0; i < postings.docs.length; i++) {
            const doc = postings.docs[i]!
            if (weighted[doc] === 0) touched.push(doc)
            weighted[doc]! += (data.weight * postings.tfs[i]!) / normaliser(data, doc)
          }
        }
        for (const doc of touched) {
          const value = weight * termIdf * saturate(weighted[doc]!)
          weighted[doc] = 0
          if (best[doc] === 0) reached.push(doc)
          if (value > best[doc]!) best[doc] = value
          if (expandedFrom === undefined) literal[doc] = 1
        }
      }
      for (const doc of reached) {
        if (scores[doc] === 0) matched.push(doc)
        scores[doc]! += best[doc]!
        best[doc] = 0
        matchedWorth[doc]! += query.worth[c]!
      }
    })

    for (const doc of matched) {
      if (options.nameCoverage > 0) scores[doc]! += nameCoverageBonus(doc, query, queryShare(query, matchedWorth[doc]!))
      const owner = options.ownerMatch > 0 ? ownerMatchTerm(doc, query) : undefined
      if (owner !== undefined) scores[doc]! += options.ownerMatch * owner.weight
    }

    const exactDocs = new Set(exact.get(exactKey(text)) ?? [])
    const candidates: Array<Orderable & {doc: number}> = []
    for (const doc of matched) {
      if (scores[doc]! > 0 || exactDocs.has(doc)) candidates.push({doc, id: index.ids[doc]!, exact: exactDocs.has(doc), literal: literal[doc] === 1, score: scores[doc]!})
    }
    for (const doc of exactDocs) if (scores[doc] === 0) candidates.push({doc, id: index.ids[doc]!, exact: true, literal: false, score: 0})
    return selectTop(candidates, limit, compareExactThenScore).map(({doc, score, exact: exactMatch, literal: typed}) => ({
      entry: entries[doc]!,
      score,
      exact: exactMatch,
      literal: typed,
      contributions: explain(doc, query),
    }))
  }

  /**
   * The contributions that make up a document's score: per concept, its best term split by field
   * (BM25F shares the saturation, so each field gets its share of the weighted tf); then the
   * name-coverage bonus per covered name term; then the owner match. They add up to the score.
   */
  const explain = (doc: number, query: QueryPlan): TermContribution[] => {
    const contributions: TermContribution[] = []
    let matchedWorth = 0
    query.concepts.forEach((concept, c) => {
      let top: {value: number; weight: number; term: string; expandedFrom?: string; parts: Array<{field: FieldName; part: number}>} | undefined
      for (const {term, weight, expandedFrom} of concept.terms) {
        const parts = termParts(term, doc)
        if (parts.length === 0) continue
        const total = parts.reduce((sum, {part}) => sum + part, 0)
        const value = weight * idfOf(term) * saturate(total)
        if (top === undefined || value > top.value) top = {value, weight, term, expandedFrom, parts}
      }
      if (top === undefined) return
      matchedWorth += query.worth[c]!
      const total = top.parts.reduce((sum, {part}) => sum + part, 0)
      for (const {field, part} of top.parts) {
        contributions.push({
          term: top.term,
          weight: top.weight,
          score: (top.value * part) / total,
          field,
          ...(top.expandedFrom === undefined ? {} : {expandedFrom: top.expandedFrom}),
        })
      }
    })
    if (contributions.length === 0) return contributions
    const share = queryShare(query, matchedWorth)
    const {terms, total} = coverage[doc]!
    if (options.nameCoverage > 0 && total > 0) {
      for (const {term, idf: termIdf} of terms) {
        const weight = query.termWeights.get(term)
        if (weight === undefined) continue
        contributions.push({term, weight, score: (options.nameCoverage * weight * termIdf * share) / total, field: NAME_COVERAGE_FIELD, ...expandedFromOf(query, term)})
      }
    }
    const owner = options.ownerMatch > 0 ? ownerMatchTerm(doc, query) : undefined
    if (owner !== undefined) contributions.push({term: owner.term, weight: owner.weight, score: options.ownerMatch * owner.weight, field: OWNER_MATCH_FIELD, ...expandedFromOf(query, owner.term)})
    return contributions
  }

  return {name: 'enhanced', search}
}

/** BM25's length normaliser for `doc` in one field. */
function normaliser(data: {b: number; lengths: Readonly<Float64Array>; average: number}, doc: number): number {
  return data.average > 0 ? 1 - data.b + (data.b * data.lengths[doc]!) / data.average : 1
}

/** Every term the query can match, with its highest weight. */
function termWeights(concepts: readonly Concept[]): Map<string, number> {
  const weights = new Map<string, number>()
  for (const concept of concepts) {
    for (const {term, weight} of concept.terms) if (weight > (weights.get(term) ?? 0)) weights.set(term, weight)
  }
  return weights
}

/** The idf-weighted share of a tool name's terms the query asks for (0–1). */
function coveredShare(name: {terms: readonly NameTerm[]; total: number}, queryWeights: ReadonlyMap<string, number>): number {
  if (name.total === 0) return 0
  let covered = 0
  for (const {term, idf: termIdf} of name.terms) covered += (queryWeights.get(term) ?? 0) * termIdf
  return covered / name.total
}

/**
 * The enhanced order: exact name/id matches first, then score, then id. Unlike the openclaw
 * order, a hit reached only through the lexicon is not put below every typed-term hit: the
 * lexicon is curated, and measured, that rule cost more than it saved (bench/README).
 */
function compareExactThenScore(a: Orderable, b: Orderable): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1
  if (a.score !== b.score) return b.score - a.score
  return compareByCodeUnits(a.id, b.id)
}

/** `{expandedFrom}` for a term the query did not type (for coverage and owner contributions). */
function expandedFromOf(query: QueryPlan, term: string): {expandedFrom?: string} {
  for (const concept of query.concepts) {
    for (const candidate of concept.terms) {
      if (candidate.term === term && candidate.weight === query.termWeights.get(term)) {
        return candidate.expandedFrom === undefined ? {} : {expandedFrom: candidate.expandedFrom}
      }
    }
  }
  return {}
}

export const createEnhancedRanker: RankerFactory = (entries) => buildEnhancedRanker(entries)
