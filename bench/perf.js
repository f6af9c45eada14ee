// The performance budget, each row measured against its baseline in the same run (medians of
// BENCH_RUNS runs, alternating the two commands so machine noise hits both alike):
//   1. `config get tools.toolSearch`                 vs `node -e 0`
//   2. one `search --json` over the 342 real tools   vs `node -e 0`
//   3. 200 queries over 10,260 tools (`search --stdin`) vs a straightforward BM25 process
//   Rows 2 and 3 run as a person's next search does, with the index the previous run kept
//   (docs/search.md, "The index and the entries between runs"); beside each, the same with `--no-cache`, as a
//   first run (or a CI job) pays it.
//   4. `directory` over 10,260 tools, for a context  vs a process that only parses that JSON
//      window of 200,000 tokens (as rows 2 and 3, the entries kept between runs; beside it, --no-cache)
//   5. peak memory of row 3                          vs the parse-only process
//   6. `doctor --fix` on a valid 17 MB config        vs a process that only reads and parses it
//      (bench/baselines/parse-config.js: the config reader's own parser, values only)
//      and `doctor --fix` migrating a 17 MB and a 68 MB config (the ratio of the two: linear is ~4)
//   7. `session list` over 1,000 recorded sessions   vs a process that only reads and decodes
//   8. `session stats` of a 100,000-event session       the same rows (bench/baselines/read-session-rows.js)
// `node bench/perf.js --doctor` measures row 6 alone (BENCH_DOCTOR=0 leaves it out);
// `node bench/perf.js --sessions` rows 7 and 8 alone (BENCH_SESSIONS=0 leaves them out).
// The 10,260-tool catalog is the 342 real tools 30 times over as trusted OpenClaw tools under
// distinct owners and names (`{...tool, source: "openclaw", sourceName: server + copy, name: name +
// "_v" + copy}`): every tool is indexed with its parameters and listed in the directory. The
// configs are generated agents with comments, valid or around a retired Tool Search setting.
import {spawnSync} from 'node:child_process'
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..')
const bin = join(root, 'bin', 'run.cjs')
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const DOCTOR_ONLY = process.argv.includes('--doctor')
const SESSIONS_ONLY = process.argv.includes('--sessions')
const DOCTOR_RUNS = Number(process.env.BENCH_DOCTOR_RUNS ?? 3)
const DOCTOR_TIMEOUT_MS = 120_000

if (!existsSync(join(root, 'dist'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run bench does).')
  process.exit(1)
}

const work = mkdtempSync(join(tmpdir(), 'toolsearch-perf-'))
process.on('exit', () => rmSync(work, {recursive: true, force: true}))
const env = {PATH: process.env.PATH, HOME: work, NO_COLOR: '1', OPENCLAW_CONFIG_PATH: join(work, 'absent.json')}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * One run of `node <args>`: its wall time, and the CPU time it used (user + system, through the
 * `_cpu.cjs` preload, which both sides of every comparison get).
 */
function run(args, {input, extraEnv = {}, timeout} = {}) {
  const cpuFile = join(work, `cpu-${Math.random().toString(16).slice(2)}`)
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, ['--require', join(here, '_cpu.cjs'), ...args], {input, env: {...env, ...extraEnv, BENCH_CPU_FILE: cpuFile}, stdio: ['pipe', 'ignore', 'pipe'], timeout, maxBuffer: 1 << 30})
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.error?.code === 'ETIMEDOUT') return {ms: Number.POSITIVE_INFINITY, cpu: Number.NaN}
  if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  const cpu = existsSync(cpuFile) ? Number(readFileSync(cpuFile, 'utf8').trim()) : Number.NaN
  rmSync(cpuFile, {force: true})
  return {ms, cpu}
}

/**
 * Medians of `ours` and `baseline`, run alternately, after one untimed run of each (the first run
 * of a command after the inputs were written pays for the page cache and the writes still being
 * flushed, whichever command it is): wall times, then CPU times.
 */
function compare(ours, baseline, runs = RUNS) {
  run(ours.args, ours)
  run(baseline.args, baseline)
  const a = []
  const b = []
  for (let i = 0; i < runs; i++) {
    a.push(run(ours.args, ours))
    b.push(run(baseline.args, baseline))
  }
  return {wall: [median(a.map((r) => r.ms)), median(b.map((r) => r.ms))], cpu: [median(a.map((r) => r.cpu)), median(b.map((r) => r.cpu))]}
}

