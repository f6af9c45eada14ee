// Writes dist/bundle/toolsearch.cache, V8's code cache of the bundle, after running the everyday
// commands on the bundled examples in this process. V8 compiles a function when it is first
// called; a cache written right after compiling holds the top level only, and every run then
// compiles oclif's start and its command again. Written after these runs, the cache also holds
// every function they called, which a later run takes ready-made. scripts/bundle.js runs this
// in a process of its own with stdout ignored (the commands print as usual); it exits non-zero if
// a run fails, which fails the build.
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {bundleMainOptions, compileBundle, runBundle, writeCodeCache} from '../dist/src/cli/bundle.js'

const root = join(fileURLToPath(new URL('..', import.meta.url)))
const directory = join(root, 'dist', 'bundle')
const config = ['--config', join(root, 'examples', 'openclaw.json5')]
const catalog = ['--catalog', join(root, 'examples', 'catalog.json5')]

// The start every command shares, and the two commands a person runs most: a config read and a
// search, twice: the first builds the index and keeps it (in the temp HOME scripts/bundle.js
// gives this process), the second reads it back, as a person's next search does.
const RUNS = [
  {argv: ['config', 'get', 'tools.toolSearch', ...config], exitCode: 0},
  {argv: ['search', 'read a file', '--json', ...catalog, ...config], exitCode: 0},
  {argv: ['search', 'read a file', '--json', ...catalog, ...config], exitCode: 0},
]

const script = compileBundle(directory, undefined)
const bundle = runBundle(script, directory)
for (const {argv, exitCode} of RUNS) {
  await bundle.main(argv, {root, pjson: bundle.pjson}, bundleMainOptions(bundle))
  if ((process.exitCode ?? 0) !== exitCode) throw new Error(`code cache: toolsearch ${argv.join(' ')} exited ${process.exitCode}`)
  process.exitCode = undefined
}
writeCodeCache(directory, script.createCachedData())
