/**
 * `probe --out <dir>`: each run's transcript as OpenClaw records a session, laid out as an OpenClaw
 * state directory, so `session show <file>`, `session stats <file>…` and, with
 * `OPENCLAW_STATE_DIR=<dir>`, `session list` read them: `agents/<lane>/sessions/<session id>.jsonl`
 * (one event a line) and each lane's `sessions.json` index (the model, the times, the tools sent
 * up front); beside them `probe.json`, the report as `--json` prints it. Files are created with
 * mode 0600 in directories of mode 0700; the directory must be new or empty, so a probe never
 * mixes its runs with another's. The key is replaced wherever it would appear.
 */
import {mkdirSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {fileErrorReason} from '../fs/errors.js'
import {usageError} from '../shared/errors.js'
import {type ModelEndpoint, withoutKey} from './endpoint.js'
import type {LaneSetup} from './lanes.js'
import type {RunResult} from './loop.js'
import type {ProbeTask} from './tasks.js'

/** Makes sure `dir` can take a probe's files: created if missing, refused if it holds anything. */
export function prepareOutDir(dir: string): void {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw usageError(`Cannot use --out ${dir}: ${fileErrorReason(error)}`, {file: dir})
    names = []
  }
  if (names.length > 0) throw usageError(`--out ${dir} is not empty: name a new or empty directory, so this probe's transcripts are not mixed with others.`, {file: dir})
  makeDirectory(dir)
}

function makeDirectory(dir: string): void {
  try {
    mkdirSync(dir, {recursive: true, mode: 0o700})
  } catch (error) {
    throw usageError(`Cannot create ${dir}: ${fileErrorReason(error, {writing: true})}`, {file: dir})
  }
}

function writePrivate(file: string, text: string): void {
  try {
    writeFileSync(file, text, {encoding: 'utf8', mode: 0o600})
  } catch (error) {
    throw usageError(`Cannot write ${file}: ${fileErrorReason(error, {writing: true})}`, {file})
  }
}

export function sessionsDir(out: string, lane: string): string {
  return join(out, 'agents', lane, 'sessions')
}

/** Writes one run's transcript; returns its path. */
export function writeRunTranscript(out: string, run: RunResult, endpoint: ModelEndpoint): string {
  const dir = sessionsDir(out, run.lane)
  makeDirectory(dir)
  const file = join(dir, `${run.sessionId}.jsonl`)
  writePrivate(file, run.events.map((event) => `${withoutKey(JSON.stringify(event), endpoint)}\n`).join(''))
  return file
}

/** Each lane's `sessions.json`: a session key per run, as OpenClaw indexes its sessions. */
export function writeSessionIndexes(out: string, runs: readonly RunResult[], setups: readonly LaneSetup[], tasks: readonly ProbeTask[], endpoint: ModelEndpoint): void {
  for (const setup of setups) {
    const entries: Record<string, unknown> = {}
    for (const run of runs.filter((item) => item.lane === setup.lane)) {
      const task = tasks.find((item) => item.number === run.task)
      const started = Date.parse(String(run.events[0]?.timestamp ?? '')) || undefined
      entries[`probe:${setup.lane}:task-${run.task}${run.repeat > 1 ? `-${run.repeat}` : ''}`] = {
        sessionId: run.sessionId,
        label: task?.name,
        modelProvider: endpoint.provider,
        model: endpoint.model,
        ...(started === undefined ? {} : {sessionStartedAt: started, updatedAt: Math.round(started + run.wallMs)}),
        systemPromptReport: {tools: {entries: setup.tools.map((tool) => ({name: tool.function.name}))}},
      }
    }
    if (Object.keys(entries).length === 0) continue
    makeDirectory(sessionsDir(out, setup.lane))
    writePrivate(join(sessionsDir(out, setup.lane), 'sessions.json'), `${withoutKey(JSON.stringify(entries, null, 2), endpoint)}\n`)
  }
}

export function writeReportJson(out: string, report: unknown, endpoint: ModelEndpoint): void {
  writePrivate(join(out, 'probe.json'), `${withoutKey(JSON.stringify(report, null, 2), endpoint)}\n`)
}
