import {BaseCommand} from '../../src/cli/base-command.js'
import {allowMissingFlag, configFlags, schemaFlags} from '../../src/cli/flags.js'
import {locateOptions} from '../../src/config/cli.js'
import {locateConfig} from '../../src/config/index.js'
import {loadDocument} from '../../src/config/load.js'
import {formatConfigPath} from '../../src/config/path.js'
import {type ValidationProblemLine, configNotFoundMessage, missingConfigNote, nearMissNotes, renderValidation} from '../../src/config/render.js'
import {findConfigProblems} from '../../src/config/validate.js'
import {ToolsearchError, isToolsearchError} from '../../src/shared/errors.js'
import {safeInline} from '../../src/output/terminal.js'

type ValidationProblem = ValidationProblemLine & {kind: 'schema' | 'retired' | 'load'}

export default class ConfigValidate extends BaseCommand<typeof ConfigValidate> {
  static summary = 'Check the config the way the gateway does.'
  static description =
    'Exit 0 and "Config valid: <path>" when the gateway would start; otherwise exit 78 (EX_CONFIG) with the refusal the gateway prints, in its words, ' +
    'then one line of toolsearch\'s own (a file that cannot be read or parsed is refused the same way, with its file, line and column). ' +
    'A config file that does not exist: exit 1 with "Config file not found: <path>", unless --allow-missing.'
  static examples = ['<%= config.bin %> config validate', '<%= config.bin %> config validate --config ./openclaw.json --json']
  static flags = {...configFlags, ...allowMissingFlag, ...schemaFlags}

  async run(): Promise<{file: string; valid: boolean; problems: ValidationProblem[]}> {
    const location = await locateConfig(locateOptions(this.flags, process.cwd(), process.env, {nearMisses: true}))
    for (const note of nearMissNotes(location)) this.note(note)
    if (!location.exists) {
      if (!this.flags['allow-missing']) {
        const message = configNotFoundMessage(location.path)
        if (this.jsonEnabled()) throw new ToolsearchError('config-not-found', message, {file: location.path})
        this.note(safeInline(message))
        this.endWith('config-not-found')
        return {file: location.path, valid: false, problems: []}
      }
      this.note(missingConfigNote(location.path))
    }
    let problems: ValidationProblem[]
    try {
      const document = loadDocument(location, process.env)
      for (const warning of document.warnings) this.note(`Warning: ${safeInline(warning.message)}`)
      problems = (await findConfigProblems(document.resolved)).map((problem) => ({kind: problem.kind, path: formatConfigPath(problem.path), message: problem.message}))
    } catch (error) {
      // The gateway would not start on a file it cannot read: that is a refusal too (exit 78).
      if (!isToolsearchError(error)) throw error
      problems = [{kind: 'load', path: '', message: error.message, file: error.file, line: error.line, column: error.column}]
    }
    const valid = problems.length === 0
    if (valid) this.print(`Config valid: ${safeInline(location.path)}`)
    else if (!this.jsonEnabled()) this.note(renderValidation(location.path, problems))
    if (!valid) this.endWith('config-refused')
    return {file: location.path, valid, problems}
  }
}
