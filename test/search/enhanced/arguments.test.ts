/** Arguments in a request: which pieces name a web page, a file, an address, a channel or a place. */
import {describe, expect, it} from 'vitest'

import {argumentKind, isCoordinatePair} from '../../../src/search/enhanced/arguments.js'
import {argumentKinds} from '../../../src/search/enhanced/rules/argument-kinds.js'

describe('argument kinds', () => {
  it.each([
    ['https://example.com/login', 'url'],
    ['docs.python.org', 'url'],
    ['stripe.com/pricing', 'url'],
    ['example.com/about.html', 'url'],
    ['package.json', 'file'],
    ['src/app.ts', 'file'],
    ['(notes/todo.md).', 'file'],
    ['src/components/ui', 'file'],
    ['logs/', 'file'],
    ['.env', 'file'],
    ['~/.bashrc', 'file'],
    ['bob@example.com', 'email'],
    ['#general', 'channel'],
    ['40.7128,-74.0060', 'coordinates'],
  ])('%s is a %s', (piece, kind) => {
    expect(argumentKind(piece)).toBe(kind)
  })

  it.each([
    // A connection string is not a web page; a repository slug, a version, a member access and a number are nothing known.
    'mongodb://localhost:27017',
    'octo/app',
    'v2.0.0',
    'document.title',
    '#42',
    '3.13',
    'hello',
  ])('%s has no known kind', (piece) => {
    expect(argumentKind(piece)).toBeUndefined()
  })

  it('reads two adjacent decimal numbers as a latitude and a longitude', () => {
    expect(isCoordinatePair('48.85,', '2.35')).toBe(true)
    expect(isCoordinatePair('3.13', 'release')).toBe(false)
    expect(argumentKinds('what is at 48.85, 2.35')).toEqual([{kind: 'coordinates', piece: '48.85, 2.35'}])
  })

  it('lists each kind once, with its first piece', () => {
    expect(argumentKinds('copy a.md and b.md to docs.example.com')).toEqual([
      {kind: 'file', piece: 'a.md'},
      {kind: 'url', piece: 'docs.example.com'},
    ])
  })
})
