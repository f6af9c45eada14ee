import {BaseCommand} from '../../src/cli/base-command.js'
import {CONFIG_SCHEMA} from '../../src/config/schema.js'

export default class ConfigSchema extends BaseCommand<typeof ConfigSchema> {
  static summary = 'Print the JSON Schema of what toolsearch validates.'
  static description = 'tools.toolSearch (strict), tools.allow / tools.deny, agents.defaults.experimental.localModelLean and models.providers.<id>.baseUrl / localService.'
  static examples = ['<%= config.bin %> config schema > toolsearch-config.schema.json']

  async run(): Promise<typeof CONFIG_SCHEMA> {
    this.print(JSON.stringify(CONFIG_SCHEMA, null, 2))
    return CONFIG_SCHEMA
  }
}
