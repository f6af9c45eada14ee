import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags, schemaFlags, showSecretsFlag} from '../../src/cli/flags.js'
import {shownChange, unsetConfigValue} from '../../src/config/change.js'
import {ConfigAnalyzer} from '../../src/config/analyzer.js'
import {locateOptions} from '../../src/config/cli.js'
import {locateConfig} from '../../src/config/index.js'
import {formatConfigPath, parseConfigPath} from '../../src/config/path.js'
import {inlineValue, nearMissNotes} from '../../src/config/render.js'
import {renderChange} from '../../src/config/render-styled.js'
import {notesAfterChange} from '../../src/doctor/run.js'

export default class ConfigUnset extends BaseCommand<typeof ConfigUnset> {
  static summary = 'Remove a config key or one array element, editing the file losslessly.'
  static description = 'An absent path is an error (exit 1) and the file is left untouched. Everything outside the removed entry stays byte-identical.'
  static examples = ['<%= config.bin %> config unset tools.toolSearch.codeTimeoutMs', '<%= config.bin %> config unset tools.allow[0] --dry-run']
  static args = {path: Args.string({description: 'Config path, e.g. tools.toolSearch.mode or tools.allow[0].', required: true})}
  static flags = {
    ...configFlags,
    ...schemaFlags,
    ...showSecretsFlag,
    'dry-run': Flags.boolean({description: 'Validate and print the diff without writing.'}),
  }

  async run(): Promise<unknown> {
    const path = parseConfigPath(this.args.path)
    const location = await locateConfig(locateOptions(this.flags, process.cwd(), process.env, {nearMisses: true}))
    for (const note of nearMissNotes(location)) this.note(note)
    // One analyzer for the change and the warnings after it: each text is loaded once.
    const analyzer = new ConfigAnalyzer(location, process.env)
    const showSecrets = this.flags['show-secrets']
    const outcome = await unsetConfigValue(location, path, {env: process.env, analyzer, dryRun: this.flags['dry-run'], cwd: process.cwd(), showSecrets})
    const shown = formatConfigPath(path)
    const {previous} = shownChange(outcome, path, {previous: outcome.summary}, showSecrets)
    this.print(renderChange({...outcome, lines: [`Removed ${shown} (was ${inlineValue(previous)})`]}, {color: this.color}))
    for (const note of await notesAfterChange(analyzer, outcome)) this.note(note)
    return {
      file: outcome.file,
      path: shown,
      status: outcome.status,
      previous,
      ...(outcome.backup === undefined ? {} : {backup: outcome.backup}),
      ...(this.flags['dry-run'] ? {diff: outcome.diff} : {}),
    }
  }
}
