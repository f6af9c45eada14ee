// `npm start`: runs the built CLI on the bundled examples, printing each command as a heading.
// Commands that report findings exit non-zero on purpose (doctor on a legacy config exits 1);
// the demo itself succeeds as long as every command ran and none crashed (exit code above 2).
import {spawnSync} from 'node:child_process'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = join(root, 'bin', 'run.cjs')

const config = ['--config', 'examples/openclaw.json5']
const catalog = ['--catalog', 'examples/catalog.json5']
const commands = [
  // The config: a legacy file diagnosed, the diff a fix would write, the effective settings.
  ['doctor', '--fix', '--dry-run', ...config],
  ['config', 'explain', ...config],
  // The catalog: what the model finds, sees up front, and gets back from a call.
  ['search', 'remind', 'me', 'to', 'water', 'the', 'plants', 'every', 'morning', '--limit', '3', ...catalog],
  ['directory', ...catalog],
  ['call', 'unit_convert', 'value=5', 'from=km', 'to=mi', ...catalog],
]

let failed = false
for (const args of commands) {
  process.stdout.write(`\n$ toolsearch ${args.join(' ')}\n\n`)
  const result = spawnSync(process.execPath, [bin, ...args], {cwd: root, stdio: 'inherit'})
  if (result.error !== undefined || result.status === null || result.status > 2) {
    process.stderr.write(`start: "toolsearch ${args.join(' ')}" failed (exit ${result.status ?? result.signal})\n`)
    failed = true
  }
}
process.exitCode = failed ? 1 : 0
