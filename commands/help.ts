import {Args, Command, loadHelpClass} from '@oclif/core'

/** `toolsearch help [command]`, as in other oclif CLIs (the same text as `--help` and `-h`). */
export default class Help extends Command {
  static summary = 'Show help for toolsearch or for one of its commands.'

  static examples = ['<%= config.bin %> help', '<%= config.bin %> help catalog list']

  static strict = false

  static args = {
    command: Args.string({description: 'The command to show help for (its words, e.g. catalog list).'}),
  }

  async run(): Promise<void> {
    const {argv} = await this.parse(Help)
    const HelpClass = await loadHelpClass(this.config)
    await new HelpClass(this.config).showHelp(argv as string[])
  }
}
