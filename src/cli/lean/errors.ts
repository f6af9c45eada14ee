/**
 * oclif's errors module as the lean bundles have it (in place of `@oclif/core/errors`, see
 * scripts/bundle.js). A lean run never makes an oclif error: a line oclif would refuse is not plain
 * and goes to the whole bundle (`parse.ts`). `CLIError` is here for what checks for one; an error
 * that escapes a command (`main.ts`) is handed to the whole bundle's oclif to report.
 */
import {escapedToWholeBundle, wholeBundleRequest} from './whole-bundle.js'

export class CLIError extends Error {
  oclif: {exit?: number} = {}
}

export async function handle(error: unknown): Promise<never> {
  throw wholeBundleRequest(error) === undefined ? escapedToWholeBundle(error) : error
}
