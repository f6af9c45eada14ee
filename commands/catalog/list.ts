import {BaseCommand} from '../../src/cli/base-command.js'
import {loadCatalogContext} from '../../src/cli/context.js'
import {catalogFlags, configFlags} from '../../src/cli/flags.js'
import {renderCatalogSummary, summarizeCatalog} from '../../src/catalog/mcp/catalog-list.js'

export default class CatalogList extends BaseCommand<typeof CatalogList> {
  static summary = 'Show what catalogs hold: tools per source and MCP server, shared names, unavailable servers.'

  static description = `Loads the catalogs the way every other command does (live MCP servers are started and listed, the tool policy applies) and counts the tools per source and owner. Names two or more tools share are listed: looking them up by name is ambiguous. MCP servers that could not be started, reached or listed are named with the reason.`

  static examples = ['<%= config.bin %> catalog list --catalog examples/mcp-servers.json', '<%= config.bin %> catalog list --catalog tools.json --catalog ~/.cursor/mcp.json --json']

  static flags = {...catalogFlags, ...configFlags}

  async run(): Promise<unknown> {
    const context = await loadCatalogContext(this.flags, {note: (line) => this.note(line), progress: Boolean(process.stderr.isTTY)})
    const summary = summarizeCatalog(context.catalog, this.flags.catalog, {denied: context.denied})
    this.print(renderCatalogSummary(summary, {color: this.color}))
    return summary
  }
}
