/**
 * oclif's argument builders as the lean bundles have them (in place of `@oclif/core/args`, see
 * scripts/bundle.js): the same definitions, without the rest of oclif's module.
 */
import type {ArgDefinition} from './parse.js'

export function string(options: Record<string, unknown> = {}): ArgDefinition {
  return {parse: async (input: string) => input, ...options, input: [], type: 'option'} as unknown as ArgDefinition
}
