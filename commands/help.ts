import * as Args from '@oclif/core/args'
import {loadHelpClass} from '@oclif/core/help'

import {BaseCommand} from '../src/cli/base-command.js'

/** `toolsearch help [command]`, as in other oclif CLIs (the same text as `--help` and `-h`). */
export default class Help extends BaseCommand<typeof Help> {
  static summary = 'Show help for toolsearch or for one of its commands.'

  static examples = ['<%= config.bin %> help', '<%= config.bin %> help catalog list']

  static strict = false

  static args = {
    command: Args.string({description: 'The command to show help for (its words, e.g. catalog list).'}),
  }

  async run(): Promise<unknown> {
    const HelpClass = await loadHelpClass(this.config)
    const words = this.args.command === undefined ? [] : [this.args.command, ...this.argvRest.slice(1)]
    if (!this.jsonEnabled()) await new HelpClass(this.config).showHelp(words)
    return {command: words.join(' ')}
  }
}
