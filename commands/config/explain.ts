import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags, modelFlags, showSecretsFlag} from '../../src/cli/flags.js'
import {locateOptions} from '../../src/config/cli.js'
import {type EffectiveToolSearchSettings, type ModelContext, effectiveToolSearchSettings, loadConfig, warningsFor} from '../../src/config/index.js'
import {displayPath, nearMissNotes} from '../../src/config/render.js'
import {redactConfigText} from '../../src/config/redact.js'
import {renderExplain} from '../../src/config/render-explain.js'
import {safeInline} from '../../src/output/terminal.js'

export default class ConfigExplain extends BaseCommand<typeof ConfigExplain> {
  static summary = 'Show the effective Tool Search settings and why.'
  static description =
    'Applies the defaults, the clamps, Code Mode and the local-model overlay (pass --provider, --model and --base-url for the model in use). ' +
    "The lean flag is read for the default agent, or the one --agent names."
  static examples = ['<%= config.bin %> config explain', '<%= config.bin %> config explain --provider ollama --model llama3.1:8b --json', '<%= config.bin %> config explain --agent coder']
  static flags = {...configFlags, ...modelFlags, ...showSecretsFlag}

  async run(): Promise<{file: string; model: ModelContext; settings: EffectiveToolSearchSettings}> {
    const config = await loadConfig(locateOptions(this.flags, process.cwd(), process.env, {nearMisses: true}))
    for (const note of nearMissNotes(config.location)) this.note(note)
    for (const warning of warningsFor(config.warnings)) this.note(`Warning: ${safeInline(warning.message)}`)
    const model: ModelContext = {provider: this.flags.provider, model: this.flags.model, baseUrl: this.flags['base-url'], agent: this.flags.agent}
    const computed = effectiveToolSearchSettings(config.value, model, config.authored)
    // A reason may quote a config value (a provider's baseUrl): its secrets are the marker.
    const settings = this.flags['show-secrets'] ? computed : {...computed, reasons: redactReasons(computed.reasons, config.authored)}
    this.print(renderExplain(displayPath(config.location.path, process.cwd()), settings, model, {color: this.color}))
    return {file: config.location.path, model, settings}
  }
}

function redactReasons(reasons: EffectiveToolSearchSettings['reasons'], authored: unknown): EffectiveToolSearchSettings['reasons'] {
  const redact = (text: string) => redactConfigText(text, [authored])
  return {enabled: redact(reasons.enabled), mode: redact(reasons.mode), searchDefaultLimit: redact(reasons.searchDefaultLimit), maxSearchLimit: redact(reasons.maxSearchLimit)}
}
