/**
 * One OpenClaw transcript, event by event, into what Tool Search did in it: the model turns and
 * their tokens, each search (queries, candidates), describe and call (target, status, the error the
 * model saw), the targets run through `tool_call` (OpenClaw's `openclaw.nested-tool.v1` entries),
 * the tools the model called directly, code-mode runs, and the signs of a struggle. Pure: events
 * in (already decoded), a summary and a timeline out; nothing is kept of an event once it is read
 * but what the timeline shows, so a long session costs what its Tool Search operations cost.
 *
 * What OpenClaw 2026.9.6 writes (test/fixtures/openclaw-runs): a `session` header, then entries
 * with `id`/`parentId`/`timestamp`. The model's tool calls are `toolCall` blocks of an assistant
 * message (`{id, name, arguments}`); each assistant message carries `usage`, `provider`, `model`.
 * Results are `toolResult` messages (`toolCallId`, `toolName`, `content`, `details`, `isError`).
 * `details` of `tool_search` is the candidate list, `{results: [{query, candidates}]}` for a batch,
 * or — when OpenClaw stored a large result truncated (`persistedDetailsTruncated`) — nothing, and
 * the candidates are read from the text the model saw (unwrapped from OpenClaw's external-content
 * notice). `tool_describe`'s is the entry; `tool_call`'s `{tool, result}`, or `{status: "error",
 * error}`. The third control is `tool_call` in the release and `dispatch_action` in newer sources;
 * code mode (`tool_search_code`) results carry a `telemetry` object with its counts.
 *
 * Decisions where OpenClaw says nothing:
 * - `calls` counts `tool_call`/`dispatch_action` requests (and code mode's `callCount`); tools the
 *   model called by their own name are `directCalls`. `failedCalls` counts both kinds that failed.
 * - `finalTools` are the tools whose call succeeded (through a control, directly, or in code mode),
 *   in the order of their first success. A direct call's id is `mcp:<server>:<name>` when its result
 *   names an MCP server, else its name with source `openclaw` (a client tool called by name cannot
 *   be told apart in the transcript).
 * - Struggles: `empty-search` (a query that returned no candidate); `repeated-search` (a query whose
 *   text, trimmed and case-folded, was searched before); `unsearched-call` (a `tool_call` target that
 *   no earlier search or describe returned); `schema-recovery` (a call of a tool that failed, then a
 *   successful call of the same tool); `wrong-tool` (a call that failed and was never repaired,
 *   then a successful call of another tool).
 */
import type {ToolSource} from '../../catalog/types.js'
import {isRecord} from '../../shared/json.js'
import {truncateText} from '../../shared/truncate.js'

export const SEARCH_CONTROLS = ['tool_search'] as const
export const DESCRIBE_CONTROLS = ['tool_describe'] as const
export const CALL_CONTROLS = ['tool_call', 'dispatch_action'] as const
export const CODE_CONTROLS = ['tool_search_code'] as const
export const NESTED_TOOL_TYPE = 'openclaw.nested-tool.v1'

/** Candidates kept per query in the timeline (the counts are always whole). */
export const TIMELINE_CANDIDATES = 10
/** Characters kept of an error text. */
export const ERROR_TEXT_LIMIT = 300

export type Source = ToolSource | 'unknown'

export interface ToolRef {
  id: string
  source: Source
}

export interface Tokens {
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  total: number
  cost: number
}

export interface SearchGroup {
  query: string
  /** Candidates as recorded, in order (at most TIMELINE_CANDIDATES; `total` counts them all). */
  candidates: Array<ToolRef & {name?: string}>
  total: number
}

export type StruggleKind = 'empty-search' | 'repeated-search' | 'unsearched-call' | 'schema-recovery' | 'wrong-tool'

export interface Struggle {
  kind: StruggleKind
  message: string
  /** The tool call the sign was seen at. */
  callId?: string
}

export type CallStatus = 'ok' | 'error' | 'pending'

