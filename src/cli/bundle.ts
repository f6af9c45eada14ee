/**
 * Runs the CLI from its bundle: `dist/bundle/toolsearch.cjs`, every command and oclif in one
 * script that `npm run build` writes (scripts/bundle.js). Node 20 reads a program spread over
 * some 200 modules slowly (each one resolved, read and compiled on its own) and has no compile
 * cache of its own, so the bundle is compiled with V8's code cache, `toolsearch.cache`, which
 * the build writes. A cache that another Node version or other V8 flags wrote is rejected by V8
 * itself, and the script then compiles as usual: the cache only ever saves time.
 *
 * The heavy packages (ajv, the MCP SDK, natural, cosmiconfig, json5, smol-toml, re2js) are not in
 * the bundle: the commands that use them require them from node_modules when they need them.
 */
import {readFileSync, renameSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {basename, dirname, join} from 'node:path'
import {Script} from 'node:vm'

import type {PJSON} from '@oclif/core/interfaces'

import {hoistRootFlags} from './argv.js'
import {canRunDirectly, directCommandLine} from './command-line.js'
import type {BundledCommands} from './direct.js'
import type {MainOptions} from './main.js'

/** What the bundle exports (scripts/bundle.js writes its entry). */
export interface BundleExports {
  main: typeof import('./main.js').main
  /** package.json as oclif reads it, with commands and hooks taken from the bundle. */
  pjson: PJSON
  /** The id of every command in the bundle (`config:get`), as in the manifest. */
  commandIds: readonly string[]
  /** A digest of the compiled code the bundle was made of (`src/cli/build.ts`). */
  build: string
  /** The ids of commands that take positional words (arguments, or `strict = false`). */
  commandsTakingWords: readonly string[]
  /** The command class of a command id, its modules initialised on first use. */
  loadCommand: BundledCommands['load']
  /** oclif's report of an error that escaped a command (a lean bundle hands such errors to the whole one). */
  handleError: (error: unknown) => Promise<void>
}

/** How `main` runs from the bundle: its command ids, build and commands. */
export function bundleMainOptions(exports: BundleExports): MainOptions {
  const ids = new Set(exports.commandIds)
  return {commandIds: ids, build: exports.build, commands: {ids, takingWords: new Set(exports.commandsTakingWords), load: exports.loadCommand}}
}

/** The whole CLI's bundle: every command and oclif. */
export const WHOLE_BUNDLE = 'toolsearch'
export const BUNDLE_FILE = `${WHOLE_BUNDLE}.cjs`
/**
 * The start (src/cli/start.ts) as the build writes it: a script of this same form, with a code
 * cache of its own, that `bin/run.cjs` compiles as `loadBundle` compiles a bundle.
 */
export const START = 'start'
const bundleFile = (name: string) => `${name}.cjs`
const codeCacheFile = (name: string) => `${name}.cache`

export interface LoadedBundle {
  exports: BundleExports
  /** Whether V8 took the code cache (false without one, or when another Node wrote it). */
  codeCacheAccepted: boolean
}

/**
 * The bundle in `directory` compiled as the script it runs as, with `cachedData` when given (V8
 * takes a code cache only for the same source). The build writes the cache from this same script,
 * after running the everyday commands in it (scripts/code-cache.js), so that the cache also holds
 * the functions those runs compiled.
 */
export function compileBundle(directory: string, cachedData: Buffer | undefined, name: string = WHOLE_BUNDLE): Script {
  const filename = join(directory, bundleFile(name))
  // ASCII, as the build guarantees: read as Latin-1 it becomes a one-byte string without decoding.
  // Already wrapped (`wrapBundleSource`), so the text goes to V8 as read.
  const source = readFileSync(filename, 'latin1')
  // No `import()` in the bundle: Node 20 cannot give a script compiled from a code cache a
  // working one (scripts/bundle.js turns them into `require()`).
  return new Script(source, {filename, cachedData})
}

/**
 * The bundle's CommonJS code as the file the build writes: one function of a module's arguments,
 * as Node wraps a module. Written into the file rather than added at each run: joining the two
 * gave V8 a 645 kB string to copy before compiling, about 6 ms of every start.
 */
export function wrapBundleSource(code: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${code}\n})`
}

/** Compiles and runs the bundle `name` in `directory` (with its code cache when there is one). */
export function loadBundle(directory: string, name: string = WHOLE_BUNDLE): LoadedBundle {
  const cachedData = readCodeCache(directory, name)
  const script = compileBundle(directory, cachedData, name)
  return {exports: runBundle(script, directory, name), codeCacheAccepted: cachedData !== undefined && script.cachedDataRejected !== true}
}

/** Runs the compiled bundle `name` of `directory` as the CommonJS module it is, and returns its exports. */
export function runBundle(script: Script, directory: string, name: string = WHOLE_BUNDLE): BundleExports {
  const filename = join(directory, bundleFile(name))
  const module = {exports: {} as BundleExports}
  const run = script.runInThisContext() as (...args: unknown[]) => void
  run.call(module.exports, module.exports, createRequire(filename), module, filename, directory)
  return module.exports
}

function readCodeCache(directory: string, name: string): Buffer | undefined {
  try {
    return readFileSync(join(directory, codeCacheFile(name)))
  } catch {
    return undefined
  }
}

/** Writes `cache` as the code cache of the bundle `name`, whole or not at all. */
export function writeCodeCache(directory: string, cache: Buffer, name: string = WHOLE_BUNDLE): void {
  const target = join(directory, codeCacheFile(name))
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`)
  writeFileSync(temp, cache)
  renameSync(temp, target)
}

/** What the build says of its lean bundles (scripts/bundle.js writes `lean-bundles.json`). */
interface LeanBundles {
  /** Each lean bundle's name and the commands it holds. */
  bundles: Record<string, string[]>
  commandIds: string[]
  commandsTakingWords: string[]
  pjson: PJSON
}

/**
 * The lean bundle a run of `argv` starts from: the one holding the command of a plain command line
 * (what `main` would run directly, `command-line.ts`), read as `main` reads it; undefined for
 * anything else (help, topics, unknown commands, a debug setting, a command no lean bundle holds),
 * which the whole bundle runs. A build without lean bundles, or a list that cannot be read, has none.
 */
export function leanBundleFor(argv: readonly string[], directory: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  let lean: LeanBundles
  try {
    lean = JSON.parse(readFileSync(join(directory, 'lean-bundles.json'), 'utf8')) as LeanBundles
  } catch {
    return undefined
  }
  if (!canRunDirectly(lean.pjson, env)) return undefined
  const line = directCommandLine(hoistRootFlags(argv), {ids: new Set(lean.commandIds), takingWords: new Set(lean.commandsTakingWords)})
  if (line === undefined) return undefined
  return Object.keys(lean.bundles).find((name) => lean.bundles[name]!.includes(line.id))
}
