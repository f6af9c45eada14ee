/**
 * The shape of a rewrite rule. A rewrite rule changes the query's concepts before scoring: it adds
 * concepts (what an argument's kind or a count stands for), scales terms (the words of a phrase,
 * a term several concepts share) or puts one term in place of others. The rules run in one
 * ordered list (`REWRITE_RULES` in `plan.ts`), each on the concepts the one before it left, and
 * are explained through the `expandedFrom` and weights of the terms they produce.
 *
 * Each rule's doc comment gives its ablation, as for a bonus rule (`rule.ts`).
 */
import type {Concept} from '../concept.js'
import type {ActionIntent} from '../intent.js'
import type {QueryContext} from '../query.js'

/** What a rewrite rule may read of one request. */
export interface RewriteInput {
  /** The request as typed. */
  query: string
  /** Its words as typed, lowercase, filler included (`queryWords`). */
  words: readonly string[]
  /** What the request asks to do, when the planner worked it out (see `plan.ts`). */
  intent: ActionIntent | undefined
  /** The stemmer, the lexicons, the weights and limits of query analysis. */
  context: QueryContext
}

export interface RewriteRule {
  /** The rule's name, as its file is named. */
  readonly name: string
  /** The concepts after the rule (a new list, or `concepts` itself when it changes nothing; never changed in place). */
  rewrite(concepts: Concept[], input: RewriteInput): Concept[]
}
