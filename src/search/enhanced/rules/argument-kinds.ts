/**
 * Rewrite rule — argument kinds: a piece of a request that names a thing of a known kind
 * (`docs.python.org`, `notes.md`, `a@b.org`, `#general`, `48.85, 2.35`) adds the words tools use
 * for that kind (`url page web`, `file`, …; `ARGUMENT_KIND_TERMS`), at `argumentKindWeight`, as a
 * concept of its own; `--explain` shows them expanded from the piece.
 *
 * Ablation (`argumentKindWeight` 0; hit@1/hit@5 on the MetaTool test half, then on MCP holdouts 1–5, 869
 * queries; defaults 0.4978/0.7448 and 0.7703/0.9304): 0.4963/0.7442 and 0.7617/0.9256: it wins
 * 0.9 points of hit@1 on the MCP holdouts and 0.15 on MetaTool.
 */
import {type ArgumentKind, argumentKind, isCoordinatePair} from '../arguments.js'
import {ARGUMENT_KIND_TERMS} from '../lexicon/index.js'
import type {Concept} from '../concept.js'
import type {RewriteRule} from './rewrite-rule.js'

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

/** One concept per kind of argument in `query`: the kind's words at `weight`, expanded from the piece. */
function argumentKindConcepts(query: string, stem: (word: string) => string, weight: number): Concept[] {
  if (weight <= 0) return []
  return argumentKinds(query).map(({kind, piece}) => ({text: piece, terms: ARGUMENT_KIND_TERMS[kind].map((word) => ({term: stem(word), weight, expandedFrom: piece}))}))
}

export const argumentKindsRule: RewriteRule = {
  name: 'argument-kinds',
  rewrite: (concepts, {query, context}) => [...concepts, ...argumentKindConcepts(query, context.stem, context.argumentKindWeight)],
}
