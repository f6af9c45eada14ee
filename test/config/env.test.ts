import {describe, expect, it} from 'vitest'

import {keepReferences} from '../../src/config/env.js'

describe('keepReferences', () => {
  it('puts the reference back wherever the new value is what it resolves to', () => {
    expect(keepReferences('sk', '${KEY}', 'sk')).toBe('${KEY}')
    expect(keepReferences('other', '${KEY}', 'sk')).toBe('other')
    expect(keepReferences({a: 'x-sk', b: 2}, {a: 'x-${KEY}', b: 1}, {a: 'x-sk', b: 1})).toEqual({a: 'x-${KEY}', b: 2})
    expect(keepReferences(['sk', 'new'], ['${KEY}'], ['sk'])).toEqual(['${KEY}', 'new'])
  })

  it('leaves values alone where nothing was a reference', () => {
    expect(keepReferences('sk', 'sk', 'sk')).toBe('sk')
    expect(keepReferences({a: 1}, 'x', 'x')).toEqual({a: 1})
    // An unset variable resolves to the reference itself: nothing to keep.
    expect(keepReferences('${KEY}', '${KEY}', '${KEY}')).toBe('${KEY}')
  })
})
