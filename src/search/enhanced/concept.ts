/**
 * A concept is one thing a request asks for — a word they typed, a phrase of the lexicon, or what
 * a rewrite rule read into the request — with the terms that can stand for it: the typed term at
 * weight 1, lexicon expansions at their relation's weight, a typo's correction at `typoWeight`. A
 * document earns a concept's score once, through its best-matching term, so a tool that says
 * both "delete" and "remove" is not counted twice for one word.
 */
import type {Lexicon} from './lexicon/index.js'
import type {QueryWeights} from './options.js'

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

/**
 * The lexicon terms of `key` (a stemmed word or phrase), expanded from `from` at `scale` × their
 * relation's weight: `terms` stand for the key itself (parts 0 and 1); each later part of a
 * several-part implication is a concept of its own in `parts` (`mkdir`: create, and directory).
 * Terms of weight 0 (a relation switched off) are left out: they could only match for nothing.
 */
export function lexiconTerms(
  key: string,
  from: string,
  scale: number,
  lexicon: Lexicon,
  weights: Pick<QueryWeights, 'synonymWeight' | 'implicationWeight'>,
): {terms: ConceptTerm[]; parts: Concept[]} {
  const byPart = new Map<number, ConceptTerm[]>()
  for (const {term, word, relation, part = 0} of lexicon.get(key) ?? []) {
    const weight = scale * (relation === 'synonym' ? weights.synonymWeight : weights.implicationWeight)
    if (weight <= 0) continue
    const index = Math.max(part, 1)
    const list = byPart.get(index)
    if (list === undefined) byPart.set(index, [{term, weight, expandedFrom: from, word}])
    else list.push({term, weight, expandedFrom: from, word})
  }
  const parts: Concept[] = []
  for (const [part, terms] of byPart) if (part > 1) parts.push({text: from, terms})
  return {terms: byPart.get(1) ?? [], parts}
}
