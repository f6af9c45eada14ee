import {Flags} from '@oclif/core'

import {BaseCommand} from '../src/cli/base-command.js'
import {loadCatalogContext, unavailableMcpServersField} from '../src/cli/context.js'
import {catalogFlags, configFlags, modelFlags} from '../src/cli/flags.js'
import {type DirectoryMode, renderDirectory} from '../src/directory/render.js'
import {safeBlock} from '../src/output/terminal.js'

export default class Directory extends BaseCommand<typeof Directory> {
  static summary = 'Print the capability directory a model gets in its system prompt.'

  static description = `Lists the trusted deferred tools with unique, well-formed names, sorted by name, within max(768, floor(T/10)) characters for a context window of T tokens (at most 18,000): descriptions are cut to 180, then 64 characters, then rows carry names only, then rows are dropped from the end. MCP and client tools are never listed. The mode (tools or directory) comes from the config unless --mode is given. The same catalog always gives byte-identical text; --json adds its size, row counts and sha256 fingerprint.`

  static examples = [
    '<%= config.bin %> directory --catalog examples/catalog.json5',
    '<%= config.bin %> directory --catalog examples/catalog.json5 --context-window 32768 --mode directory',
    '<%= config.bin %> directory --catalog examples/catalog.json5 --json',
  ]

  static flags = {
    ...catalogFlags,
    ...configFlags,
    ...modelFlags,
    'context-window': Flags.integer({min: 1, description: "The model's context window in tokens; the directory gets max(768, floor(T/10)) characters.", helpValue: '<tokens>'}),
    mode: Flags.string({options: ['tools', 'directory'], description: 'Tool Search mode whose footer to use (default: from the config).', helpValue: '<mode>'}),
  }

  async run(): Promise<unknown> {
    const context = await loadCatalogContext(this.flags, {note: (line) => this.note(line), progress: Boolean(process.stderr.isTTY)})
    if (!context.settings.enabled) this.note('Note: Tool Search is disabled by this config; showing the directory it would render if enabled.')
    const mode = (this.flags.mode as DirectoryMode | undefined) ?? context.settings.mode
    const directory = renderDirectory(context.catalog.entries, {mode, contextWindow: this.flags['context-window']})
    this.print(safeBlock(directory.text))
    this.jsonExtras = unavailableMcpServersField(context.catalog)
    return directory
  }
}
