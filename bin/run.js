#!/usr/bin/env node
// Production entry point: commands come from dist/ and the manifest written at build time,
// so start-up reads one JSON file instead of scanning the commands directory.
// oclif is loaded through its `execute` module, not its index: the index also loads semver
// (47 modules) to check the Node version, which package.json's engines field already states.
import {hoistRootFlags} from '../dist/src/cli/argv.js'
import {preflight} from '../dist/src/cli/preflight.js'

const args = hoistRootFlags(process.argv.slice(2))
const exitCode = preflight(args)
if (exitCode === undefined) {
  const {execute} = await import('@oclif/core/execute')
  await execute({args, dir: import.meta.url})
} else process.exitCode = exitCode
