/**
 * The openclaw index is built string by string and chunk by chunk, with caches, typed-array
 * postings and reused score arrays; each shortcut must give exactly what the plain pipeline gives
 * (analyze each entry's whole document text, build, score a fresh table, sort every match).
 */
import {describe, expect, it} from 'vitest'

import {analyzeText, TextTermNumbers} from '../../src/search/analyze.js'
import {openclawDocumentText} from '../../src/search/document.js'
import {InvertedIndex, InvertedIndexBuilder} from '../../src/search/inverted-index.js'
import {createOpenClawRanker, openclawIndex} from '../../src/search/openclaw.js'
import {openclawQueryTerms} from '../../src/search/query.js'
import {FieldScorer, scoreDocuments} from '../../src/search/score.js'
import {compareOrderable} from '../../src/shared/order.js'
import type {CatalogEntry} from '../../src/catalog/types.js'
import {tool} from './tools.js'

const parameters = {
  type: 'object',
  properties: {
    filePath: {type: 'string', description: 'Path of the file to read (UTF-8).'},
    options: {type: 'object', properties: {maxBytes: {type: 'integer', description: 'Read at most this many bytes'}}},
  },
}

/** A catalog with repeated and unique strings, camelCase, Unicode, labels, untrusted schemas. */
const entries: CatalogEntry[] = [
  tool('readFile', {description: 'Reads a file from disk.', parameters, sourceName: 'fs-1'}),
  tool('readFile', {description: 'Reads a file from disk.', parameters, sourceName: 'fs-2'}),
  tool('listURLs', {description: 'Lists the URLs of a page — schnell, café, 東京Tower 😀.', label: 'List URLs'}),
  tool('web_search', {description: 'Search the web for current news and prices.', source: 'mcp', sourceName: 'web', parameters}),
  tool('send', {description: '', source: 'client', parameters}),
]

function plainIndex(catalog: readonly CatalogEntry[]): InvertedIndex {
  return InvertedIndex.build(catalog.map((entry) => ({id: entry.id, fields: {text: analyzeText(openclawDocumentText(entry))}})))
}

function indexView(index: InvertedIndex, terms: Iterable<string>) {
  return {
    ids: index.ids,
    lengths: [...index.fieldLengths('text')],
    average: index.averageFieldLength('text'),
    postings: [...terms].sort().map((term) => [term, index.postings('text', term)]),
  }
}

describe('openclawIndex', () => {
  it('holds exactly the postings and lengths of analyzing each whole document text', () => {
    const terms = new Set(entries.flatMap((entry) => analyzeText(openclawDocumentText(entry))))
    expect(indexView(openclawIndex(entries), terms)).toEqual(indexView(plainIndex(entries), terms))
    expect(openclawIndex(entries).fieldPostings('text')?.terms.size).toBe(terms.size)
  })

  it('reads an id that is not `source:sourceName:name` as its own text', () => {
    // Built by hand: the index must not assume every id is made of the entry's fields.
    const odd = {...tool('fetch', {description: 'Fetch a page.'}), id: 'custom:Id-Format:42Things'}
    const terms = new Set(analyzeText(openclawDocumentText(odd)))
    expect(terms.has('custom')).toBe(true)
    expect(indexView(openclawIndex([odd]), terms)).toEqual(indexView(plainIndex([odd]), terms))
  })
})

describe('TextTermNumbers', () => {
  it('numbers the terms analyzeText gives, in order, for repeated and new texts alike', () => {
    const names: string[] = []
    const numbers = new TextTermNumbers((term) => {
      const at = names.indexOf(term)
      return at >= 0 ? at : names.push(term) - 1
    })
    for (const text of ['Reads the replies of getHTTPResponse', 'cookies and URLs', 'Reads the replies of getHTTPResponse', 'x86_64 Straße', '']) {
      expect(numbers.of(text).map((n) => names[n])).toEqual(analyzeText(text))
    }
  })
})

describe('InvertedIndexBuilder', () => {
  it('keeps a document with more distinct terms than one block of posting records holds', () => {
    const big = Array.from({length: 70_000}, (_, i) => `t${i}`)
    const builder = new InvertedIndexBuilder()
    const field = builder.field('text')
    for (const [id, terms] of [['a', ['t1', 't2']], ['b', big], ['c', ['t2', 't69999', 't69999']]] as const) {
      builder.startDocument(id)
      for (const term of terms) field.add(field.termNumber(term))
    }
    const index = builder.build()
    expect(index.postings('text', 't2')).toEqual({docs: [0, 1, 2], tfs: [1, 1, 1]})
    expect(index.postings('text', 't69999')).toEqual({docs: [1, 2], tfs: [1, 2]})
    expect([...index.fieldLengths('text')]).toEqual([2, 70_000, 3])
  })
})

describe('FieldScorer', () => {
  it('gives each query the table a fresh scoreDocuments gives, after any earlier query', () => {
    const index = openclawIndex(entries)
    const scorer = new FieldScorer(index, 'text')
    for (const query of ['read a file', 'current news', 'list urls', 'read a file', 'nothing here']) {
      const terms = openclawQueryTerms(query)
      const reused = scorer.score(terms)
      const fresh = scoreDocuments(index, 'text', terms)
      expect({docs: reused.docs, scores: [...reused.scores], literal: [...reused.literal]}).toEqual({docs: fresh.docs, scores: [...fresh.scores], literal: [...fresh.literal]})
    }
  })
})

describe('the top hits', () => {
  it('are the first of every match sorted in full, ties among many copies included', () => {
    // 40 copies of two tools: scores tie across copies, so the cut falls inside a run of ties.
    const copies = Array.from({length: 40}, (_, copy) => [
      tool('read_file', {description: 'Read a file.', sourceName: `srv-${copy}`}),
      tool('write_file', {description: 'Write a file to disk.', sourceName: `srv-${copy}`}),
    ]).flat()
    const ranker = createOpenClawRanker(copies)
    const index = openclawIndex(copies)
    for (const query of ['read file', 'file', 'write', 'read_file', 'openclaw:srv-7:read_file']) {
      const table = scoreDocuments(index, 'text', openclawQueryTerms(query))
      const exact = copies.map((entry) => entry.name === query || entry.id.toLowerCase() === query.toLowerCase())
      const all = table.docs
        .map((doc) => ({doc, id: copies[doc]!.id, exact: exact[doc]!, literal: table.literal[doc] === 1, score: table.scores[doc]!}))
        .sort(compareOrderable)
      for (const limit of [1, 5, 8, 39, 41, 100]) {
        expect(ranker.search(query, limit).map((hit) => [hit.entry.id, hit.score])).toEqual(all.slice(0, limit).map((hit) => [hit.id, hit.score]))
      }
    }
  })
})
