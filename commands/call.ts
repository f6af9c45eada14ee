import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {type CallInput, readRequestFile} from '../src/call/call.js'
import {approvalMode, callAndLog, type CallIo, replayRequestFile, withInterrupt} from '../src/call/run.js'
import {assertSessionWritable, callEvent} from '../src/session/log.js'
import {CatalogCommand} from '../src/cli/catalog-command.js'
import {unavailableMcpServersField} from '../src/cli/context.js'
import {McpSessionPool} from '../src/mcp/pool.js'
import {namedServers, serversForTool, toolOnServer} from '../src/mcp/select.js'
import {resultWindowFlag, toolCommandFlags} from '../src/cli/flags.js'
import {readStdin} from '../src/cli/stdin.js'
import {usageError} from '../src/shared/errors.js'
import {safeBlock} from '../src/output/terminal.js'
import {answerToolCallRequest} from '../src/controls/tool-call.js'

export default class Call extends CatalogCommand<typeof Call> {
  static summary = 'Call a tool the way tool_call does: validated, approved, executed, checked.'

  static description = `Arguments come from --args (JSON), --args-file (a JSON file, - for stdin) and key=value pairs typed by the tool's schema (numbers, booleans, JSON for objects and arrays, text otherwise; --raw parses every value as JSON). --request replays a raw model tool_call request with the model-side repairs and prints only what the model would receive: the { tool, result } text, or the error message (on stdout, exit code as below), cut as OpenClaw cuts a result too long for the model's context window when that is known; anything for you is a "Note:" on stderr. --request-file replays a file of such requests, one JSON value per line (- reads stdin), and prints one JSON line per request: { tool, result } or { error: { code, message } }. Trusted tools are validated before anything runs; tools marked requiresApproval ask on a terminal and are blocked without one.

Exit codes: 0 success, 1 tool or validation error (and unknown, ambiguous or direct-only tools), 3 blocked by policy (a denied tool) or approval, 4 executor unavailable (no executor, server down, timeout), 130 interrupted.`

  static examples = [
    '<%= config.bin %> call --catalog examples/catalog.json5 schedule_task --args \'{"name":"water plants","cron":"0 7 * * *","prompt":"Water the plants"}\'',
    '<%= config.bin %> call --catalog examples/catalog.json5 openclaw:core:read path=README.md --json',
    `<%= config.bin %> call --catalog examples/catalog.json5 --request '{"id":"schedule_task","args.name":"call mum","args.cron":"0 18 * * 0","args.prompt":"Remind me to call mum"}'`,
  ]

  static strict = false

  static args = {
    // ignoreStdin: oclif would otherwise read piped stdin into a missing id (stdin is --args-file - or --request-file -).
    tool: Args.string({description: 'Tool id (openclaw:core:read) or name (read), followed by key=value arguments.', ignoreStdin: true}),
  }

  static flags = {
    ...toolCommandFlags,
    // oclif draws the usage line from the first flag of each exclusive set: --args names every
    // flag it excludes, so the line reads [--args | --args-file | --request | --request-file] [--raw]
    // (an overlapping set drawn from a later flag left empty alternatives, `|  |`).
    args: Flags.string({description: 'Tool arguments as one JSON object.', helpValue: '<json>', exclusive: ['args-file', 'request', 'request-file']}),
    'args-file': Flags.string({description: 'Read the tool arguments (one JSON object) from a file; - reads stdin.', helpValue: '<file>', exclusive: ['request', 'request-file']}),
    raw: Flags.boolean({description: 'Parse every key=value value as JSON instead of typing it by the schema.'}),
    request: Flags.string({description: 'A raw model tool_call request {id|toolId|name, args|input, ...}; applies the model-side repairs and prints what the model receives.', helpValue: '<json>'}),
    'request-file': Flags.string({
      description: 'A file of raw tool_call requests, one JSON value per line (- reads stdin); prints one JSON result per line.',
      helpValue: '<jsonl>',
      exclusive: ['request', 'args', 'args-file', 'raw'],
    }),
    'context-window': resultWindowFlag(['request']),
    approve: Flags.boolean({allowNo: true, description: 'Pre-approve a tool that requires approval (--no-approve blocks it without asking).'}),
    timeout: Flags.integer({min: 1, description: 'Time limit for the call in milliseconds (default: the tool\'s timeoutMs, else 10 s; MCP: the server\'s requestTimeoutMs, else 30 s); it also bounds each MCP server\'s start-up.', helpValue: '<ms>'}),
  }

