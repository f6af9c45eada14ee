// `npm start`: runs the built CLI on the bundled examples, printing each command as a heading.
// Commands that report findings exit non-zero on purpose (doctor on a legacy config exits 1);
// the demo itself succeeds as long as every command ran and none crashed (exit code above 2).
import {spawnSync} from 'node:child_process'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = join(root, 'bin', 'run.js')

const commands = [
  ['doctor', '--fix', '--dry-run', '--config', 'examples/openclaw.json5'],
  ['config', 'explain', '--config', 'examples/openclaw.json5'],
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
