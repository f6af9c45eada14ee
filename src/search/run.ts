/**
 * What `toolsearch search` does in each of its modes (`SEARCH_MODES`, chosen by `searchMode`), as
 * functions over a ranker and what the command lends them (`SearchModeIo`: its output, the model's
 * window, its session log), so the command only parses flags and prints.
 */
import {readFileSync} from 'node:fs'

import {withoutBom} from '../shared/json.js'
import {ToolsearchError, isToolsearchError, usageError} from '../shared/errors.js'
import {fileErrorReason} from '../fs/errors.js'
import {safeInline, terminalJson} from '../output/terminal.js'
import {type SearchHit, toSearchHit} from './hits.js'
import {type SearchAnswer, type SearchLimits, runSearchRequest} from './request.js'
import type {HitExplanation, RenderOptions} from './render.js'
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

/** The flags that shape a search's mode. */
export interface SearchModeFlags {
  limit?: number
  query?: string[]
  explain?: boolean
  request?: string
  'request-file'?: string
  stdin?: boolean
}

export interface SearchModeInput {
  /** The query words. */
  words: readonly string[]
  flags: SearchModeFlags
  ranker: Ranker
  limits: SearchLimits
  /** `--limit` resolved (`resolveLimit`). */
  limit: number
}

/** What the command lends a mode: its output, the model's context window and its session log. */
export interface SearchModeIo {
  /** `--json`: the mode's value is the document; nothing else reaches stdout. */
  json: boolean
  /** How a person's tables are drawn; asked only when one is. */
  table(): RenderOptions
  print(text: string): void
  /** Prints a control's text as the model reads it (cut to its window) and returns that text. */
  printModelText(text: string): string
  /** A control's text cut to the model's window, not printed. */
  modelText(text: string): string
  /** A refused `--request`: what the model reads instead, and the exit code (`--json`: the error). */
  refuse(text: string, error: ToolsearchError): undefined
  /** `tool_search` for a raw request (src/controls/answer.ts): the provider-side check, then the searches. */
  answerRequest(request: unknown): Promise<{ok: true; text: string; answer: SearchAnswer} | {ok: false; text: string; error: ToolsearchError}>
  readStdin(): Promise<string>
  /** Appends the searches the model received to the session log. */
  logSearches(groups: ReadonlyArray<{query: string; candidates: readonly SearchHit[]}>): Promise<void>
}

/** Each mode: what it prints, logs and returns (the `--json` document). */
export const SEARCH_MODES: Readonly<Record<SearchMode, (input: SearchModeInput, io: SearchModeIo) => Promise<unknown>>> = {
  async request({flags}, io) {
    // The provider-side check of tool_search's arguments first, then the control; either may refuse.
    const answered = await io.answerRequest(parseRequestJson(flags.request!))
    if (!answered.ok) return io.refuse(answered.text, answered.error)
    const {answer} = answered
    // Only the model's text: control characters a terminal would act on are escaped (SPEC §9).
    const text = io.printModelText(answer.text)
    await io.logSearches(answer.kind === 'single' ? [answer] : answer.response.results)
    // --json: the model's text as is, whether it was wrapped, and the value it serialises.
    return {text, external: answer.external, payload: answer.kind === 'single' ? answer.candidates : answer.response}
  },

  async 'request-file'({flags, ranker, limits}, io) {
    const lines = await runRequestFile(flags['request-file']!, (request) => io.modelText(requestText(request, ranker, limits)))
    for (const line of lines) io.print(terminalJson(line))
    return lines
  },

  async batch({words, flags, ranker, limits}, io) {
    const answer = runSearchRequest(requestFromFlags(words, flags.query ?? [], flags.limit), ranker, limits)
    const response = answer.kind === 'single' ? {results: [{query: answer.query, candidates: answer.candidates}]} : answer.response
    if (!io.json) {
      const {renderBatchResponse} = await import('./render.js')
      io.print(renderBatchResponse(response, io.table()))
    }
    await io.logSearches(response.results)
    return response
  },

  async stdin({ranker, limit}, io) {
    const lines = stdinQueries(await io.readStdin()).map((query) => stdinResult(ranker, query, limit))
    for (const line of lines) io.print(terminalJson(line))
    await io.logSearches(lines)
    return lines
  },

  async single({words, flags, ranker, limit}, io) {
    const query = words.join(' ')
    const ranked = ranker.search(query, limit)
    const hits = ranked.map((hit) => toSearchHit(hit.entry))
    await io.logSearches([{query, candidates: hits}])
    // Explanations are worked out only when asked for: they cost more than the ranking.
    const explained = flags.explain ? ranked.map((hit, index) => explainHit(hit, hits[index])) : undefined
    if (hits.length === 0) io.print(`No tools match "${safeInline(query)}".`)
    else if (!io.json) {
      // The table renderer loads only for a person's output: --json never needs it.
      const {renderExplanations, renderHitTable} = await import('./render.js')
      const table = io.table()
      io.print(explained === undefined ? renderHitTable(hits, table) : `${renderHitTable(hits, table)}\n\n${renderExplanations(explained, table)}`)
    }
    return explained === undefined ? hits : explained.map(({hit, explain}) => ({...hit, explain}))
  },
}
