// Baseline: a process that only reads and parses JSON files (what any tool over those catalogs
// must at least do).
import {readFileSync} from 'node:fs'

for (const file of process.argv.slice(2)) {
  const document = JSON.parse(readFileSync(file, 'utf8'))
  if (document === null) process.exitCode = 1
}
