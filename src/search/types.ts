/**
 * The contract between rankers and everything that uses search results (the search command,
 * batch requests, eval). A ranker turns a query into ordered hits over a fixed set of entries;
 * how it tokenizes and scores is its own business, but every score must be explainable.
 */
import type {CatalogEntry} from '../catalog/types.js'
import type {IndexCache} from './index-cache.js'

/** One query term's share of a hit's score, for `--explain`. */
export interface TermContribution {
  /** The term as indexed (tokenized, stemmed). */
  term: string
  /** 1.0 for a term the user typed; less for expansion terms (0.35 in the openclaw ranker). */
  weight: number
  /** Score this term added. */
  score: number
  /** Which field matched, for rankers that score fields separately. */
  field?: string
  /** The query word that brought this term in, when it came from expansion. */
  expandedFrom?: string
}

export interface RankedHit {
  entry: CatalogEntry
  score: number
  /** The trimmed, lowercased query equals the entry's name or id. */
  exact: boolean
  /** At least one literally typed (weight 1.0) term matched. */
  literal: boolean
  /** Worked out on first read (`lazilyExplainedHit`): only explanations pay for it. */
  readonly contributions: TermContribution[]
}

export interface Ranker {
  readonly name: string
  /** Ordered hits, at most `limit`; `[]` when nothing matches (never an arbitrary slice). */
  search(query: string, limit: number): RankedHit[]
}

export interface RankerOptions {
  /** Where a ranker that can may keep its index between runs (`src/search/index-cache.ts`). */
  indexCache?: IndexCache
}

/** Builds a ranker's index over a set of entries (already filtered by policy). */
export type RankerFactory = (entries: readonly CatalogEntry[], options?: RankerOptions) => Ranker
