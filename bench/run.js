// Runs every benchmark in this folder, one after another, each in its own process so one
// benchmark's warm caches never flatter the next. `npm run bench` builds first.
import {spawnSync} from 'node:child_process'
import {readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const only = process.argv.slice(2)
const files = readdirSync(here)
  .filter((name) => name.endsWith('.js') && name !== 'run.js' && !name.startsWith('_'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort()

let failed = 0
for (const file of files) {
  process.stdout.write(`\n=== ${file} ===\n`)
  const result = spawnSync(process.execPath, [join(here, file)], {stdio: 'inherit'})
  if (result.status !== 0) failed++
}
process.exitCode = failed === 0 ? 0 : 1
