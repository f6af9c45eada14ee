/**
 * Query → concepts for the enhanced ranker. A concept is one thing the user asked for — a word
 * they typed, or a phrase of the lexicon — with the terms that can stand for it: the typed term
 * at weight 1, lexicon expansions at `expansionWeight`, a typo's correction at `typoWeight`. A
 * document earns a concept's score once, through its best-matching term, so a tool that says
 * both "delete" and "remove" is not counted twice for one word.
 */
import {STOP_WORDS} from '../stop-words.js'
import {chunksOf} from '../tokenize.js'
import {ARGUMENT} from './arguments.js'
import {type Lexicon, QUERY_FILLER_WORDS} from './lexicon/index.js'
import type {QueryLimits, QueryWeights} from './options.js'
import {argumentKindConcepts} from './rules/argument-kinds.js'
import {phraseWordsScaled} from './rules/phrase-words.js'
import {withRepeatedTermsScaled} from './rules/repeated-terms.js'
import {severalConcept} from './rules/several.js'
import {wordsOf} from './words.js'

/** A term that can satisfy a concept. */
export interface ConceptTerm {
  /** The term as indexed (stemmed). */
  term: string
  weight: number
  /** For terms the user did not type: the query word or phrase that brought the term in. */
  expandedFrom?: string
  /** For lexicon expansions and typo corrections: the word the term was stemmed from (`mongodb`). */
  word?: string
}

export interface Concept {
  /** The query word or phrase this concept stands for. */
  text: string
  terms: ConceptTerm[]
}

/** Words that may stand between the two words of a phrasal verb (`look it up`, `kick them off`). */
const PHRASE_GAP_WORDS: ReadonlySet<string> = new Set(['it', 'them', 'this', 'that', 'these', 'those', 'me', 'us', 'him', 'her'])

const FILLER: ReadonlySet<string> = new Set(QUERY_FILLER_WORDS)

/** Whether a query word carries no capability: a stop word, request filler or a lone letter (`k` of `10 k`). */
export function isQueryNoise(word: string): boolean {
  return STOP_WORDS.has(word) || FILLER.has(word) || /^[a-z]$/.test(word)
}

/** Everything query analysis needs to know about the catalog and the lexicon, and its weights. */
export interface QueryContext extends QueryWeights, Pick<QueryLimits, 'maxPhraseWords' | 'maxCount'> {
  stem: (word: string) => string
  lexicon: Lexicon
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
 * The concepts of `query` (whose words, `queryWords`, a caller may have already), in query order
 * (phrases after words), each typed word once.
 * A word the catalog and the lexicon do not know is tried as glued words (`cherrypick` →
 * `cherry pick`), then as a typo (`serach` → `search`); words of paths, URLs and file names
 * weigh less and are taken as they are.
 */
export function queryConcepts(query: string, context: QueryContext, scaled = queryWords(query, context.argumentWeight, context.keepWhole)): Concept[] {
  const {stem, lexicon} = context
  const words = scaled.map(({word}) => word)
  const concepts: Concept[] = []
  const seen = new Set<string>()
  // Terms of weight 0 (a relation switched off) are left out: they could only match for nothing.
  // The lexicon terms of a key: those of part 0 or 1 stand for the word itself, each later part
  // of a several-part implication becomes a concept of its own (`mkdir`: create, and directory).
  const expansions = (key: string, from: string, scale: number): ConceptTerm[] => {
    const byPart = new Map<number, ConceptTerm[]>()
    for (const {term, word, relation, part = 0} of lexicon.get(key) ?? []) {
      const weight = scale * (relation === 'synonym' ? context.synonymWeight : context.implicationWeight)
      if (weight <= 0) continue
      const index = Math.max(part, 1)
      const list = byPart.get(index)
      if (list === undefined) byPart.set(index, [{term, weight, expandedFrom: from, word}])
      else list.push({term, weight, expandedFrom: from, word})
    }
    for (const [part, terms] of byPart) if (part > 1) concepts.push({text: from, terms})
    return byPart.get(1) ?? []
  }

  const addWord = (word: string, weight: number, from?: string): void => {
    const term = stem(word)
    if (seen.has(term)) return
    seen.add(term)
    const typed: ConceptTerm = from === undefined ? {term, weight} : {term, weight, expandedFrom: from, word}
    concepts.push({text: from ?? word, terms: [typed, ...expansions(term, from ?? word, weight)]})
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

  // Rewrite rules that add concepts (see each file): the kinds of the arguments, and acting on several things.
  for (const concept of argumentKindConcepts(query, stem, context.argumentKindWeight)) concepts.push(concept)
  const several = severalConcept(words, stem, context.severalWeight, context.maxCount)
  if (several !== undefined) concepts.push(several)

  // Lexicon phrases ("how many", "pull request"), matched on the words as typed; a two-word
  // phrase also with a pronoun between its words ("look it up", "kick them off").
  const stems = words.map(stem)
  const phraseWords = new Set<string>()
  const addPhrase = (positions: readonly number[]) => {
    const key = positions.map((position) => stems[position]).join(' ')
    const text = positions.map((position) => words[position]).join(' ')
    const terms = expansions(key, text, 1)
    if (terms.length === 0 || seen.has(key)) return
    seen.add(key)
    concepts.push({text, terms})
    for (const position of positions) phraseWords.add(stems[position]!)
  }
  for (let size = context.maxPhraseWords; size >= 2; size--) {
    for (let start = 0; start + size <= stems.length; start++) addPhrase(Array.from({length: size}, (_, offset) => start + offset))
  }
  for (let start = 0; start + 2 < stems.length; start++) if (PHRASE_GAP_WORDS.has(words[start + 1]!)) addPhrase([start, start + 2])
  // Rewrite rules that scale concepts: the words of a matched phrase, then terms several concepts share.
  return withRepeatedTermsScaled(phraseWordsScaled(concepts, phraseWords, context.phraseWordWeight), context.repeatWeight)
}
