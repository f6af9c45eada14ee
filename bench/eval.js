// Retrieval quality: hit@1, hit@5, MRR@10 and nDCG@10 of the openclaw and enhanced rankers and of
// MiniSearch (a baseline: default options, and prefix + fuzzy) on
//   - the MetaTool benchmark's test half (../shared/bench/metatool, MIT; 199 tools): queries are
//     split into halves by a hash of their text (`metatoolHalf`); rankers were tuned on the other;
//   - bench/queries/mcp-tools.jsonl: labelled requests for 22 real MCP servers (342 tools), used
//     for tuning;
//   - bench/queries/mcp-tools.holdout.jsonl: written with them, never looked at while tuning.
// The MCP catalog is ../shared/bench/mcp-tools-list when present, else the copy in
// test/fixtures/mcp-tools-list; MetaTool is skipped (and the output says so) without ../shared.
//
//   node bench/eval.js                  the table above
//   node bench/eval.js --split tune     MetaTool's tune half instead of its test half
//   node bench/eval.js --ablations      enhanced-ranker variants on the tuning data (tune halves)
import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import MiniSearch from 'minisearch'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
if (!existsSync(join(root, 'dist/src/search/enhanced/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run bench does).')
  process.exit(1)
}
const dist = (path) => import(join(root, 'dist/src', path))
const {loadCatalogs, catalogedEntries} = await dist('catalog/index.js')
const {createOpenClawRanker} = await dist('search/openclaw.js')
const {buildEnhancedRanker, ENHANCED} = await dist('search/enhanced/index.js')
const {openclawDocumentText} = await dist('search/document.js')
const {EVAL_DEPTH, METRIC_NAMES, meanMetrics, parseLabelledQueries, scoreRanking} = await dist('search/eval.js')

const args = process.argv.slice(2)
const metatoolSplit = args.includes('--split') ? args[args.indexOf('--split') + 1] : 'test'
if (metatoolSplit !== 'test' && metatoolSplit !== 'tune') {
  console.error('--split is test or tune')
  process.exit(2)
}

/**
 * The MetaTool split rule: a query belongs to the test half when the first byte of the SHA-256 of
 * its text is below 128, else to the tune half. Deterministic, independent of file order, and
 * identical queries (the set has some) always land in the same half.
 */
export function metatoolHalf(query) {
  return createHash('sha256').update(query).digest()[0] < 128 ? 'test' : 'tune'
}

const shared = join(root, '..', 'shared', 'bench')
const readQueries = (file) => parseLabelledQueries(readFileSync(file, 'utf8'), file)

async function mcpCatalog() {
  const sharedDir = join(shared, 'mcp-tools-list')
  const dir = existsSync(sharedDir) ? sharedDir : join(root, 'test/fixtures/mcp-tools-list')
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort().map((name) => join(dir, name))
  const note = existsSync(sharedDir) ? '../shared/bench/mcp-tools-list' : 'test/fixtures/mcp-tools-list (../shared/bench not present)'
  return {entries: catalogedEntries((await loadCatalogs(files)).entries), note}
}

async function dataSets(metatoolHalfName) {
  const sets = []
  const notes = []
  const metatoolDir = join(shared, 'metatool')
  if (existsSync(join(metatoolDir, 'catalog.json'))) {
    const entries = catalogedEntries((await loadCatalogs([join(metatoolDir, 'catalog.json')])).entries)
    const queries = readQueries(join(metatoolDir, 'queries.jsonl')).filter((query) => metatoolHalf(query.query) === metatoolHalfName)
    sets.push({name: `MetaTool ${metatoolHalfName} half`, entries, queries})
    notes.push('MetaTool: ../shared/bench/metatool (MIT), single-tool queries')
  } else {
    notes.push('MetaTool: skipped, ../shared/bench/metatool is not present')
  }
  const mcp = await mcpCatalog()
  notes.push(`MCP catalog: ${mcp.note}`)
  sets.push({name: 'MCP queries', entries: mcp.entries, queries: readQueries(join(root, 'bench/queries/mcp-tools.jsonl'))})
  sets.push({name: 'MCP holdout', entries: mcp.entries, queries: readQueries(join(root, 'bench/queries/mcp-tools.holdout.jsonl'))})
  return {sets, notes}
}

/** MiniSearch over the same document text the openclaw ranker indexes, as a ranker. */
function miniSearchRanker(name, searchOptions) {
  return (entries) => {
    const index = new MiniSearch({fields: ['text'], storeFields: [], searchOptions})
    index.addAll(entries.map((entry, id) => ({id, text: openclawDocumentText(entry)})))
    return {name, search: (query, limit) => index.search(query).slice(0, limit).map((result) => ({entry: entries[result.id]}))}
  }
}

const RANKERS = [
  {name: 'openclaw', build: createOpenClawRanker},
  {name: 'enhanced', build: (entries) => buildEnhancedRanker(entries)},
  {name: 'minisearch', build: miniSearchRanker('minisearch', {})},
  {name: 'minisearch+fuzzy', build: miniSearchRanker('minisearch+fuzzy', {prefix: true, fuzzy: 0.2})},
]

function evaluate(ranker, queries) {
  return meanMetrics(queries.map((query) => scoreRanking(ranker.search(query.query, EVAL_DEPTH).map((hit) => hit.entry.id), new Set(query.relevant))))
}

const format = (value) => value.toFixed(4)

function printTable(header, rows) {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)))
  const line = (cells) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
  console.log(line(header))
  for (const row of rows) console.log(line(row))
}

