import {availableParallelism} from 'node:os'

import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests spawn the built binary and real MCP servers: seconds, not milliseconds.
    testTimeout: 60_000,
    // Two test files per core: most files spend much of their time waiting for the processes
    // they start (servers, timeouts, lock holders), and a second file per core runs meanwhile.
    // On 2 cores, 2 workers took 165 s, 3 took 143 s and 4 took 136 s of nearly the same CPU time.
    maxWorkers: availableParallelism() * 2,
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
