/**
 * How `bin/run.cjs` starts the CLI: from the bundle `npm run build` writes (dist/bundle/, see
 * bundle.ts), which starts about twice as fast as the ~200 compiled modules it is made of, or from
 * those modules when there is no bundle and when DEBUG names toolsearch, so that a stack trace
 * names the real files (the index cache then keys on a digest of those modules, computed at start).
 * Both ways run the same code. `npm run build` always writes both; a
 * development loop that only runs `tsc` uses bin/dev.js, which runs the modules. The build also
 * writes lean bundles of a command family (`config get`): a plain command line of one of their
 * commands starts from that smaller bundle (`leanBundleFor`), anything else from the whole one. A
 * lean bundle holds none of oclif: a line it cannot read as oclif would, and an error for oclif to
 * report, it hands to the whole bundle (src/cli/lean/whole-bundle.ts).
 *
 * Once the command is done the process ends at once when nothing is left pending (`exit.ts`).
 *
 * The build also writes this module, with bundle.ts, as one CommonJS script (dist/bundle/start.cjs):
 * the entry point is CommonJS, and Node starts a CommonJS entry without its ES module loader,
 * which costs about a seventh of a bare start (docs/design.md, "Start-up"). `bin/run.cjs` compiles
 * that script from its code cache, as this module compiles a bundle: a script compiled that way
 * has no working `import()` on Node 20, so the entry point hands over its own (`importModule`).
 */
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {isDebugEnabled} from '../shared/errors.js'
import {BUNDLE_FILE, bundleMainOptions, leanBundleFor, loadBundle} from './bundle.js'
import {exitWhenIdle} from './exit.js'
import {wholeBundleRequest} from './lean/whole-bundle.js'

/** A module's namespace by URL: `import()`, as the caller has it. */
export type ImportModule = (url: string) => Promise<unknown>

/**
 * Runs `toolsearch <argv>` for the package installed at `root`; `importModule` loads the compiled
 * modules when they run instead of a bundle.
 */
export async function start(argv: readonly string[], root: string, importModule: ImportModule = async (url) => import(url)): Promise<void> {
  const bundleDirectory = join(root, 'dist', 'bundle')
  if (!isDebugEnabled() && existsSync(join(bundleDirectory, BUNDLE_FILE))) {
    // A plain command line of a command a lean bundle holds starts from that smaller bundle.
    const lean = leanBundleFor(argv, bundleDirectory)
    const runFrom = async (name: string | undefined) => {
      const {exports} = loadBundle(bundleDirectory, name)
      await exports.main(argv, {root, pjson: exports.pjson}, {...bundleMainOptions(exports), ownProcess: true})
    }
    try {
      await runFrom(lean)
    } catch (error) {
      // A lean bundle hands over what only oclif does (src/cli/lean/whole-bundle.ts).
      const request = lean === undefined ? undefined : wholeBundleRequest(error)
      if (request === undefined) throw error
      if (request === 'run') await runFrom(undefined)
      else await loadBundle(bundleDirectory).exports.handleError((error as Error).cause)
    }
  } else {
    // Named from the root, not relative to this file: this code also runs from dist/bundle/.
    const {main} = (await importModule(pathToFileURL(join(root, 'dist', 'src', 'cli', 'main.js')).href)) as typeof import('./main.js')
    await main(argv, {root}, {build: await debugBuild(root), ownProcess: true})
  }
  exitWhenIdle()
}

/**
 * Under DEBUG, the digest of the compiled modules that run (`build-digest.ts`), so a DEBUG run
 * uses the index cache as any run does and its lines say what the cache did. Without DEBUG and
 * without a bundle (a development build), none: nothing is cached.
 */
async function debugBuild(root: string): Promise<string | undefined> {
  if (!isDebugEnabled()) return undefined
  try {
    const {buildDigest} = await import('./build-digest.js')
    return buildDigest(root)
  } catch {
    // Modules that cannot all be read: no cache.
    return undefined
  }
}