export type TimelineItem =
  | {kind: 'turn'; turn: number; at?: string; provider?: string; model?: string; tokens: Tokens; stopReason?: string; toolCalls: number; error?: string}
  | {kind: 'search'; callId: string; request: unknown; groups: SearchGroup[]; status: CallStatus; error?: string; recordedIds?: string[][]}
  | {kind: 'describe'; callId: string; target: string; tool?: ToolRef; status: CallStatus; error?: string}
  | {kind: 'call'; callId: string; control: string; target: string; tool?: ToolRef; args: unknown; status: CallStatus; error?: string; result?: unknown}
  | {kind: 'nested'; parentCallId?: string; name: string; args: unknown; status: CallStatus; error?: string; result?: unknown}
  | {kind: 'direct'; callId: string; name: string; tool: ToolRef; args: unknown; status: CallStatus; error?: string; result?: unknown}
  | {kind: 'code'; callId: string; status: CallStatus; searches: number; describes: number; calls: number; tool?: ToolRef; error?: string}
  | {kind: 'struggle'; struggle: Struggle}

export interface SessionSummary {
  /** The session header's id, when there is one. */
  headerId?: string
  started?: string
  cwd?: string
  provider?: string
  model?: string
  events: number
  turns: number
  searches: number
  queries: number
  describes: number
  calls: number
  directCalls: number
  failedCalls: number
  finalTools: ToolRef[]
  tokens: Tokens
  struggles: Record<StruggleKind, number>
}

export interface SessionAnalysis {
  summary: SessionSummary
  /** Empty unless asked for (`keepTimeline`). */
  timeline: TimelineItem[]
}

const zeroTokens = (): Tokens => ({input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0, cost: 0})
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function isSource(value: unknown): value is ToolSource {
  return value === 'openclaw' || value === 'mcp' || value === 'client'
}

/** A tool's source from its catalog id (`mcp:<server>:<name>`, `openclaw:<owner>:<name>`, `client:…`). */
export function sourceOfId(id: string): Source {
  const prefix = id.slice(0, id.indexOf(':'))
  return isSource(prefix) ? prefix : 'unknown'
}

/** Folded form of a query, for "the same search again". */
export function foldQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** The text blocks of a message's content, joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((block) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join('')
}

/**
 * The JSON a control returned, from the text the model saw: OpenClaw wraps results that carry
 * MCP or client content in an external-content notice (`<<<EXTERNAL_UNTRUSTED_CONTENT id="…">>>`,
 * a `Source:` line, `---`, the text, `<<<END_EXTERNAL_UNTRUSTED_CONTENT …>>>`).
 */
export function unwrapResultText(value: string): unknown {
  let body = value
  const start = body.indexOf('<<<EXTERNAL_UNTRUSTED_CONTENT')
  if (start >= 0) {
    const separator = body.indexOf('\n---\n', start)
    const end = body.indexOf('<<<END_EXTERNAL_UNTRUSTED_CONTENT', start)
    if (separator >= 0) body = body.slice(separator + 5, end > separator ? end : undefined)
  }
  try {
    return JSON.parse(body.trim()) as unknown
  } catch {
    return undefined
  }
}

function candidateRef(value: unknown): (ToolRef & {name?: string}) | undefined {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined
  return {id: value.id, source: isSource(value.source) ? value.source : sourceOfId(value.id), ...(typeof value.name === 'string' ? {name: value.name} : {})}
}

/** Queries of a `tool_search` request, in order (`query`, or each of `queries`). */
export function requestQueries(request: unknown): string[] {
  if (!isRecord(request)) return []
  if (Array.isArray(request.queries)) return request.queries.map((item) => (isRecord(item) && typeof item.query === 'string' ? item.query : ''))
  return typeof request.query === 'string' ? [request.query] : []
}

/** The full candidate lists of a `tool_search` result: per query, every candidate as recorded. */
export function searchResultGroups(request: unknown, details: unknown, content: unknown): Array<{query: string; candidates: Array<ToolRef & {name?: string}>}> | undefined {
  const queries = requestQueries(request)
  const fromValue = (value: unknown) => {
    if (Array.isArray(value)) return [{query: queries[0] ?? '', candidates: value.map(candidateRef).filter((ref) => ref !== undefined)}]
    if (isRecord(value) && Array.isArray(value.results)) {
      return value.results.map((group, index) => ({
        query: isRecord(group) && typeof group.query === 'string' ? group.query : (queries[index] ?? ''),
        candidates: isRecord(group) && Array.isArray(group.candidates) ? group.candidates.map(candidateRef).filter((ref) => ref !== undefined) : [],
      }))
    }
    return undefined
  }
  return fromValue(details) ?? fromValue(unwrapResultText(contentText(content)))
}