/** Median peak RSS (kB) of each command, through the `_maxrss.cjs` preload. */
function peakMemory(command, runs = 3) {
  const values = []
  for (let i = 0; i < runs; i++) {
    const file = join(work, `rss-${i}-${Math.random().toString(16).slice(2)}`)
    run(['--require', join(here, '_maxrss.cjs'), ...command.args], {...command, extraEnv: {BENCH_MAXRSS_FILE: file}})
    values.push(Number(readFileSync(file, 'utf8').trim()))
  }
  return median(values)
}

// --- inputs ---------------------------------------------------------------------------------
const realDir = existsSync(join(root, '..', 'shared', 'bench', 'mcp-tools-list')) ? join(root, '..', 'shared', 'bench', 'mcp-tools-list') : join(root, 'test/fixtures/mcp-tools-list')
const realFiles = readdirSync(realDir).filter((name) => name.endsWith('.json')).sort()
const realTools = realFiles.flatMap((name) => JSON.parse(readFileSync(join(realDir, name), 'utf8')).tools.map((tool) => ({...tool, server: name.replace(/\.json$/, '')})))
const bigCatalog = join(work, 'catalog-10k.json')
const copies = 30
/**
 * Writes the 10,260-tool catalog. Called after the cold-start rows: 15 MB of fresh writes still
 * being flushed slowed the runs measured next (the first row's ratio moved by a tenth).
 */
function writeBigCatalog() {
  writeFileSync(
    bigCatalog,
    JSON.stringify({
      tools: Array.from({length: copies}, (_, copy) => realTools.map((tool) => ({...tool, source: 'openclaw', sourceName: tool.server + copy, name: `${tool.name}_v${copy}`}))).flat(),
    }),
  )
}
const queries = readdirSync(join(here, 'queries'))
  .sort()
  .flatMap((name) => readFileSync(join(here, 'queries', name), 'utf8').split('\n'))
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line).query)
  .slice(0, 200)
const queryText = `${queries.join('\n')}\n`
const config = join(work, 'openclaw.json5')
writeFileSync(config, '{ tools: { toolSearch: { mode: "tools" } } }\n')

/**
 * A config of about `megabytes` MB: commented agents, and a Tool Search setting that is valid or,
 * with `retired`, one `doctor --fix` migrates.
 */
function generatedConfig(megabytes, {retired = true} = {}) {
  const toolSearch = retired ? ['    // retired: doctor --fix migrates it', '    toolSearch: { mode: "code", codeTimeoutMs: 2500, searchDefaultLimit: 6 },'] : ['    toolSearch: { mode: "tools" },']
  const lines = ['// generated for the doctor benchmark', '{', '  tools: {', ...toolSearch, '  },', '  agents: {', '    entries: {']
  let size = lines.join('\n').length
  for (let i = 0; size < megabytes * 1_000_000; i++) {
    const line = `      // agent ${i}\n      "agent-${i}": { name: "Agent ${i}", description: "${'Handles the requests of team '.repeat(8)}${i}", workspace: "~/work/agent-${i}" },`
    lines.push(line)
    size += line.length + 1
  }
  lines.push('    },', '  },', '}', '')
  const file = join(work, `config-${megabytes}mb${retired ? '' : '-valid'}.json5`)
  writeFileSync(file, lines.join('\n'))
  return file
}

/**
 * Agent databases for rows 7 and 8, from OpenClaw 2026.9.6's `default` recording (its schema, its
 * 14 events, the zstd row as OpenClaw compressed it): 1,000 copies of that session in a state
 * directory, and one session of 100,000 events (its search, result and call repeated).
 */
