/**
 * `${VAR}` substitution over a config value (SPEC §1.2): every string value, never a key, with
 * the config syntax of `expandVariables`. A variable that is unset (or empty) leaves the
 * reference as written and is reported with the config path of its string: never a crash, and
 * never a secret copied anywhere (writes work on the authored text, not on substituted values).
 */
import {isRecord} from '../catalog/json.js'
import {expandVariables} from '../env/variables.js'

export interface MissingVariable {
  /** Config path of the string holding the reference. */
  path: string[]
  name: string
}

/** A copy of `value` with every string substituted, and the references left unresolved. */
export function substituteEnv(value: unknown, env: NodeJS.ProcessEnv): {value: unknown; missing: MissingVariable[]} {
  const missing: MissingVariable[] = []
  const walk = (node: unknown, path: string[]): unknown => {
    if (typeof node === 'string') {
      const expansion = expandVariables(node, env, 'config')
      for (const name of expansion.missing) missing.push({path, name})
      return expansion.text
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, String(index)]))
    if (isRecord(node)) {
      const out: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(node)) out[key] = walk(item, [...path, key])
      return out
    }
    return node
  }
  return {value: walk(value, []), missing}
}