  async run(): Promise<unknown> {
    const {flags} = this
    await assertSessionWritable(flags.session)
    const target = this.args.tool === undefined ? undefined : toolOnServer(this.args.tool, flags.server)
    // Only the called tool's server starts, once: the call reuses the session it was listed over.
    const mcpSessions = new McpSessionPool()
    let result: unknown
    try {
      result = await this.callTool(target, mcpSessions)
    } catch (error) {
      await mcpSessions.closeAll()
      throw error
    }
    // Print first, then stop: the result (printed already, or as --json once run() returns) does
    // not wait for the servers to exit. They are stopping meanwhile, and toolsearch exits only
    // once they are gone (their processes keep it running; process-group.ts kills what is left
    // should it exit first).
    void mcpSessions.closeAll()
    return result
  }

  private async callTool(target: string | undefined, mcpSessions: McpSessionPool): Promise<unknown> {
    const {flags} = this
    const selectMcpServers = (declared: readonly string[]) => (flags.server === undefined ? serversForTool(target, declared) : namedServers([flags.server], declared))
    const context = await this.loadCatalog(flags, {modeMembership: true, selectMcpServers, mcpSessions})
    this.jsonExtras = unavailableMcpServersField(context.catalog)
    const pairs = this.argvRest.slice(this.args.tool === undefined ? 0 : 1)
    const io: CallIo = {note: (text) => this.note(text), endWith: (verdict) => this.endWith(verdict), logCall: (report) => this.logSession(callEvent(report))}
    return withInterrupt(async (signal) => {
      const lookupNotes = flags.server === undefined || this.args.tool?.startsWith('mcp:') === true
      const setup = {catalog: context.catalog, approval: approvalMode(flags.approve), timeoutMs: flags.timeout, signal, readStdin, lookupNotes}
      const call = (input: CallInput, notePrefix?: string) => callAndLog(input, setup, io, notePrefix)
      if (flags['request-file'] !== undefined) {
        if (this.args.tool !== undefined || pairs.length > 0) throw usageError('--request-file carries the tools and their arguments: do not combine it with an id or key=value pairs.')
        const requests = await readRequestFile(flags['request-file'], readStdin)
        return replayRequestFile(requests, (request, index) => call({request, requestSource: `request ${index + 1}`, pairs: []}, `request ${index + 1}: `), {...io, print: (text) => this.print(text)})
      }
      const input: CallInput = {target, request: flags.request, argsJson: flags.args, argsFile: flags['args-file'], pairs, raw: flags.raw}
      if (flags.request === undefined) {
        const outcome = await call(input)
        this.print(safeBlock(JSON.stringify(outcome.envelope.result, null, 2) ?? 'null'))
        return outcome.envelope
      }
      // --request: stdout is exactly what tool_call returns to the model, and the exit code says which.
      const contextWindow = this.modelContextWindow(context)
      const answer = await answerToolCallRequest(flags.request, (request) => call({...input, request}), context.settings.searchDefaultLimit)
      if (answer.ok) {
        this.printModelText(answer.text, contextWindow)
        return answer.envelope
      }
      this.refuseModelRequest(answer.text, answer.error, contextWindow)
      if (answer.hint !== undefined) this.note(`Note: ${safeBlock(answer.hint)}`)
      return undefined
    })
  }
}