/** Enhanced-ranker variants, each one change from the defaults, measured on the tuning data. */
function ablations() {
  const withFields = (fields) => ({...ENHANCED, fields: {...ENHANCED.fields, ...fields}})
  return [
    ['defaults', ENHANCED],
    ['light stemmer (openclaw) instead of Porter', {...ENHANCED, stemmer: 'light'}],
    ['no lexicon (synonyms and implications off)', {...ENHANCED, synonymWeight: 0, implicationWeight: 0}],
    ['no synonyms', {...ENHANCED, synonymWeight: 0}],
    ['no implications', {...ENHANCED, implicationWeight: 0}],
    ['implications at synonym weight (0.5)', {...ENHANCED, implicationWeight: 0.5}],
    ['no typo correction', {...ENHANCED, typoWeight: 0}],
    ['no name coverage', {...ENHANCED, nameCoverage: 0}],
    ['no owner match', {...ENHANCED, ownerMatch: 0}],
    ['flat fields (all weight 1, b 0.75)', withFields(Object.fromEntries(Object.keys(ENHANCED.fields).map((field) => [field, {weight: 1, b: 0.75}])))],
    ['name weight 1', withFields({name: {weight: 1, b: 0.3}})],
    ['name weight 6', withFields({name: {weight: 6, b: 0.3}})],
    ['description after the first sentence at 0.5', withFields({description: {weight: 0.5, b: 0.75}})],
    ['k1 2.0', {...ENHANCED, k1: 2}],
  ]
}

const {sets, notes} = await dataSets(args.includes('--ablations') ? 'tune' : metatoolSplit)
console.log(`retrieval quality (Node ${process.version})`)
for (const note of notes) console.log(note)
console.log('')

if (args.includes('--ablations')) {
  const tuning = sets.filter((set) => set.name !== 'MCP holdout')
  const header = ['variant', '', ...tuning.flatMap((set) => [`${set.name} hit@1`, 'hit@5'])]
  const rows = ablations().map(([label, options]) => [
    label,
    '',
    ...tuning.flatMap((set) => {
      const metrics = evaluate(buildEnhancedRanker(set.entries, options), set.queries)
      return [format(metrics.hit1), format(metrics.hit5)]
    }),
  ])
  printTable(header, rows)
} else {
  const header = ['data set', 'ranker', ...Object.values(METRIC_NAMES)]
  const rows = []
  for (const set of sets) {
    for (const ranker of RANKERS) {
      const metrics = evaluate(ranker.build(set.entries), set.queries)
      rows.push([`${set.name} (${set.queries.length} q, ${set.entries.length} tools)`, ranker.name, ...Object.keys(METRIC_NAMES).map((key) => format(metrics[key]))])
    }
  }
  printTable(header, rows)
  console.log('')
  console.log('Relevance is binary; a query with several relevant tools counts any of them. MiniSearch indexes the same')
  console.log('text as the openclaw ranker (default tokenizer and BM25+; "+fuzzy": prefix search and fuzzy 0.2).')
}
