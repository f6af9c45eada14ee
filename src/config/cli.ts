/**
 * Glue between command flags and the config library, shared by the config and doctor commands.
 */
import type {ConfigLocateOptions} from './index.js'

export interface ConfigFlagValues {
  config?: string
  profile?: string
}

export function locateOptions(flags: ConfigFlagValues, cwd = process.cwd(), env = process.env): ConfigLocateOptions {
  return {configFlag: flags.config, profile: flags.profile, cwd, env}
}
