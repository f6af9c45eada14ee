import {availableParallelism} from 'node:os'

import {defineConfig} from 'vitest/config'

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
  },
})
