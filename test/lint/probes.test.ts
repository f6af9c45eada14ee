import {describe, expect, it} from 'vitest'

import {firstClause, nameWords, probesFor} from '../../src/lint/probes.js'
import {tool} from '../search/tools.js'

describe('probe queries', () => {
  it('split a name into its words, as a person would type them', () => {
    expect(nameWords('create_issue')).toBe('create issue')
    expect(nameWords('readFile')).toBe('read file')
    expect(nameWords('API-get-user')).toBe('api get user')
    expect(nameWords('browser_navigate.v2')).toBe('browser navigate v 2')
  })

  it('take the first clause of a description, cut at a sentence end, colon, semicolon, bracket or dash', () => {
    expect(firstClause('Creates an issue. Needs a repo.')).toBe('Creates an issue')
    expect(firstClause('Search the web: returns links')).toBe('Search the web')
    expect(firstClause('Lists files; hidden ones too')).toBe('Lists files')
    expect(firstClause('Fetches a page (HTML or text)')).toBe('Fetches a page')
    expect(firstClause('Reads a file - fast')).toBe('Reads a file')
    expect(firstClause('v1.2 of the reader')).toBe('v1.2 of the reader')
    expect(firstClause('  Multi\n line')).toBe('Multi')
  })

  it('keep a long first clause to twelve words, since models send short queries', () => {
    const words = Array.from({length: 20}, (_, i) => `w${i}`)
    expect(firstClause(words.join(' ')).split(' ')).toHaveLength(12)
  })

  it('come from name, label and description, without blanks or repeats', () => {
    expect(probesFor(tool('create_issue', {label: 'Create issue', description: 'Opens a ticket in a tracker.'}))).toEqual([
      {kind: 'name', query: 'create issue'},
      {kind: 'description', query: 'Opens a ticket in a tracker'},
    ])
    expect(probesFor(tool('ping', {description: '  '}))).toEqual([{kind: 'name', query: 'ping'}])
  })
})
