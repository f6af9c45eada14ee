/**
 * OpenClaw's tool result context guard on one control result. Every expected text below is worked
 * out by hand from OpenClaw 2026.9.6's rule (budget = the window in tokens, at least 1,024
 * weighted characters; 2 per code unit, 4 for a common CJK ideograph, 16 for one outside the BMP;
 * the notice `[... N more characters truncated; rerun with narrower args if needed]` is 68
 * characters plus the digits of N, and weighs twice that), with the arithmetic in the comments.
 */
import {describe, expect, it} from 'vitest'

import {guardToolResultText, toolResultContextMaxChars} from '../../src/controls/context-guard.js'

const notice = (cut: number) => `[... ${cut} more characters truncated; rerun with narrower args if needed]`
const MARKER = '\n\n⚠️ [... middle content omitted — showing head and tail ...]\n\n'
/** A 400-character line: 399 x's and a line break. */
const LINE = `${'x'.repeat(399)}\n`

describe("the budget of one tool result: the window in tokens, at least 1,024", () => {
  it.each([
    [1, 1024],
    [512, 1024],
    [1023, 1024],
    [1024, 1024],
    [1025, 1025],
    [4000, 4000],
    [4000.9, 4000],
    [200_000, 200_000],
  ])('window %d → %d weighted characters', (window, budget) => {
    expect(toolResultContextMaxChars(window)).toBe(budget)
  })
})

describe('a text that fits', () => {
  it('is left whole, up to a weight of exactly the budget', () => {
    // 2,000 ASCII characters weigh 4,000: the budget of a 4,000-token window.
    const text = 'a'.repeat(2000)
    expect(guardToolResultText(text, 4000)).toBe(text)
    expect(guardToolResultText(`${text}a`, 4000)).not.toBe(`${text}a`)
  })

  it('is left whole whatever its length when the window is unknown', () => {
    const text = 'a'.repeat(100_000)
    expect(guardToolResultText(text, undefined)).toBe(text)
  })

  it('counts a CJK ideograph as 4: 256 of them fit 1,024, 257 do not', () => {
    expect(guardToolResultText('漢'.repeat(256), 1000)).toBe('漢'.repeat(256))
    expect(guardToolResultText('漢'.repeat(257), 1000)).not.toBe('漢'.repeat(257))
  })
})

describe('a text that does not fit keeps its start and a notice', () => {
  it('cuts to the budget less the notice, with the count of what was cut', () => {
    // Budget 4,000; the least kept is min(2,000, 4,000 − 138) = 2,000. The start that fits the
    // budget is 2,000 characters, so the first notice counts 3,000 (72 characters, weight 144):
    // room 3,856 → 1,928 characters. The notice for cutting 3,072 is also 72: it fits.
    expect(guardToolResultText('a'.repeat(5000), 4000)).toBe(`${'a'.repeat(1928)}${notice(3072)}`)
  })

  it('ends at the last line break when it falls in the last fifth of what is kept', () => {
    // Same room, 1,928 characters: 4 whole lines and 328 characters of the fifth. The last break
    // is at 1,599 > 0.8 × 1,928: the text ends before it, and 10,011 − 1,599 = 8,412 are cut.
    // The end ("exit code 1") looks like a report, but 3,856 is not over twice the least kept
    // (2 × 2,000), so the start alone is kept — as in the recorded run with a 4,000 window.
    const text = `${LINE.repeat(25)}exit code 1`
    expect(guardToolResultText(text, 4000)).toBe(`${LINE.repeat(4).slice(0, -1)}${notice(8412)}`)
  })

  it('keeps a last line break that falls earlier whole', () => {
    // The only break is at 100 < 0.8 × 1,928: nothing is trimmed.
    const text = `${'a'.repeat(100)}\n${'b'.repeat(4899)}`
    expect(guardToolResultText(text, 4000)).toBe(`${text.slice(0, 1928)}${notice(3072)}`)
  })

  it('at the 1,024 floor keeps the least kept, then shortens it until the notice fits', () => {
    // Window 1,000 → budget 1,024; least kept min(2,000, 1,024 − 138) = 886. The first cut is at
    // 512 characters (notice for 4,488: weight 144), room max(886, 880) = 886 → 443 characters.
    // The notice for 4,557 weighs 144: 1,024 − 144 = 880 → 440 characters, notice for 4,560.
    const expected = `${'a'.repeat(440)}${notice(4560)}`
    expect(guardToolResultText('a'.repeat(5000), 1000)).toBe(expected)
    // Every window up to 1,024 tokens gets the same budget.
    expect(guardToolResultText('a'.repeat(5000), 1)).toBe(expected)
    expect(guardToolResultText('a'.repeat(5000), 1024)).toBe(expected)
  })

  it('at the floor, a text one character over keeps 442 characters', () => {
    // 513 characters weigh 1,026. The first cut is 1 (notice 69 characters, 138): room 886 →
    // 443; the notice for 70 weighs 140 → 884 → 442; the notice for 71 weighs 140 too: it fits,
    // and the whole result weighs exactly 1,024.
    expect(guardToolResultText('a'.repeat(513), 1000)).toBe(`${'a'.repeat(442)}${notice(71)}`)
  })
})

