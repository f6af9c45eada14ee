import * as Flags from '@oclif/core/flags'

import {BaseCommand} from '../src/cli/base-command.js'
import {allowMissingFlag, configFlags, schemaFlags, showSecretsFlag} from '../src/cli/flags.js'
import {locateOptions} from '../src/config/cli.js'
import {locateConfig} from '../src/config/index.js'
import {configNotFoundMessage, displayPath, missingConfigNote, nearMissNotes} from '../src/config/render.js'
import {builtinChecks} from '../src/doctor/checks/index.js'
import {doctorOutput, missingConfigRow} from '../src/doctor/render.js'
import {doctorNotes, toDoctorReport} from '../src/doctor/report.js'
import {runDoctor} from '../src/doctor/run.js'
import type {Check} from '../src/doctor/types.js'
import {FINDING_FORMAT_NAMES, FINDING_FORMATS, type FindingFormat, type FindingsOutput} from '../src/output/findings.js'
import {repositoryRoot} from '../src/output/github.js'
import {safeInline} from '../src/output/terminal.js'
import {ToolsearchError} from '../src/shared/errors.js'

export default class Doctor extends BaseCommand<typeof Doctor> {
  static summary = 'Check the config and migrate retired Tool Search settings.'
  static description =
    'Runs every check over the config and reports findings with file, line and column (inside included files when the value lives there). ' +
    '--fix applies the fixable ones through the lossless writer; --fix --dry-run prints the unified diff instead. ' +
    'Exit 0 without error findings (warnings fail only with --strict), 1 when error findings remain, 2 on a usage error or an unreadable file.'
  static examples = [
    '<%= config.bin %> doctor',
    '<%= config.bin %> doctor --fix --dry-run',
    '<%= config.bin %> doctor --fix',
    '<%= config.bin %> doctor --format github --strict',
    '<%= config.bin %> doctor --format sarif > doctor.sarif',
    '<%= config.bin %> doctor --list-checks',
  ]
  static flags = {
    ...configFlags,
    ...allowMissingFlag,
    ...schemaFlags,
    ...showSecretsFlag,
    fix: Flags.boolean({description: 'Apply the fixes (lossless edit, atomic write, backup in <file>.bak).'}),
    'dry-run': Flags.boolean({description: 'With --fix: print the diff of what would be written, write nothing.', dependsOn: ['fix']}),
    format: Flags.string({description: 'Output format for findings: text, the --json document, GitHub annotations or SARIF 2.1.0.', options: FINDING_FORMAT_NAMES, default: 'text'}),
    strict: Flags.boolean({description: 'Warnings fail too (exit 1).'}),
    'list-checks': Flags.boolean({description: 'List the checks with a one-line description and exit.'}),
  }

  async run(): Promise<unknown> {
    const checks = builtinChecks().all()
    if (this.flags['list-checks']) {
      const list = checks.map(({meta}) => ({id: meta.id, type: meta.type, severity: meta.severity, fixable: meta.fixable, description: meta.description}))
      const {renderCheckList} = await import('../src/doctor/check-list.js')
      this.print(renderCheckList(list, {color: this.color}))
      return {checks: list}
    }
    const cwd = process.cwd()
    const location = await locateConfig(locateOptions(this.flags, cwd, process.env, {nearMisses: true}))
    for (const note of nearMissNotes(location)) this.note(note)
    if (!location.exists) {
      if (!this.flags['allow-missing']) return this.configNotFound(location.path, checks)
      this.note(missingConfigNote(location.path))
    }
    const result = await runDoctor(checks, location, {env: process.env, fix: this.flags.fix, dryRun: this.flags['dry-run'], cwd, showSecrets: this.flags['show-secrets']})
    const report = toDoctorReport(checks, result, {strict: this.flags.strict})
    if (!this.jsonEnabled()) this.printFindings(doctorOutput(report, checks, {color: this.color, cwd, document: this.toSuccessJson(report)}))
    const machineFormat = this.format !== 'text' && !this.jsonEnabled()
    for (const note of doctorNotes(report, result, {machineFormat, show: (file) => safeInline(displayPath(file, cwd))})) this.note(note)
    if (!report.ok) this.endWith('findings')
    return report
  }

  private get format(): FindingFormat {
    return this.flags.format as FindingFormat
  }

  private printFindings(output: FindingsOutput): void {
    const text = FINDING_FORMATS[this.format](output, {root: repositoryRoot(process.cwd(), process.env), version: this.config.version})
    if (text !== '') this.print(text)
  }

  /** A config file that does not exist fails every format (exit 1): CI must never pass on a typo. */
  private configNotFound(file: string, checks: readonly Check[]): undefined {
    const message = configNotFoundMessage(file)
    if (this.jsonEnabled()) throw new ToolsearchError('config-not-found', message, {file})
    if (this.format === 'github' || this.format === 'sarif') this.printFindings({rows: [missingConfigRow(message)], rules: checks.map((check) => check.meta), text: () => '', document: undefined})
    else this.note(safeInline(message))
    this.endWith('config-not-found')
    return undefined
  }
}
