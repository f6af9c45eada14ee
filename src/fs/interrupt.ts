/**
 * A write stopped by SIGINT, SIGTERM or SIGHUP removes its temp file and says that nothing was
 * written before the process exits; its locks stay, stale at once since their holder is dead.
 */
import {unlinkSync} from 'node:fs'

/** Temp files and locks of writes in progress, removed if a signal ends the process first. */
const inProgress = new Set<{temp?: string; file: string; locks: string[]}>()
const SIGNAL_NUMBERS = {SIGINT: 2, SIGTERM: 15, SIGHUP: 1} as const

function onSignal(signal: keyof typeof SIGNAL_NUMBERS): void {
  for (const write of inProgress) {
    if (write.temp !== undefined) {
      try {
        unlinkSync(write.temp)
      } catch {
        // Already gone.
      }
    }
    process.stderr.write(`toolsearch: stopped by ${signal} while writing ${write.file}; nothing was written.\n`)
  }
  // The locks stay: their holder is now dead, which makes them stale to every writer at once.
  process.exit(128 + SIGNAL_NUMBERS[signal])
}

const signalHandlers = new Map((Object.keys(SIGNAL_NUMBERS) as Array<keyof typeof SIGNAL_NUMBERS>).map((signal) => [signal, () => onSignal(signal)]))

/** Registers a write in progress; the returned function unregisters it. */
export function trackWrite(write: {temp?: string; file: string; locks: string[]}): () => void {
  if (inProgress.size === 0) for (const [signal, handler] of signalHandlers) process.on(signal, handler)
  inProgress.add(write)
  return () => {
    inProgress.delete(write)
    if (inProgress.size === 0) for (const [signal, handler] of signalHandlers) process.off(signal, handler)
  }
}
