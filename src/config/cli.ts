/**
 * Glue between command flags and the config library, shared by the config and doctor commands.
 */
import type {ConfigLocateOptions} from './types.js'

export interface ConfigFlagValues {
  config?: string
  profile?: string
  dev?: boolean
  project?: boolean
}

export function locateOptions(flags: ConfigFlagValues, cwd = process.cwd(), env = process.env, extra: Pick<ConfigLocateOptions, 'nearMisses'> = {}): ConfigLocateOptions {
  return {configFlag: flags.config, profile: flags.profile, dev: flags.dev, project: flags.project, cwd, env, ...extra}
}
