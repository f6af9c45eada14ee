/**
 * A one-line progress display for a terminal: each message replaces the previous one, and an
 * empty message (what `listMcpServerTools` sends when every server is done) or the end of the
 * process clears the line.
 * On anything but a TTY it prints nothing, so logs and `--json` runs stay clean.
 */
import {safeInline} from '../output/terminal.js'

const CLEAR_LINE = '\r\u001b[2K'

export interface ProgressStream {
  isTTY?: boolean
  columns?: number
  write(text: string): unknown
}

export function ttyProgressLine(stream: ProgressStream = process.stderr): (message: string) => void {
  if (stream.isTTY !== true) return () => undefined
  let showing = false
  // A line still showing when toolsearch exits (Ctrl-C while servers start) is cleared too, so the
  // shell prompt does not land behind it.
  const clear = (): void => {
    if (showing) stream.write(CLEAR_LINE)
    showing = false
    process.off('exit', clear)
  }
  return (message) => {
    if (message === '') return clear()
    const width = Math.max(20, (stream.columns || 80) - 1)
    const line = safeInline(message)
    stream.write(`${CLEAR_LINE}${line.length > width ? `${line.slice(0, width - 1)}…` : line}`)
    if (!showing) process.on('exit', clear)
    showing = true
  }
}
