/**
 * Reading OpenClaw's session stores the tests write: both storage forms of an event (JSON text and
 * zstd), the legacy JSONL layout, the state directory as OpenClaw resolves it, a database a writer
 * holds open in WAL mode (another process, writing all along), and bad input: a corrupt,
 * truncated, foreign or newer database, an event that is not zstd, a half-written last line. Every
 * database is compared byte for byte, and its directory listed, before and after.
 */
import {spawn} from 'node:child_process'
import {copyFileSync, mkdirSync, readFileSync, readdirSync, truncateSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import Database from 'better-sqlite3'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {atFileEnd} from '../helpers/file-end.js'
import {sameSnapshot, walState} from '../../src/session/openclaw/wal.js'
import {type SessionJson, assistantCall, assistantText, candidate, emptyAgentDatabase, header, insertSession, toolResult, writeAgentDatabase, writeJsonlSession} from './openclaw-db.js'


/** A session that searches, describes and calls: its search result is what a test compresses. */
function searchingSession(id: string) {
  const echo = 'mcp:everything:everything__echo'
  return [
    header(id),
    assistantCall('c1', 'tool_search', {query: 'echo a message'}),
    toolResult('c1', 'tool_search', [candidate(echo), candidate('openclaw:core:read')]),
    assistantCall('c2', 'tool_describe', {id: echo}),
    toolResult('c2', 'tool_describe', {...candidate(echo), parameters: {type: 'object'}}),
    assistantCall('c3', 'tool_call', {id: echo, args: {message: 'hi'}}),
    toolResult('c3', 'tool_call', {tool: candidate(echo), result: {content: [{type: 'text', text: 'Echo: hi'}]}}),
    assistantText('done'),
  ]
}

const isSearchResult = (event: unknown) => JSON.stringify(event).includes('"toolName":"tool_search"')

/** The state directory with one agent database, and its stats. */
async function stateWith(sessions: Parameters<typeof writeAgentDatabase>[1], agent = 'main') {
  const state = tempDir()
  const db = join(state, 'agents', agent, 'agent', 'openclaw-agent.sqlite')
  await writeAgentDatabase(db, sessions)
  return {state, db}
}

/** Runs a session command against a state directory; checks the database was not touched. */
async function untouched(db: string, run: () => ReturnType<typeof runCli>) {
  const dir = join(db, '..')
  const files = readdirSync(dir).sort()
  const bytes = readFileSync(db)
  const result = await run()
  expect(readdirSync(dir).sort()).toEqual(files)
  expect(readFileSync(db).equals(bytes)).toBe(true)
  return result
}

describe('both storage forms of an event', () => {
  it('reads JSON rows and zstd rows alike, and leaves the database, its directory and the WAL mode as they were', async () => {
    const {state, db} = await stateWith([
      {id: 'json-session', events: searchingSession('json-session'), createdAt: Date.UTC(2026, 11, 1)},
      {id: 'zstd-session', events: searchingSession('zstd-session'), zstd: isSearchResult, createdAt: Date.UTC(2026, 11, 2)},
      {id: 'all-zstd', events: searchingSession('all-zstd'), zstd: () => true, createdAt: Date.UTC(2026, 11, 3)},
    ])
    expect(new Database(db, {readonly: true}).pragma('journal_mode', {simple: true})).toBe('wal')
    const result = await untouched(db, () => runCli(['session', 'stats', '--json'], {env: {OPENCLAW_STATE_DIR: state}}))
    expect(result.stderr).toBe('')
    const {sessions} = parseJsonOutput<{sessions: SessionJson[]}>(result)
    expect(sessions.map((session) => session.id)).toEqual(['all-zstd', 'zstd-session', 'json-session'])
    for (const session of sessions) {
      expect(session).toMatchObject({agent: 'main', store: 'sqlite', upFrontSchemas: 12, turns: 4, searches: 1, describes: 1, calls: 1, failedCalls: 0, events: 8, skippedEvents: []})
      expect(session.finalTools).toEqual([{id: 'mcp:everything:everything__echo', source: 'mcp'}])
    }
  })

  it('session list: newest first, with --agent, --since and --limit', async () => {
    const state = tempDir()
    await writeAgentDatabase(join(state, 'agents', 'main', 'agent', 'openclaw-agent.sqlite'), [
      {id: 'old', events: searchingSession('old'), createdAt: Date.UTC(2026, 10, 1)},
      {id: 'new', events: searchingSession('new'), createdAt: Date.UTC(2026, 11, 5)},
    ])
    await writeAgentDatabase(join(state, 'agents', 'ops', 'agent', 'openclaw-agent.sqlite'), [{id: 'ops-one', events: searchingSession('ops-one'), createdAt: Date.UTC(2026, 11, 3)}])
    const list = async (...flags: string[]) => parseJsonOutput<{sessions: SessionJson[]}>(await runCli(['session', 'list', '--json', ...flags], {env: {OPENCLAW_STATE_DIR: state}})).sessions.map((session) => `${session.agent}/${session.id}`)
    expect(await list()).toEqual(['main/new', 'ops/ops-one', 'main/old'])
    expect(await list('--agent', 'ops')).toEqual(['ops/ops-one'])
    expect(await list('--since', '2026-12-02')).toEqual(['main/new', 'ops/ops-one'])
    expect(await list('--limit', '1')).toEqual(['main/new'])
    const text = await runCli(['session', 'list'], {env: {OPENCLAW_STATE_DIR: state}})
    expect(text.stdout.split('\n')[0]).toMatch(/^SESSION +AGENT +STARTED +MODEL +TURNS +TOOL SEARCH +FAILED +TOKENS$/)
    expect(text.stdout).toMatch(/\nnew +main +2026-12-01 10:00Z +mock\/mock-model +4 +3 +0 +420\n/)
  })

  it('finds the state directory as OpenClaw does: --profile, --dev, the legacy directory', async () => {
    const home = tempDir()
    for (const [dir, id] of [['.openclaw-work', 'work-session'], ['.openclaw-dev', 'dev-session'], ['.clawdbot', 'legacy-session']] as const) {
      await writeAgentDatabase(join(home, dir, 'agents', 'main', 'agent', 'openclaw-agent.sqlite'), [{id, events: searchingSession(id)}])
    }
    const ids = async (...flags: string[]) => parseJsonOutput<{sessions: SessionJson[]}>(await runCli(['session', 'list', '--json', ...flags], {env: {HOME: home}})).sessions.map((session) => session.id)
    expect(await ids('--profile', 'work')).toEqual(['work-session'])
    expect(await ids('--dev')).toEqual(['dev-session'])
    // Only ~/.clawdbot exists: OpenClaw's state directory is that one.
    expect(await ids()).toEqual(['legacy-session'])
    const result = await runCli(['session', 'list', '--json'], {env: {HOME: home, OPENCLAW_STATE_DIR: join(home, '.openclaw-dev')}})
    expect(parseJsonOutput<{stateDir: string}>(result).stateDir).toBe(join(home, '.openclaw-dev'))
  })
})

describe('the legacy JSONL layout', () => {
  it('reads agents/<id>/sessions/*.jsonl with their sessions.json entries; a half-written last line is skipped with a warning', async () => {
    const state = tempDir()
    const file = writeJsonlSession(state, 'main', {id: 'legacy-1', events: searchingSession('legacy-1')}, '{"type":"message","message":{"role":"assis')
    const before = readFileSync(file)
    const result = await runCli(['session', 'stats', '--json'], {env: {OPENCLAW_STATE_DIR: state}})
    expect(result.code).toBe(0)
    expect(result.stderr).toBe(`Warning: ${file}:9: not JSON (a half-written line?); skipped.\n`)
    const [session] = parseJsonOutput<{sessions: SessionJson[]}>(result).sessions as [SessionJson]
    expect(session).toMatchObject({id: 'legacy-1', agent: 'main', store: 'jsonl', upFrontSchemas: 2, searches: 1, describes: 1, calls: 1, skippedEvents: [{seq: 9, problem: 'not JSON (a half-written line?)'}]})
    expect(readFileSync(file).equals(before)).toBe(true)
    const shown = await runCli(['session', 'show', 'legacy'], {env: {OPENCLAW_STATE_DIR: state}})
    expect(shown.stdout).toContain('  describe mcp:everything:everything__echo: mcp:everything:everything__echo (mcp)')
  })

  it('a session in both forms is read once, from the database', async () => {
    const {state} = await stateWith([{id: 'both', events: searchingSession('both')}])
    writeJsonlSession(state, 'main', {id: 'both', events: [header('both')]})
    const {sessions} = parseJsonOutput<{sessions: SessionJson[]}>(await runCli(['session', 'list', '--json'], {env: {OPENCLAW_STATE_DIR: state}}))
    expect(sessions.map((session) => [session.id, session.store])).toEqual([['both', 'sqlite']])
  })
})

describe('bad input: a clear message, the exit code from the table, the file untouched', () => {
  async function refused(prepare: (db: string) => void, message: RegExp) {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    await writeAgentDatabase(db, [{id: 's1', events: searchingSession('s1')}])
    prepare(db)
    const result = await untouched(db, () => runCli(['session', 'stats', db]))
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    return result
  }

  it('a file that is not SQLite', async () => {
    await refused((db) => writeFileSync(db, 'SQLite format 3\0 but nothing after it'.padEnd(2048, 'x')), /^Error: Cannot read session database .*: it is not an SQLite database|the database is corrupt/)
  })

  it('a truncated database', async () => {
    await refused((db) => truncateSync(db, 3 * 4096), /^Error: Cannot read session database .*: the database is corrupt or truncated/)
  })

  it("another program's database", async () => {
    await refused((db) => {
      writeFileSync(db, '')
      const other = new Database(db)
      other.exec('CREATE TABLE notes (body TEXT)')
      other.close()
    }, /^Error: Cannot read session database .*: it is not an OpenClaw agent database \(no schema_meta or transcript_events table\)\n$/)
  })

  it('a newer schema version', async () => {
    await refused((db) => {
      const writer = new Database(db)
      writer.prepare("UPDATE schema_meta SET schema_version = 99 WHERE meta_key = 'primary'").run()
      writer.close()
    }, /: its schema version 99 is newer than the newest this toolsearch reads \(23\); update toolsearch\n$/)
  })

  it('an event that is not valid zstd is skipped with a warning naming it; the rest is read', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    await writeAgentDatabase(db, [{id: 's1', events: searchingSession('s1'), zstd: isSearchResult}])
    const writer = new Database(db)
    writer.prepare("UPDATE transcript_events SET event_zstd = X'28b52ffd00deadbeef' WHERE seq = 2").run()
    writer.pragma('wal_checkpoint(TRUNCATE)')
    writer.close()
    const result = await untouched(db, () => runCli(['session', 'stats', db, '--json']))
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(new RegExp(`^Warning: ${db.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')} session s1 event 2: event_zstd is not valid zstd \\(.+\\); skipped\\.\\n$`))
    const [session] = parseJsonOutput<{sessions: SessionJson[]}>(result).sessions as [SessionJson]
    expect(session).toMatchObject({searches: 1, calls: 1, events: 7})
    expect(session.skippedEvents).toHaveLength(1)
  })

  it('an unknown session id fails with exit 1 and says how to list them', async () => {
    const {state} = await stateWith([{id: 's1', events: searchingSession('s1')}])
    const result = await runCli(['session', 'show', 'nope'], {env: {OPENCLAW_STATE_DIR: state}})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(`Error: No session "nope" in ${state} (1 session; "toolsearch session list" shows them).\n`)
  })

  it('a database with several sessions needs --id for show', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    await writeAgentDatabase(db, [{id: 'a1', events: searchingSession('a1')}, {id: 'b2', events: searchingSession('b2')}])
    const result = await runCli(['session', 'show', db])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('holds 2 sessions; name one with --id')
    expect((await runCli(['session', 'show', db, '--id', 'b2'])).stdout).toContain('Session b2')
  })
})

