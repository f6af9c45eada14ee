/**
 * Which lines of a process's stderr an error quotes: the last few (what it said as it died), and
 * before them its first error line when that is not among them — a stack trace or a runtime's
 * footer (`Node.js v20…`) can push the one useful line ("Error: Cannot find module …") out of the
 * last few. Shared by MCP servers (mcp/) and command tools (call/executors/).
 */

/** A line that says what went wrong: `Error: …`, `TypeError: …`, `ModuleNotFoundError: …`, `error: …`, `fatal: …`, `panic: …`, `Traceback …`. */
const ERROR_LINE = /^(?:[\w$.]*(?:Error|Exception)\b|error\b|fatal\b|panic\b|traceback\b)/iu

export function isErrorLine(line: string): boolean {
  return ERROR_LINE.test(line.trim())
}

/** Stands for the lines left out between the first error line and the last lines. */
export const OMITTED_LINES = '…'

/**
 * The last `count` lines, preceded by the first error line (`firstError`, else the first of
 * `lines` that is one) and `…` when it is not among them.
 */
export function stderrExcerpt(lines: readonly string[], count: number, firstError: string | undefined = lines.find(isErrorLine)): string[] {
  const last = lines.slice(-count)
  if (firstError === undefined || last.includes(firstError)) return last
  return [firstError, OMITTED_LINES, ...last]
}
