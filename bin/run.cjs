#!/usr/bin/env node
'use strict'
// Production entry point, in CommonJS: Node starts a CommonJS entry without its ES module loader.
// It runs src/cli/start.ts as the build writes it into dist/bundle/start.cjs, which runs the bundle
// (or the compiled modules under DEBUG). That script is compiled here from its code cache, the way
// it compiles a bundle (src/cli/bundle.ts: `loadBundle`), not `require`d: Node's `require` would
// compile it afresh every run. A build that only ran `tsc` has no dist/bundle/: the compiled start
// module then runs the modules.
const {readFileSync} = require('node:fs')
const {join} = require('node:path')
const {Script} = require('node:vm')

const root = join(__dirname, '..')
const argv = process.argv.slice(2)
const directory = join(root, 'dist', 'bundle')
const file = join(directory, 'start.cjs')
const read = (path, encoding) => {
  try {
    return readFileSync(path, encoding)
  } catch (error) {
    if (error === null || typeof error !== 'object' || error.code !== 'ENOENT') throw error
    return undefined
  }
}
const source = read(file, 'latin1')
if (source === undefined) {
  import('../dist/src/cli/start.js').then(({start}) => start(argv, root))
} else {
  // A cache another Node wrote is rejected by V8, and the script compiles as usual.
  const script = new Script(source, {filename: file, cachedData: read(join(directory, 'start.cache'))})
  const module = {exports: {}}
  script.runInThisContext().call(module.exports, module.exports, require, module, file, directory)
  module.exports.start(argv, root, (url) => import(url))
}