describe('nothing that looks like a secret is printed', () => {
  it('arguments, results and errors are scrubbed, with and without --show-args', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    const secretArgs = {url: 'https://example.test', headers: {Authorization: 'Bearer abcdefghijklmnop'}, apiKey: 'sk-live-1234567890abcdef', note: 'token=ghp_abcdefghijklmnopqrstuvwxyz012345'}
    await writeAgentDatabase(db, [
      {
        id: 's1',
        events: [
          header('s1'),
          assistantCall('c1', 'tool_call', {id: 'mcp:web:fetch', args: secretArgs}),
          toolResult('c1', 'tool_call', {status: 'error', error: 'upstream said: invalid key sk-live-1234567890abcdef (OPENAI_API_KEY=sk-proj-abcdefghijk)'}, {isError: true}),
          assistantCall('c2', 'tool_call', {id: 'mcp:web:fetch', args: secretArgs}),
          toolResult('c2', 'tool_call', {tool: candidate('mcp:web:fetch'), result: {content: [{type: 'text', text: '{"GITHUB_TOKEN": "ghp_abcdefghijklmnopqrstuvwxyz012345", "HOME": "/home/me"}'}]}}),
        ],
      },
    ])
    for (const flags of [[], ['--show-args'], ['--json'], ['--json', '--show-args']]) {
      const result = await runCli(['session', 'show', db, ...flags])
      expect(result.code).toBe(0)
      for (const secret of ['abcdefghijklmnop', 'sk-live-1234567890abcdef', 'sk-proj-abcdefghijk', 'ghp_abcdefghijklmnopqrstuvwxyz012345']) expect(result.stdout + result.stderr).not.toContain(secret)
    }
    const shown = await runCli(['session', 'show', db, '--show-args'])
    expect(shown.stdout).toContain('"url":"https://example.test"')
    expect(shown.stdout).toContain('"Authorization":"<redacted>"')
    expect(shown.stdout).toContain('"HOME\\": \\"/home/me\\"')
    expect((await runCli(['session', 'show', db])).stdout).toContain('{"url":"<string>","headers":{"Authorization":"<string>"},"apiKey":"<string>","note":"<string>"}')
  })
})

