import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags} from '../../src/cli/flags.js'
import {ExitCode} from '../../src/errors.js'
import {locateOptions} from '../../src/config/cli.js'
import {locateConfig} from '../../src/config/index.js'
import {loadDocument} from '../../src/config/load.js'
import {renderValidation} from '../../src/config/render.js'
import {findConfigProblems} from '../../src/config/validate.js'
import {formatConfigPath} from '../../src/config/path.js'
import {safeInline} from '../../src/output/terminal.js'

export default class ConfigValidate extends BaseCommand<typeof ConfigValidate> {
  static summary = 'Check the config the way the gateway does.'
  static description =
    'Exit 0 and "Config valid: <path>" when the gateway would start; exit 78 (EX_CONFIG) with the refusal the gateway prints, naming every retired key, when it would not. ' +
    'A file that cannot be read or parsed exits 2.'
  static examples = ['<%= config.bin %> config validate', '<%= config.bin %> config validate --config ./openclaw.json5 --json']
  static flags = {...configFlags}

  async run(): Promise<{file: string; valid: boolean; problems: Array<{kind: string; path: string; message: string}>}> {
    const location = await locateConfig(locateOptions(this.flags))
    const document = loadDocument(location, process.env)
    for (const warning of document.warnings) this.note(`Warning: ${safeInline(warning.message)}`)
    const problems = await findConfigProblems(document.resolved)
    const valid = problems.length === 0
    if (valid) this.print(`Config valid: ${safeInline(location.path)}`)
    else if (!this.jsonEnabled()) this.note(renderValidation(location.path, problems))
    if (!valid) process.exitCode = ExitCode.config
    return {file: location.path, valid, problems: problems.map((problem) => ({kind: problem.kind, path: formatConfigPath(problem.path), message: problem.message}))}
  }
}
