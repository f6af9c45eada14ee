// Cold start: how long the built CLI takes to answer, against bare `node -e 0` in the same run.
// Each command runs N times, alternating with the baseline so machine noise hits both alike;
// medians are reported with the ratio to the baseline.
import {spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = join(root, 'bin', 'run.cjs')
const runs = Number(process.env.BENCH_RUNS ?? 15)
const example = join(root, 'examples', 'openclaw.json5')
const catalog = join(root, 'examples', 'catalog.json5')

const cases = [
  ['node -e 0 (baseline)', ['-e', '0']],
  ['toolsearch --version', [bin, '--version']],
  ['toolsearch config file', [bin, 'config', 'file', '--config', example]],
  ['toolsearch config explain', [bin, 'config', 'explain', '--config', example]],
  ['toolsearch doctor', [bin, 'doctor', '--config', example]],
  ['toolsearch search', [bin, 'search', 'read a file', '--catalog', catalog]],
  ['toolsearch directory', [bin, 'directory', '--catalog', catalog]],
]

// Only PATH and an empty HOME: inherited variables can change a start a lot (NODE_OPTIONS, or
// NODE_EXTRA_CA_CERTS, which has every process read a certificate file: ~50 ms on this machine).
const home = mkdtempSync(join(tmpdir(), 'toolsearch-startup-'))
process.on('exit', () => rmSync(home, {recursive: true, force: true}))
const env = {PATH: process.env.PATH, HOME: home, NO_COLOR: '1'}

function timeOnce(args) {
  const start = process.hrtime.bigint()
  spawnSync(process.execPath, args, {stdio: 'ignore', env})
  return Number(process.hrtime.bigint() - start) / 1e6
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

if (!existsSync(join(root, 'dist'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run bench does).')
  process.exit(1)
}
const present = cases.filter(([, args]) => args.every((arg) => !arg.endsWith('.json5') || existsSync(arg)))
const samples = new Map(present.map(([name]) => [name, []]))
for (let i = 0; i < runs; i++) for (const [name, args] of present) samples.get(name).push(timeOnce(args))

const baseline = median(samples.get(present[0][0]))
console.log(`cold start, median of ${runs} runs (Node ${process.version})`)
console.log('command'.padEnd(30), 'median ms'.padStart(10), 'x node -e 0'.padStart(12))
for (const [name] of present) {
  const value = median(samples.get(name))
  console.log(name.padEnd(30), value.toFixed(1).padStart(10), (value / baseline).toFixed(2).padStart(12))
}
