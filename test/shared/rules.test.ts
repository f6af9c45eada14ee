import {describe, expect, it} from 'vitest'

import {formatMessage} from '../../src/shared/rules.js'

describe('formatMessage', () => {
  it('fills {{name}} from the data, spaces inside the braces allowed, and leaves a placeholder without data as written', () => {
    expect(formatMessage('{{ key }} is {{value}}; {{missing}} stays', {key: 'mode', value: 3})).toBe('mode is 3; {{missing}} stays')
  })

  it('reads only own data: a placeholder named like an Object member stays', () => {
    expect(formatMessage('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}')
  })
})
