/**
 * Rewrite rule — phrase words: the lexicon phrases a request has (`how many`, `pull request`,
 * matched on the words as typed; a two-word phrase also with a pronoun between its words, `look
 * it up`, `kick them off`) become concepts of their own with the phrase's expansions. A typed
 * word that is part of one (`pull` and `request` in `pull request`, `set` in `set up`) means less
 * on its own: its concept keeps only the word as typed, at `phraseWordWeight` of its weight, and
 * its own expansions go (`set` in `set up` does not mean update, nor `pull` in `pull request`
 * fetch).
 *
 * Ablation (`phraseWordWeight` 1, the phrases still added; hit@1/hit@5 on the MetaTool test half,
 * then on MCP holdouts 1–5, 869 queries; defaults 0.4978/0.7448 and 0.7703/0.9304):
 * 0.4967/0.7441 and 0.7626/0.9295: it wins 0.8 points of hit@1 on the MCP holdouts and 0.1 on
 * MetaTool.
 */
import {type Concept, lexiconTerms} from '../concept.js'
import {PHRASE_GAP_WORDS} from '../lexicon/index.js'
import type {QueryContext} from '../query.js'
import type {RewriteRule} from './rewrite-rule.js'

/**
 * The concepts of the lexicon phrases among `words` (longest first, then in query order, each
 * phrase once), and the stems of the words they matched.
 */
function lexiconPhrases(words: readonly string[], context: QueryContext): {concepts: Concept[]; phraseTerms: Set<string>} {
  const stems = words.map(context.stem)
  const concepts: Concept[] = []
  const phraseTerms = new Set<string>()
  const seen = new Set<string>()
  const addPhrase = (positions: readonly number[]) => {
    const key = positions.map((position) => stems[position]).join(' ')
    const text = positions.map((position) => words[position]).join(' ')
    const {terms, parts} = lexiconTerms(key, text, 1, context.lexicon, context)
    for (const part of parts) concepts.push(part)
    if (terms.length === 0 || seen.has(key)) return
    seen.add(key)
    concepts.push({text, terms})
    for (const position of positions) phraseTerms.add(stems[position]!)
  }
  for (let size = context.maxPhraseWords; size >= 2; size--) {
    for (let start = 0; start + size <= stems.length; start++) addPhrase(Array.from({length: size}, (_, offset) => start + offset))
  }
  for (let start = 0; start + 2 < stems.length; start++) if (PHRASE_GAP_WORDS.has(words[start + 1]!)) addPhrase([start, start + 2])
  return {concepts, phraseTerms}
}

/** `concepts` with the typed words of a matched phrase (stemmed, in `phraseTerms`) scaled by `factor` and stripped of their expansions. */
function phraseWordsScaled(concepts: Concept[], phraseTerms: ReadonlySet<string>, factor: number): Concept[] {
  if (factor === 1) return concepts
  const inPhrase = (concept: Concept) => concept.terms[0]?.expandedFrom === undefined && phraseTerms.has(concept.terms[0]!.term)
  return concepts.map((concept) => (inPhrase(concept) ? phraseWordConcept(concept, factor) : concept))
}

/** A word of a lexicon phrase on its own: only as typed, at `factor` of its weight. */
function phraseWordConcept(concept: Concept, factor: number): Concept {
  const [typed] = concept.terms
  return {...concept, terms: [{...typed!, weight: typed!.weight * factor}]}
}

export const phraseWordsRule: RewriteRule = {
  name: 'phrase-words',
  rewrite: (concepts, {words, context}) => {
    const phrases = lexiconPhrases(words, context)
    return phraseWordsScaled([...concepts, ...phrases.concepts], phrases.phraseTerms, context.phraseWordWeight)
  },
}
