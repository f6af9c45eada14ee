import {describe, expect, it} from 'vitest'

import {isErrorLine, stderrExcerpt} from '../../src/shared/stderr-excerpt.js'
import {quoteStderr} from '../../src/call/executors/command.js'

const NODE_MISSING_MODULE = [
  'node:internal/modules/cjs/loader:1210',
  '  throw err;',
  '  ^',
  "Error: Cannot find module '/srv/gone/index.js'",
  '    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)',
  "  code: 'MODULE_NOT_FOUND',",
  '  requireStack: []',
  '}',
  'Node.js v20.20.2',
]

describe('stderrExcerpt', () => {
  it('keeps the first error line before the last lines when they leave it out', () => {
    expect(stderrExcerpt(NODE_MISSING_MODULE, 3)).toEqual(["Error: Cannot find module '/srv/gone/index.js'", '…', '  requireStack: []', '}', 'Node.js v20.20.2'])
  })

  it('is the last lines alone when the error is among them, or there is none', () => {
    expect(stderrExcerpt(['starting', 'ModuleNotFoundError: No module named mcp'], 3)).toEqual(['starting', 'ModuleNotFoundError: No module named mcp'])
    expect(stderrExcerpt(['a', 'b', 'c', 'd'], 2)).toEqual(['c', 'd'])
    expect(stderrExcerpt(['a', 'b', 'c', 'd'], 2, 'error: kept from earlier')).toEqual(['error: kept from earlier', '…', 'c', 'd'])
  })

  it('knows an error line by its first word', () => {
    for (const line of ['Error: x', 'TypeError: x', 'ModuleNotFoundError: x', 'java.lang.IllegalStateException: x', 'error: x', 'fatal: x', 'panic: x', 'Traceback (most recent call last):']) expect(isErrorLine(line), line).toBe(true)
    for (const line of ['node:internal/modules/cjs/loader:1210', '    at f (x.js:1:1)', 'errors were 0', 'Node.js v20']) expect(isErrorLine(line), line).toBe(false)
  })

  it('is what a command tool quotes too (its last ten lines)', () => {
    const trace = [...NODE_MISSING_MODULE.slice(0, 4), ...Array.from({length: 12}, (_, i) => `    at frame${i} (x.js:${i}:1)`), ...NODE_MISSING_MODULE.slice(4)]
    expect(quoteStderr(trace.join('\n'))).toBe(`\nLast lines of stderr:\n  Error: Cannot find module '/srv/gone/index.js'\n  …\n  ${trace.slice(-10).join('\n  ')}`)
  })
})
