#!/usr/bin/env node
// Production entry point: commands come from dist/ and the manifest written at build time,
// so start-up reads one JSON file instead of scanning the commands directory.
import {execute} from '@oclif/core'

import {hoistRootFlags} from '../dist/src/cli/argv.js'
import {preflight} from '../dist/src/cli/preflight.js'

const args = hoistRootFlags(process.argv.slice(2))
const exitCode = preflight(args)
if (exitCode === undefined) await execute({args, dir: import.meta.url})
else process.exitCode = exitCode