describe('a writer holding the database open in WAL mode', () => {
  it('rows committed to the WAL and not yet checkpointed are read, while the writer keeps writing; nothing is left behind', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    emptyAgentDatabase(db).close()
    const writer = spawn(process.execPath, [join(ROOT, 'test/session/wal-writer.mjs'), db, 'live', '300'], {stdio: ['pipe', 'pipe', 'inherit']})
    atFileEnd(() => writer.kill())
    const lines = createInterface({input: writer.stdout})
    const next = () => new Promise<string>((resolve) => lines.once('line', resolve))
    expect(await next()).toBe('ready 300')
    // The rows are in the WAL only: the database file alone has none of them.
    const copy = join(tempDir(), 'copy.sqlite')
    copyFileSync(db, copy)
    expect(new Database(copy, {readonly: true}).prepare('SELECT count(*) AS n FROM transcript_events').get()).toEqual({n: 0})
    const files = readdirSync(dir).sort()
    expect(files).toEqual(['openclaw-agent.sqlite', 'openclaw-agent.sqlite-shm', 'openclaw-agent.sqlite-wal'])
    let last = 0
    for (let round = 0; round < 3; round++) {
      const result = await runCli(['session', 'stats', db, '--json'])
      expect(result.stderr).toBe('')
      const [session] = parseJsonOutput<{sessions: SessionJson[]}>(result).sessions as [SessionJson]
      expect(session.id).toBe('live')
      expect(session.turns).toBeGreaterThanOrEqual(Math.max(300, last))
      expect(session.events).toBe(session.turns)
      last = session.turns
      expect(readdirSync(dir).sort()).toEqual(files)
    }
    writer.stdin.end()
    const closed = await next()
    expect(closed).toMatch(/^closed \d+$/)
    await new Promise((resolve) => writer.once('exit', resolve))
    const final = Number(closed.split(' ')[1])
    expect(final).toBeGreaterThan(last)
    // The writer closed and checkpointed: its -wal and -shm are gone, and reading makes none.
    expect(readdirSync(dir).sort()).toEqual(['openclaw-agent.sqlite'])
    const result = await untouched(db, () => runCli(['session', 'stats', db, '--json']))
    expect((parseJsonOutput<{sessions: SessionJson[]}>(result).sessions[0] as SessionJson).turns).toBe(final)
  })

  it('tells a snapshot a checkpoint or a WAL restart changed from one that stayed the same', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    const writer = emptyAgentDatabase(db)
    writer.pragma('wal_autocheckpoint = 0')
    await insertSession(writer, {id: 'a', events: searchingSession('a')})
    const start = walState(db)
    expect(start.walHeader).toBeDefined()
    expect(start.shm).toBeDefined()
    expect(sameSnapshot(start, walState(db))).toBe(true)
    // A transaction appended after the start and checkpointed: pages read from the file may be newer.
    await insertSession(writer, {id: 'b', events: searchingSession('b')})
    expect(sameSnapshot(start, walState(db))).toBe(true)
    writer.pragma('wal_checkpoint(PASSIVE)')
    expect(sameSnapshot(start, walState(db))).toBe(false)
    // A WAL restarted from its first frame (new salts).
    const checkpointed = walState(db)
    writer.pragma('wal_checkpoint(RESTART)')
    await insertSession(writer, {id: 'c', events: searchingSession('c')})
    expect(sameSnapshot(checkpointed, walState(db))).toBe(false)
    writer.close()
    // The writer gone (WAL deleted): a reader that started with a WAL must read again.
    expect(sameSnapshot(checkpointed, walState(db))).toBe(false)
    const quiet = walState(db)
    expect(quiet.walHeader).toBeUndefined()
    expect(sameSnapshot(quiet, walState(db))).toBe(true)
  })
})

