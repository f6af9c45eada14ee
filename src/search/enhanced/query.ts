/**
 * Query → concepts for the enhanced ranker (`concept.ts` says what a concept is): the words of a
 * request, each typed word once, with its lexicon terms; glued words split and typos corrected.
 * The rewrite rules (`rules/rewrite-rule.ts`, applied in `plan.ts`) take it from there.
 */
import {STOP_WORDS} from '../stop-words.js'
import {chunksOf} from '../tokenize.js'
import {ARGUMENT} from './arguments.js'
import {type Concept, type ConceptTerm, lexiconTerms} from './concept.js'
import type {ActionLexicon} from './intent.js'
import {type Lexicon, QUERY_FILLER_WORDS} from './lexicon/index.js'
import type {QueryLimits, QueryWeights} from './options.js'
import {wordsOf} from './words.js'

const FILLER: ReadonlySet<string> = new Set(QUERY_FILLER_WORDS)

/** Whether a query word carries no capability: a stop word, request filler or a lone letter (`k` of `10 k`). */
export function isQueryNoise(word: string): boolean {
  return STOP_WORDS.has(word) || FILLER.has(word) || /^[a-z]$/.test(word)
}

/** Everything query analysis needs to know about the catalog and the lexicon, and its weights. */
export interface QueryContext extends QueryWeights, Pick<QueryLimits, 'maxPhraseWords' | 'maxCount'> {
  stem: (word: string) => string
  lexicon: Lexicon
  /** The action words and their classes (`intent.ts`). */
  actions: ActionLexicon
  /** Whether the index has the stemmed term in any field. */
  hasTerm: (term: string) => boolean
  /** Whether a chunk of letters and digits is one word (`k8s`), not to be split (see `queryWords`). */
  keepWhole: (chunk: string) => boolean
  /** A glued query word split into catalog words (`cherrypick` → `cherry`, `pick`), if it is one. */
  splitGlued: (word: string) => string[] | undefined
  /** The nearest catalog or lexicon word to a misspelt word, if one is close enough. */
  correct: (word: string) => string | undefined
}

/** A chunk of letters and digits (`k8s`, `3G`, `a11y`, `mp4`), which `wordsOf` would split apart. */
const LETTERS_AND_DIGITS = /^(?=[^\d]*\d)(?=\d*[a-z])[a-z\d]+$/

/** A number with a unit (`10k`, `5min`, `20mb`): one word, which names no capability. */
const QUANTITY = /^\d+[a-z]{1,3}$/

/**
 * The words of a query, each with its scale: 1, or `argumentWeight` inside an argument. A chunk
 * of letters and digits stays whole when `keepWhole` says so (the lexicon knows `k8s` and `3g`,
 * which split into `k`, `8`, `s` would mean nothing).
 */
export function queryWords(query: string, argumentWeight: number, keepWhole: (chunk: string) => boolean = () => false): Array<{word: string; scale: number}> {
  return query
    .split(/\s+/)
    .filter((piece) => piece !== '')
    .flatMap((piece) => {
      const scale = ARGUMENT.test(piece) ? argumentWeight : 1
      return chunksOf(piece).flatMap((chunk) => {
        const lower = chunk.toLowerCase()
        if (LETTERS_AND_DIGITS.test(lower) && (keepWhole(lower) || QUANTITY.test(lower))) return [{word: lower, scale}]
        return wordsOf(chunk).map((word) => ({word, scale}))
      })
    })
}

/**
 * The concepts of a request's words (`queryWords`), in query order, each typed word once, before
 * the rewrite rules. A word the catalog and the lexicon do not know is tried as glued words
 * (`cherrypick` → `cherry pick`), then as a typo (`serach` → `search`); words of paths, URLs and
 * file names weigh less and are taken as they are.
 */
export function wordConcepts(scaled: ReadonlyArray<{word: string; scale: number}>, context: QueryContext): Concept[] {
  const {stem, lexicon} = context
  const concepts: Concept[] = []
  const seen = new Set<string>()
  const addWord = (word: string, weight: number, from?: string): void => {
    const term = stem(word)
    if (seen.has(term)) return
    seen.add(term)
    const typed: ConceptTerm = from === undefined ? {term, weight} : {term, weight, expandedFrom: from, word}
    // The parts of a several-part implication go first, then the word's own concept.
    const {terms, parts} = lexiconTerms(term, from ?? word, weight, lexicon, context)
    for (const part of parts) concepts.push(part)
    concepts.push({text: from ?? word, terms: [typed, ...terms]})
  }

  for (const {word, scale} of scaled) {
    if (isQueryNoise(word)) continue
    const term = stem(word)
    if (scale < 1 || context.hasTerm(term) || lexicon.has(term) || /^\d+$/.test(word)) {
      addWord(word, scale)
      continue
    }
    const pieces = context.splitGlued(word)
    if (pieces !== undefined) {
      for (const piece of pieces) if (!isQueryNoise(piece)) addWord(piece, 1)
      continue
    }
    const corrected = context.typoWeight > 0 ? context.correct(word) : undefined
    if (corrected !== undefined && !seen.has(term)) {
      seen.add(term)
      addWord(corrected, context.typoWeight, word)
      continue
    }
    addWord(word, 1)
  }
  return concepts
}
