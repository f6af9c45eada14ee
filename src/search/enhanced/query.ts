/**
 * Query → concepts for the enhanced ranker. A concept is one thing the user asked for — a word
 * they typed, or a phrase of the lexicon — with the terms that can stand for it: the typed term
 * at weight 1, lexicon expansions at `expansionWeight`, a typo's correction at `typoWeight`. A
 * document earns a concept's score once, through its best-matching term, so a tool that says
 * both "delete" and "remove" is not counted twice for one word.
 */
import {STOP_WORDS} from '../stop-words.js'
import {CHUNK_SEPARATOR} from '../tokenize.js'
import {ARGUMENT, type ArgumentKind, argumentKind, isCoordinatePair} from './arguments.js'
import {isPlural} from './intent.js'
import {ARGUMENT_KIND_TERMS, type Lexicon, QUERY_FILLER_WORDS, SEVERAL_TERMS} from './lexicon/index.js'
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

/** The longest lexicon phrase, in words. */
const MAX_PHRASE_WORDS = 3

const FILLER: ReadonlySet<string> = new Set(QUERY_FILLER_WORDS)

/** Whether a query word carries no capability: a stop word, request filler or a lone letter (`k` of `10 k`). */
export function isQueryNoise(word: string): boolean {
  return STOP_WORDS.has(word) || FILLER.has(word) || /^[a-z]$/.test(word)
}

/** How much each kind of query term weighs, relative to a typed word (1). */
export interface QueryWeights {
  /** Weight of a lexicon synonym relative to the typed word (`delete` → `remove`). */
  synonymWeight: number
  /** Weight of a term a typed word implies (`kubectl` → `kubernetes`, `bitcoin` → `finance`). */
  implicationWeight: number
  /** Weight of a typo correction relative to a correctly typed word. */
  typoWeight: number
  /** Weight of the words of a path, URL, e-mail address or file name in a query (`src/app.ts`). */
  argumentWeight: number
  /** Weight of the words an argument's kind stands for: a host means `url page web`, a file name `file` (`arguments.ts`). */
  argumentKindWeight: number
  /** Weight of the words for acting on several things (`multiple`, `batch`, `bulk`) when a request points at or counts a plural: `these contacts`, `those 3 files`, `two contacts`. */
  severalWeight: number
  /**
   * Weight of a term in every query concept but the one it weighs most in (`make a new folder`:
   * `create` for both `make` and `new`), relative to its own weight: 1 counts it each time.
   */
  repeatWeight: number
  /** Weight of a typed word that is part of a lexicon phrase (`pull`, `request` in `pull request`), relative to its own. */
  phraseWordWeight: number
}

