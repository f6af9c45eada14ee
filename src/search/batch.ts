/**
 * The model-facing `tool_search` request (SPEC §5.4): `query` and/or `queries: [{query, limit?}]`.
 * Every rule is checked before any search runs, with the exact messages the model receives; the
 * response is compacted and trimmed to fit 4,000 characters pretty-printed.
 *
 * Decisions where the spec is silent:
 * - A blank scalar `query` counts as absent: with no `queries` it is `provide query or queries.`
 * - With a scalar query, a top-level `limit` must be a positive integer
 *   (`limit must be a positive integer.`) and is clamped to `maxSearchLimit`.
 * - The 16-entry, 50-result and 512-byte rules count the `queries` array; the scalar query is a
 *   single search governed by its own limit.
 * - `queries` that is not an array is an error even beside a scalar query.
 */
import {isRecord, hasOwn} from '../catalog/json.js'
import {ToolsearchError} from '../errors.js'
import {compactDescription} from '../directory/description.js'
import {type SearchHit, toSearchHit} from './hits.js'
import type {Ranker} from './types.js'

export const BATCH_LIMITS = Object.freeze({
  /** Entries in `queries`. */
  maxQueries: 16,
  /** Characters in one batch query. */
  maxQueryChars: 512,
  /** Sum of the resolved per-query limits. */
  maxTotalResults: 50,
  /** UTF-8 bytes of `JSON.stringify` of the batch query strings. */
  maxQueryTextBytes: 512,
  /** Characters of the pretty-printed (2-space) response. */
  maxResponseChars: 4000,
  /** Description cap in batch results (longer → first 177 characters + `...`). */
  descriptionCap: 180,
})

export interface SearchLimits {
  searchDefaultLimit: number
  maxSearchLimit: number
}

export interface ResolvedQuery {
  query: string
  limit: number
}

export interface BatchGroup {
  query: string
  candidates: SearchHit[]
  truncated?: true
}

export interface BatchResponse {
  results: BatchGroup[]
  truncated?: true
}

function requestError(message: string): ToolsearchError {
  return new ToolsearchError('invalid-search-request', message)
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
}

/**
 * Validates a request and resolves it to the searches to run, scalar first; throws a
 * ToolsearchError (exit 1) with the model-facing message on the first broken rule.
 */
export function resolveSearchRequest(request: unknown, limits: SearchLimits): ResolvedQuery[] {
  const fields: Record<string, unknown> = isRecord(request) ? request : {}
  const hasQueries = hasOwn(fields, 'queries')
  const hasLimit = hasOwn(fields, 'limit')
  if (!hasOwn(fields, 'query') && !hasQueries) throw requestError('provide query or queries.')
  const scalar = typeof fields.query === 'string' && fields.query.trim() !== '' ? fields.query : undefined
  const queries = fields.queries
  if (hasQueries && (!Array.isArray(queries) || (queries.length === 0 && scalar === undefined))) throw requestError('queries must be a non-empty array.')
  if (hasOwn(fields, 'query') && typeof fields.query !== 'string') throw requestError('query must be a string.')
  if (scalar === undefined && !hasQueries) throw requestError('provide query or queries.')
  if (hasLimit && scalar === undefined) throw requestError('set limit on each batch query, not on the batch request.')
  if (hasLimit && !isPositiveInteger(fields.limit)) throw requestError('limit must be a positive integer.')

  const batch = resolveBatchEntries(Array.isArray(queries) ? queries : [], limits)
  if (scalar === undefined) return batch
  const limit = isPositiveInteger(fields.limit) ? fields.limit : limits.searchDefaultLimit
  return [{query: scalar, limit: Math.min(limit, limits.maxSearchLimit)}, ...batch]
}

