#!/usr/bin/env node
// Production entry point: commands come from dist/ and the manifest written at build time,
// so start-up reads one JSON file instead of scanning the commands directory.
import {execute} from '@oclif/core'

import {preflight} from '../dist/src/cli/preflight.js'

const exitCode = preflight(process.argv.slice(2))
if (exitCode === undefined) await execute({dir: import.meta.url})
else process.exitCode = exitCode
