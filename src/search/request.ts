/**
 * The model-facing `tool_search` request (SPEC §5.4), read and answered as OpenClaw does: which
 * searches a raw request asks for (or the exact message that refuses it), and the exact text the
 * model then receives.
 *
 * - A request with one search (`query`, no non-empty `queries`) is answered with the bare
 *   candidate array, pretty-printed, descriptions whole: no compaction, no budget.
 * - A batch (`queries`, with a non-blank `query` joining it as its first entry) is answered with
 *   `{ "results": [...] }`: descriptions compacted, fitted to 4,000 characters.
 * - Either is wrapped as external content when any candidate found is not an `openclaw` tool.
 * - `null` counts as absent for `query`, `queries` and a top-level `limit`.
 * - The 512-character rule on a batch query counts code points (the README says why).
 */
import {isRecord} from '../shared/json.js'
import {ToolsearchError} from '../shared/errors.js'
import {controlResultText} from '../output/external-content.js'
import {OPENCLAW_CUT, truncateText} from '../shared/truncate.js'
import {truncateUtf16} from '../shared/utf16.js'
import {type SearchHit, toSearchHit} from './hits.js'
import type {Ranker} from './types.js'

export const BATCH_LIMITS = Object.freeze({
  /** Searches in one batch (the scalar query included). */
  maxQueries: 16,
  /** Characters (code points) of one trimmed batch query. */
  maxQueryChars: 512,
  /** Sum of the resolved per-search limits. */
  maxTotalResults: 50,
  /** UTF-8 bytes of `JSON.stringify` of the batch's query strings. */
  maxQueryTextBytes: 512,
  /** Characters of the batch result text as the model receives it (wrapped, when it is). */
  maxResponseChars: 4000,
  /** Description cap in batch results (longer → cut, end trimmed, `...`). */
  descriptionCap: 180,
  /** How much of a description is read before compacting it (4 × the cap). */
  descriptionScanChars: 720,
  /** Budget of a batch candidate's id, source, name and input, then of its optional metadata. */
  candidateMetadataChars: 2000,
})

export interface SearchLimits {
  searchDefaultLimit: number
  maxSearchLimit: number
}

export interface ResolvedQuery {
  query: string
  limit: number
}

/** What a request asks for: one search, or a batch of independent ones in request order. */
export type SearchRequest = {kind: 'single'; search: ResolvedQuery} | {kind: 'batch'; searches: ResolvedQuery[]}

export interface BatchGroup {
  query: string
  candidates: SearchHit[]
  truncated?: true
}

export interface BatchResponse {
  results: BatchGroup[]
  truncated?: true
}

/** A request's answer: the exact text the model receives and the value it serialises. */
export type SearchAnswer =
  | {kind: 'single'; text: string; external: boolean; query: string; candidates: SearchHit[]}
  | {kind: 'batch'; text: string; external: boolean; response: BatchResponse}

function requestError(message: string): ToolsearchError {
  return new ToolsearchError('invalid-search-request', message)
}

/** A limit as OpenClaw reads it: absent → the default; else a positive integer, clamped. */
function readLimit(value: unknown, limits: SearchLimits): number {
  if (value === undefined) return limits.searchDefaultLimit
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw requestError('limit must be a positive integer.')
  return Math.min(value, limits.maxSearchLimit)
}

/** The scalar search's limit: `limit`, else `options.limit` (a top-level `null` counts as absent). */
function scalarLimit(fields: Record<string, unknown>, limits: SearchLimits): number {
  const options = isRecord(fields.options) ? fields.options : undefined
  return readLimit(fields.limit ?? options?.limit, limits)
}

function readBatchEntry(value: unknown, index: number, limits: SearchLimits): ResolvedQuery {
  if (!isRecord(value)) throw requestError(`queries[${index}] must be an object.`)
  const field = `queries[${index}].query`
  if (typeof value.query !== 'string' || value.query.trim() === '') throw requestError(`${field} must be a non-empty string.`)
  const query = value.query.trim()
  if ([...query].length > BATCH_LIMITS.maxQueryChars) throw requestError(`${field} must not exceed ${BATCH_LIMITS.maxQueryChars} characters.`)
  try {
    return {query, limit: readLimit(value.limit, limits)}
  } catch (error) {
    if (error instanceof ToolsearchError) throw requestError(`queries[${index}].${error.message}`)
    throw error
  }
}

