import * as Flags from '@oclif/core/flags'

import {catalogedEntries, countTools} from '../src/catalog/index.js'
import {CatalogCommand} from '../src/cli/catalog-command.js'
import {catalogFlags, configFlags} from '../src/cli/flags.js'
import {usageError} from '../src/shared/errors.js'
import {safeInline} from '../src/output/terminal.js'
import {
  DEFAULT_MISS_DEPTH,
  EVAL_DEPTH,
  type EvaluationReport,
  evaluateRanker,
  readLabelledQueries,
  renderMetricsTable,
  renderMisses,
  restrictToCatalog,
} from '../src/eval/evaluate.js'
import {loadRanker, rankerNames} from '../src/search/rankers.js'

export default class Eval extends CatalogCommand<typeof Eval> {
  static summary = 'Measure rankers on labelled queries: hit@1, hit@5, MRR@10 and nDCG@10 side by side.'

  static description = `Each line of the queries file is {"query": "...", "relevant": ["<tool id>", ...]}; any relevant id in a result counts. Every ranker searches the same catalog (after the tool policy) for every query. Relevant ids the catalog does not have are ignored with a warning, and a query left with none is skipped, so a query file can cover a larger catalog than the one evaluated. --failures lists, per ranker, the queries with no relevant tool in the top 5 (--miss-at to change) and what came back instead.`

  static examples = [
    '<%= config.bin %> eval --catalog tools.json --queries queries.jsonl',
    '<%= config.bin %> eval --catalog tools.json --queries queries.jsonl --ranker enhanced --failures',
    '<%= config.bin %> eval --catalog github.json --catalog slack.json --queries queries.jsonl --json',
  ]

  static flags = {
    ...catalogFlags,
    ...configFlags,
    queries: Flags.string({description: 'Labelled queries: one {"query", "relevant": [ids]} JSON object per line.', helpValue: '<file.jsonl>', required: true}),
    ranker: Flags.string({
      description: `Rankers to compare, comma-separated (default: all of ${rankerNames().join(', ')}).`,
      helpValue: '<names>',
      multiple: true,
      delimiter: ',',
    }),
    failures: Flags.boolean({description: 'List the queries each ranker missed and what it returned instead.'}),
    'miss-at': Flags.integer({
      description: 'With --failures: a query is missed when no relevant tool is in this many results.',
      helpValue: '<k>',
      min: 1,
      max: EVAL_DEPTH,
      default: DEFAULT_MISS_DEPTH,
    }),
  }

  async run(): Promise<EvaluationReport> {
    const {flags} = this
    const names = [...new Set((flags.ranker ?? rankerNames()).map((name) => name.trim()).filter((name) => name !== ''))]
    if (names.length === 0) throw usageError('--ranker needs at least one ranker name.')
    const factories = await Promise.all(names.map(async (name) => ({name, factory: await loadRanker(name)})))
    const queries = await readLabelledQueries(flags.queries)
    const context = await this.loadCatalog(flags)
    const counts = countTools(context.catalog.entries)
    const entries = catalogedEntries(context.catalog.entries)
    const coverage = restrictToCatalog(queries, new Set(entries.map((entry) => entry.id)))
    this.warnAboutCoverage(flags.queries, coverage.unknownIds, coverage.skipped.length)
    if (coverage.queries.length === 0) throw usageError(`None of the queries in ${flags.queries} has a relevant tool in the catalog.`, {file: flags.queries})

    const report: EvaluationReport = {
      queriesFile: flags.queries,
      queries: coverage.queries.length,
      tools: counts.tools,
      searchable: counts.searchable,
      unknownIds: coverage.unknownIds,
      skippedLines: coverage.skipped.map((query) => query.line),
      missDepth: flags['miss-at'],
      rankers: factories.map(({factory}) => evaluateRanker(factory(entries), coverage.queries, {missDepth: flags['miss-at']})),
    }
    this.print(renderMetricsTable(report, {color: this.color}))
    if (flags.failures) this.print(`\n${renderMisses(report, {color: this.color})}`)
    return flags.failures ? report : {...report, rankers: report.rankers.map((evaluation) => ({...evaluation, misses: []}))}
  }

  private warnAboutCoverage(file: string, unknownIds: readonly string[], skipped: number): void {
    if (unknownIds.length > 0) {
      const examples = unknownIds.slice(0, 3).map((id) => safeInline(id)).join(', ')
      const more = unknownIds.length > 3 ? ', …' : ''
      this.note(`Warning: ${unknownIds.length} relevant ${unknownIds.length === 1 ? 'id' : 'ids'} in ${safeInline(file)} ${unknownIds.length === 1 ? 'is' : 'are'} not in the catalog (${examples}${more}); ignored.`)
    }
    if (skipped > 0) this.note(`Warning: ${skipped} ${skipped === 1 ? 'query has' : 'queries have'} no relevant tool in the catalog; skipped.`)
  }
}
