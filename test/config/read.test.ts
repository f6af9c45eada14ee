import {describe, expect, it} from 'vitest'

import {decodeEditableConfig} from '../../src/config/read.js'

const decode = (bytes: number[] | string) => decodeEditableConfig(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes), 'c.json5')

describe('decodeEditableConfig', () => {
  it('decodes well-formed UTF-8, BOM, accents, CJK and emoji included', () => {
    for (const text of ['{}', '\ufeff{a: 1}', '// café 日本 🚀\n{}', '{s: "\u2028\u{10ffff}"}']) expect(decode(text)).toBe(text)
  })

  it('refuses bytes that are not UTF-8 and says where the first one is', () => {
    expect(() => decode([0x7b, 0x0a, 0x2f, 0x2f, 0x20, 0xe9, 0x0a, 0x7d])).toThrow('it is not valid UTF-8 (byte 0xe9 at line 2, column 4)')
    // A multi-byte character before the bad byte counts as one column.
    expect(() => decode([...Buffer.from('é'), 0xff])).toThrow('(byte 0xff at line 1, column 2)')
  })

  it('refuses overlong forms, surrogates, code points past U+10FFFF and cut sequences', () => {
    for (const bytes of [[0xc0, 0x80], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0x61, 0xe2, 0x82], [0x80]]) {
      expect(() => decode(bytes), JSON.stringify(bytes)).toThrow('is not valid UTF-8')
    }
  })

  it('is a refused write (exit 1) naming the file', () => {
    try {
      decode([0xff])
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({code: 'config-not-utf8', exitCode: 1, file: 'c.json5'})
    }
  })
})
