/**
 * `${VAR}` substitution over a config value (SPEC §1.2): every string value, never a key, with
 * the config syntax of `expandVariables`. A variable that is unset (or empty) leaves the
 * reference as written and is reported with the config path of its string: never a crash, and
 * never a secret copied anywhere (writes work on the authored text, not on substituted values).
 */
import {isRecord} from '../shared/json.js'
import {expandVariables} from '../env/variables.js'

export interface MissingVariable {
  /** Config path of the string holding the reference. */
  path: string[]
  name: string
}

/**
 * `value` with every string substituted, and the references left unresolved. Parts without a
 * reference are shared with `value`, not copied (config values are never mutated): a large config
 * has hundreds of thousands of values and few references.
 */
export function substituteEnv(value: unknown, env: NodeJS.ProcessEnv): {value: unknown; missing: MissingVariable[]} {
  const missing: MissingVariable[] = []
  // The path being walked, copied only for a string with a missing variable.
  const path: string[] = []
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (!node.includes('${')) return node
      const expansion = expandVariables(node, env, 'config')
      for (const name of expansion.missing) missing.push({path: [...path], name})
      return expansion.text
    }
    // Plain loops, not forEach: a callback per container adds up over a large config.
    if (Array.isArray(node)) {
      let out: unknown[] | undefined
      for (let index = 0; index < node.length; index++) {
        const item: unknown = node[index]
        path.push(String(index))
        const substituted = walk(item)
        path.pop()
        if (out === undefined && substituted !== item) out = node.slice(0, index)
        if (out !== undefined) out.push(substituted)
      }
      return out ?? node
    }
    if (isRecord(node)) {
      let out: Record<string, unknown> | undefined
      const keys = Object.keys(node)
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index]
        const item = node[key]
        path.push(key)
        const substituted = walk(item)
        path.pop()
        if (out === undefined && substituted !== item) out = Object.fromEntries(keys.slice(0, index).map((earlier) => [earlier, node[earlier]]))
        if (out !== undefined) out[key] = substituted
      }
      return out ?? node
    }
    return node
  }
  return {value: walk(value), missing}
}

/**
 * A value to write, with every part equal to what an authored `${VAR}` reference at the same
 * place resolves to replaced by that reference (SPEC §2): a secret is never written in place of
 * its reference, and setting the value a reference already gives is `No change`.
 */
export function keepReferences(value: unknown, authored: unknown, resolved: unknown): unknown {
  if (typeof authored === 'string' && authored !== resolved && value === resolved) return authored
  if (Array.isArray(value) && Array.isArray(authored) && Array.isArray(resolved)) return value.map((item, index) => keepReferences(item, authored[index], resolved[index]))
  if (isRecord(value) && isRecord(authored) && isRecord(resolved)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, Object.hasOwn(authored, key) ? keepReferences(item, authored[key], resolved[key]) : item]))
  }
  return value
}
