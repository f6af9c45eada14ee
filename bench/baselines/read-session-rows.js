// Baseline: a process that only reads and decodes the transcript rows of an agent database —
// every event's JSON text parsed, every zstd row decompressed and parsed — with the same read-only
// reader and zstd decoder the session commands use, and nothing else (no analysis, no output).
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

const dist = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'dist', 'src', 'session', 'openclaw')
const {readDatabase} = await import(pathToFileURL(join(dist, 'sqlite.js')).href)
const {decodeRow} = await import(pathToFileURL(join(dist, 'store.js')).href)
const {loadZstd} = await import(pathToFileURL(join(dist, 'zstd.js')).href)

await loadZstd()
const events = await readDatabase(process.argv[2], (db) => {
  let count = 0
  for (const row of db.iterate('SELECT seq, event_json, event_zstd, event_utf8_bytes FROM transcript_events ORDER BY session_id, seq')) {
    if ('event' in decodeRow(row)) count++
  }
  return count
})
if (events === 0) process.exitCode = 1
