import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {includeOwnerOf} from '../../src/config/include-owner.js'
import {documentFromText} from '../../src/config/load.js'
import {tempDir} from '../helpers/cli.js'

function documentOf(files: Record<string, string>) {
  const dir = tempDir()
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  const path = join(dir, 'openclaw.json5')
  return {dir, document: documentFromText({path, rule: 'flag', reason: 'test', exists: true, nearMisses: []}, files['openclaw.json5'], {})}
}

describe('includeOwnerOf', () => {
  it('a value written in the top file (beside an include too) is the top file’s; one from a single include is that file’s, from its boundary', () => {
    const {dir, document} = documentOf({'openclaw.json5': '{ a: 1, tools: { $include: "./tools.json5" } }', 'tools.json5': '{ toolSearch: { mode: "code" } }'})
    expect(includeOwnerOf(document, ['a'])).toEqual({kind: 'top'})
    expect(includeOwnerOf(document, ['tools', 'toolSearch', 'mode'])).toEqual({kind: 'include', file: join(dir, 'tools.json5'), boundary: ['tools']})
  })

  it('a key beside $include overrides the included value: it is the top file’s to change', () => {
    const {document} = documentOf({'openclaw.json5': '{ tools: { $include: "./tools.json5", deny: [] } }', 'tools.json5': '{ deny: ["exec"] }'})
    expect(includeOwnerOf(document, ['tools', 'deny'])).toEqual({kind: 'top'})
  })

  it('an include inside an array is refused (it owns a position in the array, not a key)', () => {
    const {dir, document} = documentOf({'openclaw.json5': '{ agents: { list: [ { $include: "./agent.json5" } ] } }', 'agent.json5': '{ id: "main", name: "x" }'})
    expect(includeOwnerOf(document, ['agents', 'list', '0', 'name'])).toMatchObject({kind: 'blocked', reason: 'in-array', file: join(dir, 'agent.json5')})
  })
})
