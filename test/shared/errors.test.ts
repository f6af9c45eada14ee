/** One table from what went wrong to how the process exits (SPEC §3.3, §3.4, §8.3). */
import {describe, expect, it} from 'vitest'

import {EXIT_CODES, ExitCode, ToolsearchError, exitCodeFor, usageError} from '../../src/shared/errors.js'

describe('EXIT_CODES', () => {
  it('maps every code to one of the documented exit codes', () => {
    const documented = new Set<number>([...Object.values(ExitCode), 130])
    for (const [code, exit] of Object.entries(EXIT_CODES)) expect({code, documented: documented.has(exit)}).toEqual({code, documented: true})
  })

  it.each([
    ['usage', 2],
    ['config-parse', 2],
    ['invalid-catalog', 2],
    ['config-not-found', 1],
    ['unknown-tool', 1],
    ['findings', 1],
    ['tool-denied', 3],
    ['blocked', 3],
    ['mcp-unavailable', 4],
    ['tool-unavailable', 4],
    ['config-refused', 78],
    ['interrupted', 130],
  ] as const)('%s exits %i', (code, exit) => {
    expect(exitCodeFor(code)).toBe(exit)
    expect(new ToolsearchError(code, 'x').exitCode).toBe(exit)
  })

  it('a usage error exits 2 whatever options it carries', () => {
    expect(usageError('bad flag', {suggestions: ['--limit']}).exitCode).toBe(2)
  })
})
