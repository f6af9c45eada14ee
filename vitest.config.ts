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
  },
})
