import * as Flags from '@oclif/core/flags'

import {catalogedEntries} from '../src/catalog/index.js'
import {CatalogCommand} from '../src/cli/catalog-command.js'
import {catalogFlags, configFlags, modelFlags} from '../src/cli/flags.js'
import type {DirectoryMode} from '../src/directory/render.js'
import {readLabelledQueries, restrictToCatalog} from '../src/eval/evaluate.js'
import {toolLocation} from '../src/lint/locate.js'
import {LINT_FORMATS, type LintFormat, lintOutput, renderLintRuleList} from '../src/lint/render.js'
import {LINT_RULES} from '../src/lint/rules/index.js'
import {runLint} from '../src/lint/run.js'
import {repositoryRoot} from '../src/output/github.js'
import {usageError} from '../src/shared/errors.js'

export default class Lint extends CatalogCommand<typeof Lint> {
  static summary = 'Find the tools the model will not find through Tool Search, and say why.'

  static description = `Runs rules over the cataloged tools with the openclaw ranker and directory the model gets: unreachable (queries made of the tool's own name, label or first clause miss it within searchDefaultLimit), exact-name-lost, shadowed (another tool wins every probe of both), no-words, directory (left out or cut at the context window), hints (unknown input or no output hint), compaction (the kept part of a long description does not say what the tool does), queries (labelled requests that miss, with --queries) and payload (whether Tool Search saves anything for this catalog). Exit 1 when an error finding remains (--strict: a warning too).`

  static examples = [
    '<%= config.bin %> lint --catalog examples/catalog.json5',
    '<%= config.bin %> lint --catalog tools.json --queries queries.jsonl --context-window 32768',
    '<%= config.bin %> lint --catalog tools.json --format sarif > lint.sarif',
    '<%= config.bin %> lint --catalog servers/ --format summary',
    '<%= config.bin %> lint --list-rules',
  ]

  static flags = {
    ...catalogFlags,
    // Not required here, so that --list-rules works alone.
    catalog: Flags.string({char: 'c', description: catalogFlags.catalog.description, helpValue: '<file|dir>', multiple: true, multipleNonGreedy: true}),
    ...configFlags,
    ...modelFlags,
    queries: Flags.string({description: 'Labelled requests: one {"query", "relevant": [ids]} JSON object per line; each miss is reported on the tool that lost.', helpValue: '<file.jsonl>'}),
    'context-window': Flags.integer({min: 1, description: "The model's context window in tokens, for the directory rule (default: none, 18,000 characters).", helpValue: '<tokens>'}),
    mode: Flags.string({options: ['tools', 'directory'], description: 'Tool Search mode (default: from the config).', helpValue: '<mode>'}),
    format: Flags.string({
      description: 'Output format: findings as text, the --json document, GitHub annotations or SARIF 2.1.0, or a summary of how many tools each rule flags per owner.',
      options: Object.keys(LINT_FORMATS),
      default: 'text',
    }),
    strict: Flags.boolean({description: 'Warnings fail too (exit 1).'}),
    'list-rules': Flags.boolean({description: 'List the rules with a one-line description and exit.'}),
  }

  async run(): Promise<unknown> {
    const {flags} = this
    if (flags['list-rules']) {
      const rules = LINT_RULES.map(({meta}) => ({id: meta.id, severity: meta.severity, description: meta.description}))
      this.print(renderLintRuleList(rules))
      return {rules}
    }
    if (flags.catalog === undefined || flags.catalog.length === 0) throw usageError('Missing required flag --catalog')
    const cwd = process.cwd()
    const context = await this.loadCatalog({...flags, catalog: flags.catalog}, {locations: true})
    const entries = context.catalog.entries
    const queries = flags.queries === undefined ? undefined : await this.labelledQueries(flags.queries, catalogedEntries(entries).map((entry) => entry.id))
    const report = runLint(entries, {
      limit: context.settings.searchDefaultLimit,
      mode: (flags.mode as DirectoryMode | undefined) ?? context.settings.mode,
      ...(flags['context-window'] === undefined ? {} : {contextWindow: flags['context-window']}),
      ...(queries === undefined ? {} : {queries}),
      locate: toolLocation,
      strict: flags.strict,
    })
    if (!report.ok) this.endWith('findings')
    if (this.jsonEnabled()) return report
    const output = lintOutput(report, entries, {color: this.color, cwd, document: this.toSuccessJson(report)})
    const text = LINT_FORMATS[flags.format as LintFormat](output, {root: repositoryRoot(cwd, process.env), version: this.config.version})
    if (text !== '') this.print(text)
    return report
  }

  private async labelledQueries(file: string, ids: string[]) {
    const coverage = restrictToCatalog(await readLabelledQueries(file), new Set(ids))
    if (coverage.unknownIds.length > 0) this.note(`Warning: ${coverage.unknownIds.length} relevant ids in ${file} name no tool in the catalog; ignored.`)
    return coverage.queries
  }
}
