/**
 * How a lean bundle hands a run to the whole bundle (src/cli/start.ts): an error marked with what
 * the whole bundle is to do. `run`: the line is not plain (`parse.ts`), and nothing of it ran;
 * `handle`: an error escaped the command, for oclif's handler to report as it always has. The mark
 * is a registered symbol, so the start, a script of its own, reads it on an error of any bundle.
 */
const MARK = Symbol.for('toolsearch.wholeBundle')

export type WholeBundleRequest = 'run' | 'handle'

interface MarkedError extends Error {
  [MARK]: WholeBundleRequest
}

/** The error that asks the start to run the line with the whole bundle. */
export function wholeBundleNeeded(): Error {
  return Object.assign(new Error('toolsearch: this command line is for the whole bundle'), {[MARK]: 'run' as const})
}

/** The error that asks the start to have the whole bundle's oclif report `error` (its `cause`). */
export function escapedToWholeBundle(error: unknown): Error {
  return Object.assign(new Error('toolsearch: an error for oclif to report', {cause: error}), {[MARK]: 'handle' as const})
}

/** What `error` asks of the whole bundle, if anything. */
export function wholeBundleRequest(error: unknown): WholeBundleRequest | undefined {
  return typeof error === 'object' && error !== null && MARK in error ? (error as MarkedError)[MARK] : undefined
}
