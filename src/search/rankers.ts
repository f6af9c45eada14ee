/**
 * The ranker registry: name → lazy loader of its factory, so a command pays only for the ranker
 * it uses. A new ranker registers with one line here.
 */
import {usageError} from '../shared/errors.js'
import type {RankerFactory} from './types.js'

export const DEFAULT_RANKER = 'openclaw'

const RANKERS: Record<string, () => Promise<RankerFactory>> = {
  openclaw: async () => (await import('./openclaw.js')).createOpenClawRanker,
  enhanced: async () => (await import('./enhanced/index.js')).createEnhancedRanker,
}

/** Registered ranker names, in registration order. */
export function rankerNames(): string[] {
  return Object.keys(RANKERS)
}

/** The factory for `name`; an unknown name is a usage error listing the known ones. */
export async function loadRanker(name: string): Promise<RankerFactory> {
  const load = Object.prototype.hasOwnProperty.call(RANKERS, name) ? RANKERS[name] : undefined
  if (load === undefined) {
    throw usageError(`Unknown ranker "${name}". Known rankers: ${rankerNames().join(', ')}.`, {suggestions: rankerNames()})
  }
  return load()
}
