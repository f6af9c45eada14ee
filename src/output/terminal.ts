/**
 * Terminal safety and colour. Text that comes from catalogs, config files and MCP servers is
 * untrusted: before it reaches a terminal, control characters and ANSI escape sequences are made
 * visible instead of being interpreted (SPEC §9).
 */

// C0 controls, DEL and C1 controls (0x80–0x9f: 0x9b is a one-byte CSI on some terminals).
// Bidi marks, overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) can
// reorder what a terminal shows; U+2028/U+2029 are line breaks to some renderers.
// eslint-disable-next-line no-control-regex
const UNSAFE_INLINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
// eslint-disable-next-line no-control-regex
const UNSAFE_BLOCK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/**
 * Neutralises untrusted text for one line of terminal output: every control character (newlines
 * and tabs included) becomes a visible `\uXXXX`, so an ESC can never start an escape sequence and
 * a newline can never forge another row.
 */
export function safeInline(text: string): string {
  return text.replace(UNSAFE_INLINE, escapeChar)
}

/** Like `safeInline`, but keeps line feeds and tabs: for multi-line blocks such as tool output. */
export function safeBlock(text: string): string {
  return text.replace(UNSAFE_BLOCK, escapeChar)
}

/**
 * JSON for a terminal: the characters `JSON.stringify` leaves raw inside strings (DEL, C1 controls,
 * bidi overrides) become `\uXXXX` escapes, so the text is still valid JSON with the same value.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return safeBlock(JSON.stringify(value, null, indent))
}

export interface ColorEnvironment {
  /** `--color` / `--no-color`; undefined when the user passed neither. */
  flag?: boolean
  env?: NodeJS.ProcessEnv
  isTTY?: boolean
}

/**
 * Whether to colour output: never with `--no-color`, `NO_COLOR` (any value) or a non-TTY stream,
 * and `--color` forces it on. `FORCE_COLOR` is honoured the way chalk documents it.
 */
export function shouldUseColor({flag, env = process.env, isTTY = Boolean(process.stdout.isTTY)}: ColorEnvironment): boolean {
  if (flag === false) return false
  if (flag === true) return true
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false'
  return isTTY
}
