/**
 * The probe as data: what `--json` prints and `--out` keeps as `probe.json`. The names are a
 * contract (docs/probe.md). Arguments of target tools are redacted to their shape unless
 * `--show-args`; the key is never part of it (the caller scrubs the text besides).
 */
import {redactArguments, scrubSecrets} from '../session/log.js'
import type {ModelEndpoint} from './endpoint.js'
import type {RunResult} from './loop.js'
import type {ProbeOutcome} from './run.js'

export interface ProbeRecordInput {
  endpoint: ModelEndpoint
  catalog: {tools: number; sources: string[]}
  settings: {searchDefaultLimit: number; maxSearchLimit: number}
  tasks: number
  repeat: number
  outcome: ProbeOutcome
  notes: string[]
  showArgs: boolean
  /** Transcript paths by session id (`--out`). */
  transcripts?: Map<string, string>
}

export function runRecord(run: RunResult, showArgs: boolean, transcript?: string) {
  return {
    task: run.task,
    repeat: run.repeat,
    lane: run.lane,
    end: run.end,
    success: run.success,
    ...(run.finalText === undefined ? {} : {finalText: run.finalText}),
    rounds: run.rounds,
    searches: run.summary.searches,
    describes: run.summary.describes,
    calls: run.summary.calls,
    directCalls: run.summary.directCalls,
    failedCalls: run.summary.failedCalls,
    schemaRecoveries: run.summary.struggles['schema-recovery'],
    wrongToolCalls: run.wrongToolCalls,
    malformedArguments: run.malformedArguments,
    requestBytes: run.requestBytes,
    responseBytes: run.responseBytes,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    tokensCounted: run.tokensCounted,
    wallMs: Math.round(run.wallMs),
    retries: run.retries,
    sessionId: run.sessionId,
    ...(transcript === undefined ? {} : {transcript}),
    toolCalls: run.calls.map((call) => ({...call, args: showArgs ? scrubSecrets(call.args) : redactArguments(call.args ?? {})})),
    ...(run.stoppedBy === undefined ? {} : {stoppedBy: run.stoppedBy}),
  }
}

export function probeRecord(input: ProbeRecordInput) {
  const {endpoint, outcome} = input
  return {
    model: {provider: endpoint.provider, model: endpoint.model, baseUrl: endpoint.baseUrl, mock: endpoint.mock, maxTokens: endpoint.maxTokens, ...(endpoint.contextWindow === undefined ? {} : {contextWindow: endpoint.contextWindow})},
    catalog: input.catalog,
    settings: input.settings,
    tasks: input.tasks,
    repeat: input.repeat,
    planned: outcome.planned,
    ran: outcome.runs.length,
    complete: outcome.complete,
    ...(outcome.stoppedBy === undefined ? {} : {stoppedBy: outcome.stoppedBy}),
    tokens: outcome.tokenSource,
    verdict: outcome.verdict.text,
    ...(outcome.verdict.favours === undefined ? {} : {favours: outcome.verdict.favours}),
    lanes: outcome.lanes,
    notes: input.notes,
    runs: outcome.runs.map((run) => runRecord(run, input.showArgs, input.transcripts?.get(run.sessionId))),
  }
}