/** The error a failed control or tool showed the model: its `error` field, else its text. */
export function errorText(details: unknown, content: unknown): string {
  return oneLineError(isRecord(details) && typeof details.error === 'string' ? details.error : resultErrorText(details) ?? contentText(content))
}

/** An error text as a session's timeline keeps it: on one line, cut to a few hundred characters. */
export function oneLineError(raw: string): string {
  const oneLine = raw.replace(/\s+/g, ' ').trim()
  return truncateText(oneLine, ERROR_TEXT_LIMIT)
}

/** `tool_call`'s `{tool, result}` of a target that failed: the target's own text. */
function resultErrorText(details: unknown): string | undefined {
  if (!isRecord(details) || !isRecord(details.result)) return undefined
  const value = contentText(details.result.content)
  return value === '' ? undefined : value
}

interface PendingCall {
  kind: 'search' | 'describe' | 'call' | 'direct' | 'code'
  item: TimelineItem & {kind: 'search' | 'describe' | 'call' | 'direct' | 'code'}
}

export interface AnalyzeOptions {
  /** Keep the timeline (show, replay); list and stats need the summary only. */
  keepTimeline?: boolean
}

/** Reads one session's events in order; `finish()` gives the analysis. */
export class TranscriptAnalyzer {
  private readonly summary: SessionSummary = {
    events: 0,
    turns: 0,
    searches: 0,
    queries: 0,
    describes: 0,
    calls: 0,
    directCalls: 0,
    failedCalls: 0,
    finalTools: [],
    tokens: zeroTokens(),
    struggles: {'empty-search': 0, 'repeated-search': 0, 'unsearched-call': 0, 'schema-recovery': 0, 'wrong-tool': 0},
  }
  private readonly timeline: TimelineItem[] = []
  private readonly pending = new Map<string, PendingCall>()
  private readonly seenQueries = new Set<string>()
  /** Ids and names any search or describe returned. */
  private readonly found = new Set<string>()
  /** Targets of failed calls not repaired since, by id or name. */
  private readonly failedTargets = new Map<string, string>()
  private readonly finalIds = new Set<string>()

  constructor(private readonly options: AnalyzeOptions = {}) {}

  private push(item: TimelineItem): void {
    if (this.options.keepTimeline === true) this.timeline.push(item)
  }

  private struggle(struggle: Struggle): void {
    this.summary.struggles[struggle.kind]++
    this.push({kind: 'struggle', struggle})
  }

  /** One decoded event of the transcript. */
  add(event: unknown): void {
    if (!isRecord(event)) return
    this.summary.events++
    if (event.type === 'session') {
      this.summary.headerId = text(event.id)
      this.summary.started = text(event.timestamp)
      this.summary.cwd = text(event.cwd)
      return
    }
    if (event.type === 'model_change') {
      this.summary.provider = text(event.provider) ?? this.summary.provider
      this.summary.model = text(event.modelId) ?? this.summary.model
      return
    }
    if (event.type === 'custom' && event.customType === NESTED_TOOL_TYPE) {
      this.nested(event.data)
      return
    }
    if (event.type !== 'message' || !isRecord(event.message)) return
    const message = event.message
    if (message.role === 'assistant') this.assistant(message, text(event.timestamp))
    else if (message.role === 'toolResult') this.toolResult(message)
    else if (message.role === 'custom' && message.customType === NESTED_TOOL_TYPE) this.nested(message.details)
  }