/** The batch-wide rules, checked once every entry is valid. */
function checkBatch(searches: readonly ResolvedQuery[], limits: SearchLimits): void {
  if (searches.length > BATCH_LIMITS.maxQueries) throw requestError(`queries may contain at most ${BATCH_LIMITS.maxQueries} entries.`)
  const total = searches.reduce((sum, search) => sum + search.limit, 0)
  if (total > BATCH_LIMITS.maxTotalResults) {
    throw requestError(
      `batch queries resolve to ${total} results, but may request at most ${BATCH_LIMITS.maxTotalResults} in total. ` +
        `An omitted limit counts as ${limits.searchDefaultLimit}; set smaller per-query limits and retry.`,
    )
  }
  if (Buffer.byteLength(JSON.stringify(searches.map((search) => search.query)), 'utf8') > BATCH_LIMITS.maxQueryTextBytes) {
    throw requestError(`serialized batch query text may use at most ${BATCH_LIMITS.maxQueryTextBytes} UTF-8 bytes.`)
  }
}

/**
 * Reads a raw request; throws a ToolsearchError (exit 1) with the model-facing message on the
 * first broken rule, before any search runs.
 */
export function readSearchRequest(request: unknown, limits: SearchLimits): SearchRequest {
  const fields: Record<string, unknown> = isRecord(request) ? request : {}
  const query = fields.query ?? undefined
  const queries = fields.queries ?? undefined
  if (query === undefined && queries === undefined) throw requestError('provide query or queries.')
  if (queries !== undefined && !Array.isArray(queries)) throw requestError('queries must be a non-empty array.')
  if (query !== undefined && typeof query !== 'string') throw requestError('query must be a string.')
  const entries: unknown[] = Array.isArray(queries) ? queries : []
  const scalar = typeof query === 'string' && query.trim() !== '' ? query : undefined
  if (entries.length === 0) {
    if (scalar === undefined && queries !== undefined) throw requestError('queries must be a non-empty array.')
    // A blank query alone is still a search: it finds nothing.
    return {kind: 'single', search: {query: query as string, limit: scalarLimit(fields, limits)}}
  }
  if (scalar === undefined && ((fields.limit ?? undefined) !== undefined || fields.options !== undefined)) {
    throw requestError('set limit on each batch query, not on the batch request.')
  }
  const searches = entries.map((entry, index) => readBatchEntry(entry, index, limits))
  // A non-blank scalar is the batch's first search, even when the same text follows.
  if (scalar !== undefined) searches.unshift({query: scalar.trim(), limit: scalarLimit(fields, limits)})
  checkBatch(searches, limits)
  return {kind: 'batch', searches}
}

function hasExternal(candidates: readonly SearchHit[]): boolean {
  return candidates.some((candidate) => candidate.source !== 'openclaw')
}

/** Reads, runs and renders a raw request: exactly what the model would receive. */
export function runSearchRequest(request: unknown, ranker: Ranker, limits: SearchLimits): SearchAnswer {
  const read = readSearchRequest(request, limits)
  const run = ({query, limit}: ResolvedQuery): SearchHit[] => ranker.search(query, limit).map((hit) => toSearchHit(hit.entry))
  if (read.kind === 'single') {
    const candidates = run(read.search)
    const external = hasExternal(candidates)
    return {kind: 'single', text: controlResultText(JSON.stringify(candidates, null, 2), external), external, query: read.search.query, candidates}
  }
  const groups = read.searches.map((search) => ({query: search.query, candidates: run(search)}))
  const external = groups.some((group) => hasExternal(group.candidates))
  const {response, text} = fitBatchResponse(groups, external)
  return {kind: 'batch', text, external, response}
}