describe('a text whose end looks like a report keeps its start and its end when the budget allows', () => {
  // Window 10,000: budget 10,000, least kept 2,000. The text is 25 lines and a last line: 10,011
  // characters. The first cut is at 5,000 (notice for 5,011: 144), room 9,856 > 2 × 2,000. The
  // end gets min(floor(0.3 × 9,856), 4,000) = 2,956, the start 9,856 − 2,956 − 126 (the marker,
  // 63 characters) = 6,774 → 3,387 characters, cut back to the break at 3,199 (> 0.8 × 3,387).
  // The end is the last 1,478 characters: "exit code 1", 3 whole lines and 267 characters of the
  // line before, whose break at 266 < 0.2 × 1,478 drops them. Kept: 3,199 + 63 + 1,211 = 4,473,
  // weight 8,946; the notice for 10,011 − 4,473 = 5,538 weighs 144: it fits.
  const head = LINE.repeat(8).slice(0, -1)

  it('joins them with the omission marker', () => {
    const text = `${LINE.repeat(25)}exit code 1`
    expect(guardToolResultText(text, 10_000)).toBe(`${head}${MARKER}${LINE.repeat(3)}exit code 1${notice(5538)}`)
  })

  it('takes a closing brace as a report end too', () => {
    // 10,001 characters; the end's 1,478 are "}", 3 lines and 277 characters whose break at 276
    // (< 295.6) drops them: kept 3,199 + 63 + 1,201 = 4,463, and 10,001 − 4,463 = 5,538 are cut.
    const text = `${LINE.repeat(25)}}`
    expect(guardToolResultText(text, 10_000)).toBe(`${head}${MARKER}${LINE.repeat(3)}}${notice(5538)}`)
  })

  it('keeps only the start when the end says nothing of the kind', () => {
    // 10,007 characters, room 9,856 → 4,928 characters, cut back to the break at 4,799.
    const text = `${LINE.repeat(25)}goodbye`
    expect(guardToolResultText(text, 10_000)).toBe(`${LINE.repeat(12).slice(0, -1)}${notice(5208)}`)
  })
})

describe('CJK and surrogate pairs', () => {
  it('weighs a CJK ideograph 4 and counts the cut in code units', () => {
    // 300 ideographs weigh 1,200 > 1,024. First cut at 256 (notice for 44: 70 characters, 140):
    // room max(886, 884) = 886 → 221 ideographs (884); the notice for 79 weighs 140 and
    // 884 + 140 = 1,024 fits.
    expect(guardToolResultText('漢'.repeat(300), 1000)).toBe(`${'漢'.repeat(221)}${notice(79)}`)
  })

  it('weighs an ideograph outside the BMP 16 and never cuts it in half', () => {
    // 100 × U+20000 (200 code units) weigh 1,600. First cut at 64 of them (notice for 72: 140):
    // room 886 → 55 (880 weight, 110 code units); the notice for 90 weighs 140: 1,020 fits.
    expect(guardToolResultText('𠀀'.repeat(100), 1000)).toBe(`${'𠀀'.repeat(55)}${notice(90)}`)
  })

  it('weighs an emoji as its two code units (4) and never cuts it in half', () => {
    // "a" + 300 emoji: 601 code units, weight 1,202. First cut: "a" + 255 emoji (1,022), 90 cut
    // (140): room 886 → "a" + 221 emoji (443 code units). The notice for 158 has 3 digits (142):
    // 882 → "a" + 220 emoji; the notice for 160 still weighs 142: 882 + 142 = 1,024 fits.
    const result = guardToolResultText(`a${'😀'.repeat(300)}`, 1000)
    expect(result).toBe(`a${'😀'.repeat(220)}${notice(160)}`)
    expect(result.isWellFormed()).toBe(true)
  })

  it('starts a kept end on a whole character', () => {
    // 6,000 x's, 1,000 emoji, " failed": 8,007 code units, weight 16,014; window 10,000. The last
    // 2,000 code units would start inside an emoji (6,007), so the probe starts at 6,008 and reads
    // "failed". Room 9,856: the end gets 2,956 → " failed" (14) and 735 emoji (2,940); the start
    // 6,774 → 3,387 x's. Kept 3,387 + 63 + 1,477 = 4,927 code units, weight 9,854; the notice for
    // 3,080 weighs 144: it fits.
    const text = `${'x'.repeat(6000)}${'😀'.repeat(1000)} failed`
    const result = guardToolResultText(text, 10_000)
    expect(result).toBe(`${'x'.repeat(3387)}${MARKER}${'😀'.repeat(735)} failed${notice(3080)}`)
    expect(result.isWellFormed()).toBe(true)
  })
})
