import * as Flags from '@oclif/core/flags'

import {CatalogCommand} from '../src/cli/catalog-command.js'
import {catalogFlags, configFlags} from '../src/cli/flags.js'
import {showArgsFlag} from '../src/cli/session-flags.js'
import {LANES} from '../src/probe/lanes.js'
import {DEFAULT_MAX_ROUNDS, DEFAULT_TASK_TIMEOUT_MS} from '../src/probe/run.js'

// The probe's --timeout bounds a task; MCP servers start within their own limits.
const {timeout: _serverTimeout, ...probeCatalogFlags} = catalogFlags

export default class Probe extends CatalogCommand<typeof Probe> {
  static summary = 'Run tasks through a model in each lane (direct, tools, directory) and measure whether Tool Search pays off.'

  static description = `Each task (a prompt and the tool id or ids that answer it, optionally arguments the call must carry; a labelled eval query file works too) runs as a bounded agent loop against an OpenAI-compatible Chat Completions endpoint, once per lane: direct (every tool's schema sent), tools and directory (the three controls, the visible tools and the capability directory, exactly as OpenClaw builds them). The controls run locally through the same code as search, describe and call; the tools through the catalog's executors. The report puts the lanes side by side (success, wrong-tool calls, rounds, schema recoveries, request bytes, tokens, wall time) and ends with a one-line verdict. The rest of OpenClaw's system prompt (about 40 kB) is not reproduced; --system-prompt-file adds your own. --model mock runs the built-in scripted model over HTTP on 127.0.0.1, offline. The model calls real tools: commands and MCP servers of the catalog run; tools that require approval are blocked unless --approve.

Exit codes: 0 every run ended (whatever the success rate), 1 the --max-tokens budget ran out, 2 bad input or the endpoint refused the key (401, 403), the model (404) or the request, 4 the endpoint failed (unreachable, 5xx, rate limited past the retries, a stream cut or malformed, no answer within --timeout), 130 interrupted. The results so far are reported in every case.`

  static examples = [
    '<%= config.bin %> probe --tasks examples/probe-tasks.jsonl --catalog examples/catalog.json5 --model mock',
    '<%= config.bin %> probe --tasks tasks.jsonl --model openai/gpt-4.1-mini --lanes direct,directory --repeat 3 --out runs/',
    '<%= config.bin %> probe --tasks queries.jsonl --catalog tools.json --model ollama/qwen3:8b --max-tokens 200000 --html report.html',
  ]

  static flags = {
    ...probeCatalogFlags,
    ...configFlags,
    tasks: Flags.string({required: true, description: 'Tasks, one JSON object a line: {"prompt": "...", "expect": "<tool id>" | ["<tool id>", ...], "args"?: {...}, "name"?: "..."}; or a labelled eval query file ({"query", "relevant"}).', helpValue: '<file.jsonl>'}),
    lanes: Flags.string({description: `Lanes to run, comma-separated (${LANES.join(', ')}).`, default: LANES.join(','), helpValue: '<lanes>'}),
    model: Flags.string({description: '<provider>/<model> from the config\'s models.providers (default: the default agent\'s model), or "mock" for the built-in scripted model.', helpValue: '<provider/model|mock>'}),
    'base-url': Flags.string({description: "The endpoint's base URL (default: the provider's baseUrl); requests go to <url>/chat/completions.", helpValue: '<url>'}),
    'api-key-env': Flags.string({description: "The environment variable holding the key (default: the one the provider's apiKey names).", helpValue: '<VARIABLE>'}),
    'context-window': Flags.integer({min: 1, description: "The model's context window in tokens, which sizes the directory (default: the config's row for the model; for the mock, the agent's model's, else 128000).", helpValue: '<tokens>'}),
    agent: Flags.string({description: 'Agent whose model and Tool Search settings apply (default: the default agent).', helpValue: '<id>'}),
    'system-prompt-file': Flags.string({description: 'Text to send as the system prompt, before the directory section.', helpValue: '<file>'}),
    repeat: Flags.integer({min: 1, default: 1, description: 'Run each task this many times in each lane.', helpValue: '<n>'}),
    'max-rounds': Flags.integer({min: 1, default: DEFAULT_MAX_ROUNDS, description: 'Requests per task at most; a model still calling tools then has not answered.', helpValue: '<n>'}),
    timeout: Flags.integer({min: 1, default: DEFAULT_TASK_TIMEOUT_MS, description: 'Time limit for each task, in milliseconds (the model and its tools); past it the probe stops (exit 4).', helpValue: '<ms>'}),
    'max-tokens': Flags.integer({min: 1, description: 'Token budget for the whole probe (input and output); when it runs out the probe stops (exit 1).', helpValue: '<tokens>'}),
    out: Flags.string({description: 'Write each run\'s transcript here as OpenClaw records sessions (session show/stats read them), and probe.json; a new or empty directory.', helpValue: '<dir>'}),
    html: Flags.string({description: 'Write the report as one self-contained HTML page.', helpValue: '<file>'}),
    approve: Flags.boolean({description: 'Let the model run tools that require approval (they are blocked otherwise).'}),
    'show-args': showArgsFlag,
  }

  async run(): Promise<unknown> {
    const {runProbeCommand} = await import('../src/probe/command.js')
    return runProbeCommand(this.flags, {
      color: this.color,
      json: this.jsonEnabled(),
      print: (text) => this.print(text),
      note: (text) => this.note(text),
      endWith: (code) => this.endWith(code),
      loadCatalog: (flags, options) => this.loadCatalog(flags, options),
    })
  }
}
