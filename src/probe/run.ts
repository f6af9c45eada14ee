/**
 * The whole probe: every task, `repeat` times, in every lane, one run after another. Lanes take
 * turns task by task (task 1 in each lane, then task 2…), and each task starts with the next lane,
 * so a model or endpoint that changes speed during the probe, and the one-time costs of a first
 * run, weigh on every lane alike. The first run stopped by something other
 * than the model (the endpoint failing, the token budget, the deadline, Ctrl-C) stops the probe:
 * the runs so far are kept and reported, with what stopped it.
 */
import type {Catalog} from '../catalog/types.js'
import {catalogedEntries} from '../catalog/index.js'
import type {EffectiveToolSearchSettings} from '../config/index.js'
import {loadRanker} from '../search/rankers.js'
import type {ModelEndpoint} from './endpoint.js'
import {type Lane, type LaneSetup, setUpLane} from './lanes.js'
import {type RunResult, runTask, type TokenBudget} from './loop.js'
import {type LaneSummary, probeVerdict, type ProbeVerdict, summarizeLane} from './report.js'
import type {ProbeTask} from './tasks.js'
import {TokenCounter, tokenizerName} from './tokens.js'
import {LaneTools} from './tools.js'

export const DEFAULT_MAX_ROUNDS = 8
export const DEFAULT_TASK_TIMEOUT_MS = 120_000

export interface ProbeOptions {
  tasks: readonly ProbeTask[]
  lanes: readonly Lane[]
  repeat: number
  maxRounds: number
  timeoutMs: number
  maxTokens?: number
  approve: boolean
  systemPrompt?: string
  settings: Pick<EffectiveToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit'>
  catalog: Catalog
  endpoint: ModelEndpoint
  /** Ctrl-C. */
  signal: AbortSignal
  /** A progress line (empty: clear it). */
  progress?: (message: string) => void
  /** Each run as soon as it ends (its transcript is written then). */
  onRun?: (run: RunResult, task: ProbeTask) => Promise<void>
  onWait?: (message: string) => void
}

export interface ProbeOutcome {
  runs: RunResult[]
  lanes: LaneSummary[]
  verdict: ProbeVerdict
  /** Every planned run ran. */
  complete: boolean
  planned: number
  stoppedBy?: {code: string; message: string; lane: Lane; task: number}
  /** Where the token counts come from, one sentence. */
  tokenSource: string
  setups: LaneSetup[]
}

const BAR_WIDTH = 20

function progressBar(done: number, total: number): string {
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH)
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`
}

export async function runProbe(options: ProbeOptions): Promise<ProbeOutcome> {
  const {endpoint, catalog, settings} = options
  const factory = await loadRanker('openclaw')
  const lanes = options.lanes.map((lane) => {
    const setup = setUpLane(lane, catalog, {searchDefaultLimit: settings.searchDefaultLimit, ...(endpoint.contextWindow === undefined ? {} : {contextWindow: endpoint.contextWindow}), ...(options.systemPrompt === undefined ? {} : {systemPrompt: options.systemPrompt})})
    const ranker = lane === 'direct' ? undefined : factory(catalogedEntries(setup.catalog.entries))
    return {setup, tools: new LaneTools(setup, ranker, settings, {approve: options.approve})}
  })
  // Loaded before the first run, so no lane's wall time carries the tokenizer's start.
  const counter = await new TokenCounter().ready()
  const budget: TokenBudget = {...(options.maxTokens === undefined ? {} : {limit: options.maxTokens}), used: 0}
  const runs: RunResult[] = []
  const planned = options.tasks.length * options.repeat * lanes.length
  let stoppedBy: ProbeOutcome['stoppedBy']
  let turn = 0
  outer: for (const task of options.tasks) {
    for (let repeat = 1; repeat <= options.repeat; repeat++) {
      // Each task starts with the next lane, so what a first run pays (loading, compiling) is shared.
      const order = lanes.map((_, index) => lanes[(index + turn) % lanes.length]!)
      turn++
      for (const {setup, tools} of order) {
        options.progress?.(`probe ${progressBar(runs.length, planned)} ${runs.length}/${planned} ${setup.lane}: task ${task.number} "${task.name}"${options.repeat > 1 ? ` (repeat ${repeat})` : ''}`)
        const run = await runTask(task, repeat, {
          endpoint,
          setup,
          tools,
          counter: async () => counter,
          maxRounds: options.maxRounds,
          timeoutMs: options.timeoutMs,
          budget,
          signal: options.signal,
          ...(options.onWait === undefined ? {} : {onWait: options.onWait}),
        })
        runs.push(run)
        await options.onRun?.(run, task)
        if (run.stoppedBy !== undefined) {
          stoppedBy = {...run.stoppedBy, lane: setup.lane, task: task.number}
          break outer
        }
      }
    }
  }
  options.progress?.('')
  const summaries = lanes.map(({setup}) =>
    summarizeLane(
      setup.lane,
      runs.filter((run) => run.lane === setup.lane && !stoppedRun(run)),
      upFront(setup),
    ),
  )
  const complete = stoppedBy === undefined
  return {runs, lanes: summaries, verdict: probeVerdict(summaries, complete), complete, planned, ...(stoppedBy === undefined ? {} : {stoppedBy}), tokenSource: tokenSource(runs), setups: lanes.map(({setup}) => setup)}
}

/** A run something other than the model ended: reported, but not counted in the lane's means. */
function stoppedRun(run: RunResult): boolean {
  return run.stoppedBy !== undefined
}

function upFront(setup: LaneSetup): LaneSummary['upFront'] {
  return {tools: setup.tools.length, toolsBytes: setup.tools.length === 0 ? 0 : Buffer.byteLength(JSON.stringify(setup.tools), 'utf8'), systemBytes: Buffer.byteLength(setup.system ?? '', 'utf8')}
}

function tokenSource(runs: readonly RunResult[]): string {
  const counted = runs.filter((run) => run.tokensCounted).length
  if (counted === 0) return runs.length === 0 ? 'none counted' : "the endpoint's own usage"
  const name = tokenizerName()
  if (counted === runs.length) return `counted with ${name}, since the endpoint reported no usage: an estimate on the same scale for every lane`
  return `the endpoint's own usage where it reported it, else counted with ${name}`
}
