/**
 * One time budget for a whole conversation with a server (start, initialize, list or call), that
 * an outer abort signal (Ctrl-C) can also end. Failures are classified by the deadline's state,
 * not by the error the SDK happens to throw.
 */
import {setMaxListeners} from 'node:events'

import {timerDelay} from '../process/timer.js'

/** The SDK adds an abort listener per request and keeps it; paging a big server adds many. */
const MAX_SIGNAL_LISTENERS = 10_000
export class Deadline {
  private readonly controller = new AbortController()
  private readonly timer: NodeJS.Timeout
  private timedOut = false
  private readonly detachOuter: () => void

  constructor(
    readonly timeoutMs: number,
    outer?: AbortSignal,
    /** When the budget started (default: now); work that began earlier gets only what is left. */
    private readonly startedAt: number = Date.now(),
  ) {
    setMaxListeners(MAX_SIGNAL_LISTENERS, this.controller.signal)
    this.timer = setTimeout(
      () => {
        this.timedOut = true
        this.controller.abort(new Error(`timed out after ${timeoutMs} ms`))
      },
      timerDelay(Math.max(1, timeoutMs - (Date.now() - startedAt))),
    )
    const onOuterAbort = (): void => this.controller.abort(new Error('interrupted'))
    if (outer?.aborted) onOuterAbort()
    outer?.addEventListener('abort', onOuterAbort, {once: true})
    this.detachOuter = () => outer?.removeEventListener('abort', onOuterAbort)
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** The time limit passed. */
  get expired(): boolean {
    return this.timedOut
  }

  /** The outer signal ended the work (and the time limit had not passed). */
  get interrupted(): boolean {
    return this.controller.signal.aborted && !this.timedOut
  }

  /** Milliseconds left, at least 1 (the SDK treats 0 as "no timeout"). */
  remaining(): number {
    return Math.max(1, this.timeoutMs - (Date.now() - this.startedAt))
  }

  /** Rejects as soon as the deadline ends, for steps that take no abort signal. */
  race<T>(work: Promise<T>): Promise<T> {
    const signal = this.controller.signal
    if (signal.aborted) return Promise.reject(signal.reason as Error)
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason as Error)
      signal.addEventListener('abort', onAbort, {once: true})
      work.then(
        (value) => {
          signal.removeEventListener('abort', onAbort)
          resolve(value)
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort)
          reject(error)
        },
      )
    })
  }

  dispose(): void {
    clearTimeout(this.timer)
    this.detachOuter()
  }
}

/**
 * The limit of work on a session: its own `requestTimeoutMs` from now, else what is left of
 * `timeoutMs` counted from `startedAt` (when start-up began).
 */
export function workLimit(options: {timeoutMs: number; requestTimeoutMs?: number; signal?: AbortSignal}, startedAt: number): {timeoutMs: number; signal?: AbortSignal; startedAt?: number} {
  if (options.requestTimeoutMs !== undefined) return {timeoutMs: options.requestTimeoutMs, signal: options.signal}
  return {timeoutMs: options.timeoutMs, signal: options.signal, startedAt}
}