/** Everything query analysis needs to know about the catalog and the lexicon, and its weights. */
export interface QueryContext extends QueryWeights {
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

/** The kinds of argument a query names, each kind once, with the first piece of that kind. */
export function argumentKinds(query: string): Array<{kind: ArgumentKind; piece: string}> {
  const pieces = query.split(/\s+/).filter((piece) => piece !== '')
  const found = new Map<ArgumentKind, string>()
  const add = (kind: ArgumentKind, piece: string) => {
    if (!found.has(kind)) found.set(kind, piece)
  }
  pieces.forEach((piece, index) => {
    const kind = argumentKind(piece)
    const next = pieces[index + 1]
    if (kind !== undefined) add(kind, piece)
    // A latitude and a longitude typed apart (`48.85, 2.35`).
    else if (next !== undefined && isCoordinatePair(piece, next)) add('coordinates', `${piece} ${next}`)
  })
  return [...found].map(([kind, piece]) => ({kind, piece}))
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
      return piece.split(CHUNK_SEPARATOR).flatMap((chunk) => {
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

  // Arguments of a known kind (`docs.python.org`: a web page; `.env`: a file) add the words tools use for it.
  if (context.argumentKindWeight > 0) {
    for (const {kind, piece} of argumentKinds(query)) {
      concepts.push({text: piece, terms: ARGUMENT_KIND_TERMS[kind].map((word) => ({term: stem(word), weight: context.argumentKindWeight, expandedFrom: piece}))})
    }
  }

  // A plural object pointed at or counted (`these contacts`, `two contacts`) asks to act on several at once.
  if (context.severalWeight > 0) {
    const several = pointedPlural(words)
    if (several !== undefined) concepts.push({text: several, terms: SEVERAL_TERMS.map((word) => ({term: stem(word), weight: context.severalWeight, expandedFrom: several}))})
  }

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
  for (let size = MAX_PHRASE_WORDS; size >= 2; size--) {
    for (let start = 0; start + size <= stems.length; start++) addPhrase(Array.from({length: size}, (_, offset) => start + offset))
  }
  for (let start = 0; start + 2 < stems.length; start++) if (PHRASE_GAP_WORDS.has(words[start + 1]!)) addPhrase([start, start + 2])
  // The words of a phrase mean less on their own ("pull" and "request" in "pull request").
  const inPhrase = (concept: Concept) => concept.terms[0]?.expandedFrom === undefined && phraseWords.has(concept.terms[0]!.term)
  const weighed = context.phraseWordWeight === 1 ? concepts : concepts.map((concept) => (inPhrase(concept) ? phraseWordConcept(concept, context.phraseWordWeight) : concept))
  return withRepeatedTermsScaled(weighed, context.repeatWeight)
}

/** Words that point at things already in view (`these contacts`). */
const POINTING_WORDS: ReadonlySet<string> = new Set(['these', 'those'])

/** Words that count things (`two contacts`); a number from 2 to 999 does too (a larger one is mostly a year or an id). */
const COUNT_WORDS: ReadonlySet<string> = new Set(['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'dozen'])
const MAX_COUNT = 999

/** Whether a word counts several things: `three`, `20` (not `1`, nor `2020`). */
function isCount(word: string): boolean {
  if (COUNT_WORDS.has(word)) return true
  if (!/^\d+$/.test(word)) return false
  const count = Number(word)
  return count >= 2 && count <= MAX_COUNT
}

/**
 * `these contacts`, `those 3 files`, `these new leads`, `two contacts`, `20 new leads`: a
 * pointing word or a count, then within three words a plural, as typed; undefined when the
 * request has none.
 */
export function pointedPlural(words: readonly string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    if (!POINTING_WORDS.has(words[i]!) && !isCount(words[i]!)) continue
    for (let j = i + 1; j <= i + 3 && j < words.length; j++) {
      if (isPlural(words[j]!)) return words.slice(i, j + 1).join(' ')
    }
  }
  return undefined
}

/**
 * A word of a lexicon phrase on its own: only as typed, at `factor` of its weight. Its own
 * expansions go: `set` in `set up` does not mean update, nor `pull` in `pull request` fetch.
 */
function phraseWordConcept(concept: Concept, factor: number): Concept {
  const [typed] = concept.terms
  return {...concept, terms: [{...typed!, weight: typed!.weight * factor}]}
}

/**
 * A term several concepts can match (`make a new folder`: `create` and `insert` for both `make`
 * and `new`; `house homes apartment`: `property` for each) counts in full for the concept where
 * it weighs most (the first on a tie) and at `repeatWeight` of its weight for the others: one
 * idea typed twice should not count twice over, yet a request that keeps returning to a topic
 * is about that topic. Terms left at weight 0, and concepts left with no term, are dropped.
 */
export function withRepeatedTermsScaled(concepts: readonly Concept[], repeatWeight: number): Concept[] {
  if (repeatWeight === 1) return [...concepts]
  const owner = new Map<string, {concept: number; weight: number}>()
  concepts.forEach((concept, index) => {
    for (const {term, weight} of concept.terms) {
      const current = owner.get(term)
      if (current === undefined || weight > current.weight) owner.set(term, {concept: index, weight})
    }
  })
  return concepts
    .map((concept, index) => ({
      ...concept,
      terms: concept.terms
        .map((term) => (owner.get(term.term)!.concept === index ? term : {...term, weight: term.weight * repeatWeight}))
        .filter((term) => term.weight > 0),
    }))
    .filter((concept) => concept.terms.length > 0)
}
