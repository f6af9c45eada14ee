// Baseline: a process that only reads a JSON5 config and parses it into values, with the config
// reader's own parser (`parsePlain`, the same grammar as the syntax tree, values only) — what any
// command over that config must at least do. The `json5` package takes about 15 times as long on
// the 17 MB config, so it would flatter every ratio measured against it.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

const dist = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'dist', 'src', 'config')
const {parsePlain} = await import(pathToFileURL(join(dist, 'cst.js')).href)

const parsed = parsePlain(readFileSync(process.argv[2], 'utf8'), new Set())
if (parsed === undefined) process.exitCode = 1
