/**
 * Many writers at once, released together: every acknowledged write must be in the file at the
 * end. Each writer is its own process that exits when done, as with a user's shell loop: that is
 * what exposes a stale takeover racing a fresh lock (a holder that released and exited looks dead
 * to a writer that read its lock a moment earlier).
 */
import {spawn} from 'node:child_process'
import {readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'

import {ROOT, isolatedEnv, runCli, tempDir} from '../helpers/cli.js'

/**
 * Rounds of simultaneous writers. Three rounds of sixteen processes each race every path of the
 * lock (fresh, released, stale takeover) in the ordinary suite; `lock.test.ts` shows each path on
 * its own, deterministically. The rounds are repetitions that make a rare interleaving likelier,
 * so a soak run raises them
 * (`TOOLSEARCH_TEST_ROUNDS=100 npx vitest run test/fs/concurrency.test.ts`, see docs/reliability.md).
 * Three instead of six keeps the suite within its time budget on two cores (192 writer processes
 * were about a sixth of the suite's CPU).
 */
const ROUNDS = Number(process.env.TOOLSEARCH_TEST_ROUNDS ?? 3)
/** A round takes a few seconds on an idle machine; a loaded one is given ten times that. */
const ROUND_LIMIT_MS = 30_000
const WRITERS = 16
const LIBRARY_WRITER = join(ROOT, 'test', 'fixtures', 'lock', 'library-writer.mjs')
const OPENCLAW_WRITER = join(ROOT, 'test', 'fixtures', 'lock', 'openclaw-protocol-writer.mjs')
const WRITER_MODULE = pathToFileURL(join(ROOT, 'dist', 'src', 'fs', 'atomic-write.js')).href
/**
 * The writers' environment, as a CLI run's: nothing of the person running the suite (NODE_OPTIONS,
 * or NODE_EXTRA_CA_CERTS, which has every Node process read a certificate file first).
 */
const WRITER_ENV = isolatedEnv()

function configFile(): string {
  const file = join(tempDir(), 'openclaw.json')
  writeFileSync(file, '{}\n')
  return file
}

const keysIn = (file: string) => Object.keys((JSON.parse(readFileSync(file, 'utf8')) as {env?: {vars?: object}}).env?.vars ?? JSON.parse(readFileSync(file, 'utf8')))
const leftovers = (file: string) => readdirSync(join(file, '..')).filter((name) => /\.(tmp|lock)$|\.stale-|\.takeover$/.test(name))

interface Writer {
  ready: Promise<void>
  go(): void
  done: Promise<string>
}

function libraryWriter(file: string, key: string, holdMs = 0): Writer {
  const child = spawn(process.execPath, [LIBRARY_WRITER, WRITER_MODULE, file, key, String(holdMs)], {stdio: ['pipe', 'pipe', 'inherit'], env: WRITER_ENV})
  let output = ''
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((done) => (markReady = done))
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
    if (output.startsWith('ready\n')) markReady()
  })
  const done = new Promise<string>((resolveDone) => child.on('close', () => resolveDone(output.replace(/^ready\n/, '').trim())))
  return {ready, go: () => child.stdin.end('go\n'), done}
}

interface OpenClawWriter {
  locked: Promise<void>
  done: Promise<{ok: boolean; waitedMs?: number; acquiredAt?: number}>
}

function openclawWriter(file: string, key: string, holdMs: number): OpenClawWriter {
  const child = spawn(process.execPath, [OPENCLAW_WRITER, file, key, String(holdMs)], {stdio: ['ignore', 'pipe', 'inherit'], env: WRITER_ENV})
  let output = ''
  let markLocked: () => void = () => undefined
  const locked = new Promise<void>((done) => (markLocked = done))
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
    if (output.startsWith('locked\n')) markLocked()
  })
  const done = new Promise<{ok: boolean}>((resolveDone) => child.on('close', () => resolveDone(JSON.parse(output.replace(/^locked\n/, '')) as {ok: boolean})))
  return {locked, done}
}

