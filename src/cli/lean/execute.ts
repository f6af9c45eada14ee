/**
 * oclif's `execute` as the lean bundles have it (in place of `@oclif/core/execute`, see
 * scripts/bundle.js): a line that `main` would give oclif whole is the whole bundle's to run. The
 * start gives a lean bundle plain lines only, so this is a guard, not a path.
 */
import {wholeBundleNeeded} from './whole-bundle.js'

export async function execute(): Promise<never> {
  throw wholeBundleNeeded()
}
