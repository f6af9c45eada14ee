import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {catalogedEntries} from '../src/catalog/index.js'
import {CatalogCommand} from '../src/cli/catalog-command.js'
import {runningBuild} from '../src/cli/build.js'
import {cacheFlags, controlCommandFlags, resultWindowFlag} from '../src/cli/flags.js'
import {readStdin} from '../src/cli/stdin.js'
import {answerSearchRequest} from '../src/controls/answer.js'
import {guardToolResultText} from '../src/controls/context-guard.js'
import {indexCacheFor} from '../src/search/index-cache.js'
import {DEFAULT_RANKER, loadRanker, rankerNames} from '../src/search/rankers.js'
import {resolveLimit, SEARCH_MODES, searchMode} from '../src/search/run.js'

export default class Search extends CatalogCommand<typeof Search> {
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
    ...controlCommandFlags,
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
    return SEARCH_MODES[mode]({words, flags, ranker, limits: context.settings, limit}, {
      json: this.jsonEnabled(),
      table: () => ({color: this.color, width: process.stdout.isTTY ? process.stdout.columns : undefined}),
      print: (text) => this.print(text),
      printModelText: (text) => this.printModelText(text, contextWindow),
      modelText: (text) => guardToolResultText(text, contextWindow),
      refuse: (text, error) => this.refuseModelRequest(text, error, contextWindow),
      answerRequest: (request) => answerSearchRequest(request, ranker, context.settings),
      readStdin,
      logSearches: (groups) => this.logSession((log) => log.searchEvent(groups)),
    })
  }
}