describe('simultaneous writers', () => {
  it(`${ROUNDS} rounds of ${WRITERS} processes through the shared writer, released together: every acknowledged write is kept`, async () => {
    const file = configFile()
    const acknowledged: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const writers = Array.from({length: WRITERS}, (_, index) => ({key: `r${round}w${index}`, writer: libraryWriter(file, `r${round}w${index}`)}))
      await Promise.all(writers.map(({writer}) => writer.ready))
      for (const {writer} of writers) writer.go()
      for (const {key, writer} of writers) if ((await writer.done).startsWith('ok ')) acknowledged.push(key)
    }
    expect(acknowledged).toHaveLength(ROUNDS * WRITERS)
    expect(keysIn(file).sort()).toEqual([...acknowledged].sort())
    expect(leftovers(file)).toEqual([])
  }, ROUNDS * ROUND_LIMIT_MS)

  it(`${ROUNDS} rounds of ${WRITERS} \`config set\` runs of distinct keys, started together: every acknowledged write is kept`, async () => {
    const file = configFile()
    const acknowledged: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const keys = Array.from({length: WRITERS}, (_, index) => `R${round}W${index}`)
      const results = await Promise.all(keys.map((key) => runCli(['config', 'set', `env.vars.${key}`, '"1"'], {env: {OPENCLAW_CONFIG_PATH: file, TOOLSEARCH_LOCK_WAIT_MS: '60000'}, timeoutMs: 90_000})))
      results.forEach((result, index) => {
        if (result.code === 0) acknowledged.push(keys[index]!)
        else expect(result.stderr).toBe('')
      })
    }
    expect(acknowledged).toHaveLength(ROUNDS * WRITERS)
    expect(keysIn(file).sort()).toEqual([...acknowledged].sort())
    expect(leftovers(file)).toEqual([])
  }, ROUNDS * ROUND_LIMIT_MS)
})

describe('one lock with OpenClaw', () => {
  it('`config set` waits for a writer following OpenClaw’s lock protocol that holds the lock for 5 s, then keeps both writes', async () => {
    const file = configFile()
    const openclaw = openclawWriter(file, 'openclaw', 5000)
    await openclaw.locked
    const started = Date.now()
    const result = await runCli(['config', 'set', 'env.vars.TOOLSEARCH', '"1"'], {env: {OPENCLAW_CONFIG_PATH: file}})
    expect(result).toMatchObject({code: 0, stderr: ''})
    expect(Date.now() - started).toBeGreaterThan(4000)
    expect(await openclaw.done).toMatchObject({ok: true})
    const config = JSON.parse(readFileSync(file, 'utf8')) as {openclaw?: number; env?: {vars?: object}}
    expect(config.openclaw).toBe(1)
    expect(config.env?.vars).toEqual({TOOLSEARCH: '1'})
  }, 120_000)

  it('a writer following OpenClaw’s protocol waits for toolsearch’s live lock (it reads toolsearch’s payload as live)', async () => {
    const file = configFile()
    const toolsearch = libraryWriter(file, 'toolsearch', 1500)
    await toolsearch.ready
    toolsearch.go()
    await new Promise((done) => setTimeout(done, 300))
    const openclaw = await openclawWriter(file, 'openclaw', 0).done
    const done = await toolsearch.done
    expect(done).toMatch(/^ok \d+$/)
    expect(openclaw.ok).toBe(true)
    // It took the lock only once toolsearch had released it.
    expect(openclaw.acquiredAt).toBeGreaterThanOrEqual(Number(done.slice(3)) - 50)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({toolsearch: 1, openclaw: 1})
  }, 120_000)

  it('both protocols at once, both ways round: 8 OpenClaw-protocol writers and 8 `config set` runs, no write lost', async () => {
    const file = configFile()
    const openclaw = Array.from({length: 8}, (_, index) => openclawWriter(file, `oc${index}`, 20).done)
    const toolsearch = Array.from({length: 8}, (_, index) => runCli(['config', 'set', `env.vars.TS${index}`, '"1"'], {env: {OPENCLAW_CONFIG_PATH: file}}))
    const ours = await Promise.all(toolsearch)
    const theirs = await Promise.all(openclaw)
    for (const result of ours) expect(result).toMatchObject({code: 0, stderr: ''})
    for (const result of theirs) expect(result.ok).toBe(true)
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & {env?: {vars?: object}}
    expect(Object.keys(config).filter((key) => key.startsWith('oc')).sort()).toEqual(Array.from({length: 8}, (_, index) => `oc${index}`).sort())
    expect(Object.keys(config.env?.vars ?? {}).sort()).toEqual(Array.from({length: 8}, (_, index) => `TS${index}`).sort())
  }, 240_000)
})
