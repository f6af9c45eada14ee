#!/usr/bin/env node
// Development entry point: the same start as bin/run.cjs (build first with `npm run build`), always
// from the compiled modules, with oclif's development mode, its debug output and full stack traces.
import {fileURLToPath} from 'node:url'

import {main} from '../dist/src/cli/main.js'

process.env.DEBUG ??= 'toolsearch*'
await main(process.argv.slice(2), {root: fileURLToPath(new URL('..', import.meta.url))}, {development: true, ownProcess: true})
