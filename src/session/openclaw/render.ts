/**
 * What the session commands print for a person, and the `--json` records they return. Pure.
 * Everything from a session is untrusted text: it passes through `safeInline`, and arguments and
 * results are redacted as in `--session` logs (src/session/log.ts `redactArguments`) unless
 * `--show-args`, where they are shown with what looks like a secret still scrubbed
 * (`scrubSecrets`). Error texts and queries are shown scrubbed too.
 */
import {renderColumns} from '../../output/columns.js'
import {type FindingRow, findingWarnings} from '../../output/findings.js'
import {type Style as ChalkInstance, plural, styler} from '../../output/style.js'
import {safeInline} from '../../output/terminal.js'
import {truncateText} from '../../shared/truncate.js'
import {redactArguments, scrubSecretText, scrubSecrets} from '../log.js'
import type {EventProblem, ReadSession} from './sessions.js'
import type {SessionMeta} from './store.js'
import type {ReplayedSearch} from './replay.js'
import type {StruggleKind, TimelineItem, Tokens, ToolRef} from './transcript.js'

/** Characters of a shown argument or result before it is cut. */
export const SHOWN_VALUE_LIMIT = 200

const inline = (value: string) => safeInline(scrubSecretText(value))

export function isoTime(ms: number | undefined): string | undefined {
  return ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString()
}

const shortTime = (ms: number | undefined) => isoTime(ms)?.replace('T', ' ').replace(/:\d\d\.\d+Z$/, 'Z') ?? '-'

/** `session stats --json`: one session's record (the names are a contract). */
export function sessionRecord(session: ReadSession) {
  const {meta, analysis, problems} = session
  const s = analysis.summary
  return {
    id: meta.id,
    agent: meta.agent,
    store: meta.store,
    file: meta.file,
    ...(meta.key === undefined ? {} : {key: meta.key}),
    started: s.started ?? isoTime(meta.started) ?? null,
    provider: s.provider ?? meta.provider ?? null,
    model: s.model ?? meta.model ?? null,
    upFrontSchemas: meta.upFrontSchemas ?? null,
    turns: s.turns,
    searches: s.searches,
    queries: s.queries,
    describes: s.describes,
    calls: s.calls,
    directCalls: s.directCalls,
    failedCalls: s.failedCalls,
    finalTools: s.finalTools,
    tokens: s.tokens,
    struggles: s.struggles,
    events: s.events,
    skippedEvents: problems,
  }
}

export type SessionRecord = ReturnType<typeof sessionRecord>

const operations = (record: SessionRecord) => record.searches + record.describes + record.calls

/** `session list`: one row a session. */
export function renderSessionList(records: readonly SessionRecord[], {color}: {color: boolean}): string {
  if (records.length === 0) return 'No OpenClaw sessions found.'
  const style = styler(color)
  const rows = records.map((record) => [
    safeInline(record.id),
    safeInline(record.agent),
    record.started === null ? '-' : shortTime(Date.parse(record.started)),
    safeInline(record.model === null ? '-' : `${record.provider ?? '?'}/${record.model}`),
    String(record.turns),
    String(operations(record)),
    String(record.failedCalls),
    String(record.tokens.total),
  ])
  const header = ['SESSION', 'AGENT', 'STARTED', 'MODEL', 'TURNS', 'TOOL SEARCH', 'FAILED', 'TOKENS']
  const [head, ...body] = renderColumns([header, ...rows], [{}, {}, {}, {}, {align: 'right'}, {align: 'right'}, {align: 'right'}, {align: 'right'}])
  return [style.dim(head!), ...body].join('\n')
}

const refText = (tool: ToolRef | undefined) => (tool === undefined ? '-' : `${safeInline(tool.id)} (${tool.source})`)

function shownValue(value: unknown, showArgs: boolean): string {
  const shown = showArgs ? scrubSecrets(value) : redactArguments(value)
  const text = JSON.stringify(shown) ?? 'null'
  return safeInline(truncateText(text, SHOWN_VALUE_LIMIT))
}

const tokensText = (tokens: Tokens) => `${tokens.input} in, ${tokens.output} out${tokens.cacheRead + tokens.cacheWrite > 0 ? `, cache ${tokens.cacheRead} read/${tokens.cacheWrite} written` : ''}${tokens.cost > 0 ? `, $${tokens.cost.toFixed(4)}` : ''}`

const STRUGGLE_NAMES: Record<StruggleKind, string> = {
  'empty-search': 'a search that returned nothing',
  'repeated-search': 'the same search repeated',
  'unsearched-call': 'a called tool that no search had returned',
  'schema-recovery': 'a call rejected, then repaired',
  'wrong-tool': 'a wrong tool called',
}

