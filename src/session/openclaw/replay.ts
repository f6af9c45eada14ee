/**
 * `session replay`: every recorded `tool_search` request run again, and its candidates compared with
 * the recorded ones. Pure: the recorded searches come from a session's timeline, and the search is
 * a function the caller gives (the command runs `search --request`'s code, src/search/request.ts,
 * over the catalog loaded the usual way), so the comparison knows nothing of how a catalog is built.
 *
 * Per query: the recorded candidate ids beside today's (the same list, in the same order, or not),
 * and the rank of "the tool the model finally called" after that search — the target of the first
 * successful call that followed it — then and now (1-based; null when absent). A request OpenClaw
 * rejected is the same when it is rejected today too; the provider-side argument check runs first,
 * as it did then, so the two messages read alike. A search with no recorded result (the session ended
 * first, or its result could not be read) is not compared.
 */
import type {Ranker} from '../../search/types.js'
import {type SearchLimits, runSearchRequest} from '../../search/request.js'
import {isToolsearchError} from '../../shared/errors.js'
import {checkControlArguments} from '../../controls/arguments.js'
import {toolSearchDefinition} from '../../directory/controls.js'
import {type SessionAnalysis, type TimelineItem, oneLineError} from './transcript.js'

export interface RecordedSearch {
  callId: string
  request: unknown
  /** Per query, the recorded candidate ids; undefined when OpenClaw rejected the request. */
  recorded?: Array<{query: string; ids: string[]}>
  error?: string
  /** The target of the first successful call after this search. */
  calledAfter?: string
}

export type ReplayOutcome = {groups: Array<{query: string; ids: string[]}>} | {error: string}

export interface ReplayedQuery {
  query: string
  recorded: string[]
  today: string[]
  same: boolean
  rankThen: number | null
  rankNow: number | null
}

export interface ReplayedSearch {
  callId: string
  request: unknown
  same: boolean
  queries: ReplayedQuery[]
  calledAfter?: string
  recordedError?: string
  todayError?: string
}

/** The searches of a session's timeline that can be replayed, with the tool each led to. */
export function recordedSearches(analysis: SessionAnalysis): RecordedSearch[] {
  const searches: RecordedSearch[] = []
  const waiting: RecordedSearch[] = []
  for (const item of analysis.timeline as TimelineItem[]) {
    if (item.kind === 'search') {
      if (item.status === 'pending') continue
      const search: RecordedSearch =
        item.status === 'error'
          ? {callId: item.callId, request: item.request, error: item.error ?? 'rejected'}
          : {callId: item.callId, request: item.request, recorded: item.groups.map((group, index) => ({query: group.query, ids: item.recordedIds?.[index] ?? group.candidates.map((candidate) => candidate.id)}))}
      searches.push(search)
      waiting.push(search)
    } else if ((item.kind === 'call' || item.kind === 'direct' || item.kind === 'code') && item.status === 'ok' && item.tool !== undefined) {
      for (const search of waiting.splice(0)) search.calledAfter = item.tool.id
    }
  }
  return searches
}

const rank = (ids: readonly string[], id: string | undefined): number | null => {
  if (id === undefined) return null
  const index = ids.indexOf(id)
  return index < 0 ? null : index + 1
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index])

/** Runs each recorded search through `search` and compares (module comment). */
export function replaySearches(searches: readonly RecordedSearch[], search: (request: unknown) => ReplayOutcome): ReplayedSearch[] {
  return searches.map((recorded) => {
    const today = search(recorded.request)
    const base = {callId: recorded.callId, request: recorded.request, ...(recorded.calledAfter === undefined ? {} : {calledAfter: recorded.calledAfter})}
    if (recorded.recorded === undefined) {
      return 'error' in today
        ? {...base, same: true, queries: [], recordedError: recorded.error, todayError: today.error}
        : {...base, same: false, queries: today.groups.map((group) => ({query: group.query, recorded: [], today: group.ids, same: false, rankThen: null, rankNow: rank(group.ids, recorded.calledAfter)})), recordedError: recorded.error}
    }
    if ('error' in today) {
      return {...base, same: false, todayError: today.error, queries: recorded.recorded.map((group) => ({query: group.query, recorded: group.ids, today: [], same: false, rankThen: rank(group.ids, recorded.calledAfter), rankNow: null}))}
    }
    const count = Math.max(recorded.recorded.length, today.groups.length)
    const queries = Array.from({length: count}, (_unused, index) => {
      const then = recorded.recorded![index]
      const now = today.groups[index]
      const thenIds = then?.ids ?? []
      const nowIds = now?.ids ?? []
      return {query: then?.query ?? now?.query ?? '', recorded: thenIds, today: nowIds, same: then !== undefined && now !== undefined && sameIds(thenIds, nowIds), rankThen: rank(thenIds, recorded.calledAfter), rankNow: rank(nowIds, recorded.calledAfter)}
    })
    return {...base, same: queries.every((query) => query.same), queries}
  })
}

/** A recorded request run as `search --request` runs it: today's candidate ids per query, or the rejection. */
export function requestOutcome(request: unknown, ranker: Ranker, limits: SearchLimits): ReplayOutcome {
  // The provider-side check speaks first, as it did when the session ran (controls/arguments.ts).
  const checked = checkControlArguments(toolSearchDefinition(limits.searchDefaultLimit), request)
  if (!checked.ok) return {error: oneLineError(checked.text)}
  try {
    const answer = runSearchRequest(checked.args, ranker, limits)
    if (answer.kind === 'single') return {groups: [{query: answer.query, ids: answer.candidates.map((candidate) => candidate.id)}]}
    return {groups: answer.response.results.map((group) => ({query: group.query, ids: group.candidates.map((candidate) => candidate.id)}))}
  } catch (error) {
    if (isToolsearchError(error) && error.code === 'invalid-search-request') return {error: oneLineError(error.message)}
    throw error
  }
}
