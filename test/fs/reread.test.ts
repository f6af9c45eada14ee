import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {updateFileAtomically} from '../../src/fs/atomic-write.js'
import {readRegularFile} from '../../src/fs/read-file.js'
import {tempDir} from '../helpers/cli.js'

describe('reading a file again to learn whether it changed', () => {
  it('gives back the bytes read before only when the file holds exactly them, at every size and wherever they differ', () => {
    const file = join(tempDir(), 'openclaw.json5')
    // Larger than the chunk the comparison reads at a time, so a difference in a later chunk counts.
    const text = `{a: "${'x'.repeat(700_000)}"}`
    writeFileSync(file, text)
    const before = readRegularFile(file)!.bytes
    expect(readRegularFile(file, undefined, before)!.bytes).toBe(before)
    for (const changed of [`{b${text.slice(2)}`, `${text.slice(0, 600_000)}y${text.slice(600_001)}`, `${text.slice(0, -1)}]`, `${text} `, text.slice(0, -1)]) {
      writeFileSync(file, changed)
      const again = readRegularFile(file, undefined, before)!.bytes
      expect(again).not.toBe(before)
      expect(again.toString('utf8')).toBe(changed)
    }
  })
})

describe('the writer', () => {
  it('writes a large text byte for byte as UTF-8, with characters of every width and a surrogate pair across every chunk boundary', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, '{}')
    const chunk = 256 * 1024
    // A pair starting at the last character of a chunk, then at every offset around the next boundary.
    let text = `${'a'.repeat(chunk - 1)}😀`
    for (let shift = 0; shift < 4; shift++) text += `${'é'.repeat(chunk - 3 - shift)}€😀${'b'.repeat(shift)}`
    text += '\uD800 lone high surrogate at the end \uD800'
    await updateFileAtomically(file, () => ({text, result: undefined}), {what: 'config'})
    expect(readFileSync(file).equals(Buffer.from(text, 'utf8'))).toBe(true)
  })

  it('writes an empty text as an empty file', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, '{}')
    await updateFileAtomically(file, () => ({text: '', result: undefined}), {what: 'config'})
    expect(readFileSync(file, 'utf8')).toBe('')
  })
})
