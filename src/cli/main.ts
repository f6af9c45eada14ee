/**
 * What `toolsearch` runs, whether from the compiled modules or from the bundle (`bin/run.cjs`
 * chooses; `bin/dev.js` runs the modules in oclif's development mode): OpenClaw's root flags moved
 * after the command, the preflight checks oclif would get wrong, then oclif.
 */
import type {LoadOptions} from '@oclif/core/interfaces'

import {hoistRootFlags} from './argv.js'
import {setRunningBuild} from './build.js'
import {type BundledCommands, runDirectly} from './direct.js'
import {preflight} from './preflight.js'
import {ownStandardOutput} from '../output/stdout.js'

export interface MainOptions {
  /** oclif's development mode (bin/dev.js). */
  development?: boolean
  /** The command ids, when the caller has them without reading the manifest (the bundle does). */
  commandIds?: ReadonlySet<string>
  /** The build that runs (`src/cli/build.ts`): the bundle has one, the compiled modules none. */
  build?: string
  /** The bundle's commands: a plain command line of one runs without oclif's configuration (`direct.ts`). */
  commands?: BundledCommands
  /**
   * The process is the CLI's own (`bin/run.cjs`), not a library's or a test's: output goes to
   * descriptor 1 without making `process.stdout` (`src/output/stdout.ts`).
   */
  ownProcess?: boolean
}

export async function main(argv: readonly string[], loadOptions: LoadOptions, {development = false, commandIds, build, commands, ownProcess = false}: MainOptions = {}): Promise<void> {
  setRunningBuild(build)
  if (ownProcess) ownStandardOutput()
  const args = hoistRootFlags(argv)
  const exitCode = preflight(args, commandIds)
  if (exitCode !== undefined) {
    process.exitCode = exitCode
    return
  }
  if (commands !== undefined && !development && isRootAndPjson(loadOptions)) {
    try {
      if (await runDirectly(args, loadOptions, commands)) return
    } catch (error) {
      // What escapes a command ends the run as oclif's `execute` ends it.
      const {handle} = await import('@oclif/core/errors')
      await handle(error as Error)
      return
    }
  }
  // oclif is loaded only now: a run the preflight ends never pays for it. Through its `execute`
  // module, not its index, which also loads semver (47 modules) to check the Node version that
  // package.json's engines field already states.
  const {execute} = await import('@oclif/core/execute')
  await execute({args, loadOptions, development})
}

function isRootAndPjson(options: LoadOptions): options is {root: string; pjson: NonNullable<Exclude<LoadOptions, string | undefined>['pjson']>} {
  return typeof options === 'object' && options !== null && 'root' in options && 'pjson' in options && options.pjson !== undefined
}
