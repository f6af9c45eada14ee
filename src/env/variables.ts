/**
 * `${…}` environment references: the one scanner and substituter, used for config strings
 * (SPEC §1.2) and for MCP server configs. Pure: text and environment in, text and what happened
 * out; each caller decides what a missing variable means (a warning for the config, an error that
 * makes an MCP server unavailable).
 *
 * Both syntaxes: `${NAME}` is replaced by the variable's value, `$${…}` is the literal `${…}`, and
 * a reference that cannot be resolved stays as written in the text.
 * - `config` (OpenClaw): names are `[A-Z_][A-Z0-9_]*`; anything else in braces (`${lower}`,
 *   `${a:b}`) is plain text. An empty variable counts as unset, like the gateway.
 * - `mcp` (what Claude Code, Cursor and VS Code users write): names may use lowercase too, plus
 *   `${env:NAME}` (VS Code's spelling) and `${NAME:-default}` (the default applies when the
 *   variable is unset or empty, as in a shell). An empty variable is a value. Any other form in
 *   braces (`${input:token}`, `${workspaceFolder}`-style editor variables with a colon) is
 *   reported as unsupported, since only the editor could resolve it.
 */

export type VariableSyntax = 'config' | 'mcp'

export interface Expansion {
  /** The text with every resolvable reference replaced; the others stay as written. */
  text: string
  /** The values substituted, in order (MCP treats them as secrets). */
  values: string[]
  /** Names of referenced variables that have no value (and no default). */
  missing: string[]
  /** `mcp` only: bodies of `${…}` forms that are not environment references (`input:token`). */
  unsupported: string[]
}

/** `$` or `$$`, then `{body}` with no brace inside: a stray `${` never swallows a later reference. */
const BRACED = /\$(\$?)\{([^{}]*)\}/g
const CONFIG_NAME = /^[A-Z_][A-Z0-9_]*$/
/** `NAME`, `env:NAME` or either with `:-default`. */
const MCP_REFERENCE = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s

interface Reference {
  name: string
  fallback?: string
}

function parseReference(body: string, syntax: VariableSyntax): Reference | undefined {
  if (syntax === 'config') return CONFIG_NAME.test(body) ? {name: body} : undefined
  const match = MCP_REFERENCE.exec(body)
  return match === null ? undefined : {name: match[1], fallback: match[2]}
}

/** Expands the `${…}` references in `text` from `env` (see the module comment for the rules). */
export function expandVariables(text: string, env: NodeJS.ProcessEnv, syntax: VariableSyntax): Expansion {
  const values: string[] = []
  const missing: string[] = []
  const unsupported: string[] = []
  if (!text.includes('${')) return {text, values, missing, unsupported}
  const expanded = text.replace(BRACED, (whole, escape: string, body: string) => {
    const reference = parseReference(body, syntax)
    // In the config syntax a brace that is not a reference is plain text, escaped or not.
    if (reference === undefined && syntax === 'config') return whole
    if (escape === '$') return whole.slice(1)
    if (reference === undefined) {
      unsupported.push(body)
      return whole
    }
    // Own properties only: `${constructor}` must not find Object.prototype.constructor.
    const value = Object.hasOwn(env, reference.name) ? env[reference.name] : undefined
    const unset = value === undefined || (value === '' && (syntax === 'config' || reference.fallback !== undefined))
    if (!unset) {
      values.push(value)
      return value
    }
    if (reference.fallback !== undefined) return reference.fallback
    missing.push(reference.name)
    return whole
  })
  return {text: expanded, values, missing, unsupported}
}
