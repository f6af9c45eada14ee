/**
 * Bonus rule — owner match: naming a tool's server or plugin (`… on gitlab`, `use brave to …`) is
 * a strong filter, so every tool of a named owner that the query reached at all earns
 * `ownerMatch` × the weight of the word that named it (`owners.ts` says when a word names an
 * owner: its whole name, or a word of it the rest of the catalog hardly uses).
 *
 * Ablation (`ownerMatch` 0; hit@1/hit@5 on the MetaTool test half, then on MCP holdouts 1–5, 869
 * queries; defaults 0.4978/0.7448 and 0.7703/0.9304): 0.4978/0.7448 (MetaTool has one owner)
 * and 0.7493/0.9133: it wins 2.1 points of hit@1 and 1.7 of hit@5 where servers are named.
 */
import {namedOwners, type OwnerIndex} from '../owners.js'
import type {BonusRule} from './rule.js'

/** The `field` of an owner-match contribution in `--explain`. */
export const OWNER_MATCH_FIELD = 'owner-match'

/** `docsByOwner`: owner → its tools; `weight`: `ownerMatch`. */
export function ownerMatchRule(owners: OwnerIndex, docsByOwner: ReadonlyMap<string, readonly number[]>, weight: number): BonusRule {
  return {
    field: OWNER_MATCH_FIELD,
    plan: (query) => {
      const named = namedOwners(query.typed, query.expanded, owners)
      if (named.size === 0) return undefined
      return {
        apply: ({scores}) => {
          for (const [owner, {weight: namedWeight}] of named) {
            for (const doc of docsByOwner.get(owner)!) if (scores[doc]! > 0) scores[doc]! += weight * namedWeight
          }
        },
        explain: ({entry}) => {
          const owner = named.get(entry.sourceName)
          if (owner === undefined) return []
          return [{term: owner.term, weight: owner.weight, score: weight * owner.weight, field: OWNER_MATCH_FIELD, ...(owner.expandedFrom === undefined ? {} : {expandedFrom: owner.expandedFrom})}]
        },
      }
    },
  }
}
