/**
 * `toolsearch probe`, the outer layer: flags → tasks, the endpoint (or the mock, started here),
 * the catalog, then the probe; the report printed, `--out` and `--html` written, the exit code set.
 * Everything it calls is in src/probe/; this file only touches files, processes and the terminal.
 */
import {dirname, resolve} from 'node:path'
import {statSync, writeFileSync} from 'node:fs'

import type {CatalogContext, CatalogContextFlags, CatalogContextIo} from '../cli/context.js'
import {loadSettingsContext} from '../cli/context.js'
import {McpSessionPool} from '../mcp/pool.js'
import {ttyProgressLine} from '../mcp/progress.js'
import {readRegularFileText} from '../fs/read-file.js'
import {fileErrorReason} from '../fs/errors.js'
import {type ErrorCode, ToolsearchError, exitCodeFor, usageError} from '../shared/errors.js'
import {withoutBom} from '../shared/json.js'
import {MOCK_MODEL, type ModelEndpoint, mockEndpoint, resolveModelEndpoint, withoutKey} from './endpoint.js'
import {renderProbeHtml} from './html.js'
import {parseLanes} from './lanes.js'
import {prepareOutDir, writeReportJson, writeRunTranscript, writeSessionIndexes} from './out.js'
import {probeRecord} from './record.js'
import {renderProbeReport, renderTaskTable, type ReportHeader} from './report.js'
import {type ProbeOutcome, runProbe} from './run.js'
import {readProbeTasks, unknownExpectedTools} from './tasks.js'
import type {MockServer} from './mock/server.js'

export interface ProbeFlags extends CatalogContextFlags {
  tasks: string
  lanes: string
  model?: string
  'base-url'?: string
  'api-key-env'?: string
  'context-window'?: number
  agent?: string
  'system-prompt-file'?: string
  repeat: number
  'max-rounds': number
  timeout: number
  'max-tokens'?: number
  out?: string
  html?: string
  approve: boolean
  'show-args': boolean
}

export interface ProbeCommandIo {
  color: boolean
  json: boolean
  print(text: string): void
  note(text: string): void
  endWith(code: ErrorCode): void
  loadCatalog(flags: CatalogContextFlags, options: Omit<CatalogContextIo, 'note' | 'progress'>): Promise<CatalogContext>
}

export const NOT_REPRODUCED = "Not reproduced: the rest of OpenClaw's system prompt (about 40 kB in its recordings). Each lane sends the tools array and the directory section exactly as OpenClaw builds them"

function readTextFile(file: string, what: string): string {
  try {
    return withoutBom(readRegularFileText(resolve(file)))
  } catch (error) {
    throw usageError(`Cannot read ${what} ${file}: ${fileErrorReason(error)}`, {file})
  }
}

/** The --html file's directory must exist before the probe spends anything. */
function checkHtmlTarget(file: string): void {
  const dir = dirname(resolve(file))
  if (!(statSync(dir, {throwIfNoEntry: false})?.isDirectory() ?? false)) throw usageError(`Cannot write --html ${file}: its directory does not exist.`, {file})
}

async function resolveEndpoint(flags: ProbeFlags): Promise<{endpoint: ModelEndpoint; mock?: MockServer}> {
  if (flags.model === MOCK_MODEL) {
    const {startMockServer} = await import('./mock/server.js')
    const mock = await startMockServer()
    return {endpoint: mockEndpoint(flags['base-url'] ?? mock.baseUrl, flags['context-window']), mock}
  }
  const {config} = await loadSettingsContext({...flags, model: undefined, provider: undefined, 'base-url': undefined}, {})
  return {endpoint: resolveModelEndpoint(flags, config.value, config.authored, process.env)}
}

function modelLabel(endpoint: ModelEndpoint): string {
  return endpoint.mock ? 'mock (the built-in scripted model)' : `${endpoint.provider}/${endpoint.model} at ${endpoint.baseUrl}`
}

