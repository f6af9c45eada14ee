/**
 * What `toolsearch search` does in each of its modes, as plain functions over a ranker, so the
 * command only parses flags and prints.
 */
import {readFileSync} from 'node:fs'

import {withoutBom} from '../shared/json.js'
import {ToolsearchError, isToolsearchError, usageError} from '../shared/errors.js'
import {fileErrorReason} from '../fs/errors.js'
import {type SearchHit, toSearchHit} from './hits.js'
import {type SearchLimits, runSearchRequest} from './request.js'
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

/** A ranked hit with its explanation; `hit` may be passed when it is already built. */
export function explainHit(ranked: RankedHit, hit: SearchHit = toSearchHit(ranked.entry)): ExplainedHit {
  return {
    hit,
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
export function parseRequestJson(text: string, code: 'invalid-search-request' | 'invalid-request' = 'invalid-search-request'): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ToolsearchError(code, `--request is not valid JSON: ${(error as Error).message}`)
  }
}

/** One line of `--request-file` output: the text the model receives, or the message refusing the request. */
export type RequestFileLine = {text: string} | {error: string}

/**
 * `--request-file <jsonl>`: one raw request per non-blank line, each answered on its own line.
 * A line that is not JSON is not a request a model could send: the run stops with its number.
 */
export async function runRequestFile(path: string, run: (request: unknown) => string): Promise<RequestFileLine[]> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw usageError(`Cannot read --request-file ${path}: ${fileErrorReason(error)}`, {file: path})
  }
  const lines = withoutBom(text).split(/\r?\n/)
  const requests: unknown[] = []
  lines.forEach((line, index) => {
    if (line.trim() === '') return
    try {
      requests.push(JSON.parse(line))
    } catch (error) {
      throw new ToolsearchError('invalid-search-request', `--request-file line ${index + 1} is not valid JSON: ${(error as Error).message}`, {file: path, line: index + 1})
    }
  })
  return requests.map((request) => {
    try {
      return {text: run(request)}
    } catch (error) {
      if (isToolsearchError(error) && error.code === 'invalid-search-request') return {error: error.message}
      throw error
    }
  })
}

/** The text `--request` prints for one raw request (what the model receives). */
export function requestText(request: unknown, ranker: Ranker, limits: SearchLimits): string {
  return runSearchRequest(request, ranker, limits).text
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

export type SearchMode = 'request' | 'request-file' | 'stdin' | 'batch' | 'single'

/**
 * Which mode the flags ask for: `--request`, `--request-file` and `--stdin` take all the queries
 * themselves (no query words beside them); `-q` makes a batch (query words then form its scalar
 * query).
 */
export function searchMode(words: readonly string[], flags: {request?: string; 'request-file'?: string; stdin?: boolean; query?: string[]}): SearchMode {
  const hasWords = words.join('').trim() !== ''
  const own = flags.request !== undefined ? '--request' : flags['request-file'] !== undefined ? '--request-file' : flags.stdin === true ? '--stdin' : undefined
  if (own !== undefined) {
    if (hasWords) throw usageError(`${own} brings its own queries; leave out the query words.`)
    return own === '--request' ? 'request' : own === '--request-file' ? 'request-file' : 'stdin'
  }
  if ((flags.query ?? []).length > 0) return 'batch'
  if (!hasWords) throw usageError('Give a query: toolsearch search <words...>, -q/--query (repeatable), --stdin or --request \'<json>\'.')
  return 'single'
}