describe('a long session', () => {
  it('reads a 100,000-event session, one event at a time', async () => {
    const dir = tempDir()
    const db = join(dir, 'openclaw-agent.sqlite')
    const writer = emptyAgentDatabase(db)
    writer.prepare("INSERT INTO session_windows (session_id, session_key, created_at, updated_at) VALUES ('long', 'agent:main:long', 0, 0)").run()
    const insert = writer.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?)')
    writer.transaction(() => {
      insert.run('long', 0, JSON.stringify(header('long')), 0)
      for (let seq = 1; seq < 99_998; seq += 2) {
        insert.run('long', seq, JSON.stringify(assistantCall(`c${seq}`, 'tool_search', {query: `query ${seq % 7}`})), seq)
        insert.run('long', seq + 1, JSON.stringify(toolResult(`c${seq}`, 'tool_search', [candidate('mcp:everything:everything__echo')])), seq + 1)
      }
      insert.run('long', 99_999, JSON.stringify(assistantText('done')), 99_999)
    })()
    writer.pragma('wal_checkpoint(TRUNCATE)')
    writer.close()
    mkdirSync(join(dir, 'unrelated'))
    const result = await untouched(db, () => runCli(['session', 'stats', db, '--json']))
    const [session] = parseJsonOutput<{sessions: SessionJson[]}>(result).sessions as [SessionJson]
    expect(session).toMatchObject({events: 100_000, turns: 50_000, searches: 49_999})
    expect(session.struggles['repeated-search']).toBe(49_999 - 7)
  })
})
