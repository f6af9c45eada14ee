import * as Flags from '@oclif/core/flags'

import {expandCatalogPaths} from '../../src/catalog/index.js'
import {CatalogCommand} from '../../src/cli/catalog-command.js'
import {catalogFlags, configFlags} from '../../src/cli/flags.js'
import {ToolsearchError} from '../../src/shared/errors.js'
import {assertImportComplete, assertOutputIsNotInput, assertWritableOut, fileExistsError, planImport, renderImportReport, serializeImport, type ImportReport} from '../../src/catalog/mcp/catalog-import.js'
import {updateFileAtomically} from '../../src/fs/atomic-write.js'

export default class CatalogImport extends CatalogCommand<typeof CatalogImport> {
  static summary = 'Write the tools of live MCP servers to a native catalog file for offline use.'

  static description = `Starts (or reaches) every server of the mcpServers files given with --catalog, lists their tools and writes them as a native catalog: source "mcp", sourceName = the server, parameters = its inputSchema, outputSchema when declared. Server configs (commands, env, headers) are never written. An existing --out is replaced only with --force (the old file is kept as <file>.bak). If a server is unavailable nothing is written (exit 4) unless --partial.`

  static examples = [
    '<%= config.bin %> catalog import --catalog examples/mcp-servers.json --out demo-tools.json',
    '<%= config.bin %> catalog import --catalog ~/.cursor/mcp.json --out tools.json --force --partial',
  ]

  static flags = {
    ...catalogFlags,
    ...configFlags,
    out: Flags.string({char: 'o', description: 'Native catalog file to write.', helpValue: '<file>', required: true}),
    force: Flags.boolean({description: 'Replace --out if it exists (the old file is kept as <file>.bak).'}),
    partial: Flags.boolean({description: 'Write the tools of the servers that answered even if others are unavailable.'}),
  }

  async run(): Promise<unknown> {
    const {flags} = this
    const cwd = process.cwd()
    assertOutputIsNotInput(flags.out, await expandCatalogPaths(flags.catalog ?? [], cwd), cwd)
    // Fail before starting any server; the writer checks again under its lock.
    assertWritableOut(flags.out, flags.force)
    const context = await this.loadCatalog(flags)
    if (Object.keys(context.catalog.mcpServers).length === 0) {
      throw new ToolsearchError('usage', `No MCP servers in ${context.sources.join(', ')}: catalog import writes the tools of the servers an "mcpServers" block declares.`)
    }
    const plan = planImport(context.catalog)
    assertImportComplete(plan, flags.partial)
    const text = serializeImport(plan)
    const outcome = await updateFileAtomically(flags.out, (current) => {
      if (current !== undefined && !flags.force) throw fileExistsError(flags.out)
      return {text, result: undefined}
    }, {what: 'catalog'})
    const report: ImportReport = {
      file: flags.out,
      status: outcome.status,
      tools: plan.document.tools.length,
      servers: plan.servers,
      unavailableMcpServers: plan.unavailableMcpServers,
    }
    if (outcome.backup !== undefined) report.backup = outcome.backup
    this.print(renderImportReport(report, {color: this.color}))
    return report
  }
}
