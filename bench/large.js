// Very large catalogs: one `search --json` over 50,000 and over 200,000 tools (the 342 real tools
// repeated under as many owners as it takes, parameters and all: 75 MB of JSON per 50,000 tools,
// so 200,000 are four files in one `--catalog` directory, a single file being capped at 128 MiB),
// as a first run pays it (`--no-cache`) and as the next run does (the index kept between runs),
// beside a process that only reads and parses the same JSON files. Medians of BENCH_RUNS runs
// (default 3), alternating.
import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..')
const bin = join(root, 'bin', 'run.cjs')
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const SIZES = [50_000, 200_000]

if (!existsSync(join(root, 'dist'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run bench does).')
  process.exit(1)
}

const work = mkdtempSync(join(tmpdir(), 'toolsearch-large-'))
process.on('exit', () => rmSync(work, {recursive: true, force: true}))
const env = {PATH: process.env.PATH, HOME: work, NO_COLOR: '1', OPENCLAW_CONFIG_PATH: join(work, 'absent.json'), TOOLSEARCH_CACHE_DIR: join(work, 'cache')}

const realDir = existsSync(join(root, '..', 'shared', 'bench', 'mcp-tools-list')) ? join(root, '..', 'shared', 'bench', 'mcp-tools-list') : join(root, 'test/fixtures/mcp-tools-list')
const realTools = readdirSync(realDir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .flatMap((name) => JSON.parse(readFileSync(join(realDir, name), 'utf8')).tools.map((tool) => ({...tool, server: name.replace(/\.json$/, '')})))

const PER_FILE = 50_000

/** A directory of catalog files holding `size` tools, and the files. */
function writeCatalog(size) {
  const directory = join(work, `catalog-${size}`)
  mkdirSync(directory)
  const files = []
  for (let start = 0; start < size; start += PER_FILE) {
    const tools = Array.from({length: Math.min(PER_FILE, size - start)}, (_, offset) => {
      const i = start + offset
      const tool = realTools[i % realTools.length]
      const copy = Math.floor(i / realTools.length)
      return {name: tool.name, description: tool.description ?? '', sourceName: `${tool.server}-${copy}`, ...(tool.inputSchema === undefined ? {} : {parameters: tool.inputSchema})}
    })
    const file = join(directory, `part-${String(start / PER_FILE).padStart(2, '0')}.json`)
    writeFileSync(file, JSON.stringify({tools}))
    files.push(file)
  }
  return {directory, files}
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

function time(args) {
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, args, {env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30})
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  return Number(process.hrtime.bigint() - start) / 1e6
}

console.log(`very large catalogs, medians of ${RUNS} runs; Node ${process.version}; tools from ${realDir === join(root, 'test/fixtures/mcp-tools-list') ? 'test/fixtures/mcp-tools-list' : '../shared/bench/mcp-tools-list'}`)
console.log(['tools', 'search --no-cache', 'search (index kept)', 'JSON parse only', 'ratios'].join('  |  '))
for (const size of SIZES) {
  const {directory, files} = writeCatalog(size)
  const search = [bin, 'search', 'create a pull request', '--json', '--catalog', directory]
  const parse = [join(here, 'baselines', 'parse-only.js'), ...files]
  // One untimed run of each: the file's fresh pages, and the index kept for the cached runs.
  time(search)
  time(parse)
  const first = []
  const next = []
  const baseline = []
  for (let i = 0; i < RUNS; i++) {
    first.push(time([...search, '--no-cache']))
    next.push(time(search))
    baseline.push(time(parse))
  }
  const [a, b, c] = [median(first), median(next), median(baseline)]
  console.log([size.toLocaleString('en'), `${(a / 1000).toFixed(2)} s`, `${(b / 1000).toFixed(2)} s`, `${(c / 1000).toFixed(2)} s`, `${(a / c).toFixed(1)}× / ${(b / c).toFixed(1)}×`].join('  |  '))
}
