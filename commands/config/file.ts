import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags} from '../../src/cli/flags.js'
import {locateOptions} from '../../src/config/cli.js'
import {type ConfigLocation, locateConfig} from '../../src/config/index.js'
import {renderLocation} from '../../src/config/render.js'

export default class ConfigFile extends BaseCommand<typeof ConfigFile> {
  static summary = 'Show which config file is used and which rule chose it.'
  static description = 'Order: --config, OPENCLAW_CONFIG_PATH, the project search (up to the nearest package.json or .git), then the state directory.'
  static examples = ['<%= config.bin %> config file', '<%= config.bin %> config file --profile work --json']
  static flags = {...configFlags}

  async run(): Promise<ConfigLocation> {
    const location = await locateConfig(locateOptions(this.flags))
    this.print(renderLocation(location, {color: this.color}))
    return location
  }
}
