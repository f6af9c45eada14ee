import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {logSessionEvent, searchEvent} from '../src/session/log.js'
import {catalogedEntries} from '../src/catalog/index.js'
import {BaseCommand} from '../src/cli/base-command.js'
import {runningBuild} from '../src/cli/build.js'
import {cacheFlags, catalogFlags, configFlags, modelFlags, resultWindowFlag, sessionFlags} from '../src/cli/flags.js'
import {readStdin} from '../src/cli/stdin.js'
import {safeInline, terminalJson} from '../src/output/terminal.js'
import {runSearchRequest} from '../src/search/request.js'
import {controlErrorText, preparedControlArguments} from '../src/controls/answer.js'
import {guardToolResultText} from '../src/controls/context-guard.js'
import {isToolsearchError, type ToolsearchError} from '../src/shared/errors.js'
import {toSearchHit} from '../src/search/hits.js'
import {indexCacheFor} from '../src/search/index-cache.js'
import {DEFAULT_RANKER, loadRanker, rankerNames} from '../src/search/rankers.js'
import {explainHit, parseRequestJson, requestFromFlags, requestText, resolveLimit, runRequestFile, searchMode, stdinQueries, stdinResult} from '../src/search/run.js'

export default class Search extends BaseCommand<typeof Search> {
  static summary = 'Run the searches a model would run against a tool catalog.'

  static description = `The words form one query and give one ranked list (what tool_search returns for it). Repeat -q/--query for a batch of independent queries (the batch rules of tool_search apply), pipe one query per line with --stdin for offline evaluation, or replay a raw tool_search request with --request to see exactly what the model would receive (the text OpenClaw returns: a bare candidate array for one search, { "results": [...] } for a batch, wrapped as external content when an MCP or client tool is among the candidates, cut as OpenClaw cuts a result too long for the model's context window when that is known). --request-file replays many requests, one JSON request per line, printing one JSON line each: {"text": ...} or {"error": ...}.`

  static examples = [
    '<%= config.bin %> search --catalog examples/catalog.json5 schedule a daily reminder',
    '<%= config.bin %> search --catalog examples/catalog.json5 read a file --explain',
    '<%= config.bin %> search --catalog examples/catalog.json5 -q "send a message" -q "weather" --limit 3',
    `<%= config.bin %> search --catalog examples/catalog.json5 --request '{"queries":[{"query":"web search","limit":2}]}'`,
    'printf "open a pull request\\nlist files\\n" | <%= config.bin %> search --catalog tools.json --stdin',
    '<%= config.bin %> search --catalog tools.json --request-file requests.jsonl',
  ]

  static strict = false

  // The generated usage line cannot show the exclusive modes readably; one line per mode does.
  static usage = [
    'search [WORDS...] [-c <file|dir|client>...] [-l <n>] [--explain] [--ranker <name>] [--json]',
    'search -q <text> [-q <text>...] [-c <file|dir|client>...] [-l <n>] [--json]',
    'search --stdin [-c <file|dir|client>...] [-l <n>]',
    'search --request <json> [-c <file|dir|client>...] [--context-window <tokens>]',
    'search [-c <file|dir|client>...] -- <words that start with a dash...>',
  ]

  static args = {
    // ignoreStdin: --stdin reads the queries itself; oclif must not take piped input as the words.
    words: Args.string({description: 'Query words; all of them form one query.', ignoreStdin: true}),
  }

  static flags = {
    ...catalogFlags,
    ...configFlags,
    ...modelFlags,
    ...sessionFlags,
    limit: Flags.integer({char: 'l', min: 1, description: 'Results per query (default: searchDefaultLimit; clamped to maxSearchLimit).', helpValue: '<n>'}),
    query: Flags.string({char: 'q', multiple: true, multipleNonGreedy: true, description: 'One query of a batch; repeat for several (tool_search batch rules apply).', helpValue: '<text>'}),
    stdin: Flags.boolean({description: 'Read one query per line from stdin; print one JSON line {query, candidates} each.', exclusive: ['query', 'request', 'request-file']}),
    request: Flags.string({description: 'Run a raw tool_search request (JSON) and print exactly what the model receives.', helpValue: '<json>', exclusive: ['query', 'stdin', 'limit', 'request-file']}),
    'request-file': Flags.string({description: 'Run every raw tool_search request of a JSONL file; print one JSON line each: {"text": <what the model receives>} or {"error": <message>}.', helpValue: '<file>', exclusive: ['query', 'stdin', 'limit', 'request']}),
    explain: Flags.boolean({description: 'Show the matched terms of each hit and what each contributed.', exclusive: ['query', 'stdin', 'request', 'request-file']}),
    ranker: Flags.string({description: `Ranker to use (${rankerNames().join(', ')}).`, default: DEFAULT_RANKER, helpValue: '<name>'}),
    'context-window': resultWindowFlag(['request', 'request-file']),
    ...cacheFlags,
  }