export async function runProbeCommand(flags: ProbeFlags, io: ProbeCommandIo): Promise<unknown> {
  const tasks = readProbeTasks(flags.tasks)
  const lanes = parseLanes(flags.lanes)
  const systemPrompt = flags['system-prompt-file'] === undefined ? undefined : readTextFile(flags['system-prompt-file'], '--system-prompt-file')
  if (flags.html !== undefined) checkHtmlTarget(flags.html)
  if (flags.out !== undefined) prepareOutDir(flags.out)
  const resolved = await resolveEndpoint(flags)
  const mock = resolved.mock
  let endpoint = resolved.endpoint
  const pool = new McpSessionPool()
  const interrupt = new AbortController()
  const onSignal = () => (interrupt.signal.aborted ? process.exit(exitCodeFor('interrupted')) : interrupt.abort(new ToolsearchError('interrupted', 'Interrupted: the probe was stopped.')))
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
  try {
    // The model in use decides the local-model overlay and OpenClaw's per-provider tool policy. The
    // mock stands in for the agent's own model: the catalog and the window are what it would get.
    const model = endpoint.mock ? {provider: undefined, model: undefined, 'base-url': undefined} : {provider: endpoint.provider, model: endpoint.model, 'base-url': endpoint.baseUrl}
    const context = await io.loadCatalog({...flags, ...model}, {mcpSessions: pool})
    if (endpoint.mock && flags['context-window'] === undefined && context.contextWindow !== undefined) endpoint = {...endpoint, contextWindow: context.contextWindow}
    const ids = new Set(context.catalog.entries.map((entry) => entry.id))
    const impossible = unknownExpectedTools(tasks, ids)
    if (impossible.length > 0) {
      const shown = impossible.slice(0, 3).map(({task, missing}) => `task ${task.number} (line ${task.line}) expects ${missing.join(', ')}`)
      throw new ToolsearchError('invalid-probe-tasks', `No tool of the catalog answers ${impossible.length === 1 ? 'a task' : `${impossible.length} tasks`}: ${shown.join('; ')}${impossible.length > 3 ? '; …' : ''}. Check the ids (toolsearch catalog list) or the catalog.`, {file: flags.tasks})
    }
    const transcripts = new Map<string, string>()
    const outcome = await runProbe({
      tasks,
      lanes,
      repeat: flags.repeat,
      maxRounds: flags['max-rounds'],
      timeoutMs: flags.timeout,
      ...(flags['max-tokens'] === undefined ? {} : {maxTokens: flags['max-tokens']}),
      approve: flags.approve,
      ...(systemPrompt === undefined ? {} : {systemPrompt}),
      settings: context.settings,
      catalog: context.catalog,
      endpoint,
      signal: interrupt.signal,
      progress: ttyProgressLine(process.stderr),
      onWait: (message) => io.note(`Note: ${message}`),
      onRun: async (run) => {
        if (flags.out !== undefined) transcripts.set(run.sessionId, writeRunTranscript(flags.out, run, endpoint))
      },
    })
    const notes = reportNotes(endpoint, outcome, systemPrompt !== undefined)
    const header: ReportHeader = {model: modelLabel(endpoint), catalog: `${context.catalog.entries.length} tools (${context.sources.join(', ') || 'no catalog'})`, tasks: tasks.length, repeat: flags.repeat, tokenSource: outcome.tokenSource, notes}
    const record = probeRecord({endpoint, catalog: {tools: context.catalog.entries.length, sources: context.sources}, settings: {searchDefaultLimit: context.settings.searchDefaultLimit, maxSearchLimit: context.settings.maxSearchLimit}, tasks: tasks.length, repeat: flags.repeat, outcome, notes, showArgs: flags['show-args'], transcripts})
    if (flags.out !== undefined) {
      writeSessionIndexes(flags.out, outcome.runs, outcome.setups, tasks, endpoint)
      writeReportJson(flags.out, record, endpoint)
    }
    if (flags.html !== undefined) {
      const page = renderProbeHtml({header, lanes: outcome.lanes, verdict: outcome.verdict, tasks, runs: outcome.runs, generated: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), showArgs: flags['show-args']})
      try {
        writeFileSync(flags.html, withoutKey(page, endpoint), {encoding: 'utf8', mode: 0o600})
      } catch (error) {
        throw usageError(`Cannot write --html ${flags.html}: ${fileErrorReason(error, {writing: true})}`, {file: flags.html})
      }
    }
    const text = [renderProbeReport(header, outcome.lanes, outcome.verdict, {color: io.color}), '', renderTaskTable(tasks, lanes, outcome.runs, {color: io.color})].join('\n')
    io.print(withoutKey(text, endpoint))
    if (outcome.stoppedBy !== undefined) {
      io.note(withoutKey(`Stopped after ${outcome.runs.length} of ${outcome.planned} runs (${outcome.stoppedBy.lane}, task ${outcome.stoppedBy.task}): ${outcome.stoppedBy.message}`, endpoint))
      io.endWith(outcome.stoppedBy.code as ErrorCode)
    }
    return JSON.parse(withoutKey(JSON.stringify(record), endpoint)) as unknown
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
    await pool.closeAll()
    await mock?.close()
  }
}

function reportNotes(endpoint: ModelEndpoint, outcome: ProbeOutcome, ownPrompt: boolean): string[] {
  const notes = [`${NOT_REPRODUCED}${ownPrompt ? ', after your --system-prompt-file text' : ''}.`]
  if (endpoint.mock) notes.push('The model is the built-in scripted mock: it measures the catalog and the requests, not how a language model chooses.')
  const noExecutor = outcome.runs.reduce((sum, run) => sum + run.calls.filter((call) => call.status === 'no-executor').length, 0)
  if (noExecutor > 0) notes.push(`${noExecutor} call${noExecutor === 1 ? '' : 's'} reached a tool this catalog has no executor for; reaching the expected tool with its arguments counts as success.`)
  const direct = outcome.setups.find((setup) => setup.lane === 'direct')
  if (direct !== undefined) {
    const names = direct.tools.map((tool) => tool.function.name)
    const shared = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))]
    if (shared.length > 0) notes.push(`In the direct lane ${shared.length} name${shared.length === 1 ? ' is' : 's are'} shared by several tools (${shared.slice(0, 3).join(', ')}${shared.length > 3 ? ', …' : ''}): a real provider may refuse that request.`)
  }
  return notes
}
