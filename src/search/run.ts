/**
 * What `toolsearch search` does in each of its modes, as plain functions over a ranker, so the
 * command only parses flags and prints.
 */
import {ToolsearchError, usageError} from '../errors.js'
import type {SearchLimits} from './batch.js'
import {type SearchHit, toSearchHit} from './hits.js'
import type {HitExplanation} from './render.js'
import type {RankedHit, Ranker} from './types.js'

export interface ResolvedLimit {
  limit: number
  /** The requested limit, when it was over `maxSearchLimit` and got clamped. */
  clampedFrom?: number
}

/** `--limit` or `searchDefaultLimit`, clamped to `maxSearchLimit`. */
export function resolveLimit(requested: number | undefined, limits: SearchLimits): ResolvedLimit {
  const limit = requested ?? limits.searchDefaultLimit
  return limit > limits.maxSearchLimit ? {limit: limits.maxSearchLimit, clampedFrom: limit} : {limit}
}

export interface ExplainedHit {
  hit: SearchHit
  explain: HitExplanation
}

export function explainHit(ranked: RankedHit): ExplainedHit {
  return {
    hit: toSearchHit(ranked.entry),
    explain: {score: ranked.score, exact: ranked.exact, literal: ranked.literal, terms: ranked.contributions},
  }
}

/** `-q` flags (and positional words, as the scalar query) → a `tool_search` request. */
export function requestFromFlags(words: readonly string[], queries: readonly string[], limit: number | undefined): Record<string, unknown> {
  const request: Record<string, unknown> = {}
  const scalar = words.join(' ').trim()
  if (scalar !== '') {
    request.query = scalar
    if (limit !== undefined) request.limit = limit
  }
  if (queries.length > 0) request.queries = queries.map((query) => (limit === undefined ? {query} : {query, limit}))
  return request
}

/** `--request '<json>'`: the raw request, parsed as the model's JSON would be. */
export function parseRequestJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ToolsearchError('invalid-search-request', `--request is not valid JSON: ${(error as Error).message}`)
  }
}

/** Non-blank lines of `--stdin` input, trimmed. */
export function stdinQueries(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** One `--stdin` result line: the query and its hits (full descriptions, no batch limits). */
export function stdinResult(ranker: Ranker, query: string, limit: number): {query: string; candidates: SearchHit[]} {
  return {query, candidates: ranker.search(query, limit).map((hit) => toSearchHit(hit.entry))}
}

export type SearchMode = 'request' | 'stdin' | 'batch' | 'single'

/**
 * Which mode the flags ask for: `--request` and `--stdin` take all the queries themselves (no
 * query words beside them); `-q` makes a batch (query words then form its scalar query).
 */
export function searchMode(words: readonly string[], flags: {request?: string; stdin?: boolean; query?: string[]}): SearchMode {
  const hasWords = words.join('').trim() !== ''
  if (flags.request !== undefined || flags.stdin === true) {
    if (hasWords) throw usageError(`${flags.request === undefined ? '--stdin' : '--request'} brings its own queries; leave out the query words.`)
    return flags.request === undefined ? 'stdin' : 'request'
  }
  if ((flags.query ?? []).length > 0) return 'batch'
  if (!hasWords) throw usageError('Give a query: toolsearch search <words...>, -q/--query (repeatable), --stdin or --request \'<json>\'.')
  return 'single'
}
