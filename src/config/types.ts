/**
 * The config's public types, declared once for the facade (`index.ts`, which re-exports them)
 * and for the modules behind it.
 */

export interface ConfigLocateOptions {
  /** `--config <path>`. */
  configFlag?: string
  /** `--profile <name>`. */
  profile?: string
  /** `--dev`: the profile `dev`. */
  dev?: boolean
  /** `--project`: the project search instead of OpenClaw's locations. */
  project?: boolean
  /** Also look for near misses (costs a few more file checks, and the project search when the file is missing). */
  nearMisses?: boolean
  cwd: string
  env: NodeJS.ProcessEnv
}

/**
 * Which resolution rule of SPEC §1.1 chose the file. `legacy`: the default locations, where the
 * file found is the legacy `~/.clawdbot/` directory or `clawdbot.json` name.
 */
export type ConfigRule = 'flag' | 'env' | 'project' | 'profile' | 'state-dir' | 'home' | 'legacy'

/** A file a person may have meant that the chosen rule passes over, and why. */
export interface ConfigNearMiss {
  path: string
  /** `sibling`: the other of `.json` / `.json5`; `legacy`: a legacy name or directory; `project`: a project config. */
  kind: 'sibling' | 'legacy' | 'project'
  message: string
}

export interface ConfigLocation {
  /** Absolute path of the config file (it may not exist yet). */
  path: string
  rule: ConfigRule
  /** One sentence for `config file`: why this file. */
  reason: string
  exists: boolean
  /** Set when the config is a key of package.json (`openclaw`): the file is plain JSON. */
  packageKey?: string
  /** Filled when asked for (`nearMisses`); empty otherwise. */
  nearMisses: ConfigNearMiss[]
}

export interface ConfigWarning {
  code: string
  message: string
  /** Config path the warning is about (`["tools", "toolSearch", "mode"]`). */
  path?: string[]
  file?: string
  line?: number
  column?: number
  /** For `config.env`: the variable that has no value. */
  variable?: string
}

export interface LoadedConfig {
  location: ConfigLocation
  /** The resolved config: `${VAR}` substituted, `$include` merged. `{}` when the file is missing. */
  value: Record<string, unknown>
  /** The same config as written: `$include` merged, `${VAR}` references kept (safe to quote). */
  authored: Record<string, unknown>
  warnings: ConfigWarning[]
}

/** The model in use, for the local-model overlay (SPEC §1.3). */
export interface ModelContext {
  provider?: string
  model?: string
  baseUrl?: string
  /** The agent the run is for (default: the default agent). */
  agent?: string
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