async function writeSessionDatabases() {
  const {default: Database} = await import('better-sqlite3')
  const recording = join(root, 'test/fixtures/openclaw-runs/default/agent.sqlite')
  const source = new Database(recording, {readonly: true})
  const rows = source.prepare('SELECT seq, event_json, event_zstd, event_utf8_bytes, navigation_json FROM transcript_events ORDER BY seq').all()
  source.close()
  const create = (file) => {
    copyFileSync(recording, file)
    const db = new Database(file)
    db.pragma('foreign_keys = OFF')
    db.exec('DELETE FROM transcript_events; DELETE FROM session_windows; DELETE FROM session_nodes')
    return db
  }
  const insertAll = (db, sessions, eventsPerSession) => {
    const window = db.prepare("INSERT INTO session_windows (session_id, session_key, created_at, updated_at, model_provider, model) VALUES (?, ?, ?, ?, 'mock', 'mock-model')")
    const event = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, ?, ?, ?, ?, ?)')
    db.transaction(() => {
      for (let session = 0; session < sessions; session++) {
        const id = `session-${String(session).padStart(6, '0')}`
        window.run(id, `agent:main:${id}`, session, session)
        // The header and setup rows once, then the search, its result and the call over and over.
        for (let seq = 0; seq < eventsPerSession; seq++) {
          const row = seq < rows.length ? rows[seq] : rows[5 + ((seq - rows.length) % 7)]
          event.run(id, seq, row.event_json, seq, row.event_zstd, row.event_utf8_bytes, row.navigation_json)
        }
      }
    })()
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
  }
  const stateDir = join(work, 'state')
  const file = join(stateDir, 'agents', 'main', 'agent', 'openclaw-agent.sqlite')
  mkdirSync(dirname(file), {recursive: true})
  insertAll(create(file), 1000, rows.length)
  const longDatabase = join(work, 'long.sqlite')
  insertAll(create(longDatabase), 1, 100_000)
  return {listDatabase: {stateDir, file}, longDatabase}
}

// --- measurements ---------------------------------------------------------------------------
const nodeBaseline = {args: ['-e', '0']}
const rows = []
const ratioRow = (what, {wall: [ours, base], cpu: [oursCpu, baseCpu]}, goal = undefined) =>
  rows.push({what, ours: `${ours.toFixed(0)} ms`, base: `${base.toFixed(0)} ms`, ratio: ours / base, cpuRatio: oursCpu / baseCpu, goal})

if (!DOCTOR_ONLY && !SESSIONS_ONLY) {
  ratioRow('config get tools.toolSearch vs node -e 0', compare({args: [bin, 'config', 'get', 'tools.toolSearch', '--config', config]}, nodeBaseline), 1.3)
  const searchJson = [bin, 'search', 'create a pull request', '--json', ...realFiles.flatMap((name) => ['--catalog', join(realDir, name)])]
  ratioRow(`search --json over ${realTools.length} real tools vs node -e 0`, compare({args: searchJson}, nodeBaseline), 1.8)
  ratioRow(`  the same, --no-cache (a first run)`, compare({args: [...searchJson, '--no-cache']}, nodeBaseline))
  // A config that declares no MCP servers: the turn's catalog is OpenClaw's own tools (the release's
  // data, data/openclaw-tools/), loaded and listed.
  const {DEFAULT_OPENCLAW_TOOLS_RELEASE, openClawToolEntries} = await import(pathToFileURL(join(root, 'dist', 'src', 'catalog', 'openclaw-tools', 'index.js')).href)
  const ownToolCount = openClawToolEntries(DEFAULT_OPENCLAW_TOOLS_RELEASE).length
  ratioRow(`catalog list --json of OpenClaw's own ${ownToolCount} tools vs node -e 0`, compare({args: [bin, 'catalog', 'list', '--json', '--config', config]}, nodeBaseline))
  writeBigCatalog()
  const searchStdin = {args: [bin, 'search', '--stdin', '--catalog', bigCatalog], input: queryText}
  const bm25 = {args: [join(here, 'baselines', 'bm25.js'), bigCatalog], input: queryText}
  const parseOnly = {args: [join(here, 'baselines', 'parse-only.js'), bigCatalog]}
  ratioRow(`${queries.length} queries over ${copies * realTools.length} tools (search --stdin) vs straightforward BM25`, compare(searchStdin, bm25), 0.15)
  ratioRow(`  the same, --no-cache (a first run)`, compare({...searchStdin, args: [...searchStdin.args, '--no-cache']}, bm25))
  const directory = [bin, 'directory', '--catalog', bigCatalog, '--context-window', '200000']
  ratioRow(`directory over ${copies * realTools.length} tools vs JSON parse only`, compare({args: directory}, parseOnly), 1.3)
  ratioRow(`  the same, --no-cache (a first run)`, compare({args: [...directory, '--no-cache']}, parseOnly))
  const memory = [peakMemory(searchStdin), peakMemory(parseOnly)]
  rows.push({what: `peak memory of search --stdin (${copies * realTools.length} tools) vs JSON parse only`, ours: `${(memory[0] / 1024).toFixed(0)} MB`, base: `${(memory[1] / 1024).toFixed(0)} MB`, ratio: memory[0] / memory[1], goal: 1.4})
  const firstRun = peakMemory({...searchStdin, args: [...searchStdin.args, '--no-cache']})
  rows.push({what: `  the same, --no-cache (a first run)`, ours: `${(firstRun / 1024).toFixed(0)} MB`, base: `${(memory[1] / 1024).toFixed(0)} MB`, ratio: firstRun / memory[1]})
}

