import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {type ApprovalMode} from '../src/call/approval.js'
import {type CallInput, type CallOutcome, isModelFacingError, modelToolCallResult, type ResolvedCall, readRequestFile, resolveCall, runCall} from '../src/call/call.js'
import {assertSessionWritable, callSessionEvent, failedCallSessionEvent, logSessionEvent} from '../src/session/log.js'
import {BaseCommand} from '../src/cli/base-command.js'
import {lookupErrorForPerson} from '../src/cli/lookup-advice.js'
import {unavailableMcpServersField} from '../src/cli/context.js'
import {McpSessionPool} from '../src/mcp/pool.js'
import {namedServers, serversForTool, toolOnServer} from '../src/mcp/select.js'
import {catalogFlags, configFlags, modelFlags, resultWindowFlag, serverFlag, sessionFlags} from '../src/cli/flags.js'
import {readStdin} from '../src/cli/stdin.js'
import type {Catalog} from '../src/catalog/types.js'
import {ExitCode, exitCodeFor, isToolsearchError, type ToolsearchError, usageError} from '../src/shared/errors.js'
import {toToolsearchError} from '../src/cli/base-command.js'
import {safeBlock, safeInline} from '../src/output/terminal.js'
import {controlErrorText, preparedControlArguments, toolCallErrorMessage, toolCallResultText} from '../src/controls/answer.js'

export default class Call extends BaseCommand<typeof Call> {
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
    ...catalogFlags,
    ...configFlags,
    ...modelFlags,
    ...sessionFlags,
    server: serverFlag,
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
    const interrupt = new AbortController()
    const onSignal = () => (interrupt.signal.aborted ? process.exit(exitCodeFor('interrupted')) : interrupt.abort())
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
    try {
      const callOnce = (input: CallInput, notePrefix = '') => this.callOnce(input, context.catalog, interrupt.signal, notePrefix)
      if (flags['request-file'] !== undefined) {
        if (this.args.tool !== undefined || pairs.length > 0) throw usageError('--request-file carries the tools and their arguments: do not combine it with an id or key=value pairs.')
        return await this.replayRequests(await readRequestFile(flags['request-file'], readStdin), callOnce)
      }
      const input: CallInput = {target, request: flags.request, argsJson: flags.args, argsFile: flags['args-file'], pairs, raw: flags.raw}
      if (flags.request === undefined) {
        const outcome = await callOnce(input)
        this.print(safeBlock(JSON.stringify(outcome.envelope.result, null, 2) ?? 'null'))
        return outcome.envelope
      }
      return await this.replayOneRequest(input, callOnce, context.settings.searchDefaultLimit, this.modelContextWindow(context))
    } finally {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
    }
  }

  /**
   * `--request`: stdout is exactly the text OpenClaw's tool_call returns to the model — the
   * pretty-printed `{ tool, result }`, or the model-facing error message — and the exit code says
   * which. Errors the model would not see (usage, an unavailable server) stay ordinary errors.
   */
  private async replayOneRequest(input: CallInput, callOnce: (input: CallInput) => Promise<CallOutcome>, searchDefaultLimit: number, contextWindow: number | undefined): Promise<unknown> {
    let request: unknown
    try {
      request = JSON.parse(input.request!)
    } catch {
      // Not JSON at all: resolveCall says so as it always has.
      request = undefined
    }
    if (request !== undefined) {
      // The provider-side check of tool_call's own arguments comes before the call (controls/arguments.ts).
      const prepared = await preparedControlArguments('tool_call', request, searchDefaultLimit)
      if (!prepared.ok) {
        if (this.jsonEnabled()) throw prepared.error
        this.endWith(prepared.error.code)
        this.printModelText(prepared.text, contextWindow)
        return undefined
      }
      input = {...input, request: JSON.stringify(prepared.args)}
    }
    try {
      const outcome = await callOnce(input)
      const envelope = modelToolCallResult(outcome) ?? outcome.envelope
      this.printModelText(toolCallResultText(envelope), contextWindow)
      return outcome.envelope
    } catch (error) {
      const modelResult = isToolsearchError(error) ? modelToolCallResult({error}) : undefined
      if (modelResult !== undefined && !this.jsonEnabled()) {
        // An MCP tool that answered isError: OpenClaw hands the model its result.
        this.endWith((error as ToolsearchError).code)
        this.printModelText(toolCallResultText(modelResult), contextWindow)
        return undefined
      }
      if (this.jsonEnabled() || !isModelFacingError(error)) throw error
      this.endWith(error.code)
      this.printModelText(controlErrorText('tool_call', toolCallErrorMessage(error)), contextWindow)
      if (error.hint !== undefined) this.note(`Note: ${safeBlock(error.hint)}`)
      return undefined
    }
  }

  /** `--request-file`: one JSON line per request (`--json`: one `{ results: [...] }` document). */
  private async replayRequests(lines: string[], callOnce: (input: CallInput, notePrefix: string) => Promise<CallOutcome>): Promise<unknown> {
    const results: unknown[] = []
    for (const [index, line] of lines.entries()) {
      let result: unknown
      try {
        result = (await callOnce({request: line, requestSource: `request ${index + 1}`, pairs: []}, `request ${index + 1}: `)).envelope
      } catch (error) {
        const failure = toToolsearchError(error)
        if (failure.code === 'interrupted') throw failure
        this.endWith(failure.code)
        result = {error: {code: failure.code, message: failure.message, ...(failure.hint === undefined ? {} : {hint: failure.hint})}}
      }
      results.push(result)
      this.print(JSON.stringify(result))
    }
    return {results}
  }

  /** Resolve, run and log one call; notes go to stderr, failures are thrown after logging. */
  private async callOnce(input: CallInput, catalog: Catalog, signal: AbortSignal, notePrefix: string): Promise<CallOutcome> {
    const {flags} = this
    let resolved: ResolvedCall | undefined
    try {
      resolved = await resolveCall(input, catalog, readStdin).catch((error: unknown) => {
        // A replayed request keeps the model's wording; a person typing a name gets shell advice, in text and --json alike.
        throw input.request !== undefined || input.target === undefined ? error : lookupErrorForPerson(error, input.target, 'call')
      })
      for (const key of resolved.ignoredKeys) this.note(`Note: ${notePrefix}ignored top-level key "${safeInline(key)}": a nested args object wins.`)
      // A bare name with --server is the tool's own name on that server, not an old id: no note.
      if (resolved.note !== undefined && (flags.server === undefined || this.args.tool?.startsWith('mcp:'))) this.note(safeInline(resolved.note))
      const outcome = await runCall(resolved.entry, resolved.args, {catalog, approval: approvalMode(flags.approve), terminal: {input: process.stdin, output: process.stderr}, timeoutMs: flags.timeout, signal})
      const exitCode = outcome.status === 'blocked' ? exitCodeFor('blocked') : ExitCode.ok
      await logSessionEvent(flags.session, catalog.entries, callSessionEvent(resolved.entry, resolved.args, outcome.status, exitCode))
      if (outcome.status === 'blocked') this.endWith('blocked')
      return outcome
    } catch (error) {
      await logSessionEvent(flags.session, catalog.entries, failedCallSessionEvent(resolved?.entry ?? input.target ?? '', resolved?.args, error))
      throw isToolsearchError(error) ? error : toToolsearchError(error)
    }
  }
}

function approvalMode(flag: boolean | undefined): ApprovalMode {
  if (flag === true) return 'approve'
  if (flag === false) return 'refuse'
  return 'ask'
}