  /** The table renderer and its options, loaded only for a person's output: `--json` never needs them. */
  /**
   * `--request` refused: stdout is exactly what the model reads instead of candidates, and the
   * exit code says it was refused (`--json`: the refusal as an error).
   */
  private refuseRequest(text: string, error: ToolsearchError, contextWindow: number | undefined): unknown {
    if (this.jsonEnabled()) throw error
    this.endWith(error.code)
    this.printModelText(text, contextWindow)
    return undefined
  }

  private async renderer() {
    const render = await import('../src/search/render.js')
    return {...render, table: {color: this.color, width: process.stdout.isTTY ? process.stdout.columns : render.DEFAULT_TABLE_WIDTH}}
  }

  async run(): Promise<unknown> {
    const words = this.argvRest
    const {flags} = this
    const mode = searchMode(words, flags)
    const factory = await loadRanker(flags.ranker)
    const cache = flags.cache ? indexCacheFor(runningBuild(), process.env) : undefined
    const context = await this.loadCatalog(flags, {modeMembership: true, entriesCache: cache})
    if (!context.settings.enabled) this.note('Note: Tool Search is disabled by this config; showing what it would return if enabled.')
    const ranker = factory(catalogedEntries(context.catalog.entries), {indexCache: cache})

    // The batch clamps each query's limit the same way (runSearchRequest); the note is the same.
    const {limit, clampedFrom} = resolveLimit(flags.limit, context.settings)
    if (clampedFrom !== undefined) this.note(`Note: --limit ${clampedFrom} is over maxSearchLimit; using ${limit}.`)

    const contextWindow = this.modelContextWindow(context)
    if (mode === 'request') {
      // The provider-side check of tool_search's arguments first, then the control; either may refuse (controls/answer.ts).
      const prepared = await preparedControlArguments('tool_search', parseRequestJson(flags.request!), context.settings.searchDefaultLimit)
      if (!prepared.ok) return this.refuseRequest(prepared.text, prepared.error, contextWindow)
      let answer
      try {
        answer = runSearchRequest(prepared.args, ranker, context.settings)
      } catch (error) {
        if (!isToolsearchError(error) || error.code !== 'invalid-search-request') throw error
        return this.refuseRequest(controlErrorText('tool_search', error.message), error, contextWindow)
      }
      // Only the model's text: control characters a terminal would act on are escaped (SPEC §9).
      const text = this.printModelText(answer.text, contextWindow)
      await logSessionEvent(flags.session, context.catalog.entries, searchEvent(answer.kind === 'single' ? [answer] : answer.response.results))
      // --json: the model's text as is, whether it was wrapped, and the value it serialises.
      return {text, external: answer.external, payload: answer.kind === 'single' ? answer.candidates : answer.response}
    }

    if (mode === 'request-file') {
      const lines = await runRequestFile(flags['request-file']!, (request) => guardToolResultText(requestText(request, ranker, context.settings), contextWindow))
      for (const line of lines) this.print(terminalJson(line))
      return lines
    }

    if (mode === 'batch') {
      const answer = runSearchRequest(requestFromFlags(words, flags.query ?? [], flags.limit), ranker, context.settings)
      const response = answer.kind === 'single' ? {results: [{query: answer.query, candidates: answer.candidates}]} : answer.response
      if (!this.jsonEnabled()) {
        const {renderBatchResponse, table} = await this.renderer()
        this.print(renderBatchResponse(response, table))
      }
      await logSessionEvent(flags.session, context.catalog.entries, searchEvent(response.results))
      return response
    }

    if (mode === 'stdin') {
      const lines = stdinQueries(await readStdin()).map((query) => stdinResult(ranker, query, limit))
      for (const line of lines) this.print(terminalJson(line))
      await logSessionEvent(flags.session, context.catalog.entries, searchEvent(lines))
      return lines
    }

    const query = words.join(' ')
    const ranked = ranker.search(query, limit)
    const hits = ranked.map((hit) => toSearchHit(hit.entry))
    await logSessionEvent(flags.session, context.catalog.entries, searchEvent([{query, candidates: hits}]))
    // Explanations are worked out only when asked for: they cost more than the ranking.
    const explained = flags.explain ? ranked.map((hit, index) => explainHit(hit, hits[index])) : undefined
    if (hits.length === 0) this.print(`No tools match "${safeInline(query)}".`)
    else if (!this.jsonEnabled()) {
      const {renderExplanations, renderHitTable, table} = await this.renderer()
      this.print(explained === undefined ? renderHitTable(hits, table) : `${renderHitTable(hits, table)}\n\n${renderExplanations(explained, table)}`)
    }
    return explained === undefined ? hits : explained.map(({hit, explain}) => ({...hit, explain}))
  }
}
