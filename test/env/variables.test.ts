import {describe, expect, it} from 'vitest'

import {expandVariables} from '../../src/env/variables.js'

const env = {TOKEN: 's3cret', EMPTY: '', lower: 'low', HOME: '/h'}

describe('expandVariables, config syntax (SPEC §1.2)', () => {
  const expand = (text: string) => expandVariables(text, env, 'config')

  it('substitutes ${NAME} anywhere in a string and reports the values', () => {
    expect(expand('Bearer ${TOKEN}; home=${HOME}')).toEqual({text: 'Bearer s3cret; home=/h', values: ['s3cret', '/h'], missing: [], unsupported: []})
  })

  it('keeps $${NAME} as the literal ${NAME}, and $$${NAME} as $ then the literal', () => {
    expect(expand('$${TOKEN}').text).toBe('${TOKEN}')
    expect(expand('$$${TOKEN}').text).toBe('$${TOKEN}')
  })

  it('only [A-Z_][A-Z0-9_]* names are references; other braces are plain text, escaped or not', () => {
    for (const text of ['${lower}', '$${lower}', '${env:TOKEN}', '${TOKEN:-x}', '${1A}', '${}', '${A-B}']) expect(expand(text)).toEqual({text, values: [], missing: [], unsupported: []})
  })

  it('an unset or empty variable is missing and stays as written', () => {
    expect(expand('${NOPE}-${EMPTY}-${TOKEN}')).toEqual({text: '${NOPE}-${EMPTY}-s3cret', values: ['s3cret'], missing: ['NOPE', 'EMPTY'], unsupported: []})
  })

  it('a stray ${ never swallows a later reference', () => {
    expect(expand('cost ${ and ${TOKEN}').text).toBe('cost ${ and s3cret')
  })

})

describe('expandVariables, mcp syntax (Claude Code, Cursor, VS Code configs)', () => {
  const expand = (text: string) => expandVariables(text, env, 'mcp')

  it('accepts lowercase names, ${env:NAME} and ${NAME:-default}', () => {
    expect(expand('${lower}/${env:TOKEN}/${NOPE:-dflt}/${EMPTY:-dflt}/${TOKEN:-dflt}')).toEqual({text: 'low/s3cret/dflt/dflt/s3cret', values: ['low', 's3cret', 's3cret'], missing: [], unsupported: []})
  })

  it('an empty variable without a default is a value, an unset one is missing', () => {
    expect(expand('[${EMPTY}]')).toEqual({text: '[]', values: [''], missing: [], unsupported: []})
    expect(expand('${NOPE}').missing).toEqual(['NOPE'])
  })

  it('never reads inherited properties of the environment object', () => {
    expect(expand('${constructor}${toString}${__proto__}')).toEqual({text: '${constructor}${toString}${__proto__}', values: [], missing: ['constructor', 'toString', '__proto__'], unsupported: []})
    expect(expandVariables('${constructor}', process.env, 'mcp').missing).toEqual(['constructor'])
  })

  it('reports forms only an editor could resolve, and escapes any form', () => {
    expect(expand('${input:api-key} ${workspace:folder}').unsupported).toEqual(['input:api-key', 'workspace:folder'])
    expect(expand('$${input:api-key}')).toEqual({text: '${input:api-key}', values: [], missing: [], unsupported: []})
  })
})
