import {existsSync} from 'node:fs'
import {availableParallelism} from 'node:os'

import {defineConfig} from 'vitest/config'
import {BaseSequencer, type TestSpecification} from 'vitest/node'

/**
 * Files that run for tens of seconds (they replay every recorded OpenClaw run against live MCP
 * servers, install the package, race writer processes, start MCP servers or rerun every
 * documentation transcript), longest first. On a clean clone vitest has no
 * timings yet and starts the largest files first, which put the transcripts (a small file) at the
 * very end of a run and made the whole suite wait for it; started first, they overlap the rest.
 */
const LONG_RUNNING = ['test/e2e-openclaw/replay.test.ts', 'test/package/pack.test.ts', 'test/fs/concurrency.test.ts', 'test/mcp/cli.test.ts', 'test/docs/transcripts.test.ts', 'test/cli/loaded-modules.test.ts', 'test/mcp/sources-cli.test.ts', 'test/mcp/call.test.ts', 'test/catalog/large-catalogs.test.ts']

// A renamed or deleted file would silently lose its place at the front.
for (const name of LONG_RUNNING) if (!existsSync(new URL(name, import.meta.url))) throw new Error(`vitest.config.ts: LONG_RUNNING names ${name}, which does not exist`)

class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const index = LONG_RUNNING.findIndex((name) => file.moduleId.endsWith(name))
      return index === -1 ? LONG_RUNNING.length : index
    }
    // Array.prototype.sort is stable: the other files keep vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests spawn the built binary and real MCP servers: seconds, not milliseconds.
    testTimeout: 60_000,
    // One test file per core and one more: most files spend much of their time waiting for the
    // processes they start (servers, timeouts, lock holders), and the extra file runs meanwhile.
    // On 2 cores from a clean clone, 2 workers took about 190 s, 3 took 160 s and 4 took 168 s
    // (each worker loads the module graph again, which costs more than the waiting it overlaps).
    maxWorkers: availableParallelism() + 1,
    hookTimeout: 60_000,
    // Helpers' cleanups (temp dirs, servers they started) run at the end of each file.
    setupFiles: ['test/helpers/setup.ts'],
    // A worker runs its files one after another in one module graph instead of reloading vitest,
    // oclif and the commands for every file: nearly half of a small file's cost. Nothing a test
    // swaps is left swapped: in-process runs restore stdout, stderr, stdin, env and cwd after each
    // run, and tests change no other global.
    isolate: false,
    sequence: {sequencer: LongRunningFirst},
  },
})
