import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags, schemaFlags, showSecretsFlag} from '../../src/cli/flags.js'
import {setConfigValue, shownChange} from '../../src/config/change.js'
import {ConfigAnalyzer} from '../../src/config/analyzer.js'
import {locateOptions} from '../../src/config/cli.js'
import {locateConfig} from '../../src/config/index.js'
import {assertNoFileBesideNearMiss} from '../../src/config/locate.js'
import {formatConfigPath, parseConfigPath} from '../../src/config/path.js'
import {inlineValue, nearMissNotes} from '../../src/config/render.js'
import {renderChange} from '../../src/config/render-styled.js'
import {notesAfterChange} from '../../src/doctor/run.js'
import {parseCliValue} from '../../src/config/value.js'

export default class ConfigSet extends BaseCommand<typeof ConfigSet> {
  static summary = 'Set a config value, editing the file losslessly.'
  static description =
    'The value is parsed as JSON5 (true, 8, "x", {enabled: true}); anything else is stored as a string, with a note. ' +
    'Comments, key order, quotes and spacing outside the value stay byte-identical; the result is validated first, ' +
    'written atomically under <file>.lock, and the previous file is kept as <file>.bak.'
  static examples = [
    '<%= config.bin %> config set tools.toolSearch true',
    '<%= config.bin %> config set tools.toolSearch.mode directory',
    '<%= config.bin %> config set tools.toolSearch.searchDefaultLimit 5 --dry-run',
  ]
  static args = {
    path: Args.string({description: 'Config path, e.g. tools.toolSearch.mode.', required: true}),
    value: Args.string({description: 'The value (JSON5; otherwise a string).', required: true}),
  }
  static flags = {
    ...configFlags,
    ...schemaFlags,
    ...showSecretsFlag,
    'strict-json': Flags.boolean({description: 'Parse the value as plain JSON and fail if it is not.'}),
    'dry-run': Flags.boolean({description: 'Validate and print the diff without writing.'}),
  }

  async run(): Promise<unknown> {
    const path = parseConfigPath(this.args.path)
    const parsed = parseCliValue(this.args.value, {strictJson: this.flags['strict-json']})
    if (parsed.note !== undefined) this.note(parsed.note)
    const location = await locateConfig(locateOptions(this.flags, process.cwd(), process.env, {nearMisses: true}))
    for (const note of nearMissNotes(location)) this.note(note)
    assertNoFileBesideNearMiss(location)
    // One analyzer for the change and the warnings after it: each text is loaded once.
    const analyzer = new ConfigAnalyzer(location, process.env)
    const showSecrets = this.flags['show-secrets']
    const outcome = await setConfigValue(location, path, parsed.value, {env: process.env, analyzer, dryRun: this.flags['dry-run'], cwd: process.cwd(), showSecrets})
    const shown = formatConfigPath(path)
    const values = shownChange(outcome, path, {previous: outcome.summary?.value, value: parsed.value}, showSecrets)
    const line = outcome.summary === undefined ? `${shown} = ${inlineValue(values.value)}` : `${shown}: ${inlineValue(values.previous)} -> ${inlineValue(values.value)}`
    this.print(renderChange({...outcome, lines: [line]}, {color: this.color}))
    for (const note of await notesAfterChange(analyzer, outcome)) this.note(note)
    return {
      file: outcome.file,
      path: shown,
      status: outcome.status,
      created: outcome.created,
      ...(outcome.summary === undefined ? {} : {previous: values.previous}),
      value: values.value,
      ...(outcome.backup === undefined ? {} : {backup: outcome.backup}),
      ...(this.flags['dry-run'] ? {diff: outcome.diff} : {}),
    }
  }
}
