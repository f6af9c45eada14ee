/**
 * `${VAR}` substitution (SPEC §1.2), applied on read to string values only. Names are
 * `[A-Z_][A-Z0-9_]*`; `$${VAR}` is a literal `${VAR}`. A variable that is unset (or empty) leaves
 * the reference as written and yields a warning naming the config path: never a crash, and never
 * a secret copied anywhere (writes work on the authored text, not on substituted values).
 */
import {isPlainObject} from './include.js'

const REFERENCE = /\$?\$\{([A-Z_][A-Z0-9_]*)\}/g

export interface MissingVariable {
  /** Config path of the string holding the reference. */
  path: string[]
  name: string
}

/** Whether a string holds at least one `${VAR}` reference (escaped `$${VAR}` does not count). */
export function hasEnvReference(text: string): boolean {
  for (const match of text.matchAll(REFERENCE)) if (!match[0].startsWith('$$')) return true
  return false
}

export function substituteString(text: string, env: NodeJS.ProcessEnv, onMissing: (name: string) => void): string {
  return text.replace(REFERENCE, (whole, name: string) => {
    if (whole.startsWith('$$')) return whole.slice(1)
    const value = env[name]
    if (value === undefined || value === '') {
      onMissing(name)
      return whole
    }
    return value
  })
}

/** Returns a copy of `value` with every string substituted, and the references left unresolved. */
export function substituteEnv(value: unknown, env: NodeJS.ProcessEnv, path: string[] = [], missing: MissingVariable[] = []): {value: unknown; missing: MissingVariable[]} {
  const walk = (node: unknown, at: string[]): unknown => {
    if (typeof node === 'string') return substituteString(node, env, (name) => missing.push({path: at, name}))
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...at, String(index)]))
    if (isPlainObject(node)) {
      const out: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(node)) out[key] = walk(item, [...at, key])
      return out
    }
    return node
  }
  return {value: walk(value, path), missing}
}
