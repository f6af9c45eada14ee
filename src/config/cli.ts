/**
 * Glue between command flags and the config library, shared by the config and doctor commands.
 */
import type {ConfigLocateOptions} from './index.js'
import {DEFAULT_LOCK_WAIT_MS} from '../fs/atomic-write.js'

export interface ConfigFlagValues {
  config?: string
  profile?: string
}

export function locateOptions(flags: ConfigFlagValues, cwd = process.cwd(), env = process.env): ConfigLocateOptions {
  return {configFlag: flags.config, profile: flags.profile, cwd, env}
}

/**
 * How long a writer waits for another writer's lock: TOOLSEARCH_LOCK_WAIT_MS (milliseconds)
 * when set to a non-negative integer, else 3 s.
 */
export function lockWaitMs(env = process.env): number {
  const raw = env.TOOLSEARCH_LOCK_WAIT_MS
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_LOCK_WAIT_MS
}
