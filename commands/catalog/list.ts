import * as Flags from '@oclif/core/flags'

import {CatalogCommand} from '../../src/cli/catalog-command.js'
import {catalogFlags, configFlags, modelFlags, serversFlag} from '../../src/cli/flags.js'
import {listTools, summarizeCatalog} from '../../src/inspect/catalog-list.js'
import {namedServers} from '../../src/mcp/select.js'

export default class CatalogList extends CatalogCommand<typeof CatalogList> {
  static summary = 'List the tools catalogs hold: per source and MCP server, then every tool with its input signature.'

  static description = `Loads the catalogs the way every other command does (live MCP servers are started in parallel and listed, the tool policy applies), counts the tools per source and owner, then lists every tool: its id, the first line of its description and its input signature rendered from the real schema. That signature is for you: the model is shown "input: unknown" for MCP and client tools (see "describe" for both views). Names two or more tools share are listed: looking them up by name is ambiguous. MCP servers that could not be started, reached or listed are named with the reason; if every server of an MCP-only catalog failed, the command exits 4.`

  static examples = [
    '<%= config.bin %> catalog list --catalog examples/mcp-servers.json',
    '<%= config.bin %> catalog list --catalog examples/mcp-servers.json --server demo --name "f*"',
    '<%= config.bin %> catalog list --catalog tools.json --catalog ~/.cursor/mcp.json --json',
  ]

  static flags = {
    ...catalogFlags,
    ...configFlags,
    ...modelFlags,
    server: serversFlag,
    name: Flags.string({description: 'Only list tools whose name or id matches this glob (* and ?). Repeatable.', helpValue: '<glob>', multiple: true, multipleNonGreedy: true}),
  }

  async run(): Promise<unknown> {
    const {flags} = this
    const selectMcpServers = (declared: readonly string[]) => namedServers(flags.server, declared)
    const context = await this.loadCatalog(flags, {selectMcpServers, mcpOnly: flags.server !== undefined})
    const summary = summarizeCatalog(context.catalog, context.sources, {denied: context.denied})
    const tools = listTools(context.catalog, {name: flags.name})
    if (!this.jsonEnabled()) {
      const {renderCatalogSummary, renderToolList} = await import('../../src/inspect/catalog-list-render.js')
      const counts = renderCatalogSummary(summary, {color: this.color})
      this.print(context.catalog.entries.length === 0 ? counts : `${counts}\n${renderToolList(tools, {color: this.color, total: context.catalog.entries.length})}`)
    }
    return {...summary, tools}
  }
}
