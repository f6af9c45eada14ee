import {Command} from '@oclif/core'

/** `toolsearch version`, as in other oclif CLIs: the same line as `--version` and `-v`. */
export default class Version extends Command {
  static summary = 'Show the version of toolsearch, its platform and Node.'

  async run(): Promise<void> {
    this.log(this.config.userAgent)
  }
}
