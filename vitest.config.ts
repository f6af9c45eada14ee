import {availableParallelism} from 'node:os'

import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests spawn the built binary and real MCP servers: seconds, not milliseconds.
    testTimeout: 60_000,
    // One test file per core, not one less (vitest's default): most files spend their time
    // waiting for the processes they start, so a 2-core machine would otherwise run one at a time.
    maxWorkers: availableParallelism(),
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
