/**
 * Offline evaluation of rankers against labelled queries (`{query, relevant: [ids]}` per line).
 *
 * Relevance is binary and a query may have several relevant tools: any of them at rank 1 is a
 * hit@1. The metrics are the usual ones from information retrieval, cut at fixed depths so a
 * ranker cannot score by returning long lists:
 * - hit@k: 1 when at least one relevant id is among the first k results;
 * - MRR@10: 1 / rank of the first relevant id within the first 10, else 0;
 * - nDCG@10: DCG = Σ 1/log2(rank + 1) over relevant ids in the first 10, divided by the DCG of
 *   the ideal list (all relevant ids first, at most 10 of them).
 * Everything here is pure; reading files and printing belong to the command.
 */
import {resolve} from 'node:path'

import {ToolsearchError, usageError} from '../shared/errors.js'
import {readRegularFileText} from '../fs/read-file.js'
import {safeInline} from '../output/terminal.js'
import {styler} from '../output/style.js'
import type {Ranker, RankedHit} from '../search/types.js'
import {displayWidth, padToWidth} from '../output/columns.js'

/** How deep a ranker is asked to rank for MRR@10 and nDCG@10. */
export const EVAL_DEPTH = 10

/** A query misses when no relevant id is in this many results (hit@5), unless told otherwise. */
export const DEFAULT_MISS_DEPTH = 5

export interface LabelledQuery {
  query: string
  /** Ids of the tools that answer the query, in no particular order, deduplicated. */
  relevant: string[]
  /** 1-based line in the query file, for messages. */
  line: number
}

export interface Metrics {
  hit1: number
  hit5: number
  mrr10: number
  ndcg10: number
}

export const METRIC_NAMES: Record<keyof Metrics, string> = {
  hit1: 'hit@1',
  hit5: 'hit@5',
  mrr10: 'MRR@10',
  ndcg10: 'nDCG@10',
}

/** 1 when any relevant id is among the first `k` ranked ids, else 0. */
export function hitAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  return ranked.slice(0, k).some((id) => relevant.has(id)) ? 1 : 0
}

/** 1 / (1-based rank of the first relevant id within the first `k`), else 0. */
export function reciprocalRankAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const index = ranked.slice(0, k).findIndex((id) => relevant.has(id))
  return index === -1 ? 0 : 1 / (index + 1)
}

/** Binary-relevance nDCG over the first `k` ranked ids; 0 when there is nothing relevant. */
export function ndcgAt(k: number, ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const gainAt = (index: number) => 1 / Math.log2(index + 2)
  let dcg = 0
  const seen = new Set<string>()
  ranked.slice(0, k).forEach((id, index) => {
    // A ranker that repeats an id gets credit for it once, as a user would.
    if (relevant.has(id) && !seen.has(id)) dcg += gainAt(index)
    seen.add(id)
  })
  let ideal = 0
  for (let index = 0; index < Math.min(k, relevant.size); index++) ideal += gainAt(index)
  return ideal === 0 ? 0 : dcg / ideal
}

/** All four metrics for one ranked list. */
export function scoreRanking(ranked: readonly string[], relevant: ReadonlySet<string>): Metrics {
  return {
    hit1: hitAt(1, ranked, relevant),
    hit5: hitAt(5, ranked, relevant),
    mrr10: reciprocalRankAt(EVAL_DEPTH, ranked, relevant),
    ndcg10: ndcgAt(EVAL_DEPTH, ranked, relevant),
  }
}

/** The mean of each metric; all zeros for an empty list. */
export function meanMetrics(list: readonly Metrics[]): Metrics {
  const sum: Metrics = {hit1: 0, hit5: 0, mrr10: 0, ndcg10: 0}
  for (const metrics of list) {
    for (const key of Object.keys(sum) as Array<keyof Metrics>) sum[key] += metrics[key]
  }
  const n = Math.max(1, list.length)
  return {hit1: sum.hit1 / n, hit5: sum.hit5 / n, mrr10: sum.mrr10 / n, ndcg10: sum.ndcg10 / n}
}

/**
 * Parses a labelled query file: one JSON object per line with a non-empty string `query` and a
 * non-empty array of string ids `relevant`. Blank lines are skipped; anything else that is wrong
 * is an error naming the line, so a typo never silently shrinks the evaluation.
 */
