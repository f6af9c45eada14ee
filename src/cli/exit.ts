/**
 * How the CLI's own process ends once its command is done. Left to itself, Node ends a process
 * whose event loop has nothing left to do by tearing its environment down: every handle closed,
 * every cleanup hook run, the V8 heap freed page by page. That is about 2 ms of a repeated
 * `search` (bench/README.md) spent after the last byte was written, on memory the operating system
 * takes back whole anyway. So when nothing is left — no write still queued, no timer, no child
 * process, no socket, no file operation — the process ends right away with `process.exit`, which
 * skips that teardown and nothing else: the `exit` listeners run and the exit code is the one set.
 * Anything still pending, and the process ends as Node would have ended it.
 */

/**
 * What may still be open when nothing is left to do: the handles of the standard streams that were
 * made (a pipe's or a terminal's; a file's stream holds none), never more than the three of them.
 */
const STANDARD_STREAM_HANDLES: ReadonlySet<string> = new Set(['PipeWrap', 'TTYWrap'])
const STANDARD_STREAMS = 3

/** Whether a process whose open resources are `resources` (`process.getActiveResourcesInfo()`) has nothing left to do. */
export function nothingPending(resources: readonly string[]): boolean {
  return resources.length <= STANDARD_STREAMS && resources.every((resource) => STANDARD_STREAM_HANDLES.has(resource))
}

/**
 * Ends the process now when nothing is pending (see the module's doc); otherwise returns, and the
 * event loop ends it. A runtime without `getActiveResourcesInfo` always returns.
 */
export function exitWhenIdle(proc: Pick<NodeJS.Process, 'exit'> & {getActiveResourcesInfo?: () => string[]} = process): void {
  if (typeof proc.getActiveResourcesInfo !== 'function') return
  if (nothingPending(proc.getActiveResourcesInfo())) proc.exit()
}
