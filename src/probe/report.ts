/**
 * The probe's report: per lane, side by side, what the runs cost and how often they worked, and
 * one line that answers OpenClaw's docs' question for this catalog and model — is Tool Search
 * worth it here? Pure: runs in, a report and its text out.
 *
 * Per lane (means per task, a task counted once per repeat): success rate; wrong-tool calls (calls
 * that reached a tool the task does not expect); rounds (requests) and the searches, describes and
 * calls in them; schema recoveries (a call that failed, then succeeded on the same tool: the
 * session analyzer's `schema-recovery`); request bytes; input and output tokens; wall time.
 *
 * The verdict compares the Tool Search lane that did best (most successes, then fewest input tokens)
 * with `direct`: more successes → "<lane>: higher success (…), 40% fewer input tokens per task"
 * (or more); the same success with fewer input tokens → "<lane>: same success, 81% fewer input
 * tokens per task"; the same success with no fewer → "direct exposure is cheaper for this
 * catalog"; fewer successes → "direct exposure succeeds more often for this catalog", with what
 * the Tool Search lane would save or cost.
 */
import {renderColumns, type Column} from '../output/columns.js'
import {styler} from '../output/style.js'
import {safeInline} from '../output/terminal.js'
import type {RunResult} from './loop.js'
import type {Lane} from './lanes.js'

export interface LaneSummary {
  lane: Lane
  /** Runs in this lane (tasks × repeats that ran). */
  runs: number
  successes: number
  successRate: number
  wrongToolCalls: number
  /** Means per run. */
  rounds: number
  searches: number
  describes: number
  calls: number
  directCalls: number
  schemaRecoveries: number
  malformedArguments: number
  /** Runs still calling tools at --max-rounds. */
  maxRoundsReached: number
  requestBytes: number
  inputTokens: number
  outputTokens: number
  wallMs: number
  /** What the lane offers up front. */
  upFront: {tools: number; systemBytes: number; toolsBytes: number}
}

export interface ProbeVerdict {
  /** The one line. */
  text: string
  /** The lane the verdict favours (`direct`, `tools` or `directory`); absent when there is nothing to compare. */
  favours?: Lane
}

const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length)

export function summarizeLane(lane: Lane, runs: readonly RunResult[], upFront: LaneSummary['upFront']): LaneSummary {
  const successes = runs.filter((run) => run.success).length
  return {
    lane,
    runs: runs.length,
    successes,
    successRate: runs.length === 0 ? 0 : successes / runs.length,
    wrongToolCalls: runs.reduce((sum, run) => sum + run.wrongToolCalls, 0),
    rounds: mean(runs.map((run) => run.rounds)),
    searches: mean(runs.map((run) => run.summary.searches)),
    describes: mean(runs.map((run) => run.summary.describes)),
    calls: mean(runs.map((run) => run.summary.calls + run.summary.directCalls)),
    directCalls: mean(runs.map((run) => run.summary.directCalls)),
    schemaRecoveries: runs.reduce((sum, run) => sum + run.summary.struggles['schema-recovery'], 0),
    malformedArguments: runs.reduce((sum, run) => sum + run.malformedArguments, 0),
    maxRoundsReached: runs.filter((run) => run.end === 'max-rounds').length,
    requestBytes: mean(runs.map((run) => run.requestBytes)),
    inputTokens: mean(runs.map((run) => run.inputTokens)),
    outputTokens: mean(runs.map((run) => run.outputTokens)),
    wallMs: mean(runs.map((run) => run.wallMs)),
    upFront,
  }
}

const percent = (share: number) => `${Math.round(share * 100)}%`

/** "81% fewer" / "12% more" input tokens of `lane` against `base`. */
function tokenDelta(lane: LaneSummary, base: LaneSummary): string {
  if (base.inputTokens === 0) return 'no tokens to compare'
  const share = (base.inputTokens - lane.inputTokens) / base.inputTokens
  return share >= 0 ? `${percent(share)} fewer input tokens per task` : `${percent(-share)} more input tokens per task`
}

function successText(lane: LaneSummary): string {
  return `${lane.successes}/${lane.runs}`
}

/** The one-line answer; `complete` false marks it as resting on part of the tasks. */
export function probeVerdict(lanes: readonly LaneSummary[], complete: boolean): ProbeVerdict {
  const ran = lanes.filter((lane) => lane.runs > 0)
  const prefix = complete ? '' : 'on the tasks that ran, '
  const direct = ran.find((lane) => lane.lane === 'direct')
  const searched = ran.filter((lane) => lane.lane !== 'direct').sort((a, b) => b.successRate - a.successRate || a.inputTokens - b.inputTokens)
  if (ran.length === 0) return {text: 'nothing ran: no verdict.'}
  if (direct === undefined || searched.length === 0) {
    if (searched.length === 2) {
      const [best, other] = searched as [LaneSummary, LaneSummary]
      return {text: `${prefix}${best.lane} does best of the Tool Search lanes (${successText(best)} succeeded, ${tokenDelta(best, other)} than ${other.lane}); run the direct lane too to compare with direct exposure.`, favours: best.lane}
    }
    return {text: `${prefix}only the ${ran[0]!.lane} lane ran: nothing to compare it with.`}
  }
  const best = searched[0]!
  if (best.successRate > direct.successRate) return {text: `${prefix}${best.lane}: higher success (${successText(best)} against ${successText(direct)} direct), ${tokenDelta(best, direct)}.`, favours: best.lane}
  if (best.successRate < direct.successRate) {
    return {text: `${prefix}direct exposure succeeds more often for this catalog (${successText(direct)} against ${successText(best)} in ${best.lane}), while ${best.lane} needs ${tokenDelta(best, direct)}.`, favours: 'direct'}
  }
  if (best.inputTokens < direct.inputTokens) return {text: `${prefix}${best.lane}: same success, ${tokenDelta(best, direct)}.`, favours: best.lane}
  return {text: `${prefix}direct exposure is cheaper for this catalog: ${best.lane} needs ${tokenDelta(best, direct)} at the same success.`, favours: 'direct'}
}