function statusText(item: {status: string; error?: string}, style: ChalkInstance): string {
  if (item.status === 'ok') return style.green('ok')
  if (item.status === 'pending') return style.yellow('no result recorded')
  return `${style.red('error')}${item.error === undefined ? '' : `: ${inline(item.error)}`}`
}

function timelineLines(item: TimelineItem, showArgs: boolean, style: ChalkInstance): string[] {
  switch (item.kind) {
    case 'turn':
      return [style.bold(`Turn ${item.turn}`) + style.dim(` ${safeInline(item.model ?? '?')}: ${tokensText(item.tokens)}${item.toolCalls > 0 ? `, ${plural(item.toolCalls, 'tool call')}` : ''}${item.error === undefined ? '' : `; error: ${inline(item.error)}`}`)]
    case 'search': {
      const lines = [`  search ${item.groups.map((group) => JSON.stringify(inline(group.query))).join(', ') || '(no query)'}: ${item.status === 'ok' ? '' : statusText(item, style)}`.trimEnd()]
      if (item.status === 'ok') {
        for (const group of item.groups) {
          const shown = group.candidates.map((candidate) => `${safeInline(candidate.id)} (${candidate.source})`)
          const more = group.total - group.candidates.length
          lines.push(`    ${item.groups.length > 1 ? `${JSON.stringify(inline(group.query))}: ` : ''}${group.total === 0 ? style.yellow('no candidates') : `${plural(group.total, 'candidate')}: ${shown.join(', ')}${more > 0 ? `, … ${more} more` : ''}`}`)
        }
      }
      return lines
    }
    case 'describe':
      return [`  describe ${safeInline(item.target)}: ${item.status === 'ok' ? refText(item.tool) : statusText(item, style)}`]
    case 'call':
      return [`  ${safeInline(item.control)} ${safeInline(item.target)} ${shownValue(item.args, showArgs)}: ${statusText(item, style)}${item.status === 'ok' && item.tool !== undefined ? ` (${item.tool.source})` : ''}`, ...(showArgs && item.result !== undefined ? [`    result ${shownValue(item.result, true)}`] : [])]
    case 'nested':
      return [style.dim(`    ran ${safeInline(item.name)} ${shownValue(item.args, showArgs)}: `) + statusText(item, style)]
    case 'direct':
      return [`  direct ${safeInline(item.name)} ${shownValue(item.args, showArgs)}: ${statusText(item, style)} (${item.tool.source})`, ...(showArgs && item.result !== undefined ? [`    result ${shownValue(item.result, true)}`] : [])]
    case 'code':
      return [`  code mode: ${plural(item.searches, 'search', 'searches')}, ${plural(item.describes, 'describe')}, ${plural(item.calls, 'call')}${item.tool === undefined ? '' : ` → ${refText(item.tool)}`}: ${statusText(item, style)}`]
    case 'struggle':
      return [style.yellow(`  ! ${STRUGGLE_NAMES[item.struggle.kind]}: ${inline(item.struggle.message)}`)]
  }
}

/** `session show`: the header, the timeline, the totals. */
export function renderSessionShow(session: ReadSession, {color, showArgs}: {color: boolean; showArgs: boolean}): string {
  const style = styler(color)
  const record = sessionRecord(session)
  const lines = [
    style.bold(`Session ${safeInline(record.id)}`) + ` (agent ${safeInline(record.agent)}${record.model === null ? '' : `, ${safeInline(`${record.provider ?? '?'}/${record.model}`)}`})`,
    style.dim(`${safeInline(record.file)}${record.started === null ? '' : `, started ${record.started}`}`),
  ]
  if (record.upFrontSchemas !== null) lines.push(`Tool schemas sent up front: ${record.upFrontSchemas}`)
  lines.push('')
  for (const item of session.analysis.timeline) for (const line of timelineLines(item, showArgs, style)) lines.push(line)
  lines.push('', ...statsLines(record, style))
  return lines.join('\n')
}

function statsLines(record: SessionRecord, style: ChalkInstance): string[] {
  const lines = [
    `Turns: ${record.turns} (tokens: ${tokensText(record.tokens)}, ${record.tokens.total} total)`,
    `Searches: ${record.searches} (${plural(record.queries, 'query', 'queries')}); describes: ${record.describes}; calls: ${record.calls}${record.directCalls > 0 ? `; direct calls: ${record.directCalls}` : ''}; failed: ${record.failedCalls}`,
    `Finally called: ${record.finalTools.length === 0 ? 'nothing' : record.finalTools.map(refText).join(', ')}`,
  ]
  const struggles = Object.entries(record.struggles).filter(([, count]) => count > 0)
  if (struggles.length > 0) lines.push(style.yellow(`Struggles: ${struggles.map(([kind, count]) => `${count} × ${STRUGGLE_NAMES[kind as StruggleKind]}`).join('; ')}`))
  return lines
}

