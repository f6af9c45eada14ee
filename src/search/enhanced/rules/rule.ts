/**
 * The shape of a bonus rule. A rule is built once per catalog (its tables), planned once per
 * query (what it looks for), applied once per search to the documents the query reached, and
 * explained per hit on demand; applying and explaining live side by side in the rule's file so
 * they cannot drift apart: the contributions a rule explains add up to what it added.
 *
 * Rewrite rules (the other kind, `rewrite-rule.ts`) change the query's concepts before scoring,
 * and are explained through the `expandedFrom` and weights of the terms they produce.
 *
 * Each rule's doc comment gives its ablation: the rule switched off by its knob, hit@1/hit@5 on
 * held-out data, from `node bench/eval.js --ablations --held-out` (MetaTool's test half is in it
 * when ../shared/bench is beside the checkout). A rule that wins nothing there goes, if removing it
 * leaves the eval numbers identical.
 */
import type {CatalogEntry} from '../../../catalog/types.js'
import type {TermContribution} from '../../types.js'
import type {FieldName} from '../fields.js'
import type {QueryPlan} from '../plan.js'
import type {AnalyzedDocument} from '../weighted-index.js'

/**
 * The scores of one search so far, shared by the BM25F core and the bonus rules: typed arrays by
 * document number, reused by every search (searches are synchronous) and zeroed after each.
 */
export interface SearchScores {
  /** Score per document; 0 for a document the query has not reached. */
  readonly scores: Float64Array
  /** Per document, the worth (`QueryPlan.worth`) of the query concepts it matched. */
  readonly worthMatched: Float64Array
  /** The documents the query reached: the first `matchedCount`. */
  readonly matched: Int32Array
  matchedCount: number
}

/** One hit being explained. */
export interface ExplainedHit {
  doc: number
  entry: CatalogEntry
  /** The hit's analysed fields (rebuilt for explaining: the index keeps no text). */
  document: AnalyzedDocument<FieldName>
  /** The worth of the query concepts the hit matched. */
  matchedWorth: number
}

/** A bonus rule's work for one query. */
export interface PlannedBonus {
  /** Adds the bonus to `search.scores` of the documents it applies to. */
  apply(search: SearchScores): void
  /** The contributions it added to one hit's score, with `field` set to the rule's field. */
  explain(hit: ExplainedHit): TermContribution[]
}

/** A bonus rule over one catalog. */
export interface BonusRule {
  /** The rule's name: the `field` of its contributions in `--explain`. */
  readonly field: string
  /** What the rule does for `query`, or undefined when it adds nothing to any document. */
  plan(query: QueryPlan): PlannedBonus | undefined
}
