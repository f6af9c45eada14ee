// A writer that holds an OpenClaw agent database open in WAL mode, as a gateway does: it appends
// the events of session `id` (argv: <db> <id> <first-batch>), checkpointing nothing, prints
// "ready <n>" once the first batch is committed, then keeps appending one event every few
// milliseconds (SQLite's automatic checkpoint at its default, 1000 pages), until its stdin closes.
import Database from 'better-sqlite3'

const [file, id, firstBatch] = process.argv.slice(2)
const db = new Database(file)
db.pragma('journal_mode = WAL')
db.pragma('wal_autocheckpoint = 0')
db.pragma('foreign_keys = OFF')
const insert = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?)')
let seq = 0
const event = () => JSON.stringify({type: 'message', id: `m${seq}`, parentId: null, timestamp: '2026-12-01T10:00:00.000Z', message: {role: 'assistant', content: [{type: 'text', text: `turn ${seq}`}], usage: {input: 1, output: 1, totalTokens: 2}}})
db.transaction(() => {
  for (; seq < Number(firstBatch); seq++) insert.run(id, seq, event(), seq)
})()
process.stdout.write(`ready ${seq}\n`)
db.pragma('wal_autocheckpoint = 1000')
const timer = setInterval(() => {
  insert.run(id, seq, event(), seq)
  seq++
}, 5)
process.stdin.on('end', () => {
  clearInterval(timer)
  db.close()
  process.stdout.write(`closed ${seq}\n`)
})
process.stdin.resume()
