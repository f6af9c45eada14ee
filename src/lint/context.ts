/**
 * Everything the lint rules share, computed once: the openclaw ranker over the catalog, every
 * tool's probe outcomes (all probes go through that one index, and a query two tools share is
 * searched once), the directory at the requested window, and explanations on demand.
 */
import {catalogedEntries} from '../catalog/entries.js'
import type {CatalogEntry} from '../catalog/types.js'
import {type DirectoryMode, renderDirectory} from '../directory/render.js'
import type {LabelledQuery} from '../eval/evaluate.js'
import {createOpenClawRanker} from '../search/openclaw.js'
import type {RankedHit} from '../search/types.js'
import {probesFor} from './probes.js'
import type {LintContext, ProbeOutcome, ScoreExplanation, ToolLocation} from './types.js'

export interface LintContextOptions {
  /** `searchDefaultLimit` in effect. */
  limit: number
  mode: DirectoryMode
  contextWindow?: number
  queries?: readonly LabelledQuery[]
  locate: (entry: CatalogEntry) => ToolLocation
}

/**
 * Ranked hits per query, searched at most twice: first to the limit (enough for most probes),
 * then to the whole catalog for a tool that did not make the cut (to say where it ranked and who
 * was above it).
 */
function createSearchCache(search: (query: string, limit: number) => RankedHit[], limit: number, catalogSize: number) {
  const shallow = new Map<string, RankedHit[]>()
  const deep = new Map<string, RankedHit[]>()
  const memo = (cache: Map<string, RankedHit[]>, query: string, depth: number): RankedHit[] => {
    let hits = cache.get(query)
    if (hits === undefined) cache.set(query, (hits = search(query, depth)))
    return hits
  }
  return {
    top: (query: string) => memo(shallow, query, limit),
    all: (query: string) => memo(deep, query, catalogSize),
  }
}

function probeOutcome(entry: CatalogEntry, query: string, cache: ReturnType<typeof createSearchCache>): Omit<ProbeOutcome, 'probe'> {
  const top = cache.top(query)
  const topRank = top.findIndex((hit) => hit.entry.id === entry.id)
  if (topRank !== -1) return {rank: topRank + 1, above: top.slice(0, topRank).map((hit) => hit.entry.id)}
  const all = cache.all(query)
  const rank = all.findIndex((hit) => hit.entry.id === entry.id)
  if (rank === -1) return {rank: null, above: top.map((hit) => hit.entry.id)}
  return {rank: rank + 1, above: all.slice(0, rank).map((hit) => hit.entry.id)}
}

/** `catalog` is the tools in the catalog; the rules probe the ones Tool Search can find. */
export function createLintContext(catalog: readonly CatalogEntry[], options: LintContextOptions): LintContext {
  const entries = catalogedEntries(catalog)
  const ranker = createOpenClawRanker(entries)
  const cache = createSearchCache(ranker.search, options.limit, entries.length)
  const probes = new Map<string, ProbeOutcome[]>()
  for (const entry of entries) {
    probes.set(
      entry.id,
      probesFor(entry).map((probe) => ({probe, ...probeOutcome(entry, probe.query, cache)})),
    )
  }
  const explain = (query: string, id: string): ScoreExplanation | undefined => {
    const hit = cache.all(query).find((candidate) => candidate.entry.id === id)
    return hit === undefined ? undefined : {id, score: hit.score, terms: hit.contributions}
  }
  return {
    entries,
    catalog,
    ranker,
    limit: options.limit,
    probes,
    directory: renderDirectory(catalog, {mode: options.mode, contextWindow: options.contextWindow}),
    mode: options.mode,
    ...(options.contextWindow === undefined ? {} : {contextWindow: options.contextWindow}),
    ...(options.queries === undefined ? {} : {queries: options.queries}),
    explain,
    locate: options.locate,
  }
}
