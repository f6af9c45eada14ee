/**
 * Rewrite rule — later actions: in a request that leads with an action of its own (not a
 * question), each later typed action word (`closing` in `find deals closing this month`, `add` in
 * `add an index to speed up lookups`) and its expansions weigh `laterActionWeight` of their
 * weight: later action words mostly describe the object, so they should not pull in tools named
 * for them. The leading action word keeps its weight.
 *
 * Ablation (`laterActionWeight` 1; hit@1/hit@5 on the MetaTool test half, then on MCP holdouts 1–5, 869
 * queries; defaults 0.4978/0.7448 and 0.7703/0.9304): 0.4970/0.7442 and 0.7664/0.9314: it wins
 * 0.4 points of hit@1 on the MCP holdouts and 0.1 on MetaTool.
 */
import type {RewriteRule} from './rewrite-rule.js'

export const laterActionsRule: RewriteRule = {
  name: 'later-actions',
  rewrite: (concepts, {intent, context: {actions, stem, laterActionWeight: weight}}) => {
    if (weight === 1 || intent === undefined || intent.actions.length === 0 || intent.question === true) return concepts
    const lead = new Set(intent.from.split(' ').map(stem))
    return concepts.map((concept) => {
      const [typed] = concept.terms
      if (typed === undefined || typed.expandedFrom !== undefined || lead.has(typed.term) || !actions.classes.has(typed.term)) return concept
      return {...concept, terms: concept.terms.map((term) => ({...term, weight: term.weight * weight}))}
    })
  },
}
