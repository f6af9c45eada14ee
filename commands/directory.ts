import * as Flags from '@oclif/core/flags'

import {CatalogCommand} from '../src/cli/catalog-command.js'
import {unavailableMcpServersField} from '../src/cli/context.js'
import {cacheFlags, catalogFlags, configFlags, modelFlags} from '../src/cli/flags.js'
import {runningBuild} from '../src/cli/build.js'
import {indexCacheFor} from '../src/search/index-cache.js'
import {readStdin} from '../src/cli/stdin.js'
import {entriesForMode} from '../src/catalog/index.js'
import {renderDirectory} from '../src/directory/render.js'
import {parseDirectoryRequests} from '../src/directory/stdin.js'
import {safeBlock, terminalJson} from '../src/output/terminal.js'

export default class Directory extends CatalogCommand<typeof Directory> {
  static summary = 'Print the capability directory a model gets in its system prompt.'

  static description = `Lists the trusted deferred tools with unique, well-formed names, sorted by name, within max(768, floor(T/10)) characters for a context window of T tokens (at most 18,000): descriptions are cut to 180, then 64 characters, then rows carry names only, then rows are dropped from the end. MCP and client tools are never listed; in directory mode client tools are not cataloged at all. The mode (tools or directory) comes from the config unless --mode is given. The same catalog always gives byte-identical text; --json adds its size, row counts and sha256 fingerprint.`

  static examples = [
    '<%= config.bin %> directory --catalog examples/catalog.json5',
    '<%= config.bin %> directory --catalog examples/catalog.json5 --context-window 32768 --mode directory',
    '<%= config.bin %> directory --catalog examples/catalog.json5 --json',
    `printf '{"contextWindow": 8192}\\n{"mode": "directory"}\\n' | <%= config.bin %> directory --catalog examples/catalog.json5 --stdin`,
  ]

  static flags = {
    ...catalogFlags,
    ...configFlags,
    ...modelFlags,
    ...cacheFlags,
    'context-window': Flags.integer({min: 0, description: "The model's context window in tokens; the directory gets max(768, floor(T/10)) characters (default: the window the OpenClaw config declares for the turn's model; 0: none).", helpValue: '<tokens>'}),
    mode: Flags.string({options: ['tools', 'directory'], description: 'Tool Search mode whose footer to use (default: from the config).', helpValue: '<mode>'}),
    stdin: Flags.boolean({
      description:
        'Read one JSON object per line from stdin, {"contextWindow": <tokens> | null, "mode": "tools" | "directory"} (a field left out takes the flag\'s value); print one JSON line each: the directory as --json gives it, with its contextWindow.',
    }),
  }

  async run(): Promise<unknown> {
    if (this.flags.stdin) return this.runRequests()
    const context = await this.loadCatalog(this.flags, {modeMembership: true, entriesCache: this.entriesCache()})
    if (!context.settings.enabled) this.note('Note: Tool Search is disabled by this config; showing the directory it would render if enabled.')
    const directory = renderDirectory(context.catalog.entries, {mode: context.mode, contextWindow: this.flags['context-window'] ?? context.contextWindow})
    this.print(safeBlock(directory.text))
    this.jsonExtras = unavailableMcpServersField(context.catalog)
    return directory
  }

  /** Where the catalog's entries are kept between runs, unless `--no-cache`. */
  private entriesCache() {
    return this.flags.cache ? indexCacheFor(runningBuild(), process.env) : undefined
  }

  /** `--stdin`: one directory per request line, each for its own window and mode. */
  private async runRequests(): Promise<unknown> {
    const requests = parseDirectoryRequests(await readStdin())
    const context = await this.loadCatalog(this.flags, {entriesCache: this.entriesCache()})
    const lines = requests.map((request) => {
      const mode = request.mode ?? context.mode
      const contextWindow = request.contextWindow === undefined ? (this.flags['context-window'] ?? context.contextWindow) : (request.contextWindow ?? undefined)
      return {contextWindow: contextWindow ?? null, ...renderDirectory(entriesForMode(context.catalog.entries, mode), {mode, contextWindow})}
    })
    for (const line of lines) this.print(terminalJson(line))
    return lines
  }
}