export function parseLabelledQueries(text: string, file: string): LabelledQuery[] {
  const queries: LabelledQuery[] = []
  const lines = text.split(/\r?\n/)
  lines.forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    const fail = (problem: string) =>
      new ToolsearchError('invalid-eval-queries', `${file}:${line}: ${problem}`, {file, line})
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      throw fail('not valid JSON (expected {"query": "...", "relevant": ["<tool id>", ...]}).')
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('must be a JSON object.')
    const {query, relevant} = value as {query?: unknown; relevant?: unknown}
    if (typeof query !== 'string' || query.trim() === '') throw fail('query must be a non-empty string.')
    if (!Array.isArray(relevant) || relevant.length === 0) throw fail('relevant must be a non-empty array of tool ids.')
    const bad = relevant.findIndex((id) => typeof id !== 'string' || id === '')
    if (bad !== -1) throw fail(`relevant[${bad}] must be a non-empty string.`)
    queries.push({query, relevant: [...new Set(relevant as string[])], line})
  })
  if (queries.length === 0) throw new ToolsearchError('invalid-eval-queries', `${file}: no labelled queries found.`, {file})
  return queries
}

/** Reads and parses a labelled query file; an unreadable file is a usage error (exit 2). */
export async function readLabelledQueries(file: string, cwd: string = process.cwd()): Promise<LabelledQuery[]> {
  let text: string
  try {
    text = readRegularFileText(resolve(cwd, file))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw usageError(`Queries file not found: ${file}`, {file})
    if (code === 'EISDIR') throw usageError(`${file}: is a directory, not a queries file`, {file})
    throw usageError(`Cannot read queries file ${file}: ${(error as Error).message}`, {file, cause: error})
  }
  return parseLabelledQueries(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file)
}

export interface CatalogCoverage {
  /** Queries with their relevant ids restricted to the catalog; queries left with none are dropped. */
  queries: LabelledQuery[]
  /** Relevant ids (distinct) that name no tool in the catalog. */
  unknownIds: string[]
  /** Queries dropped because none of their relevant tools is in the catalog. */
  skipped: LabelledQuery[]
}

/**
 * Restricts labelled queries to the tools a catalog actually has. An id the catalog lacks can
 * never be returned, so counting it would measure the catalog, not the ranker: such ids are
 * removed (and reported), and a query left with no relevant tool is skipped (and reported).
 */
export function restrictToCatalog(queries: readonly LabelledQuery[], catalogIds: ReadonlySet<string>): CatalogCoverage {
  const unknown = new Set<string>()
  const kept: LabelledQuery[] = []
  const skipped: LabelledQuery[] = []
  for (const labelled of queries) {
    const relevant = labelled.relevant.filter((id) => {
      if (catalogIds.has(id)) return true
      unknown.add(id)
      return false
    })
    if (relevant.length === 0) skipped.push(labelled)
    else kept.push({...labelled, relevant})
  }
  return {queries: kept, unknownIds: [...unknown].sort(), skipped}
}

export interface QueryMiss {
  query: string
  line: number
  relevant: string[]
  /** What the ranker returned instead, best first (at most the miss depth). */
  returned: Array<{id: string; score: number}>
  /** 1-based rank of the first relevant id within the eval depth, or null when absent. */
  rank: number | null
}

export interface RankerEvaluation {
  ranker: string
  queries: number
  metrics: Metrics
  /** Queries with no relevant id in the first `missDepth` results, in file order. */
  misses: QueryMiss[]
}

export interface EvaluateOptions {
  /** A query counts as a miss when no relevant id is among this many results (default 5). */
  missDepth?: number
}

