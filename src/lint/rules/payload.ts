/**
 * `payload`: whether Tool Search saves anything for this catalog at all. It compares what each
 * surface sends up front (every tool directly vs the controls and the directory) and prices a
 * discovery round — one `tool_search` request and its result — so the saving is expressed as
 * the number of rounds after which direct exposure would have been cheaper. OpenClaw's docs warn
 * that small catalogs can cost more than they save; this finding says which side a catalog is on.
 */
import {formatPercent, payloadReport, savedShare} from '../../directory/payload.js'
import {plural} from '../../output/style.js'
import {runSearchRequest} from '../../search/request.js'
import {probesFor} from '../probes.js'
import {lintFinding} from '../registry.js'
import type {LintContext, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'payload',
  severity: 'warning',
  description: 'Tool Search sends more up front than exposing every tool directly, or how many discovery rounds its saving pays for.',
  messages: {
    costsMore: 'In {{mode}} mode Tool Search sends {{surface}} bytes up front, and exposing all {{tools}} tools directly sends {{direct}}: it saves nothing for this catalog. Expose the tools directly (turn Tool Search off) unless the catalog will grow.',
    pays: 'In {{mode}} mode Tool Search sends {{surface}} bytes up front instead of {{direct}} ({{percent}} saved). A discovery round (one tool_search and its result) costs about {{round}} bytes, so it pays off while a conversation needs at most {{rounds}}.',
  },
}

/** How many tools' first probes price a discovery round (the first ones in catalog order). */
export const ROUND_SAMPLE = 50

/** Mean UTF-8 bytes of a `tool_search` request and its result, over the sampled probes. */
export function discoveryRoundBytes(context: LintContext): number {
  const limits = {searchDefaultLimit: context.limit, maxSearchLimit: context.limit}
  const queries = context.entries.flatMap((entry) => probesFor(entry).slice(0, 1).map((probe) => probe.query)).slice(0, ROUND_SAMPLE)
  if (queries.length === 0) return 0
  let total = 0
  for (const query of queries) {
    const request = {query}
    total += Buffer.byteLength(JSON.stringify(request), 'utf8') + Buffer.byteLength(runSearchRequest(request, context.ranker, limits).text, 'utf8')
  }
  return Math.round(total / queries.length)
}

export const payload: LintRule = {
  meta,
  detect(context) {
    if (context.catalog.length === 0) return []
    const report = payloadReport(context.catalog, {...(context.contextWindow === undefined ? {} : {contextWindow: context.contextWindow}), searchDefaultLimit: context.limit})
    const surface = report[context.mode]
    const data = {mode: context.mode, surface: surface.bytes, direct: report.direct.bytes, tools: report.entries}
    if (surface.bytes >= report.direct.bytes) return [lintFinding(meta, {messageId: 'costsMore', data, details: {report}})]
    const round = discoveryRoundBytes(context)
    const saved = report.direct.bytes - surface.bytes
    const breakEven = round === 0 ? 0 : Math.floor(saved / round)
    return [
      lintFinding(meta, {
        messageId: 'pays',
        severity: 'info',
        data: {...data, percent: formatPercent(savedShare(report, context.mode)), round, rounds: plural(breakEven, 'round')},
        details: {report, discoveryRoundBytes: round, breakEvenRounds: breakEven},
      }),
    ]
  },
}
