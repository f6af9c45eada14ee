import {describe, expect, it} from 'vitest'

import {analyzeText} from '../../src/search/analyze.js'
import {STOP_WORDS} from '../../src/search/stop-words.js'
import {CHUNK_SEPARATOR, chunkParts, chunksOf, tokenize} from '../../src/search/tokenize.js'

describe('chunksOf', () => {
  it('gives the runs of letters, digits and _, with no empty chunk at either end or between separators', () => {
    expect(chunksOf('  read -- the_file, café 東京😀Tower!  ')).toEqual(['read', 'the_file', 'café', '東京', 'Tower'])
    expect(chunksOf('')).toEqual([])
    expect(chunksOf('...')).toEqual([])
    expect(chunksOf('x86_64')).toEqual(['x86_64'])
  })

  it('splits ASCII text as the Unicode separator does (it takes a separator of its own)', () => {
    const unicodeChunks = (text: string) => text.split(CHUNK_SEPARATOR()).filter((chunk) => chunk !== '')
    let seed = 7
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0)
    for (let sample = 0; sample < 2000; sample++) {
      const length = next() % 40
      // Every ASCII code unit, controls and DEL included.
      const text = Array.from({length}, () => String.fromCharCode(next() % 128)).join('')
      expect(chunksOf(text), JSON.stringify(text)).toEqual(unicodeChunks(text))
    }
    const everyCharacter = Array.from({length: 128}, (_, code) => String.fromCharCode(code)).join('')
    expect(chunksOf(everyCharacter)).toEqual(unicodeChunks(everyCharacter))
    expect(chunksOf(everyCharacter)).toEqual(['0123456789', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '_', 'abcdefghijklmnopqrstuvwxyz'])
  })
})

describe('tokenize', () => {
  it('splits on runs of characters that are not letters, digits or _', () => {
    expect(tokenize('open a pull-request, now!')).toEqual(['open', 'a', 'pull', 'request', 'now'])
    expect(tokenize('  ...  ')).toEqual([])
  })

  it('emits a camelCase chunk lowercased, then each hump', () => {
    expect(tokenize('readFile')).toEqual(['readfile', 'read', 'file'])
  })

  it('emits an _-separated chunk, then each piece', () => {
    expect(tokenize('web_search')).toEqual(['web_search', 'web', 'search'])
  })

  it('keeps acronyms whole, with an optional plural s', () => {
    expect(tokenize('listURLs')).toEqual(['listurls', 'list', 'urls'])
    expect(tokenize('HTMLParser')).toEqual(['htmlparser', 'html', 'parser'])
    expect(tokenize('getIDs')).toEqual(['getids', 'get', 'ids'])
    expect(tokenize('listURL')).toEqual(['listurl', 'list', 'url'])
    // The plural s belongs to the acronym only when no lowercase letter follows it.
    expect(tokenize('URLsToFetch')).toEqual(['urlstofetch', 'urls', 'to', 'fetch'])
    expect(tokenize('getHTTPResponse')).toEqual(['gethttpresponse', 'get', 'http', 'response'])
    expect(tokenize('APIsecret')).toEqual(['apisecret', 'ap', 'isecret'])
  })

  it('splits digit runs and _ pieces together, finest parts only', () => {
    expect(tokenize('x86_64')).toEqual(['x86_64', 'x', '86', '64'])
    expect(tokenize('snake_caseWithCamel')).toEqual(['snake_casewithcamel', 'snake', 'case', 'with', 'camel'])
    expect(tokenize('2024')).toEqual(['2024'])
  })

  it('treats digit runs as parts', () => {
    expect(tokenize('base64Encode')).toEqual(['base64encode', 'base', '64', 'encode'])
    expect(tokenize('mp3')).toEqual(['mp3', 'mp', '3'])
  })

  it('emits no parts for a chunk with a single part', () => {
    expect(tokenize('search')).toEqual(['search'])
    expect(tokenize('__init__')).toEqual(['__init__'])
    expect(tokenize('URL')).toEqual(['url'])
  })

  it('makes parts of upper- and lowercase letters only: caseless and titlecase letters belong to none', () => {
    expect(tokenize('Tokyo東京Tower')).toEqual(['tokyo東京tower', 'tokyo', 'tower'])
    expect(chunkParts('東京Tower')).toEqual(['Tower'])
    // ǅ (U+01C5) is a titlecase letter: no part starts with it.
    expect(chunkParts('ǅemalBridge')).toEqual(['emal', 'Bridge'])
    expect(chunkParts('ABCsx')).toEqual(['AB', 'Csx'])
  })

  it('finds the parts of an ASCII chunk by hand exactly as the part regex does, backtracking included', () => {
    // The regex as the spec states it; chunkParts uses it for chunks with non-ASCII characters only.
    const specParts = (chunk: string) => chunk.match(/\p{Lu}+s?(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu) ?? []
    expect(chunkParts('HTMLParser')).toEqual(['HTML', 'Parser'])
    expect(chunkParts('URLsfoo')).toEqual(['UR', 'Lsfoo'])
    expect(chunkParts('listURLs2Go')).toEqual(['list', 'URLs', '2', 'Go'])
    // Every chunk of up to 6 characters over an alphabet that reaches each branch (capitals, the
    // plural s, other lowercase letters, digits, _).
    const alphabet = ['A', 'B', 's', 'S', 'x', '1', '_']
    let chunks = ['']
    for (let length = 1; length <= 6; length++) {
      chunks = chunks.flatMap((chunk) => alphabet.map((character) => chunk + character))
      for (const chunk of chunks) {
        const expected = specParts(chunk)
        if (JSON.stringify(chunkParts(chunk)) !== JSON.stringify(expected)) expect(chunkParts(chunk), chunk).toEqual(expected)
      }
    }
  })

  it('keeps Unicode letters and digits together', () => {
    expect(tokenize('Straße café')).toEqual(['straße', 'café'])
    expect(tokenize('搜索文件')).toEqual(['搜索文件'])
    expect(chunkParts('ÜberSicht')).toEqual(['Über', 'Sicht'])
  })
})

describe('stop words', () => {
  it('are the spec list; get, set and list are kept', () => {
    const spec =
      'a an and are as at be but by can do for from had has have here how i if in into is it its me my no not of on or our so ' +
      'that the their them then there these they this to up us was we were what when where which who why will with you your'
    expect([...STOP_WORDS].sort()).toEqual(spec.split(' ').sort())
    for (const word of ['get', 'set', 'list']) expect(STOP_WORDS.has(word)).toBe(false)
  })

  it('are dropped from analyzed text', () => {
    expect(analyzeText('how do I get the list of files')).toEqual(['get', 'list', 'fil'])
  })

  it('drop parts too, not only whole chunks', () => {
    expect(analyzeText('do_it')).toEqual(['do_it'])
  })
})