/**
 * A batch description: whitespace runs collapsed in the first 720 characters; when the whole
 * description did not fit in those or the result is over 180 characters, the first 177 kept,
 * their trailing space trimmed, and `...` added.
 */
export function compactBatchDescription(description: string): string {
  const prefix = truncateUtf16(description, BATCH_LIMITS.descriptionScanChars)
  const collapsed = prefix.replace(/\s+/g, ' ').trim()
  return truncateText(collapsed, BATCH_LIMITS.descriptionCap, OPENCLAW_CUT, prefix.length < description.length)
}

/**
 * A batch candidate: its description compacted, and, within 2,000 characters, its identity (id,
 * source, name, input) whole — a candidate whose identity alone is longer is dropped (undefined) —
 * then what fits of sourceName, label, mcp and output, in that order.
 */
export function compactBatchCandidate(candidate: SearchHit): SearchHit | undefined {
  const identity = candidate.id.length + candidate.source.length + candidate.name.length + candidate.input.length
  let remaining = BATCH_LIMITS.candidateMetadataChars - identity
  if (remaining < 0) return undefined
  const retain = (value: string | undefined): string | undefined => {
    if (value === undefined || value.length > remaining) return undefined
    remaining -= value.length
    return value
  }
  const sourceName = retain(candidate.sourceName)
  const label = retain(candidate.label)
  const mcpChars = candidate.mcp === undefined ? 0 : Object.values(candidate.mcp).reduce((sum, value) => sum + value.length, 0)
  const mcp = candidate.mcp !== undefined && mcpChars <= remaining ? candidate.mcp : undefined
  if (mcp !== undefined) remaining -= mcpChars
  const output = retain(candidate.output)
  // Key order stays the hit's; a dropped field is left undefined, which JSON leaves out.
  return {...candidate, description: compactBatchDescription(candidate.description), sourceName: sourceName as string, label, mcp, output}
}

/** The batch response as the model receives it: pretty-printed, wrapped when external. */
export function batchText(response: BatchResponse, external: boolean, markerId?: string): string {
  return controlResultText(JSON.stringify(response, null, 2), external, markerId)
}

/**
 * Compacts every candidate, then drops candidates until the text the model receives (wrapped,
 * when external) fits 4,000 characters: always the last candidate of the group with the most
 * (ties: the one whose last candidate is longer as compact JSON, else the earlier group), marking
 * that group and the response `truncated`. Survivors stay ranked prefixes.
 */
export function fitBatchResponse(groups: ReadonlyArray<{query: string; candidates: readonly SearchHit[]}>, external: boolean, maxChars: number = BATCH_LIMITS.maxResponseChars): {response: BatchResponse; text: string} {
  const results: BatchGroup[] = groups.map((group) => {
    const candidates = group.candidates.map(compactBatchCandidate).filter((candidate) => candidate !== undefined)
    return {query: group.query, candidates, ...(candidates.length < group.candidates.length ? {truncated: true as const} : {})}
  })
  let truncated = results.some((group) => group.truncated === true)
  const render = (): BatchResponse => ({results, ...(truncated ? {truncated: true as const} : {})})
  // One marker id for every measurement: the id's length is fixed, so the count is the same.
  const markerId = external ? 'x'.repeat(16) : undefined
  let response = render()
  while (batchText(response, external, markerId).length > maxChars) {
    const group = groupToTrim(results)
    if (group === undefined) break
    group.candidates.pop()
    group.truncated = true
    truncated = true
    response = render()
  }
  return {response, text: batchText(response, external)}
}

function groupToTrim(groups: BatchGroup[]): BatchGroup | undefined {
  let best: BatchGroup | undefined
  for (const group of groups) {
    if (group.candidates.length === 0) continue
    if (
      best === undefined ||
      group.candidates.length > best.candidates.length ||
      (group.candidates.length === best.candidates.length && JSON.stringify(group.candidates.at(-1)).length > JSON.stringify(best.candidates.at(-1)).length)
    ) {
      best = group
    }
  }
  return best
}
