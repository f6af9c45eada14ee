#!/usr/bin/env node
'use strict'
// Production entry point, in CommonJS: Node starts a CommonJS entry without its ES module loader.
// It runs src/cli/start.ts as the build writes it into dist/bundle/start.cjs, which runs the bundle
// (or the compiled modules under DEBUG). A build that only ran `tsc` has no dist/bundle/: the
// compiled start module then runs the modules.
const {join} = require('node:path')

const root = join(__dirname, '..')
const argv = process.argv.slice(2)
let bundled
try {
  bundled = require('../dist/bundle/start.cjs')
} catch (error) {
  if (error === null || typeof error !== 'object' || error.code !== 'MODULE_NOT_FOUND') throw error
}
if (bundled !== undefined) bundled.start(argv, root)
else import('../dist/src/cli/start.js').then(({start}) => start(argv, root))
