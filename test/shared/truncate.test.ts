import {describe, expect, it} from 'vitest'

import {ELLIPSIS_CUT, OPENCLAW_CUT, OPENCLAW_MCP_DESCRIPTION_CUT, truncateText} from '../../src/shared/truncate.js'

/** Whether `text` has half a surrogate pair at either end or anywhere. */
const wellFormed = (text: string) => text.isWellFormed()

describe('truncateText', () => {
  it('leaves text that fits as it is, and cuts longer text to the length asked, the mark counted', () => {
    expect(truncateText('abc', 3)).toBe('abc')
    expect(truncateText('abcdef', 4)).toBe('abc…')
    expect(truncateText('abc   defgh', 9, OPENCLAW_CUT)).toBe('abc...')
    expect(truncateText('abcdefgh', 5, {mark: '…', at: 'middle'})).toBe('ab…gh')
  })

  it("marks OpenClaw's MCP description cut after the kept text, not within it", () => {
    expect(truncateText('abcdef', 4, OPENCLAW_MCP_DESCRIPTION_CUT)).toBe('abcd...')
    expect(truncateText('abcd', 4, OPENCLAW_MCP_DESCRIPTION_CUT)).toBe('abcd')
  })

  it('marks a text already cut short even when it fits', () => {
    expect(truncateText('abc ', 10, OPENCLAW_CUT, true)).toBe('abc...')
  })

  it('never cuts through a surrogate pair, at the end or in the middle, in any style', () => {
    const text = '😀'.repeat(20)
    for (const style of [ELLIPSIS_CUT, OPENCLAW_CUT, OPENCLAW_MCP_DESCRIPTION_CUT, {mark: '…', at: 'middle' as const}]) {
      for (let max = 0; max < text.length; max++) {
        const cut = truncateText(text, max, style)
        expect(wellFormed(cut), `${JSON.stringify(style)} at ${max}`).toBe(true)
        if (style.markOutside !== true) expect(cut.length, `${JSON.stringify(style)} at ${max}`).toBeLessThanOrEqual(Math.max(max, style.mark.length))
      }
    }
  })
})
