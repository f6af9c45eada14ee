// Enhanced ranker speed against the openclaw ranker, in the same run, on 10,000 tools built from
// the 342 real MCP tools (../shared/bench/mcp-tools-list when present, else the copy in
// test/fixtures/mcp-tools-list): each generated tool takes a real tool's name (made unique), its
// description followed by the start of another tool's, its schema, and one of 50 owners per server,
// so the vocabulary and text lengths are those of real catalogs. Queries: every labelled request
// in bench/queries (the way people ask, typos included).
// Builds and query rounds alternate between the rankers so machine noise hits both alike; medians
// are reported with the ratio enhanced / openclaw (below 1: enhanced is faster). The first round
// is reported apart: it pays for the enhanced ranker's one-time typo-correction lookups.
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
if (!existsSync(join(root, 'dist/src/search/enhanced/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run bench does).')
  process.exit(1)
}
const dist = (path) => import(join(root, 'dist/src', path))
const {loadCatalogs, catalogedEntries} = await dist('catalog/index.js')
const {makeEntry} = await dist('catalog/entries.js')
const {createOpenClawRanker} = await dist('search/openclaw.js')
const {createEnhancedRanker} = await dist('search/enhanced/index.js')

const SIZE = Number(process.env.BENCH_TOOLS ?? 10_000)
const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 7)
const QUERY_ROUNDS = Number(process.env.BENCH_QUERY_ROUNDS ?? 7)
const LIMIT = 8

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const now = () => Number(process.hrtime.bigint()) / 1e6

const sharedDir = join(root, '..', 'shared', 'bench', 'mcp-tools-list')
const realDir = existsSync(sharedDir) ? sharedDir : join(root, 'test/fixtures/mcp-tools-list')
const realNote = existsSync(sharedDir) ? '../shared/bench/mcp-tools-list' : 'test/fixtures/mcp-tools-list (../shared/bench not present)'
const real = catalogedEntries((await loadCatalogs(readdirSync(realDir).filter((name) => name.endsWith('.json')).sort().map((name) => join(realDir, name)))).entries)

/** A deterministic sequence in [0, 1): the same catalog on every run. */
function sequence(seed) {
  let state = seed
  return () => {
    state = (state * 48271) % 2147483647
    return state / 2147483647
  }
}

function recombinedCatalog(size) {
  const next = sequence(20_240_601)
  const pick = () => real[Math.floor(next() * real.length)]
  return Array.from({length: size}, (_, i) => {
    const base = pick()
    const other = pick()
    return makeEntry({
      name: `${base.name}_${i}`,
      source: base.source,
      sourceName: `${base.sourceName}-${i % 50}`,
      description: `${base.description} ${other.description.slice(0, 240)}`,
      parameters: base.parameters,
      origin: {file: 'generated', path: `tools[${i}]`},
    })
  })
}

const queries = readdirSync(join(root, 'bench/queries'))
  .filter((name) => name.endsWith('.jsonl'))
  .flatMap((name) => readFileSync(join(root, 'bench/queries', name), 'utf8').split('\n'))
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line).query)
const entries = recombinedCatalog(SIZE)
const rankers = [
  {name: 'openclaw', create: createOpenClawRanker},
  {name: 'enhanced', create: createEnhancedRanker},
]

const build = Object.fromEntries(rankers.map(({name}) => [name, []]))
const built = {}
for (let run = 0; run < BUILD_RUNS; run++) {
  for (const {name, create} of run % 2 === 0 ? rankers : [...rankers].reverse()) {
    const start = now()
    built[name] = create(entries)
    build[name].push(now() - start)
  }
}
const perQuery = Object.fromEntries(rankers.map(({name}) => [name, []]))
for (let round = 0; round < QUERY_ROUNDS; round++) {
  for (const {name} of round % 2 === 0 ? rankers : [...rankers].reverse()) {
    const start = now()
    for (const query of queries) built[name].search(query, LIMIT)
    perQuery[name].push(((now() - start) * 1000) / queries.length)
  }
}

console.log(`enhanced vs openclaw ranker, ${SIZE.toLocaleString('en')} tools (Node ${process.version})`)
console.log(`tools recombined from ${realNote}; ${queries.length} queries from bench/queries, limit ${LIMIT}`)
console.log(`build: median of ${BUILD_RUNS}; query: median of ${QUERY_ROUNDS} rounds over every query (first round apart)`)
console.log('')
const header = ['ranker', 'build ms', 'query µs', 'first round µs']
const rows = rankers.map(({name}) => [name, median(build[name]).toFixed(1), median(perQuery[name]).toFixed(1), perQuery[name][0].toFixed(1)])
rows.push([
  'ratio enhanced/openclaw',
  (median(build.enhanced) / median(build.openclaw)).toFixed(2),
  (median(perQuery.enhanced) / median(perQuery.openclaw)).toFixed(2),
  (perQuery.enhanced[0] / perQuery.openclaw[0]).toFixed(2),
])
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)))
for (const row of [header, ...rows]) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '))
