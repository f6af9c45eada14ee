import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {lookupToolForPerson} from '../src/call/lookup.js'
import {safeBlock, safeInline} from '../src/output/terminal.js'
import {usageError} from '../src/shared/errors.js'
import {answerDescribeRequest} from '../src/controls/answer.js'
import {parseRequestJson} from '../src/search/run.js'
import {toolRef} from '../src/session/log.js'
import {CatalogCommand} from '../src/cli/catalog-command.js'
import {unavailableMcpServersField} from '../src/cli/context.js'
import {namedServers, namesMcpServer, serversForTool, toolOnServer} from '../src/mcp/select.js'
import {resultWindowFlag, toolCommandFlags} from '../src/cli/flags.js'
import {humanSignature} from '../src/inspect/human-signature.js'
import {lookupErrorForPerson} from '../src/call/lookup-advice.js'
import {describeEntry, renderToolDescription} from '../src/describe/describe.js'

export default class Describe extends CatalogCommand<typeof Describe> {
  static summary = 'Show what tool_describe returns for a tool: its hit, full input schema and output schema.'

  static description = `Looks the tool up the way tool_describe and tool_call do: an exact id first, else an exact (case-sensitive) name. A name two tools share is ambiguous (use the id); a direct-only tool is not in the catalog; a denied tool is unknown. Each of these exits 1 with what to do from a shell, the same words in text and --json (a denied tool gets the unknown-tool message the model would get and exits 3, blocked by policy, with a note saying so).`

  static examples = [
    '<%= config.bin %> describe --catalog examples/catalog.json5 schedule_task',
    '<%= config.bin %> describe --catalog examples/catalog.json5 openclaw:core:read --json',
  ]

  static args = {
    tool: Args.string({description: 'Tool id (openclaw:core:read) or name (read).', ignoreStdin: true}),
  }

  static flags = {
    ...toolCommandFlags,
    request: Flags.string({
      description: 'Run a raw tool_describe request (JSON, e.g. {"id":"…"}) and print exactly what the model receives: the entry, or the error OpenClaw returns (cut to the model\'s context window, as OpenClaw cuts it).',
      helpValue: '<json>',
      exclusive: ['server'],
    }),
    'context-window': resultWindowFlag(['request']),
  }

  async run(): Promise<unknown> {
    const {flags} = this
    if (flags.request !== undefined) {
      if (this.args.tool !== undefined) throw usageError('--request carries the tool: do not name one too.')
      return this.answerRequest(flags.request)
    }
    if (this.args.tool === undefined) throw usageError('Missing the tool to describe: an id (openclaw:core:read) or a name (read), or --request.')
    const target = toolOnServer(this.args.tool, flags.server)
    // Only the server the tool lives on starts (all of them for a bare name without --server).
    const selectMcpServers = (declared: readonly string[]) => (flags.server === undefined ? serversForTool(target, declared) : namedServers([flags.server], declared))
    const context = await this.loadCatalog(flags, {modeMembership: true, selectMcpServers, mcpOnly: namesMcpServer(target, flags.server)})
    this.jsonExtras = unavailableMcpServersField(context.catalog)
    let entry
    try {
      const found = lookupToolForPerson(context.catalog, target)
      entry = found.entry
      // A bare name with --server is the tool's own name on that server, not an old id: no note.
      if (found.note !== undefined && (flags.server === undefined || this.args.tool.startsWith('mcp:'))) this.note(safeInline(found.note))
    } catch (error) {
      // A person who typed a tool name gets shell advice, in text and --json alike (the model's words are tool_describe's).
      throw lookupErrorForPerson(error, target, 'describe')
    }
    const described = describeEntry(entry)
    this.print(renderToolDescription(described, entry, {color: this.color, humanSignature: humanSignature(entry).text}))
    await this.logSession({op: 'describe', ...toolRef(entry)})
    return described
  }

  /** `--request`: stdout is exactly the text tool_describe returns to the model; the exit code says whether it was a description. */
  private async answerRequest(json: string): Promise<unknown> {
    const request = parseRequestJson(json, 'invalid-request')
    const context = await this.loadCatalog(this.flags, {modeMembership: true})
    this.jsonExtras = unavailableMcpServersField(context.catalog)
    const answer = await answerDescribeRequest(request, context.catalog, context.settings.searchDefaultLimit)
    const text = this.printModelText(answer.text, this.modelContextWindow(context))
    if (!answer.ok) {
      this.endWith(answer.error.code)
      if (answer.error.hint !== undefined) this.note(`Note: ${safeBlock(answer.error.hint)}`)
      return {text, error: {code: answer.error.code, message: answer.error.message}}
    }
    if (answer.entry !== undefined) await this.logSession({op: 'describe', ...toolRef(answer.entry)})
    return {text}
  }
}
