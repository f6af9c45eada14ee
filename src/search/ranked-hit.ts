/**
 * Ranked hits whose explanation is worked out on first read. Most searches (tool_search, --stdin,
 * batches, eval) never read `contributions`, and explaining a hit costs several times what ranking
 * it does, so rankers defer it to `--explain` and lint's side-by-side explanations.
 */
import type {CatalogEntry} from '../catalog/types.js'
import type {RankedHit, TermContribution} from './types.js'

/** A hit whose `contributions` come from `explain` on first read, then are kept. */
export function lazilyExplainedHit(entry: CatalogEntry, score: number, exact: boolean, literal: boolean, explain: () => TermContribution[]): RankedHit {
  let contributions: TermContribution[] | undefined
  return {
    entry,
    score,
    exact,
    literal,
    get contributions(): TermContribution[] {
      contributions ??= explain()
      return contributions
    },
  }
}
