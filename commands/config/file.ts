import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags} from '../../src/cli/flags.js'
import {locateOptions} from '../../src/config/cli.js'
import {type ConfigLocation, locateConfig} from '../../src/config/index.js'
import {renderLocation} from '../../src/config/render-styled.js'

export default class ConfigFile extends BaseCommand<typeof ConfigFile> {
  static summary = 'Show which config file is used and which rule chose it.'
  static description =
    'As OpenClaw resolves it: --config, OPENCLAW_CONFIG_PATH, then the state directory (OPENCLAW_STATE_DIR, --profile/--dev, <home>/.openclaw, the legacy ~/.clawdbot); ' +
    '--project searches the project instead. Names any near miss: a .json5 sibling, a legacy file, a project config.'
  static examples = ['<%= config.bin %> config file', '<%= config.bin %> config file --profile work --json']
  static flags = {...configFlags}

  async run(): Promise<ConfigLocation> {
    const location = await locateConfig(locateOptions(this.flags, process.cwd(), process.env, {nearMisses: true}))
    this.print(renderLocation(location, {color: this.color}))
    return location
  }
}
