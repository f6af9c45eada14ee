/** Human renderings: pure functions, untrusted text neutralised, cells cut to width. */
import {describe, expect, it} from 'vitest'

import {renderBatchResponse, renderHitTable} from '../../src/search/render.js'
import {toSearchHit} from '../../src/search/hits.js'
import {displayWidth} from '../../src/output/columns.js'
import {tool} from './tools.js'

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

describe('renderHitTable with wide characters', () => {
  it('lines up CJK ids by the cells they take in a terminal, not by their code points', () => {
    const hits = [toSearchHit(tool('天気予報', {description: '天気を調べる。'})), toSearchHit(tool('weather', {description: 'Weather.'}))]
    const lines = renderHitTable(hits, {color: false, width: 80}).split('\n')
    // `openclaw:plugin:天気予報` is 16 + 8 cells wide: the SOURCE column starts at the same cell in every row.
    const sourceAt = (line: string) => displayWidth(line.slice(0, line.indexOf('openclaw ')))
    expect(lines[0]).toBe('#  ID                        SOURCE    DESCRIPTION')
    expect(lines[1]).toBe('1  openclaw:plugin:天気予報  openclaw  天気を調べる。')
    expect(lines[3]).toBe('2  openclaw:plugin:weather   openclaw  Weather.')
    expect(sourceAt(lines[1]!)).toBe(sourceAt(lines[3]!))
  })
})
