import {BaseCommand} from '../src/cli/base-command.js'

/** `toolsearch version`, as in other oclif CLIs: the same line as `--version` and `-v`. */
export default class Version extends BaseCommand<typeof Version> {
  static summary = 'Show the version of toolsearch, its platform and Node.'

  async run(): Promise<unknown> {
    this.print(this.config.userAgent)
    return {version: this.config.version, userAgent: this.config.userAgent}
  }
}
