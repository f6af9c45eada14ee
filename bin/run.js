#!/usr/bin/env node
// Production entry point: src/cli/start.ts runs the bundle the build writes (or, without one, the
// compiled modules).
import {fileURLToPath} from 'node:url'

import {start} from '../dist/src/cli/start.js'

await start(process.argv.slice(2), fileURLToPath(new URL('..', import.meta.url)))