/** Runs every query through one ranker and scores the rankings. */
export function evaluateRanker(ranker: Ranker, queries: readonly LabelledQuery[], options: EvaluateOptions = {}): RankerEvaluation {
  const missDepth = options.missDepth ?? DEFAULT_MISS_DEPTH
  const perQuery: Metrics[] = []
  const misses: QueryMiss[] = []
  for (const labelled of queries) {
    const hits: RankedHit[] = ranker.search(labelled.query, Math.max(EVAL_DEPTH, missDepth))
    const ranked = hits.map((hit) => hit.entry.id)
    const relevant = new Set(labelled.relevant)
    perQuery.push(scoreRanking(ranked, relevant))
    if (hitAt(missDepth, ranked, relevant) === 0) {
      const index = ranked.slice(0, EVAL_DEPTH).findIndex((id) => relevant.has(id))
      misses.push({
        query: labelled.query,
        line: labelled.line,
        relevant: labelled.relevant,
        returned: hits.slice(0, missDepth).map((hit) => ({id: hit.entry.id, score: hit.score})),
        rank: index === -1 ? null : index + 1,
      })
    }
  }
  return {ranker: ranker.name, queries: queries.length, metrics: meanMetrics(perQuery), misses}
}

/** Everything `toolsearch eval` reports, as returned under `--json`. */
export interface EvaluationReport {
  /** The query file, as given. */
  queriesFile: string
  /** Queries scored (after restricting to the catalog). */
  queries: number
  /** The tools in the catalog (`countTools`: policy applied, direct-only ones included). */
  tools: number
  /** Those the rankers searched: the ones Tool Search can find. */
  searchable: number
  /** Relevant ids that name no tool in the catalog (ignored). */
  unknownIds: string[]
  /** Lines of the queries skipped because none of their relevant tools is in the catalog. */
  skippedLines: number[]
  /** A query counts as missed when no relevant tool is among this many results. */
  missDepth: number
  rankers: RankerEvaluation[]
}

/** How a number is shown in the table: 4 decimals, like the bench results. */
function formatMetric(value: number): string {
  return value.toFixed(4)
}

/** The side-by-side table: one row per metric, one column per ranker; the best value in bold. */
export function renderMetricsTable(report: EvaluationReport, options: {color: boolean}): string {
  const style = styler(options.color)
  const names = report.rankers.map((evaluation) => safeInline(evaluation.ranker))
  const labelWidth = Math.max(...Object.values(METRIC_NAMES).map((name) => name.length))
  const widths = names.map((name) => Math.max(displayWidth(name), 6))
  const header = [padToWidth('metric', labelWidth), ...names.map((name, i) => padToWidth(name, widths[i]!))].join('  ')
  const rows = (Object.keys(METRIC_NAMES) as Array<keyof Metrics>).map((key) => {
    const values = report.rankers.map((evaluation) => evaluation.metrics[key])
    const top = values.reduce((max, value) => Math.max(max, value), Number.NEGATIVE_INFINITY)
    const cells = values.map((value, i) => {
      const cell = padToWidth(formatMetric(value), widths[i]!)
      return values.length > 1 && value === top ? style.bold(cell) : cell
    })
    return [padToWidth(METRIC_NAMES[key], labelWidth), ...cells].join('  ').trimEnd()
  })
  const searchable = report.searchable === report.tools ? '' : ` (${report.searchable} searchable)`
  const title = `${report.queries} ${report.queries === 1 ? 'query' : 'queries'} from ${safeInline(report.queriesFile)} over ${report.tools} ${report.tools === 1 ? 'tool' : 'tools'}${searchable}`
  return [title, '', style.bold(header.trimEnd()), ...rows].join('\n')
}

/** Per ranker, the queries it missed and what it returned instead. */
export function renderMisses(report: EvaluationReport, options: {color: boolean}): string {
  const style = styler(options.color)
  const blocks = report.rankers.map((evaluation) => {
    const title = style.bold(
      `${safeInline(evaluation.ranker)} missed ${evaluation.misses.length} of ${evaluation.queries} (no relevant tool in the top ${report.missDepth})`,
    )
    const lines = evaluation.misses.map((miss) => {
      const rank = miss.rank === null ? 'not in the top 10' : `first relevant at rank ${miss.rank}`
      const returned = miss.returned.length === 0 ? '(nothing)' : miss.returned.map((hit, i) => `${i + 1}. ${safeInline(hit.id)}`).join('  ')
      return [
        `  line ${miss.line}: ${safeInline(miss.query)}`,
        `    expected: ${miss.relevant.map((id) => safeInline(id)).join(', ')} (${rank})`,
        `    returned: ${returned}`,
      ].join('\n')
    })
    return [title, ...lines].join('\n')
  })
  return blocks.join('\n\n')
}
