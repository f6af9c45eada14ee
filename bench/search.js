// Search core: index build time and per-query latency of the openclaw ranker, against MiniSearch
// (default options, the same document text) in the same run, on
//   - the 342 tools of 22 real MCP servers (../shared/bench/mcp-tools-list when present, else the
//     copy in test/fixtures/mcp-tools-list), queried with bench/queries/mcp-tools*.jsonl;
//   - a generated catalog of 10,000 tools (seeded: every run sees the same catalog and queries).
// Builds and queries alternate between the two engines so machine noise hits both alike; medians
// are reported, with the ratio ours / MiniSearch (below 1 is faster).
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import MiniSearch from 'minisearch'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
if (!existsSync(join(root, 'dist/src/search/openclaw.js'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run bench does).')
  process.exit(1)
}
const {loadCatalogs} = await import(join(root, 'dist/src/catalog/index.js'))
const {makeEntry} = await import(join(root, 'dist/src/catalog/entries.js'))
const {createOpenClawRanker} = await import(join(root, 'dist/src/search/openclaw.js'))
const {openclawDocumentText} = await import(join(root, 'dist/src/search/document.js'))

const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 9)
const QUERY_ROUNDS = Number(process.env.BENCH_QUERY_ROUNDS ?? 7)
const LIMIT = 8

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
const now = () => Number(process.hrtime.bigint()) / 1e6

function realCatalogDirectory() {
  const shared = join(root, '..', 'shared', 'bench', 'mcp-tools-list')
  if (existsSync(shared)) return {dir: shared, note: '../shared/bench/mcp-tools-list'}
  return {dir: join(root, 'test/fixtures/mcp-tools-list'), note: 'test/fixtures/mcp-tools-list (../shared/bench not present)'}
}

function realQueries() {
  const dir = join(root, 'bench/queries')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line).query)
}

// A small seeded PRNG (mulberry32), so the generated catalog is the same on every run.
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** 10,000 tools written with the vocabulary of the real catalog, Zipf-like word frequencies. */
function generatedCatalog(realEntries, size) {
  const next = random(42)
  const words = [...new Set(realEntries.flatMap((entry) => entry.description.toLowerCase().match(/[a-z]{3,}/g) ?? []))]
  const pick = () => words[Math.floor(words.length * next() ** 2)]
  const verbs = ['get', 'list', 'create', 'update', 'delete', 'search', 'send', 'fetch', 'run', 'open', 'read', 'write']
  const entries = []
  for (let i = 0; i < size; i++) {
    const name = `${verbs[Math.floor(next() * verbs.length)]}_${pick()}_${i}`
    const description = Array.from({length: 8 + Math.floor(next() * 24)}, pick).join(' ')
    const trusted = next() < 0.5
    const parameters = {
      type: 'object',
      properties: Object.fromEntries(Array.from({length: 1 + Math.floor(next() * 4)}, () => [pick(), {type: 'string', description: `${pick()} ${pick()} ${pick()}`}])),
    }
    entries.push(
      makeEntry({
        name,
        source: trusted ? 'openclaw' : 'mcp',
        sourceName: `plugin${i % 40}`,
        description,
        parameters,
        origin: {file: 'generated', path: `tools[${i}]`},
      }),
    )
  }
  const queries = Array.from({length: 200}, () => Array.from({length: 2 + Math.floor(next() * 5)}, pick).join(' '))
  return {entries, queries}
}

function buildMiniSearch(entries) {
  const index = new MiniSearch({fields: ['text'], storeFields: []})
  index.addAll(entries.map((entry, id) => ({id, text: openclawDocumentText(entry)})))
  return index
}

function measure(label, entries, queries) {
  const buildOurs = []
  const buildTheirs = []
  let ours
  let theirs
  for (let i = 0; i < BUILD_RUNS; i++) {
    let start = now()
    ours = createOpenClawRanker(entries)
    buildOurs.push(now() - start)
    start = now()
    theirs = buildMiniSearch(entries)
    buildTheirs.push(now() - start)
  }
  const queryOurs = []
  const queryTheirs = []
  let hitsOurs = 0
  let hitsTheirs = 0
  for (let round = 0; round < QUERY_ROUNDS; round++) {
    let start = now()
    for (const query of queries) hitsOurs += ours.search(query, LIMIT).length
    queryOurs.push(((now() - start) * 1000) / queries.length)
    start = now()
    for (const query of queries) hitsTheirs += theirs.search(query).slice(0, LIMIT).length
    queryTheirs.push(((now() - start) * 1000) / queries.length)
  }
  return {
    label,
    tools: entries.length,
    queries: queries.length,
    build: [median(buildOurs), median(buildTheirs)],
    query: [median(queryOurs), median(queryTheirs)],
    hits: [hitsOurs / QUERY_ROUNDS / queries.length, hitsTheirs / QUERY_ROUNDS / queries.length],
  }
}

const real = realCatalogDirectory()
const files = readdirSync(real.dir).filter((name) => name.endsWith('.json')).sort().map((name) => join(real.dir, name))
const realCatalog = await loadCatalogs(files)
const queries = realQueries()
const generated = generatedCatalog(realCatalog.entries, 10_000)

const results = [
  measure(`real MCP tools`, realCatalog.entries, queries.length > 0 ? queries : generated.queries),
  measure('generated tools', generated.entries, generated.queries),
]

console.log(`search core: openclaw ranker vs MiniSearch (Node ${process.version})`)
console.log(`real catalog: ${real.note}; ${queries.length} labelled queries from bench/queries`)
console.log(`build: median of ${BUILD_RUNS}; query: median of ${QUERY_ROUNDS} rounds over every query, limit ${LIMIT}`)
console.log('')
const header = ['catalog', 'tools', 'build ms', 'minisearch', 'ratio', 'query µs', 'minisearch', 'ratio']
const rows = results.map((result) => [
  result.label,
  String(result.tools),
  result.build[0].toFixed(1),
  result.build[1].toFixed(1),
  (result.build[0] / result.build[1]).toFixed(2),
  result.query[0].toFixed(1),
  result.query[1].toFixed(1),
  (result.query[0] / result.query[1]).toFixed(2),
])
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)))
const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
console.log(line(header))
for (const row of rows) console.log(line(row))
console.log('')
console.log('ratio = ours / MiniSearch (below 1: ours is faster). MiniSearch indexes the same text with its default')
console.log('tokenizer and scoring (no stemming, no expansion, no exact-match rule), so it is a speed baseline only.')
