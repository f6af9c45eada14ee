import * as Flags from '@oclif/core/flags'

import {CatalogCommand} from '../src/cli/catalog-command.js'
import {loadSettingsContext, unavailableMcpServersField} from '../src/cli/context.js'
import {catalogFlags, configFlags, modelFlags} from '../src/cli/flags.js'
import {controlTools} from '../src/directory/controls.js'
import {payloadReport, renderPayloadReport} from '../src/directory/payload.js'

export default class Payload extends CatalogCommand<typeof Payload> {
  static summary = 'Compare what each way of exposing a catalog sends to the model up front.'

  static description = `direct: every tool as a provider tool definition. tools mode: the three controls (tool_search, tool_describe, tool_call, exactly as OpenClaw declares them for the searchDefaultLimit in effect), the directly visible tools and the capability directory. directory mode: the same with the directory-mode footer (deferred schemas are still not sent). Sizes are UTF-8 bytes of the tool definitions as compact JSON plus the directory text; tokens are estimated as ceil(bytes / 4).`

  static examples = [
    '<%= config.bin %> payload --catalog examples/catalog.json5',
    '<%= config.bin %> payload --catalog tools.json --context-window 32768 --json',
    '<%= config.bin %> payload --controls',
  ]

  static flags = {
    ...catalogFlags,
    ...configFlags,
    ...modelFlags,
    'context-window': Flags.integer({min: 1, description: "The model's context window in tokens (sizes the directory).", helpValue: '<tokens>'}),
    controls: Flags.boolean({
      description: 'Print only the three control tool definitions, exactly as the model receives them (JSON, for the searchDefaultLimit in effect); no catalog is read.',
      exclusive: ['context-window'],
    }),
  }

  async run(): Promise<unknown> {
    if (this.flags.controls) {
      const {settings} = await loadSettingsContext(this.flags, {})
      const controls = controlTools(settings.searchDefaultLimit)
      this.print(JSON.stringify(controls, null, 2))
      return controls
    }
    const context = await this.loadCatalog(this.flags)
    const report = payloadReport(context.catalog.entries, {contextWindow: this.flags['context-window'] ?? context.contextWindow, searchDefaultLimit: context.settings.searchDefaultLimit})
    this.print(renderPayloadReport(report, {color: this.color}))
    this.jsonExtras = unavailableMcpServersField(context.catalog)
    return report
  }
}
