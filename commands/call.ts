import {Args, Flags} from '@oclif/core'

import {type ApprovalMode} from '../src/call/approval.js'
import {type CallInput, INTERRUPTED_EXIT_CODE, type ResolvedCall, resolveCall, runCall} from '../src/call/call.js'
import {assertSessionWritable, callSessionEvent, failedCallSessionEvent, logSessionEvent} from '../src/call/session-log.js'
import {BaseCommand} from '../src/cli/base-command.js'
import {loadCatalogContext, unavailableMcpServersField} from '../src/cli/context.js'
import {McpSessionPool} from '../src/catalog/mcp/pool.js'
import {namedServers, namesMcpServer, serversForTool, toolOnServer} from '../src/catalog/mcp/select.js'
import {catalogFlags, configFlags, serverFlag, sessionFlags} from '../src/cli/flags.js'
import {readStdin} from '../src/cli/stdin.js'
import {ExitCode} from '../src/errors.js'
import {safeBlock, safeInline} from '../src/output/terminal.js'

export default class Call extends BaseCommand<typeof Call> {
  static summary = 'Call a tool the way tool_call does: validated, approved, executed, checked.'

  static description = `Arguments come from --args (JSON), --args-file (a JSON file, - for stdin) and key=value pairs typed by the tool's schema (numbers, booleans, JSON for objects and arrays, text otherwise; --raw parses every value as JSON). --request replays a raw model tool_call request with the model-side repairs. Trusted tools are validated before anything runs; tools marked requiresApproval ask on a terminal and are blocked without one.

Exit codes: 0 success, 1 tool or validation error (and unknown, ambiguous or direct-only tools), 3 blocked by policy (a denied tool) or approval, 4 executor unavailable (no executor, server down, timeout), 130 interrupted.`

  static examples = [
    '<%= config.bin %> call --catalog examples/catalog.json5 schedule_task --args \'{"name":"water plants","cron":"0 7 * * *","prompt":"Water the plants"}\'',
    '<%= config.bin %> call --catalog examples/catalog.json5 openclaw:core:read path=README.md --json',
    `<%= config.bin %> call --catalog examples/catalog.json5 --request '{"id":"schedule_task","args.name":"call mum","args.cron":"0 18 * * 0","args.prompt":"Remind me to call mum"}'`,
  ]

  static strict = false

  static args = {
    tool: Args.string({description: 'Tool id (openclaw:core:read) or name (read), followed by key=value arguments.'}),
  }

  static flags = {
    ...catalogFlags,
    ...configFlags,
    ...sessionFlags,
    server: serverFlag,
    args: Flags.string({description: 'Tool arguments as one JSON object.', helpValue: '<json>', exclusive: ['args-file', 'request']}),
    'args-file': Flags.string({description: 'Read the tool arguments (one JSON object) from a file; - reads stdin.', helpValue: '<file>', exclusive: ['request']}),
    raw: Flags.boolean({description: 'Parse every key=value value as JSON instead of typing it by the schema.'}),
    request: Flags.string({description: 'A raw model tool_call request {id|toolId|name, args|input, ...}; applies the model-side repairs.', helpValue: '<json>'}),
    approve: Flags.boolean({allowNo: true, description: 'Pre-approve a tool that requires approval (--no-approve blocks it without asking).'}),
    timeout: Flags.integer({min: 1, description: 'Time limit for the call in milliseconds (default: the tool\'s timeoutMs, else 10 s; MCP 30 s).', helpValue: '<ms>'}),
  }

  async run(): Promise<unknown> {
    const {flags} = this
    await assertSessionWritable(flags.session)
    const target = this.args.tool === undefined ? undefined : toolOnServer(this.args.tool, flags.server)
    // Only the called tool's server starts, once: the call reuses the session it was listed over.
    const mcpSessions = new McpSessionPool()
    try {
      return await this.callTool(target, mcpSessions)
    } finally {
      await mcpSessions.closeAll()
    }
  }

  private async callTool(target: string | undefined, mcpSessions: McpSessionPool): Promise<unknown> {
    const {flags} = this
    const selectMcpServers = (declared: readonly string[]) => (flags.server === undefined ? serversForTool(target, declared) : namedServers([flags.server], declared))
    const context = await loadCatalogContext(flags, {note: (line) => this.note(line), progress: Boolean(process.stderr.isTTY), selectMcpServers, mcpSessions, mcpOnly: namesMcpServer(target, flags.server)})
    const entries = context.catalog.entries
    this.jsonExtras = unavailableMcpServersField(context.catalog)
    const input: CallInput = {target, request: flags.request, argsJson: flags.args, argsFile: flags['args-file'], pairs: this.argvRest.slice(this.args.tool === undefined ? 0 : 1), raw: flags.raw}

    const interrupt = new AbortController()
    const onSignal = () => (interrupt.signal.aborted ? process.exit(INTERRUPTED_EXIT_CODE) : interrupt.abort())
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
    let resolved: ResolvedCall | undefined
    try {
      resolved = await resolveCall(input, context.catalog, readStdin)
      for (const key of resolved.ignoredKeys) this.note(`Note: ignored top-level key "${safeInline(key)}": a nested args object wins.`)
      const outcome = await runCall(resolved.entry, resolved.args, {catalog: context.catalog, approval: approvalMode(flags.approve), terminal: {input: process.stdin, output: process.stderr}, timeoutMs: flags.timeout, signal: interrupt.signal})
      const exitCode = outcome.status === 'blocked' ? ExitCode.blocked : ExitCode.ok
      await logSessionEvent(flags.session, entries, callSessionEvent(resolved.entry, resolved.args, outcome.status, exitCode))
      if (outcome.status === 'blocked') process.exitCode = ExitCode.blocked
      this.print(safeBlock(JSON.stringify(outcome.envelope.result, null, 2) ?? 'null'))
      return outcome.envelope
    } catch (error) {
      await logSessionEvent(flags.session, entries, failedCallSessionEvent(resolved?.entry ?? input.target ?? '', resolved?.args, error))
      throw error
    } finally {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
    }
  }
}

function approvalMode(flag: boolean | undefined): ApprovalMode {
  if (flag === true) return 'approve'
  if (flag === false) return 'refuse'
  return 'ask'
}