/** `session stats` of OpenClaw sessions: the four questions for each. */
export function renderOpenClawStats(records: readonly SessionRecord[], {color}: {color: boolean}): string {
  if (records.length === 0) return 'No OpenClaw sessions found.'
  const style = styler(color)
  const blocks = records.map((record) => {
    const head = style.bold(`Session ${safeInline(record.id)}`) + ` (agent ${safeInline(record.agent)}${record.started === null ? '' : `, ${record.started}`})`
    const upFront = `Tool schemas up front: ${record.upFrontSchemas ?? 'not recorded'}`
    return [head, upFront, ...statsLines(record, style)].join('\n')
  })
  return blocks.join('\n\n')
}

/** The events of a session that could not be read, as findings: a line of a JSONL transcript, an event of a database's session. */
export function problemRows(meta: SessionMeta, problems: readonly EventProblem[]): FindingRow[] {
  return problems.map(({seq, problem}) => ({
    rule: 'session.skipped-event',
    messageId: 'skipped',
    severity: 'warning',
    message: `${problem}; skipped.`,
    file: meta.file,
    ...(meta.store === 'jsonl' ? {line: seq} : {subject: `session ${meta.id} event ${seq}`}),
  }))
}

/** One stderr warning per event that could not be read (at most ten a session, then a count). */
export function problemWarnings(meta: SessionMeta, problems: readonly EventProblem[]): string[] {
  return findingWarnings(problemRows(meta, problems), 10, (more) => `Warning: ${plural(more, 'more event')} of session ${safeInline(meta.id)} skipped.`)
}

const rankText = (rank: number | null) => (rank === null ? '-' : `#${rank}`)

/** `session replay`: per search, the recorded candidates beside today's. */
export function renderReplay(replayed: readonly ReplayedSearch[], {color}: {color: boolean}): string {
  if (replayed.length === 0) return 'The session has no tool_search to replay.'
  const style = styler(color)
  const lines: string[] = []
  for (const search of replayed) {
    const verdict = search.same ? style.green('same') : style.red('differs')
    lines.push(`${style.bold(`search ${safeInline(search.callId)}`)}: ${verdict}${search.calledAfter === undefined ? '' : style.dim(` (then called ${safeInline(search.calledAfter)})`)}`)
    if (search.recordedError !== undefined || search.todayError !== undefined) {
      lines.push(`  recorded: ${search.recordedError === undefined ? 'candidates' : `rejected: ${inline(search.recordedError)}`}`)
      lines.push(`  today:    ${search.todayError === undefined ? 'candidates' : `rejected: ${inline(search.todayError)}`}`)
    }
    for (const query of search.queries) {
      lines.push(`  ${JSON.stringify(inline(query.query))}${search.calledAfter === undefined ? '' : `  rank then ${rankText(query.rankThen)}, now ${rankText(query.rankNow)}`}`)
      const width = Math.max(query.recorded.length, query.today.length)
      const rows = Array.from({length: width}, (_unused, index) => {
        const then = query.recorded[index]
        const now = query.today[index]
        return [`${index + 1}.`, safeInline(then ?? '-'), then === now ? '=' : '≠', safeInline(now ?? '-')]
      })
      if (rows.length === 0) lines.push(style.dim('    no candidates then or now'))
      else for (const line of renderColumns([['', 'RECORDED', '', 'TODAY'], ...rows], [{align: 'right'}, {}, {}, {}], {indent: '    '})) lines.push(line)
    }
  }
  const differing = replayed.filter((search) => !search.same).length
  lines.push('', differing === 0 ? style.green(`All ${plural(replayed.length, 'search', 'searches')} reproduce the recorded candidates.`) : style.red(`${differing} of ${plural(replayed.length, 'search', 'searches')} differ from the recording.`))
  return lines.join('\n')
}

/** A timeline item for --json: arguments and results redacted (or scrubbed with --show-args), ids kept. */
export function timelineForJson(item: TimelineItem, showArgs: boolean): TimelineItem {
  const hide = (value: unknown) => (showArgs ? scrubSecrets(value) : redactArguments(value))
  switch (item.kind) {
    case 'call':
    case 'direct':
    case 'nested': {
      const {result, ...rest} = item
      return {...rest, args: hide(item.args), ...(showArgs && result !== undefined ? {result: scrubSecrets(result)} : {}), ...(item.error === undefined ? {} : {error: scrubSecrets(item.error) as string})}
    }
    case 'search': {
      const {recordedIds: _ids, ...rest} = item
      return {...rest, request: scrubSecrets(item.request), groups: item.groups.map((group) => ({...group, query: scrubSecrets(group.query) as string}))}
    }
    default:
      return item
  }
}
