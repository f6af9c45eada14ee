/**
 * Fixture executors (SPEC §8.4): canned results for offline debugging and CI.
 *
 * `{ "result": v }` always returns `v`. `{ "cases": [{ when, result }], "result"? }` returns the
 * result of the first case whose `when` is a deep subset of the arguments, else the default;
 * with no default, an unmatched call is a tool error.
 */
import {isRecord} from '../../shared/json.js'
import type {CasesRun, FixtureRun} from '../../catalog/types.js'
import type {ExecutionOutcome} from '../types.js'

export const NO_MATCHING_CASE = 'No fixture case matches these arguments and the fixture has no default result.'

export function executeFixture(run: FixtureRun | CasesRun, args: unknown): ExecutionOutcome {
  if (run.kind === 'fixture') return {status: 'ok', result: run.result}
  const match = run.cases.find((fixtureCase) => isDeepSubset(fixtureCase.when, args))
  if (match !== undefined) return {status: 'ok', result: match.result}
  if (run.hasDefault) return {status: 'ok', result: run.result}
  return {status: 'tool-error', message: NO_MATCHING_CASE}
}

/**
 * Whether `partial` is contained in `value`: every key of a `partial` object is present in
 * `value` with a deep-subset value; arrays match element by element and must have the same
 * length (a case names a whole list, not some of its items); anything else must be equal.
 */
export function isDeepSubset(partial: unknown, value: unknown): boolean {
  if (Array.isArray(partial)) {
    return Array.isArray(value) && partial.length === value.length && partial.every((item, index) => isDeepSubset(item, value[index]))
  }
  if (isRecord(partial)) {
    if (!isRecord(value)) return false
    return Object.keys(partial).every((key) => Object.hasOwn(value, key) && isDeepSubset(partial[key], value[key]))
  }
  return partial === value
}
