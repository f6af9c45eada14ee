import * as Args from '@oclif/core/args'

import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags, showSecretsFlag} from '../../src/cli/flags.js'
import {locateOptions} from '../../src/config/cli.js'
import {locateConfig} from '../../src/config/index.js'
import {loadDocument} from '../../src/config/load.js'
import {parseConfigPath} from '../../src/config/path.js'
import {missingPathError} from '../../src/config/query.js'
import {redactConfigAt} from '../../src/config/redact.js'
import {valueAtPath} from '../../src/config/query.js'
import {nearMissNotes, renderValue} from '../../src/config/render.js'

export default class ConfigGet extends BaseCommand<typeof ConfigGet> {
  static summary = 'Print a config value as written in the file.'
  static description =
    'Prints the authored value at a path (the whole config without one): scalars bare, objects as pretty JSON. ' +
    '$include is merged; ${VAR} references print as written, never their values; secrets (API keys, tokens, passwords, header and env values) print as __OPENCLAW_REDACTED__, as openclaw config get prints them, unless --show-secrets. ' +
    'A path the file does not hold exits 1: "valid but unset" with the default that applies when OpenClaw\'s schema knows the path, else "not found".'
  static examples = ['<%= config.bin %> config get tools.toolSearch', '<%= config.bin %> config get tools.toolSearch.mode --json']
  static args = {path: Args.string({description: 'Config path, e.g. tools.toolSearch.mode or agents.list[0].id.', required: false})}
  static flags = {...configFlags, ...showSecretsFlag}

  async run(): Promise<unknown> {
    const path = this.args.path === undefined ? [] : parseConfigPath(this.args.path)
    const location = await locateConfig(locateOptions(this.flags, process.cwd(), process.env, {nearMisses: true}))
    for (const note of nearMissNotes(location)) this.note(note)
    const document = loadDocument(location, process.env)
    const lookup = valueAtPath(document.authored, path)
    if (!lookup.found) {
      const error = await missingPathError(path.map((segment) => segment.key), this.args.path ?? '', document.resolved)
      if (this.jsonEnabled()) throw error
      this.note(error.message)
      this.endWith(error.code)
      return undefined
    }
    const keys = path.map((segment) => segment.key)
    const value = this.flags['show-secrets'] ? lookup.value : redactConfigAt(document.authored, keys)
    if (this.jsonEnabled()) this.logJson(value)
    else this.print(renderValue(value))
    return undefined
  }
}
