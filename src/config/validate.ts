/**
 * What the gateway would refuse: schema violations in the parts toolsearch validates, plus every
 * retired setting (SPEC §3.4). `config validate`, the writer and doctor all ask here.
 */
import {findRetiredSettings} from './legacy.js'
import {formatConfigPath} from './path.js'
import {validateSchema} from './schema.js'

export interface ConfigProblem {
  kind: 'schema' | 'retired'
  /** Config path of the offending value. */
  path: string[]
  message: string
  /** For retired settings: what a write says instead of storing it. */
  refusal?: string
  /** For retired settings: the value as JSON, so changing a retired value counts as a new problem. */
  value?: string
}

export async function findConfigProblems(config: unknown): Promise<ConfigProblem[]> {
  const schema = await validateSchema(config)
  const retired = findRetiredSettings(config)
  return [
    ...schema.map((problem) => ({kind: 'schema' as const, path: problem.path, message: problem.message})),
    ...retired.map((setting) => ({kind: 'retired' as const, path: setting.path, message: setting.message, refusal: setting.refusal, value: JSON.stringify(setting.value) ?? 'undefined'})),
  ]
}

export function problemKey(problem: ConfigProblem): string {
  return `${problem.kind}\u0000${formatConfigPath(problem.path)}\u0000${problem.message}\u0000${problem.value ?? ''}`
}

/** Problems in `after` that `before` did not have. */
export function introducedProblems(before: ConfigProblem[], after: ConfigProblem[]): ConfigProblem[] {
  const known = new Set(before.map(problemKey))
  return after.filter((problem) => !known.has(problemKey(problem)))
}
