/**
 * The one error type the library throws for anything a user can cause: bad input, bad files,
 * blocked or failed tools. A throw site names what went wrong (its code); `EXIT_CODES` below is
 * the one place that says how the process then exits, and `src/cli/base-command.ts` the one place
 * that prints it.
 */

/** Process exit codes used across commands (SPEC §3.3, §3.4, §8.3). */
export const ExitCode = {
  ok: 0,
  /** Error findings, a tool error, a validation error, a missing path. */
  failure: 1,
  /** Usage error, or a file that cannot be read at all. */
  usage: 2,
  /** Blocked by policy or approval. */
  blocked: 3,
  /** The executor is unavailable: server down, timeout, no executor. */
  unavailable: 4,
  /** EX_CONFIG: the gateway would refuse this config. */
  config: 78,
} as const

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode] | typeof INTERRUPTED

/** 128 + SIGINT, as a shell reports a process stopped by Ctrl-C. */
const INTERRUPTED = 130

/**
 * Every error code, and every verdict a command can end with, mapped to its exit code (SPEC
 * §3.3, §3.4, §8.3). Adding a code means adding it here: the type of `ToolsearchError`'s code is
 * this table's keys.
 */
export const EXIT_CODES = {
  // Usage: bad flags, arguments or input files that cannot be read as what they must be.
  usage: ExitCode.usage,
  'invalid-catalog': ExitCode.usage,
  'invalid-eval-queries': ExitCode.usage,
  /** A `probe --tasks` file that does not parse, or whose tasks no tool of the catalog can answer. */
  'invalid-probe-tasks': ExitCode.usage,
  /** The model endpoint refused the probe's request as such: the key (401, 403), the model (404), another 4xx. */
  'model-refused': ExitCode.usage,
  'file-exists': ExitCode.usage,
  'file-unreadable': ExitCode.usage,
  'config-unreadable': ExitCode.usage,
  'config-parse': ExitCode.usage,
  'config-include': ExitCode.usage,
  'config-shape': ExitCode.usage,
  'config-forbidden-key': ExitCode.usage,
  /** A value handed to the library that a config cannot hold (a Date, a cycle, nesting too deep…). */
  'config-value': ExitCode.usage,
  /** An edit handed to `applyEdits` that does not fit its text (NaN, a fraction, out of range…). */
  'invalid-edit': ExitCode.usage,
  /** An OpenClaw session store that cannot be read: not SQLite, corrupt, another program's, a newer schema. */
  'session-unreadable': ExitCode.usage,
  // Failure: something the user asked for cannot be done, or a tool or a check failed.
  error: ExitCode.failure,
  internal: ExitCode.failure,
  'config-not-found': ExitCode.failure,
  'config-near-miss': ExitCode.failure,
  'config-path': ExitCode.failure,
  'config-path-not-found': ExitCode.failure,
  'config-path-unset': ExitCode.failure,
  'config-included': ExitCode.failure,
  'config-invalid': ExitCode.failure,
  'config-retired': ExitCode.failure,
  'config-not-utf8': ExitCode.failure,
  'schema-missing': ExitCode.failure,
  'file-conflict': ExitCode.failure,
  'file-locked': ExitCode.failure,
  'file-read-only': ExitCode.failure,
  'file-unwritable': ExitCode.failure,
  'invalid-search-request': ExitCode.failure,
  'invalid-request': ExitCode.failure,
  'unknown-tool': ExitCode.failure,
  'ambiguous-tool': ExitCode.failure,
  'direct-only-tool': ExitCode.failure,
  'invalid-schema': ExitCode.failure,
  'invalid-arguments': ExitCode.failure,
  'output-mismatch': ExitCode.failure,
  'tool-error': ExitCode.failure,
  /** No recorded session has that id (or an id prefix names several). */
  'session-not-found': ExitCode.failure,
  /** A writer kept checkpointing the session database while it was read, attempt after attempt. */
  'session-busy': ExitCode.failure,
  /** Verdict: `session replay` found a search whose candidates differ from the recorded ones. */
  'replay-differs': ExitCode.failure,
  /** Verdict: `doctor` or `lint` found errors (or warnings with --strict). */
  findings: ExitCode.failure,
  /** Verdict: `probe` stopped when its `--max-tokens` budget ran out; the results so far are kept. */
  'probe-budget': ExitCode.failure,
  // Blocked by the tool policy or by approval.
  'tool-denied': ExitCode.blocked,
  /** Verdict: a call that needs approval did not get it. */
  blocked: ExitCode.blocked,
  // The executor is unavailable: a server down, a timeout, no executor.
  'mcp-unavailable': ExitCode.unavailable,
  'tool-unavailable': ExitCode.unavailable,
  'no-executor': ExitCode.unavailable,
  /** The model endpoint failed: unreachable, 5xx, rate limited past the retries, a stream cut or malformed, too slow. */
  'model-unavailable': ExitCode.unavailable,
  /** Verdict: `config validate` says the gateway would refuse this config (EX_CONFIG). */
  'config-refused': ExitCode.config,
  /** Ctrl-C. */
  interrupted: INTERRUPTED,
} as const satisfies Record<string, ExitCodeValue>

