// Writes dist/bundle/toolsearch.cache: V8's code cache of the bundle after the runs below, so that
// a user's run finds compiled the functions every run needs (oclif's start-up, flag parsing, the
// config reader) and those of the commands most often run in a loop (`config get`, `search`).
// Run by scripts/bundle.js in a child process with stdout ignored: the commands' output does not
// matter, only which functions they compiled. Their own files only: the bundled examples, a temp
// HOME, no OPENCLAW_* variables.
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {loadBundle, writeCodeCache} from '../dist/src/cli/bundle.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const home = mkdtempSync(join(tmpdir(), 'toolsearch-warm-'))
process.env = {PATH: process.env.PATH, HOME: home, NO_COLOR: '1'}

const RUNS = [
  ['config', 'get', 'tools.toolSearch', '--config', 'examples/openclaw.json5'],
  ['search', 'water', 'the', 'plants', '--json', '--catalog', 'examples/catalog.json5', '--config', 'examples/openclaw.json5'],
  ['directory', '--catalog', 'examples/catalog.json5', '--config', 'examples/openclaw.json5'],
]

const directory = join(root, 'dist', 'bundle')
const bundle = loadBundle(directory)
const {main, pjson} = bundle.exports
for (const argv of RUNS) await main(argv, {root, pjson})
writeCodeCache(directory, bundle.createCodeCache())
rmSync(home, {recursive: true, force: true})
// The runs' verdicts (a legacy example config has findings) are not the warm-up's.
process.exitCode = 0
