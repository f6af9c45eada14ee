// Writes dist/bundle/<name>.cache, V8's code cache of the bundle <name> (`node scripts/code-cache.js
// <name> <its command ids as JSON>`; for the start, `start` and the command it runs), after running
// the everyday commands it holds on the bundled examples in this process. V8 compiles a function
// when it is first called; a cache written right after compiling holds the top level only, and
// every run then compiles oclif's start and its command again. Written after these runs, the cache
// also holds every function they called, which a later run takes ready-made. scripts/bundle.js
// runs this in a process of its own with stdout ignored (the commands print as usual); it exits
// non-zero if a run fails, which fails the build.
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {START, bundleMainOptions, compileBundle, runBundle, writeCodeCache} from '../dist/src/cli/bundle.js'

const root = join(fileURLToPath(new URL('..', import.meta.url)))
const directory = join(root, 'dist', 'bundle')
const config = ['--config', join(root, 'examples', 'openclaw.json5')]
const catalog = ['--catalog', join(root, 'examples', 'catalog.json5')]

// The start every command shares, and the two commands a person runs most: a config read and a
// search, twice: the first builds the index and keeps it (in the temp HOME scripts/bundle.js
// gives this process), the second reads it back, as a person's next search does.
// A lean bundle's cache is taken after the runs of its own commands (`config file` is one).
const RUNS = [
  {id: 'config:get', argv: ['config', 'get', 'tools.toolSearch', ...config], exitCode: 0},
  {id: 'config:file', argv: ['config', 'file', ...config], exitCode: 0},
  {id: 'search', argv: ['search', 'read a file', '--json', ...catalog, ...config], exitCode: 0},
  {id: 'search', argv: ['search', 'read a file', '--json', ...catalog, ...config], exitCode: 0},
]

const [name = 'toolsearch', held = '[]'] = process.argv.slice(2)
const ids = new Set(JSON.parse(held))
const runs = RUNS.filter((run) => ids.has(run.id))
if (runs.length === 0) throw new Error(`code cache: no run for the commands of ${name}`)
if (name === START) {
  // The start, as bin/run.cjs runs it, for the first of its runs (from that command's bundle, whose
  // cache is written already). The start ends the process once the command is done
  // (src/cli/exit.ts): its cache is written as the process ends, after a run that succeeded.
  const script = compileBundle(directory, undefined, name)
  const {start} = runBundle(script, directory, name)
  process.on('exit', (code) => {
    if (code === runs[0].exitCode) writeCodeCache(directory, script.createCachedData(), name)
  })
  await start(runs[0].argv, root)
  // Not reached when the start ended the process itself.
  process.exit()
}
const script = compileBundle(directory, undefined, name)
const bundle = runBundle(script, directory, name)
for (const {argv, exitCode} of runs) {
  await bundle.main(argv, {root, pjson: bundle.pjson}, bundleMainOptions(bundle))
  if ((process.exitCode ?? 0) !== exitCode) throw new Error(`code cache: toolsearch ${argv.join(' ')} exited ${process.exitCode}`)
  process.exitCode = undefined
}
writeCodeCache(directory, script.createCachedData(), name)
