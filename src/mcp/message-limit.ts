/**
 * One limit for every MCP transport: a single message from a server may be at most
 * `MAX_MESSAGE_BYTES` — a stdio line, an HTTP JSON body, one event of an SSE stream (streamable
 * HTTP or the legacy HTTP+SSE transport). A server that sends more (an endless body, an event
 * that never ends) is stopped and reported unavailable with that reason, and memory stays
 * bounded: bytes are counted as they arrive, before anything buffers them whole.
 *
 * An SSE stream as a whole may go on (many small events); what counts is the bytes since the
 * last event boundary (a blank line), so one event cannot grow without end either.
 */

/** The largest single message accepted from a server (a tools/list of a big server fits easily). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024

export class McpMessageTooLargeError extends Error {
  constructor() {
    super(`sent a message larger than the ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB limit for one MCP message`)
    this.name = 'McpMessageTooLargeError'
  }
}

const LF = 0x0a
const CR = 0x0d

/** Counts the bytes of the current SSE event: a blank line (CRLF, LF or CR endings) ends one. */
class EventSizeCounter {
  private bytes = 0
  private lineEmpty = true
  private afterCR = false

  /** Adds `chunk`; the size of the event in progress afterwards (the largest seen in the chunk). */
  add(chunk: Uint8Array): number {
    if (chunk.byteLength > 0 && chunk.indexOf(LF) === -1 && chunk.indexOf(CR) === -1) {
      // No line ending: the event in progress just grows (the common case for big messages).
      this.bytes += chunk.byteLength
      this.lineEmpty = false
      this.afterCR = false
      return this.bytes
    }
    let largest = 0
    for (const byte of chunk) {
      this.bytes += 1
      if (byte === LF && this.afterCR) {
        this.afterCR = false
        continue
      }
      this.afterCR = byte === CR
      if (byte !== LF && byte !== CR) {
        this.lineEmpty = false
        continue
      }
      if (this.lineEmpty) {
        largest = Math.max(largest, this.bytes)
        this.bytes = 0
      }
      this.lineEmpty = true
    }
    return Math.max(largest, this.bytes)
  }
}

/** Counts every byte of a body (a JSON response, an error page). */
class BodySizeCounter {
  private bytes = 0

  add(chunk: Uint8Array): number {
    this.bytes += chunk.byteLength
    return this.bytes
  }
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'text/event-stream'
}

/** `response` with a body that errors (and cancels the download) once a message passes the limit. */
function limitedResponse(response: Response, onTooLarge: (error: Error) => void): Response {
  if (response.body === null) return response
  const counter = isEventStream(response) ? new EventSizeCounter() : new BodySizeCounter()
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (counter.add(chunk) <= MAX_MESSAGE_BYTES) {
          controller.enqueue(chunk)
          return
        }
        const error = new McpMessageTooLargeError()
        onTooLarge(error)
        controller.error(error)
      },
    }),
  )
  const limited = new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers})
  // Redirect handling reads these; a new Response would have them empty.
  Object.defineProperties(limited, {url: {value: response.url}, redirected: {value: response.redirected}, type: {value: response.type}})
  return limited
}

/** A `fetch` for the SDK's HTTP transports whose response bodies obey the message limit. */
export function limitedFetch(onTooLarge: (error: Error) => void): typeof fetch {
  return async (input, init) => limitedResponse(await fetch(input, init), onTooLarge)
}
