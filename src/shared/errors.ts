/**
 * The one error type the library throws for anything a user can cause: bad input, bad files,
 * blocked or failed tools. Commands map it to an exit code and a message in one place
 * (`src/cli/base-command.ts`); nothing else prints errors or picks exit codes for them.
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

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]

export interface ToolsearchErrorOptions {
  /** Exit code the CLI uses for this error; defaults to `ExitCode.failure`. */
  exitCode?: number
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
  readonly code: string
  readonly exitCode: number
  readonly suggestions: string[]
  readonly file?: string
  readonly line?: number
  readonly column?: number
  readonly details?: Record<string, unknown>
  readonly hint?: string

  constructor(code: string, message: string, options: ToolsearchErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : {cause: options.cause})
    this.name = 'ToolsearchError'
    this.code = code
    this.exitCode = options.exitCode ?? ExitCode.failure
    this.suggestions = options.suggestions ?? []
    this.file = options.file
    this.line = options.line
    this.column = options.column
    this.details = options.details
    this.hint = options.hint
  }
}

/** A usage error (exit 2): bad flags, bad arguments, bad paths. */
export function usageError(message: string, options: Omit<ToolsearchErrorOptions, 'exitCode'> = {}): ToolsearchError {
  return new ToolsearchError('usage', message, {...options, exitCode: ExitCode.usage})
}

export function isToolsearchError(value: unknown): value is ToolsearchError {
  return value instanceof ToolsearchError
}

/** `DEBUG=toolsearch*` (alone or in a comma-separated list): show stack traces and server stderr. */
export function isDebugEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return /(^|,)\s*toolsearch/.test(env.DEBUG ?? '')
}
