import {describe, expect, it} from 'vitest'

import {closestMatches, suggestionThreshold} from '../../src/shared/suggest.js'

describe('suggestionThreshold', () => {
  it("toolsearch's own: a third of the longer string, rounded up, at least 2", () => {
    expect(suggestionThreshold('pth', 'path')).toBe(2)
    expect(suggestionThreshold('colour', 'color')).toBe(2)
    expect(suggestionThreshold('configurtion', 'configuration')).toBe(5)
  })

  it('config keys: a third of the typed key, rounded down, at most 2', () => {
    expect(['ab', 'mode', 'toolsearch', 'searchDefaultLimt'].map((key) => suggestionThreshold(key, 'x', 'config-key'))).toEqual([0, 1, 2, 2])
  })

  it("OpenClaw's for tool_call argument keys: a third of the typed key, rounded up, from 1 to 3", () => {
    expect(['a', 'path', 'messge', 'a_long_argument_name'].map((key) => suggestionThreshold(key, 'x', 'openclaw-argument'))).toEqual([1, 2, 2, 3])
  })
})

describe('closestMatches', () => {
  it('nearest first within the threshold, case ignored, ties in the candidates\' order', () => {
    expect(closestMatches('Serch', ['search', 'session', 'sarch'], 3)).toEqual(['search', 'sarch'])
  })
})
