import {describe, expect, it} from 'vitest'

import {checkControlArguments} from '../../src/controls/arguments.js'
import {TOOL_CALL, TOOL_DESCRIBE, toolSearchDefinition} from '../../src/directory/controls.js'

const search = toolSearchDefinition(8)
const args = (definition: typeof search, value: unknown) => {
  const checked = checkControlArguments(definition, value)
  if (!checked.ok) throw new Error(checked.text)
  return checked.args
}

describe("the provider-side check of a control's arguments", () => {
  it('coerces toward the schema as OpenClaw does: numbers and booleans to text, digit strings to integers, null kept where allowed', () => {
    expect(args(search, {query: 7})).toEqual({query: '7'})
    expect(args(search, {query: 'a', limit: '3'})).toEqual({query: 'a', limit: 3})
    expect(args(search, {query: null})).toEqual({query: null})
    expect(args(search, {queries: '[{"query":"a","limit":"2"}]'})).toEqual({queries: [{query: 'a', limit: 2}]})
    expect(args(TOOL_CALL, {id: 'x', args: '{"a":1}'})).toEqual({id: 'x', args: {a: 1}})
  })

  it('leaves the arguments it cannot coerce, and the caller keeps what the model sent', () => {
    const sent = {query: 'a', limit: 'three'}
    const checked = checkControlArguments(search, sent)
    expect(checked.ok).toBe(false)
    expect(sent).toEqual({query: 'a', limit: 'three'})
  })

  it("refuses with TypeBox's list and the arguments as received", () => {
    const received = {queries: [{query: ''}]}
    expect(checkControlArguments(search, received)).toEqual({
      ok: false,
      text: 'Validation failed for tool "tool_search":\n  - queries.0.query: must not have fewer than 1 characters\n  - queries: must be null\n  - queries: must match a schema in anyOf\n\nReceived arguments:\n{\n  "queries": [\n    {\n      "query": ""\n    }\n  ]\n}',
    })
  })

  it('names a missing required property by its path, and the root as root', () => {
    const missing = checkControlArguments(TOOL_DESCRIBE, {name: 'read'})
    expect(missing.ok === false && missing.text.split('\n')[1]).toBe('  - id: must have required properties id')
    const notObject = checkControlArguments(TOOL_DESCRIBE, 'read')
    expect(notObject.ok === false && notObject.text.split('\n')[1]).toBe('  - root: must be object')
  })
})
