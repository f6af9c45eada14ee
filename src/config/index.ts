/**
 * The config facade (SPEC §1–2). Other modules import only from here.
 *
 * NOTE: signatures fixed for the rest of the code base; implementations land with the config work.
 */
import {ToolsearchError} from '../errors.js'

export interface ConfigLocateOptions {
  /** `--config <path>`. */
  configFlag?: string
  /** `--profile <name>`. */
  profile?: string
  cwd: string
  env: NodeJS.ProcessEnv
}

/** Which resolution rule of SPEC §1.1 chose the file. */
export type ConfigRule = 'flag' | 'env' | 'project' | 'profile' | 'state-dir' | 'home'

export interface ConfigLocation {
  /** Absolute path of the config file (it may not exist yet). */
  path: string
  rule: ConfigRule
  /** One sentence for `config file`: why this file. */
  reason: string
  exists: boolean
}

export interface ConfigWarning {
  code: string
  message: string
  /** Config path the warning is about (`tools.toolSearch.mode`). */
  path?: string
  file?: string
  line?: number
  column?: number
}

export interface LoadedConfig {
  location: ConfigLocation
  /** The resolved config: `${VAR}` substituted, `$include` merged. `{}` when the file is missing. */
  value: Record<string, unknown>
  warnings: ConfigWarning[]
}

/** The model in use, for the local-model overlay (SPEC §1.3). */
export interface ModelContext {
  provider?: string
  model?: string
  baseUrl?: string
}

export interface EffectiveToolSearchSettings {
  enabled: boolean
  mode: 'tools' | 'directory'
  searchDefaultLimit: number
  maxSearchLimit: number
  /** True when the local-model overlay (limits 5 / 10) applied. */
  localModelOverlay: boolean
  /** Why each value is what it is, one sentence each. */
  reasons: Record<'enabled' | 'mode' | 'searchDefaultLimit' | 'maxSearchLimit', string>
}

/** `tools.allow` / `tools.deny`: glob patterns over tool names and ids. */
export interface ToolPolicy {
  allow: string[]
  deny: string[]
}

function notImplemented(): never {
  throw new ToolsearchError('internal', 'config support is not built yet')
}

export async function locateConfig(_options: ConfigLocateOptions): Promise<ConfigLocation> {
  return notImplemented()
}

/** Locates and reads the config; a missing file is `{}`. Throws ToolsearchError on a bad file. */
export async function loadConfig(_options: ConfigLocateOptions): Promise<LoadedConfig> {
  return notImplemented()
}

/** Pure: the effective Tool Search settings for a resolved config (SPEC §1.3). */
export function effectiveToolSearchSettings(_config: unknown, _model: ModelContext = {}): EffectiveToolSearchSettings {
  return notImplemented()
}

/** Pure: the allow/deny patterns in a resolved config (`tools.allow`, `tools.deny`). */
export function toolPolicyFromConfig(_config: unknown): ToolPolicy {
  return notImplemented()
}