if (!DOCTOR_ONLY && process.env.BENCH_SESSIONS !== '0') {
  const {listDatabase, longDatabase} = await writeSessionDatabases()
  const readRows = (file) => ({args: [join(here, 'baselines', 'read-session-rows.js'), file]})
  ratioRow('session list over 1000 sessions vs reading and decoding their rows', compare({args: [bin, 'session', 'list', '--json'], extraEnv: {OPENCLAW_STATE_DIR: listDatabase.stateDir}}, readRows(listDatabase.file)))
  ratioRow('session stats of a 100000-event session vs reading and decoding its rows', compare({args: [bin, 'session', 'stats', longDatabase, '--json']}, readRows(longDatabase)))
}

if (!SESSIONS_ONLY && process.env.BENCH_DOCTOR !== '0') {
  const valid = generatedConfig(17, {retired: false})
  const parseConfig = {args: [join(here, 'baselines', 'parse-config.js'), valid]}
  ratioRow('doctor --fix on a valid 17 MB config vs reading and parsing it', compare({args: [bin, 'doctor', '--fix', '--config', valid], timeout: DOCTOR_TIMEOUT_MS}, parseConfig, DOCTOR_RUNS), 1.5)
  const doctorTimes = []
  for (const megabytes of [17, 68]) {
    const source = generatedConfig(megabytes)
    const target = join(work, 'fix-target.json5')
    const times = []
    for (let i = 0; i < DOCTOR_RUNS; i++) {
      copyFileSync(source, target)
      try {
        times.push(run([bin, 'doctor', '--fix', '--config', target], {timeout: DOCTOR_TIMEOUT_MS}))
      } catch (error) {
        // Say why in the table instead of losing the rows measured so far.
        console.error(`doctor --fix on ${megabytes} MB: ${String(error.message).split('\n')[0]}`)
        times.push({ms: Number.NaN, cpu: Number.NaN})
      }
      if (!Number.isFinite(times.at(-1).ms)) break
    }
    doctorTimes.push({ms: median(times.map((time) => time.ms)), cpu: median(times.map((time) => time.cpu))})
  }
  const show = (ms) => (Number.isNaN(ms) ? 'failed' : Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : `> ${DOCTOR_TIMEOUT_MS / 1000} s`)
  rows.push({what: 'doctor --fix migrating a 17 MB config', ours: show(doctorTimes[0].ms), base: '', ratio: undefined, goal: undefined})
  rows.push({what: 'doctor --fix migrating 68 MB vs 17 MB (linear: about 4)', ours: show(doctorTimes[1].ms), base: show(doctorTimes[0].ms), ratio: doctorTimes[1].ms / doctorTimes[0].ms, cpuRatio: doctorTimes[1].cpu / doctorTimes[0].cpu, goal: 4.5})
}

console.log(`performance budget, medians of ${RUNS} runs (doctor: ${DOCTOR_RUNS}); Node ${process.version}; wall time, and the ratio of CPU time (user + system)`)
const header = ['what', 'toolsearch', 'baseline', 'ratio', 'cpu ratio', 'goal']
const times = (ratio) => (ratio === undefined || !Number.isFinite(ratio) ? '' : `${ratio.toFixed(2)}×`)
const cells = rows.map((row) => [row.what, row.ours, row.base, times(row.ratio), times(row.cpuRatio), row.goal === undefined ? '' : `≤ ${row.goal.toFixed(2)}×`])
const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)))
const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
console.log(line(header))
for (const row of cells) console.log(line(row))
