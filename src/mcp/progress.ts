/**
 * A one-line progress display for a terminal: each message replaces the previous one, and an
 * empty message (what `listMcpServerTools` sends when every server is done) or the end of the
 * process clears the line. While a message shows, the line says every second how long the wait
 * has lasted (` — 12 s so far`, counted from the first message), so a server that never answers
 * is never a silent wait: the message says what is waited for and each one's limit (list.ts).
 * On anything but a TTY it prints nothing, so logs and `--json` runs stay clean.
 */
import {safeInline} from '../output/terminal.js'

const CLEAR_LINE = '\r\u001b[2K'
/** How often the time waited so far is said again. */
export const PROGRESS_TICK_MS = 1000

export interface ProgressStream {
  isTTY?: boolean
  columns?: number
  write(text: string): unknown
}

/** The clock and the timer the line uses; a test passes its own. */
export interface ProgressClock {
  now(): number
  /** Calls `tick` every `ms` until the returned function is called; never keeps the process alive. */
  every(ms: number, tick: () => void): () => void
}

const systemClock: ProgressClock = {
  now: () => performance.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms)
    timer.unref()
    return () => clearInterval(timer)
  },
}

/** ` — 12 s so far` once a second has passed; nothing before. */
export function elapsedSuffix(ms: number): string {
  const seconds = Math.floor(ms / 1000)
  return seconds < 1 ? '' : ` — ${seconds} s so far`
}

export function ttyProgressLine(stream: ProgressStream = process.stderr, clock: ProgressClock = systemClock): (message: string) => void {
  if (stream.isTTY !== true) return () => undefined
  let showing: string | undefined
  let startedAt = 0
  let stopTicking: (() => void) | undefined
  const draw = (): void => {
    if (showing === undefined) return
    const width = Math.max(20, (stream.columns || 80) - 1)
    const line = `${safeInline(showing)}${elapsedSuffix(clock.now() - startedAt)}`
    stream.write(`${CLEAR_LINE}${line.length > width ? `${line.slice(0, width - 1)}…` : line}`)
  }
  // A line still showing when toolsearch exits (Ctrl-C while servers start) is cleared too, so the
  // shell prompt does not land behind it.
  const clear = (): void => {
    if (showing !== undefined) stream.write(CLEAR_LINE)
    showing = undefined
    stopTicking?.()
    stopTicking = undefined
    process.off('exit', clear)
  }
  return (message) => {
    if (message === '') return clear()
    if (showing === undefined) {
      startedAt = clock.now()
      process.on('exit', clear)
      stopTicking = clock.every(PROGRESS_TICK_MS, draw)
    }
    showing = message
    draw()
  }
}
