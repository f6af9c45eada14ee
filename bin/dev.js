#!/usr/bin/env node
// Development entry point: same commands as bin/run.js (build first with `npm run build`),
// with oclif's debug output and full stack traces enabled.
import {execute} from '@oclif/core'

import {hoistRootFlags} from '../dist/src/cli/argv.js'

process.env.DEBUG ??= 'toolsearch*'
await execute({args: hoistRootFlags(process.argv.slice(2)), development: true, dir: import.meta.url})