  private assistant(message: Record<string, unknown>, at: string | undefined): void {
    const usage = isRecord(message.usage) ? message.usage : {}
    const cost = isRecord(usage.cost) ? number(usage.cost.total) : 0
    const tokens: Tokens = {input: number(usage.input), output: number(usage.output), cacheRead: number(usage.cacheRead), cacheWrite: number(usage.cacheWrite), total: number(usage.totalTokens), cost}
    for (const key of ['input', 'output', 'cacheRead', 'cacheWrite', 'total', 'cost'] as const) this.summary.tokens[key] += tokens[key]
    this.summary.turns++
    const provider = text(message.provider)
    const model = text(message.model)
    if (provider !== undefined) this.summary.provider = provider
    if (model !== undefined) this.summary.model = model
    const calls = Array.isArray(message.content) ? message.content.filter((block) => isRecord(block) && block.type === 'toolCall') : []
    const error = text(message.errorMessage)
    this.push({kind: 'turn', turn: this.summary.turns, at, provider, model, tokens, stopReason: text(message.stopReason), toolCalls: calls.length, ...(error === undefined ? {} : {error})})
    for (const block of calls as Array<Record<string, unknown>>) this.toolCall(text(block.id) ?? '', text(block.name) ?? '', block.arguments)
  }

  private toolCall(callId: string, name: string, args: unknown): void {
    if ((SEARCH_CONTROLS as readonly string[]).includes(name)) {
      this.summary.searches++
      const queries = requestQueries(args)
      this.summary.queries += queries.length
      const item: TimelineItem = {kind: 'search', callId, request: args, groups: queries.map((query) => ({query, candidates: [], total: 0})), status: 'pending'}
      this.pending.set(callId, {kind: 'search', item})
      this.push(item)
      for (const query of queries) {
        const folded = foldQuery(query)
        if (this.seenQueries.has(folded)) this.struggle({kind: 'repeated-search', message: `"${query}" was searched before`, callId})
        this.seenQueries.add(folded)
      }
    } else if ((DESCRIBE_CONTROLS as readonly string[]).includes(name)) {
      this.summary.describes++
      const target = isRecord(args) ? (text(args.id) ?? text(args.name) ?? '') : ''
      const item: TimelineItem = {kind: 'describe', callId, target, status: 'pending'}
      this.pending.set(callId, {kind: 'describe', item})
      this.push(item)
    } else if ((CALL_CONTROLS as readonly string[]).includes(name)) {
      this.summary.calls++
      const target = isRecord(args) ? (text(args.id) ?? text(args.name) ?? text(args.tool) ?? text(args.action) ?? '') : ''
      const targetArgs = isRecord(args) ? (args.args ?? args.arguments ?? args.input) : undefined
      const item: TimelineItem = {kind: 'call', callId, control: name, target, args: targetArgs ?? {}, status: 'pending'}
      this.pending.set(callId, {kind: 'call', item})
      this.push(item)
      if (target !== '' && !this.found.has(target)) this.struggle({kind: 'unsearched-call', message: `${target} was called, but no search or describe had returned it`, callId})
    } else if ((CODE_CONTROLS as readonly string[]).includes(name)) {
      const item: TimelineItem = {kind: 'code', callId, status: 'pending', searches: 0, describes: 0, calls: 0}
      this.pending.set(callId, {kind: 'code', item})
      this.push(item)
    } else {
      this.summary.directCalls++
      const item: TimelineItem = {kind: 'direct', callId, name, tool: {id: name, source: 'unknown'}, args: args ?? {}, status: 'pending'}
      this.pending.set(callId, {kind: 'direct', item})
      this.push(item)
    }
  }

