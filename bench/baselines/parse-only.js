// Baseline: a process that only reads and parses a JSON file (what any tool over that catalog must
// at least do).
import {readFileSync} from 'node:fs'

const document = JSON.parse(readFileSync(process.argv[2], 'utf8'))
if (document === null) process.exitCode = 1
