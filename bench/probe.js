// The probe's own overhead per round — everything but the model: building the request, the client
// and its stream parsing, the controls and the tools, the transcript, counting tokens — against a
// bare HTTP round trip to the same mock with the same request body (node:http, the body read whole,
// nothing parsed). Both sides include the mock's own work (reading the body, choosing its move),
// so the ratio is what the probe adds to what any client of that endpoint would pay.
//
// In one process, from dist/: the mock on 127.0.0.1, the probe run over the 342 real MCP tools
// (test/fixtures/probe/mcp-tasks.jsonl) and over the example catalog (test/fixtures/probe/tasks.jsonl,
// whose tools answer from fixtures: a command tool's own start would be most of a round), all
// three lanes, after one untimed run; then every request the probe sent, posted bare, in the same
// order, the same number of times. Medians of BENCH_RUNS (default 5) such pairs.
import {request} from 'node:http'
import {existsSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = (path) => join(root, 'dist', 'src', path)
if (!existsSync(dist('probe/run.js'))) {
  console.error('bench/probe: dist/ is missing; run "npm run build" first.')
  process.exit(1)
}
const RUNS = Number(process.env.BENCH_RUNS ?? 5)

const [{startMockServer}, {runProbe}, {mockEndpoint}, {readProbeTasks}, {loadCatalogContext}] = await Promise.all([
  import(dist('probe/mock/server.js')),
  import(dist('probe/run.js')),
  import(dist('probe/endpoint.js')),
  import(dist('probe/tasks.js')),
  import(dist('cli/context.js')),
])

/** Posts `body` and reads the whole answer; resolves with the time it took. */
function bareRoundTrip(url, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = request(url, {method: 'POST', headers: {'content-type': 'application/json', 'content-length': Buffer.byteLength(body)}}, (response) => {
      response.on('data', () => undefined)
      response.on('end', () => resolve(performance.now() - started))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

async function measure(label, catalogArgs, tasksFile) {
  let bodies = []
  let recording = false
  const mock = await startMockServer({onRequest: (body) => recording && bodies.push(JSON.stringify(body))})
  const context = await loadCatalogContext(catalogArgs, {note: () => undefined, cwd: root})
  const tasks = readProbeTasks(tasksFile, root)
  const probeOnce = async () => {
    bodies = []
    recording = true
    const started = performance.now()
    const outcome = await runProbe({tasks, lanes: ['direct', 'tools', 'directory'], repeat: 1, maxRounds: 8, timeoutMs: 120_000, approve: false, settings: context.settings, catalog: context.catalog, endpoint: mockEndpoint(mock.baseUrl), signal: new AbortController().signal})
    const rounds = outcome.runs.reduce((sum, run) => sum + run.rounds, 0)
    // The runs' own time: the probe's setup (lanes, index, tokenizer) is paid once per probe, not per round.
    const runMs = outcome.runs.reduce((sum, run) => sum + run.wallMs, 0)
    recording = false
    return {rounds, perRound: runMs / rounds, total: performance.now() - started, sent: bodies}
  }
  await probeOnce()
  const probe = []
  const bare = []
  let rounds = 0
  for (let run = 0; run < RUNS; run++) {
    const result = await probeOnce()
    rounds = result.rounds
    probe.push(result.perRound)
    let bareMs = 0
    for (const body of result.sent) bareMs += await bareRoundTrip(`${mock.baseUrl}/chat/completions`, body)
    bare.push(bareMs / result.sent.length)
  }
  await mock.close()
  return {label, rounds, probe: median(probe), bare: median(bare)}
}

console.log(`bench/probe: the probe's own time per round against a bare HTTP round trip to the same mock, medians of ${RUNS}; Node ${process.version}`)
const rows = [
  await measure('342 real MCP tools, 4 tasks x 3 lanes', {catalog: [join(root, 'test/fixtures/mcp-tools-list')]}, join(root, 'test/fixtures/probe/mcp-tasks.jsonl')),
  await measure('example catalog (29 tools), 3 tasks x 3 lanes', {catalog: [join(root, 'examples/catalog.json5')]}, join(root, 'test/fixtures/probe/tasks.jsonl')),
]
const table = [['catalog', 'rounds', 'probe per round', 'bare round trip', 'ratio', 'overhead per round']]
for (const row of rows) table.push([row.label, String(row.rounds), `${row.probe.toFixed(1)} ms`, `${row.bare.toFixed(1)} ms`, `${(row.probe / row.bare).toFixed(2)}×`, `${(row.probe - row.bare).toFixed(1)} ms`])
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)))
for (const line of table) console.log(line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '))