  private toolResult(message: Record<string, unknown>): void {
    const callId = text(message.toolCallId) ?? ''
    const pending = this.pending.get(callId)
    if (pending === undefined) return
    this.pending.delete(callId)
    const failed = message.isError === true
    const {details, content} = message
    const item = pending.item
    item.status = failed ? 'error' : 'ok'
    if (failed) item.error = errorText(details, content)
    switch (item.kind) {
      case 'search':
        if (!failed) this.searchResult(item, details, content)
        break
      case 'describe': {
        const tool = candidateRef(details)
        if (tool !== undefined) {
          item.tool = {id: tool.id, source: tool.source}
          this.remember(tool)
        }
        break
      }
      case 'call': {
        const tool = isRecord(details) ? candidateRef(details.tool) : undefined
        item.tool = tool === undefined ? (item.target === '' ? undefined : {id: item.target, source: sourceOfId(item.target)}) : {id: tool.id, source: tool.source}
        // A target that failed inside tool_call (its result isError) failed the call too.
        const targetFailed = isRecord(details) && isRecord(details.result) && details.result.isError === true
        if (targetFailed && !failed) {
          item.status = 'error'
          item.error = errorText(details, content)
        }
        if (!failed && !targetFailed && isRecord(details)) item.result = details.result
        this.settled(item.callId, item.tool ?? {id: item.target, source: 'unknown'}, [item.target, tool?.name ?? ''], item.status === 'ok')
        break
      }
      case 'direct': {
        const server = isRecord(details) ? text(details.mcpServer) : undefined
        item.tool = server === undefined ? {id: item.name, source: 'openclaw'} : {id: `mcp:${server}:${item.name}`, source: 'mcp'}
        if (!failed) item.result = contentText(content)
        this.settled(item.callId, item.tool, [item.name], !failed)
        break
      }
      case 'code': {
        const telemetry = isRecord(details) && isRecord(details.telemetry) ? details.telemetry : {}
        item.searches = number(telemetry.searchCount)
        item.describes = number(telemetry.describeCount)
        item.calls = number(telemetry.callCount)
        this.summary.searches += item.searches
        this.summary.describes += item.describes
        this.summary.calls += item.calls
        const value = isRecord(details) && isRecord(details.value) ? details.value : undefined
        const tool = value === undefined ? undefined : candidateRef(value.tool)
        if (tool !== undefined) item.tool = {id: tool.id, source: tool.source}
        const ok = !failed && isRecord(details) && details.ok !== false
        if (!ok) item.status = 'error'
        if (item.tool !== undefined) this.settled(item.callId, item.tool, [item.tool.id, tool?.name ?? ''], ok)
        else if (!ok) this.summary.failedCalls++
        break
      }
    }
  }

  private searchResult(item: TimelineItem & {kind: 'search'}, details: unknown, content: unknown): void {
    const groups = searchResultGroups(item.request, details, content) ?? []
    item.groups = groups.map((group) => ({query: group.query, candidates: group.candidates.slice(0, TIMELINE_CANDIDATES), total: group.candidates.length}))
    for (const group of groups) {
      for (const candidate of group.candidates) this.remember(candidate)
      if (group.candidates.length === 0) this.struggle({kind: 'empty-search', message: `"${group.query}" returned no candidate`, callId: item.callId})
    }
    // Kept for replay: the whole recorded list of ids, not only the ones the timeline shows.
    item.recordedIds = groups.map((group) => group.candidates.map((candidate) => candidate.id))
  }

  private remember(tool: {id: string; name?: string}): void {
    this.found.add(tool.id)
    if (tool.name !== undefined) this.found.add(tool.name)
  }

  /** A call of `tool` finished: count it, and read the struggles it settles. */
  private settled(callId: string, tool: ToolRef, names: string[], ok: boolean): void {
    const keys = [tool.id, ...names].filter((key) => key !== '')
    if (!ok) {
      this.summary.failedCalls++
      for (const key of keys) this.failedTargets.set(key, tool.id)
      return
    }
    const repaired = keys.some((key) => this.failedTargets.has(key))
    if (repaired) {
      this.struggle({kind: 'schema-recovery', message: `${tool.id} failed, then succeeded when called again`, callId})
      for (const key of keys) this.failedTargets.delete(key)
    }
    for (const other of new Set(this.failedTargets.values())) {
      this.struggle({kind: 'wrong-tool', message: `${other} failed and was left for ${tool.id}`, callId})
      for (const [key, id] of this.failedTargets) if (id === other) this.failedTargets.delete(key)
    }
    if (!this.finalIds.has(tool.id)) {
      this.finalIds.add(tool.id)
      this.summary.finalTools.push(tool)
    }
  }

  private nested(details: unknown): void {
    if (!isRecord(details)) return
    const failed = details.isError === true
    const result = isRecord(details.result) ? details.result : undefined
    this.push({
      kind: 'nested',
      parentCallId: text(details.parentToolCallId),
      name: text(details.toolName) ?? '',
      args: details.input ?? {},
      status: failed ? 'error' : 'ok',
      ...(failed ? {error: errorText(undefined, result?.content)} : {result}),
    })
  }

  finish(): SessionAnalysis {
    return {summary: this.summary, timeline: this.timeline}
  }
}
