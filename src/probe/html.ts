/**
 * `probe --html <file>`: the report as one page to share — the lanes side by side (success,
 * input tokens per task, rounds per task as bar charts drawn in inline SVG, then the full table),
 * the verdict, and each task's runs with their transcripts folded (`<details>`). Self-contained:
 * no script, no font, no image or style fetched from anywhere. Pure: the report in, the page out.
 *
 * Everything from the model, the catalog or a tool is escaped. What the tools were given and gave
 * back is redacted to its shape as in session logs unless `--show-args` (and then what looks like
 * a secret is still hidden): a target tool's arguments and results; the controls' own requests
 * (queries, ids) and what they found in the catalog are shown. The caller scrubs the API key from
 * the finished page.
 */
import {redactArguments, scrubSecretText, scrubSecrets} from '../session/log.js'
import type {RunResult} from './loop.js'
import type {Lane} from './lanes.js'
import {LANE_METRICS, type LaneSummary, type ReportHeader, type ProbeVerdict} from './report.js'
import type {ProbeTask} from './tasks.js'

/** Characters of one tool result shown in a transcript. */
export const HTML_RESULT_CHARS = 2000

const LANE_COLOURS: Record<Lane, string> = {direct: '#8a6d3b', tools: '#2f6f9f', directory: '#3c8d5a'}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[char]!)
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`)

/** One horizontal bar chart: a bar per lane. */
function barChart(title: string, lanes: readonly LaneSummary[], value: (lane: LaneSummary) => number, label: (lane: LaneSummary) => string): string {
  const width = 360
  const barHeight = 22
  const gap = 8
  const labelWidth = 80
  const max = lanes.reduce((most, lane) => Math.max(most, value(lane)), 0) || 1
  const height = lanes.length * (barHeight + gap) + 30
  const bars = lanes
    .map((lane, index) => {
      const y = 28 + index * (barHeight + gap)
      const length = Math.round(((width - labelWidth - 90) * value(lane)) / max)
      return [
        `<text x="0" y="${y + 15}" class="lane">${escapeHtml(lane.lane)}</text>`,
        `<rect x="${labelWidth}" y="${y}" width="${Math.max(length, 1)}" height="${barHeight}" fill="${LANE_COLOURS[lane.lane]}" rx="3"></rect>`,
        `<text x="${labelWidth + Math.max(length, 1) + 6}" y="${y + 15}" class="value">${escapeHtml(label(lane))}</text>`,
      ].join('')
    })
    .join('\n')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}"><text x="0" y="16" class="title">${escapeHtml(title)}</text>\n${bars}</svg>`
}

const number = (value: number) => Math.round(value).toLocaleString('en-US')
const decimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))

function laneTable(lanes: readonly LaneSummary[]): string {
  const head = `<tr><th></th>${lanes.map((lane) => `<th>${escapeHtml(lane.lane)}</th>`).join('')}</tr>`
  const body = LANE_METRICS.map(({label, sub, cell, htmlCell}) => `<tr><th>${escapeHtml(sub ? `${label} per task` : label)}</th>${lanes.map((lane) => `<td>${escapeHtml((htmlCell ?? cell)(lane))}</td>`).join('')}</tr>`).join('\n')
  return `<table class="lanes">${head}\n${body}</table>`
}

function contentOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (!Array.isArray(value)) return ''
  return value.map((block) => (block !== null && typeof block === 'object' && (block as {type?: unknown}).type === 'text' ? String((block as {text?: unknown}).text ?? '') : '')).join('')
}

const CONTROLS = new Set(['tool_search', 'tool_describe'])

/** A tool call's arguments as the page shows them: a target's values redacted unless `--show-args`. */
export function shownArguments(name: string, args: unknown, showArgs: boolean): unknown {
  if (showArgs) return scrubSecrets(args)
  if (CONTROLS.has(name)) return args
  if (name === 'tool_call' && args !== null && typeof args === 'object' && !Array.isArray(args)) {
    return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, key === 'id' || key === 'toolId' || key === 'name' ? value : redactArguments(value)]))
  }
  return redactArguments(args)
}

/** A tool result as the page shows it: the controls' catalog answers whole, a target's result redacted unless `--show-args`. */
function shownResult(name: string, text: string, details: unknown, isError: boolean, showArgs: boolean): string {
  if (CONTROLS.has(name) || isError) return scrubSecretText(text)
  if (showArgs) return scrubSecretText(text)
  return JSON.stringify(redactArguments(details ?? text), null, 2) ?? ''
}

/** A run's transcript as a list of turns. */
function transcript(run: RunResult, showArgs: boolean): string {
  const items: string[] = []
  for (const event of run.events) {
    const message = event.type === 'message' ? (event.message as Record<string, unknown>) : undefined
    if (message === undefined) continue
    if (message.role === 'user') items.push(`<li class="user"><b>user</b> ${escapeHtml(contentOf(message.content))}</li>`)
    else if (message.role === 'assistant') {
      const blocks = Array.isArray(message.content) ? (message.content as Array<Record<string, unknown>>) : []
      const parts = blocks.map((block) => (block.type === 'toolCall' ? `<code>${escapeHtml(String(block.name))}(${escapeHtml(JSON.stringify(shownArguments(String(block.name), block.arguments, showArgs)))})</code>` : escapeHtml(String(block.text ?? ''))))
      const error = typeof message.errorMessage === 'string' ? ` <span class="error">${escapeHtml(message.errorMessage)}</span>` : ''
      items.push(`<li class="assistant"><b>model</b> ${parts.join(' ')}${error}</li>`)
    } else if (message.role === 'toolResult') {
      const text = cut(shownResult(String(message.toolName), contentOf(message.content), message.details, message.isError === true, showArgs), HTML_RESULT_CHARS)
      items.push(`<li class="tool${message.isError === true ? ' error' : ''}"><b>${escapeHtml(String(message.toolName))}</b><pre>${escapeHtml(text)}</pre></li>`)
    } else if (message.role === 'custom') {
      const details = (message.details ?? {}) as Record<string, unknown>
      items.push(`<li class="nested"><b>ran ${escapeHtml(String(details.toolName))}</b> <code>${escapeHtml(JSON.stringify(showArgs ? scrubSecrets(details.input) : redactArguments(details.input ?? {})))}</code>${details.isError === true ? ' <span class="error">failed</span>' : ''}</li>`)
    }
  }
  return `<ol class="transcript">${items.join('\n')}</ol>`
}

