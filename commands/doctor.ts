import * as Flags from '@oclif/core/flags'

import {BaseCommand} from '../src/cli/base-command.js'
import {allowMissingFlag, configFlags, schemaFlags, showSecretsFlag} from '../src/cli/flags.js'
import {locateOptions} from '../src/config/cli.js'
import {locateConfig} from '../src/config/index.js'
import {configNotFoundMessage, displayPath, missingConfigNote, nearMissNotes} from '../src/config/render.js'
import {builtinChecks} from '../src/doctor/checks/index.js'
import {type DoctorReport, renderDoctorGithub, renderDoctorText, renderMissingGithub} from '../src/doctor/render.js'
import {repositoryRoot} from '../src/output/github.js'
import {includeBlockNotes, toDoctorReport} from '../src/doctor/report.js'
import {openclawRewriteNote, runDoctor} from '../src/doctor/run.js'
import {ToolsearchError} from '../src/shared/errors.js'
import {safeInline} from '../src/output/terminal.js'

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
    '<%= config.bin %> doctor --list-checks',
  ]
  static flags = {
    ...configFlags,
    ...allowMissingFlag,
    ...schemaFlags,
    ...showSecretsFlag,
    fix: Flags.boolean({description: 'Apply the fixes (lossless edit, atomic write, backup in <file>.bak).'}),
    'dry-run': Flags.boolean({description: 'With --fix: print the diff of what would be written, write nothing.', dependsOn: ['fix']}),
    format: Flags.string({description: 'Output format for findings.', options: ['text', 'github'], default: 'text'}),
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
      if (!this.flags['allow-missing']) return this.configNotFound(location.path)
      this.note(missingConfigNote(location.path))
    }
    const result = await runDoctor(checks, location, {env: process.env, fix: this.flags.fix, dryRun: this.flags['dry-run'], cwd, showSecrets: this.flags['show-secrets']})
    const report: DoctorReport = toDoctorReport(checks, result, {strict: this.flags.strict})
    if (this.flags.format === 'github' && !this.jsonEnabled()) {
      const annotations = renderDoctorGithub(report, {root: repositoryRoot(cwd, process.env)})
      if (annotations !== '') this.print(annotations)
      if (report.status === 'written') this.note(`Updated ${report.target ?? report.file}: ${report.changes.map((change) => change.message).join(' ')}`)
    } else {
      this.print(renderDoctorText(report, {color: this.color, cwd}))
    }
    if (report.status === 'dry-run') {
      this.note('Dry run: nothing was written.')
      if (result.outcome?.before !== undefined) this.note(openclawRewriteNote(result.outcome.before))
    }
    for (const note of includeBlockNotes(result.findings, (file) => safeInline(displayPath(file, cwd)))) this.note(note)
    if (result.blocked !== undefined) this.note('No config file was changed.')
    if (!report.ok) this.endWith('findings')
    return report
  }

  /** A config file that does not exist fails every format (exit 1): CI must never pass on a typo. */
  private configNotFound(file: string): undefined {
    const message = configNotFoundMessage(file)
    if (this.jsonEnabled()) throw new ToolsearchError('config-not-found', message, {file})
    if (this.flags.format === 'github') this.print(renderMissingGithub(message))
    else this.note(safeInline(message))
    this.endWith('config-not-found')
    return undefined
  }
}