function resolveBatchEntries(queries: unknown[], limits: SearchLimits): ResolvedQuery[] {
  const batch: ResolvedQuery[] = []
  queries.forEach((entry, i) => {
    if (!isRecord(entry)) throw requestError(`queries[${i}] must be an object.`)
    const query = entry.query
    if (typeof query !== 'string' || query.trim() === '') throw requestError(`queries[${i}].query must be a non-empty string.`)
    if (query.length > BATCH_LIMITS.maxQueryChars) throw requestError(`queries[${i}].query must not exceed ${BATCH_LIMITS.maxQueryChars} characters.`)
    if (hasOwn(entry, 'limit') && !isPositiveInteger(entry.limit)) throw requestError(`queries[${i}].limit must be a positive integer.`)
    const limit = isPositiveInteger(entry.limit) ? entry.limit : limits.searchDefaultLimit
    batch.push({query, limit: Math.min(limit, limits.maxSearchLimit)})
  })
  if (batch.length > BATCH_LIMITS.maxQueries) throw requestError(`queries may contain at most ${BATCH_LIMITS.maxQueries} entries.`)
  const total = batch.reduce((sum, entry) => sum + entry.limit, 0)
  if (total > BATCH_LIMITS.maxTotalResults) {
    throw requestError(
      `batch queries resolve to ${total} results, but may request at most ${BATCH_LIMITS.maxTotalResults} in total. ` +
        `An omitted limit counts as ${limits.searchDefaultLimit}; set smaller per-query limits and retry.`,
    )
  }
  if (Buffer.byteLength(JSON.stringify(batch.map((entry) => entry.query)), 'utf8') > BATCH_LIMITS.maxQueryTextBytes) {
    throw requestError(`serialized batch query text may use at most ${BATCH_LIMITS.maxQueryTextBytes} UTF-8 bytes.`)
  }
  return batch
}

/** Runs resolved searches; descriptions are compacted (whitespace collapsed, 180 characters). */
function runResolvedQueries(queries: readonly ResolvedQuery[], ranker: Ranker): BatchResponse {
  return {
    results: queries.map(({query, limit}) => ({
      query,
      candidates: ranker.search(query, limit).map((hit) => toSearchHit(hit.entry, (text) => compactDescription(text, BATCH_LIMITS.descriptionCap))),
    })),
  }
}

/** Validates, runs and fits a raw request: exactly what the model would receive. */
export function runSearchRequest(request: unknown, ranker: Ranker, limits: SearchLimits): BatchResponse {
  return fitResponse(runResolvedQueries(resolveSearchRequest(request, limits), ranker))
}

/** The response as the model receives it: pretty-printed with 2 spaces. */
export function serializeResponse(response: BatchResponse): string {
  return JSON.stringify(response, null, 2)
}

/**
 * Drops candidates until the pretty-printed response fits `maxChars`: always the last candidate
 * of the group with the most (ties: the longer last candidate, by its pretty-printed JSON, then
 * the earliest group), marking that group and the response `truncated`. Survivors stay ranked
 * prefixes and groups stay within one candidate of each other. Mutates and returns `response`.
 */
export function fitResponse(response: BatchResponse, maxChars: number = BATCH_LIMITS.maxResponseChars): BatchResponse {
  while (serializeResponse(response).length > maxChars) {
    const group = groupToTrim(response.results)
    if (group === undefined) break
    group.candidates.pop()
    group.truncated = true
    response.truncated = true
  }
  return response
}

function groupToTrim(groups: BatchGroup[]): BatchGroup | undefined {
  let best: BatchGroup | undefined
  let bestLastLength = -1
  for (const group of groups) {
    const last = group.candidates[group.candidates.length - 1]
    if (last === undefined) continue
    const lastLength = JSON.stringify(last, null, 2).length
    const more = best === undefined || group.candidates.length > best.candidates.length
    const tieButLonger = best !== undefined && group.candidates.length === best.candidates.length && lastLength > bestLastLength
    if (more || tieButLonger) {
      best = group
      bestLastLength = lastLength
    }
  }
  return best
}