/** What went wrong, or how a command ended: a key of `EXIT_CODES`. */
export type ErrorCode = keyof typeof EXIT_CODES

/** The exit code for an error code or verdict. */
export function exitCodeFor(code: ErrorCode): ExitCodeValue {
  return EXIT_CODES[code]
}

export interface ToolsearchErrorOptions {
  /** Alternatives worth showing the user ("Did you mean …"). */
  suggestions?: string[]
  /** File the problem is in, when there is one. */
  file?: string
  /** 1-based line and column in `file`. */
  line?: number
  column?: number
  /** Underlying error, shown only with DEBUG=toolsearch*. */
  cause?: unknown
  /** Structured details that `--json` error output may carry. */
  details?: Record<string, unknown>
  /**
   * A line for the person at the terminal, beside a message that must stay exactly what the
   * model would get (printed as `Note: …` on stderr; `hint` in `--json` errors).
   */
  hint?: string
}

export class ToolsearchError extends Error {
  /** Stable machine-readable code, kebab-case (`config-parse`, `unknown-tool`, …). */
  readonly code: ErrorCode
  /** From `EXIT_CODES`, never chosen by the throw site. */
  readonly exitCode: ExitCodeValue
  readonly suggestions: string[]
  readonly file?: string
  readonly line?: number
  readonly column?: number
  readonly details?: Record<string, unknown>
  readonly hint?: string

  constructor(code: ErrorCode, message: string, options: ToolsearchErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : {cause: options.cause})
    this.name = 'ToolsearchError'
    this.code = code
    this.exitCode = exitCodeFor(code)
    this.suggestions = options.suggestions ?? []
    this.file = options.file
    this.line = options.line
    this.column = options.column
    this.details = options.details
    this.hint = options.hint
  }
}

/** A usage error (exit 2): bad flags, bad arguments, bad paths. */
export function usageError(message: string, options: ToolsearchErrorOptions = {}): ToolsearchError {
  return new ToolsearchError('usage', message, options)
}

export function isToolsearchError(value: unknown): value is ToolsearchError {
  return value instanceof ToolsearchError
}

/** Anything thrown as a ToolsearchError: one passes as it is, anything else is an internal error (exit 1) with its message. */
export function asToolsearchError(value: unknown): ToolsearchError {
  if (isToolsearchError(value)) return value
  return new ToolsearchError('internal', value instanceof Error ? value.message : String(value), {cause: value})
}

/** `DEBUG=toolsearch*` (alone or in a comma-separated list): show stack traces and server stderr. */
export function isDebugEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return /(^|,)\s*toolsearch/.test(env.DEBUG ?? '')
}
