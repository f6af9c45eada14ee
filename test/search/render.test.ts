/** Human renderings: pure functions, untrusted text neutralised, cells cut to width. */
import {describe, expect, it} from 'vitest'

import {fitCell, renderBatchResponse, renderHitTable} from '../../src/search/render.js'
import {toSearchHit} from '../../src/search/hits.js'
import {tool} from './tools.js'

describe('fitCell', () => {
  it('cuts by code points and ends with …', () => {
    expect(fitCell('abcdef', 6)).toBe('abcdef')
    expect(fitCell('abcdefg', 6)).toBe('abcde…')
    expect(fitCell('😀😀😀😀', 3)).toBe('😀😀…')
    expect(fitCell('x'.repeat(5_000_000), 4)).toBe('xxx…')
  })
})

describe('renderHitTable', () => {
  const hits = [
    toSearchHit(tool('read', {description: 'Read\na   file.', parameters: {type: 'object', properties: {path: {type: 'string'}}, required: ['path']}})),
    toSearchHit(tool('evil\u001b[2J', {source: 'mcp', description: '\u001b]0;title\u0007 ' + 'long '.repeat(100)})),
  ]

  it('aligns rank, id, source and description, with the input signature under each row', () => {
    const text = renderHitTable(hits, {color: false, width: 80})
    expect(text.split('\n')).toEqual([
      '#  ID                        SOURCE    DESCRIPTION',
      '1  openclaw:plugin:read      openclaw  Read a file.',
      '   input: { path: string }',
      '2  mcp:server:evil\\u001b[2J  mcp       \\u001b]0;title\\u0007 long long long long…',
      '   input: unknown',
    ])
    // The row fills the width exactly; the description is what gets cut.
    expect(text.split('\n')[3]).toHaveLength(80)
  })

  it('never lets control characters through, and colours only when asked', () => {
    const plain = renderHitTable(hits, {color: false})
    expect(plain).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
    expect(renderHitTable(hits, {color: true})).toContain('\u001b[36m')
  })
})

describe('renderBatchResponse', () => {
  it('titles each query and notes truncation', () => {
    const text = renderBatchResponse({results: [{query: 'a', candidates: [], truncated: true}], truncated: true}, {color: false})
    expect(text).toBe('Query: a\nNo tools match.\n(truncated to fit the 4,000-character response)')
  })
})