const LANE_LABELS: Record<Lane, string> = {direct: 'direct', tools: 'tools', directory: 'directory'}

const count = (value: number) => value.toLocaleString('en-US')
const decimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))
const milliseconds = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`)

export interface ReportHeader {
  model: string
  catalog: string
  tasks: number
  repeat: number
  tokenSource: string
  notes: string[]
}

/**
 * The metrics of a lane, one a row, as the text report and the HTML page both show them: a
 * `sub` row is a part of the row above it (indented in text, "… per task" on the page); `htmlCell`
 * where the page writes a value otherwise.
 */
export const LANE_METRICS: ReadonlyArray<{label: string; sub?: true; cell: (lane: LaneSummary) => string; htmlCell?: (lane: LaneSummary) => string}> = [
  {label: 'success', cell: (lane) => `${successText(lane)} (${percent(lane.successRate)})`},
  {label: 'wrong-tool calls', cell: (lane) => count(lane.wrongToolCalls)},
  {label: 'rounds per task', cell: (lane) => decimal(lane.rounds)},
  {label: 'searches', sub: true, cell: (lane) => decimal(lane.searches)},
  {label: 'describes', sub: true, cell: (lane) => decimal(lane.describes)},
  {label: 'calls', sub: true, cell: (lane) => decimal(lane.calls)},
  {label: 'schema recoveries', cell: (lane) => count(lane.schemaRecoveries)},
  {label: 'stopped at --max-rounds', cell: (lane) => count(lane.maxRoundsReached)},
  {label: 'tools sent up front', cell: (lane) => count(lane.upFront.tools)},
  {label: 'request bytes per task', cell: (lane) => count(Math.round(lane.requestBytes))},
  {label: 'input tokens per task', cell: (lane) => count(Math.round(lane.inputTokens))},
  {label: 'output tokens per task', cell: (lane) => count(Math.round(lane.outputTokens))},
  {label: 'wall time per task', cell: (lane) => milliseconds(lane.wallMs), htmlCell: (lane) => `${count(Math.round(lane.wallMs))} ms`},
]

/** The lanes side by side, one metric a row. */
export function renderLaneTable(lanes: readonly LaneSummary[], {color}: {color: boolean}): string {
  const style = styler(color)
  const header = ['', ...lanes.map((lane) => LANE_LABELS[lane.lane])]
  const table = [header, ...LANE_METRICS.map(({label, sub, cell}) => [sub ? `  ${label}` : label, ...lanes.map(cell)])]
  const [first, ...rest] = renderColumns(table, header.map((_, index): Column => (index === 0 ? {} : {align: 'right'})))
  return [style.dim(first!), ...rest].join('\n')
}

export function renderProbeReport(header: ReportHeader, lanes: readonly LaneSummary[], verdict: ProbeVerdict, {color}: {color: boolean}): string {
  const style = styler(color)
  const tasks = `${header.tasks} task${header.tasks === 1 ? '' : 's'}${header.repeat > 1 ? ` × ${header.repeat} repeats` : ''}`
  return [
    style.bold(`Probe of ${safeInline(header.model)}: ${tasks}, ${safeInline(header.catalog)}`),
    `Tokens: ${header.tokenSource}.`,
    ...header.notes.map((note) => safeInline(note)),
    '',
    renderLaneTable(lanes, {color}),
    '',
    `${style.bold('Verdict:')} ${verdict.text}`,
  ].join('\n')
}

/** One cell of the task table: how the task went in a lane. */
function taskCell(runs: readonly RunResult[]): string {
  if (runs.length === 0) return '-'
  const rounds = runs.reduce((sum, run) => sum + run.rounds, 0) / runs.length
  const stopped = runs.some((run) => run.stoppedBy !== undefined)
  const ok = runs.filter((run) => run.success).length
  const verdict = runs.length > 1 ? `${ok}/${runs.length} ok` : stopped ? 'stopped' : ok === 1 ? 'ok' : runs[0]!.end === 'max-rounds' ? 'no answer' : 'miss'
  return `${verdict}, ${decimal(rounds)} rounds`
}

/** Each task against each lane: ok / miss / no answer (at --max-rounds) / stopped, with its rounds. */
export function renderTaskTable(tasks: ReadonlyArray<{number: number; name: string}>, lanes: readonly Lane[], runs: readonly RunResult[], {color}: {color: boolean}): string {
  const style = styler(color)
  const header = ['task', ...lanes.map((lane) => LANE_LABELS[lane])]
  const rows = tasks
    .filter((task) => runs.some((run) => run.task === task.number))
    .map((task) => [`${task.number} ${safeInline(task.name)}`, ...lanes.map((lane) => taskCell(runs.filter((run) => run.task === task.number && run.lane === lane)))])
  const [first, ...rest] = renderColumns([header, ...rows], header.map((): Column => ({})))
  return [style.dim(first!), ...rest].join('\n')
}
