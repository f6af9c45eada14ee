import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests spawn the built binary and real MCP servers: seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
