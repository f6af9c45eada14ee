/**
 * Rewrite rule — phrase words: a typed word that is part of a lexicon phrase the request has
 * (`pull` and `request` in `pull request`, `set` in `set up`) means less on its own. Its concept
 * keeps only the word as typed, at `phraseWordWeight` of its weight: its own expansions go
 * (`set` in `set up` does not mean update, nor `pull` in `pull request` fetch). The phrase itself
 * is a concept with the phrase's expansions.
 *
 * Ablation (`phraseWordWeight` 1; hit@1/hit@5 on the MetaTool test half, then on MCP holdouts 1–5, 869
 * queries; defaults 0.4978/0.7448 and 0.7703/0.9304): 0.4967/0.7441 and 0.7626/0.9295: it wins
 * 0.8 points of hit@1 on the MCP holdouts and 0.1 on MetaTool.
 */
import type {Concept} from '../query.js'

/** `concepts` with the typed words of a matched phrase (stemmed, in `phraseTerms`) scaled by `factor` and stripped of their expansions. */
export function phraseWordsScaled(concepts: Concept[], phraseTerms: ReadonlySet<string>, factor: number): Concept[] {
  if (factor === 1) return concepts
  const inPhrase = (concept: Concept) => concept.terms[0]?.expandedFrom === undefined && phraseTerms.has(concept.terms[0]!.term)
  return concepts.map((concept) => (inPhrase(concept) ? phraseWordConcept(concept, factor) : concept))
}

/** A word of a lexicon phrase on its own: only as typed, at `factor` of its weight. */
function phraseWordConcept(concept: Concept, factor: number): Concept {
  const [typed] = concept.terms
  return {...concept, terms: [{...typed!, weight: typed!.weight * factor}]}
}
