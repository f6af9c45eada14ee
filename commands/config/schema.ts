import {BaseCommand} from '../../src/cli/base-command.js'
import {schemaFlags} from '../../src/cli/flags.js'
import {configSchemaSource} from '../../src/config/schema-source.js'

export default class ConfigSchema extends BaseCommand<typeof ConfigSchema> {
  static summary = 'Print the JSON Schema configs are validated against.'
  static description =
    "OpenClaw's own config schema (bundled: OpenClaw 2026.9.6; --schema for another version) with the structured-only Tool Search difference applied: " +
    'tools.toolSearch mode "code" and codeTimeoutMs are accepted here and reported as retired settings, and agents.list is accepted.'
  static examples = ['<%= config.bin %> config schema > openclaw-config.schema.json']
  static flags = {...schemaFlags}

  async run(): Promise<Record<string, unknown>> {
    const schema = configSchemaSource().schema()
    this.print(JSON.stringify(schema, null, 2))
    return schema
  }
}
