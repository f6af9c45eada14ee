/**
 * How `bin/run.js` starts the CLI: from the bundle `npm run build` writes (dist/bundle/, see
 * bundle.ts), which starts about twice as fast as the ~200 compiled modules it is made of, or from
 * those modules when there is no bundle and when DEBUG names toolsearch, so that a stack trace
 * names the real files. Both ways run the same code. `npm run build` always writes both; a
 * development loop that only runs `tsc` uses bin/dev.js, which runs the modules.
 */
import {existsSync} from 'node:fs'
import {join} from 'node:path'

import {isDebugEnabled} from '../shared/errors.js'
import {BUNDLE_FILE, loadBundle} from './bundle.js'

/** Runs `toolsearch <argv>` for the package installed at `root`. */
export async function start(argv: readonly string[], root: string): Promise<void> {
  const bundleDirectory = join(root, 'dist', 'bundle')
  if (!isDebugEnabled() && existsSync(join(bundleDirectory, BUNDLE_FILE))) {
    const {main, pjson} = loadBundle(bundleDirectory).exports
    await main(argv, {root, pjson})
    return
  }
  const {main} = await import('./main.js')
  await main(argv, {root})
}