function runLine(run: RunResult): string {
  const outcome = run.stoppedBy !== undefined ? `stopped: ${run.stoppedBy.message}` : run.success ? 'success' : run.end === 'max-rounds' ? 'no answer within --max-rounds' : 'did not reach the expected tool'
  return `${run.lane}${run.repeat > 1 ? ` (repeat ${run.repeat})` : ''}: ${outcome} — ${run.rounds} rounds, ${number(run.inputTokens)} input tokens, ${number(run.wallMs)} ms`
}

function taskSection(task: ProbeTask, runs: readonly RunResult[], showArgs: boolean): string {
  const ok = runs.filter((run) => run.success).length
  const details = runs.map((run) => `<details><summary class="${run.success ? 'ok' : 'fail'}">${escapeHtml(runLine(run))}</summary>${transcript(run, showArgs)}</details>`).join('\n')
  return `<section class="task"><h3>Task ${task.number}: ${escapeHtml(task.name)} <small>${ok}/${runs.length} succeeded; expects ${escapeHtml(task.expect.join(', '))}</small></h3>\n<p class="prompt">${escapeHtml(task.prompt)}</p>\n${details}</section>`
}

const STYLE = `body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1000px;padding:0 1em;color:#222;background:#fff}
h1{font-size:1.4em;margin-bottom:.2em}.meta{color:#555;margin:.2em 0}.verdict{font-size:1.15em;background:#f3f6f9;border-left:4px solid #2f6f9f;padding:.6em .9em;margin:1em 0}
.charts{display:flex;flex-wrap:wrap;gap:1.5em;margin:1em 0}svg .title{font-weight:600;font-size:13px}svg .lane,svg .value{font-size:12px;fill:#333}
table.lanes{border-collapse:collapse;margin:1em 0}table.lanes th,table.lanes td{border-bottom:1px solid #ddd;padding:.25em .8em;text-align:right}table.lanes th:first-child{text-align:left;font-weight:normal;color:#444}
.task{margin:1.2em 0}.task h3{margin:.2em 0;font-size:1.05em}.task small{color:#666;font-weight:normal}.prompt{color:#333;margin:.2em 0 .4em}
details{margin:.2em 0 .2em 1em}summary{cursor:pointer}summary.ok::before{content:"✓ ";color:#2e7d32}summary.fail::before{content:"✗ ";color:#b23b3b}
ol.transcript{margin:.4em 0 .8em;padding-left:1.6em}ol.transcript li{margin:.25em 0}pre{white-space:pre-wrap;word-break:break-word;background:#f7f7f7;padding:.4em;margin:.2em 0;max-height:18em;overflow:auto;font-size:12px}
.error{color:#b23b3b}code{font-size:12px;background:#f2f2f2;padding:0 .2em}.notes{color:#555;font-size:.92em}`

export interface HtmlReport {
  header: ReportHeader
  lanes: readonly LaneSummary[]
  verdict: ProbeVerdict
  tasks: readonly ProbeTask[]
  runs: readonly RunResult[]
  generated: string
  showArgs: boolean
}

export function renderProbeHtml(report: HtmlReport): string {
  const ran = report.lanes.filter((lane) => lane.runs > 0)
  const charts = [
    barChart('Success rate', ran, (lane) => lane.successRate, (lane) => `${Math.round(lane.successRate * 100)}% (${lane.successes}/${lane.runs})`),
    barChart('Input tokens per task', ran, (lane) => lane.inputTokens, (lane) => number(lane.inputTokens)),
    barChart('Rounds per task', ran, (lane) => lane.rounds, (lane) => decimal(lane.rounds)),
  ].join('\n')
  const tasks = report.tasks.map((task) => taskSection(task, report.runs.filter((run) => run.task === task.number), report.showArgs)).filter((_, index) => report.runs.some((run) => run.task === report.tasks[index]!.number))
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>toolsearch probe: ${escapeHtml(report.header.model)}</title>
<style>${STYLE}</style></head>
<body>
<h1>Tool Search probe</h1>
<p class="meta">${escapeHtml(report.header.model)} · ${escapeHtml(report.header.catalog)} · ${report.header.tasks} tasks${report.header.repeat > 1 ? ` × ${report.header.repeat}` : ''} · ${escapeHtml(report.generated)}</p>
<p class="verdict"><b>Verdict:</b> ${escapeHtml(report.verdict.text)}</p>
<div class="charts">${charts}</div>
${laneTable(ran)}
<p class="notes">Tokens: ${escapeHtml(report.header.tokenSource)}.<br>${report.header.notes.map(escapeHtml).join('<br>')}</p>
<h2>Tasks</h2>
${tasks.join('\n')}
</body></html>
`
}
