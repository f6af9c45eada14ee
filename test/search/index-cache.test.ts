/**
 * The index kept between runs (src/search/index-cache.ts): what is read back is exactly what would
 * be built, only for exactly the same input and build, and nothing about the cache can fail a run.
 */
import {execFileSync} from 'node:child_process'
import {existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'

import {loadCatalogs} from '../../src/catalog/index.js'
import type {CatalogEntry} from '../../src/catalog/types.js'
import {cachedIndex, decodeIndex, defaultCacheDirectory, encodeIndex, indexCacheFor, indexInput, MAX_CACHED_INDEXES, pruneCache} from '../../src/search/index-cache.js'
import type {InvertedIndex} from '../../src/search/inverted-index.js'
import {createOpenClawRanker, openclawIndex} from '../../src/search/openclaw.js'
import {ROOT, tempDir} from '../helpers/cli.js'
import {tool} from './tools.js'

const BUILD = 'test-build'
const FIELD = 'text'
const parameters = {type: 'object', properties: {filePath: {type: 'string', description: 'Path of the file to read.'}}}

/** Trusted and untrusted entries, a label, repeated and non-ASCII strings. */
const small: CatalogEntry[] = [
  tool('readFile', {description: 'Reads a file from disk.', parameters, sourceName: 'fs-1'}),
  tool('readFile', {description: 'Reads a file from disk.', parameters, sourceName: 'fs-2'}),
  tool('listURLs', {description: 'Lists the URLs of a page — café, 東京Tower 😀.', label: 'List URLs'}),
  tool('web_search', {description: 'Search the web.', source: 'mcp', sourceName: 'web', parameters}),
]

let real: readonly CatalogEntry[]
beforeAll(async () => {
  const directory = join(ROOT, 'test/fixtures/mcp-tools-list')
  real = (await loadCatalogs(readdirSync(directory).filter((name) => name.endsWith('.json')).map((name) => join(directory, name)))).entries
})

/** Everything an index holds, as plain values. */
function contents(index: InvertedIndex) {
  const field = index.fieldPostings(FIELD)!
  return {
    ids: [...index.ids],
    fields: index.fieldNames,
    terms: [...field.terms],
    offsets: [...field.offsets],
    docs: [...field.docs],
    tfs: [...field.tfs],
    lengths: [...field.lengths],
    averageLength: field.averageLength,
  }
}

const ids = (entries: readonly CatalogEntry[]) => entries.map((entry) => entry.id)
const encode = (entries: readonly CatalogEntry[], build = BUILD) => encodeIndex(openclawIndex(entries), FIELD, indexInput(entries), build)
const decode = (bytes: Buffer, entries: readonly CatalogEntry[], build = BUILD, field = FIELD) => decodeIndex(bytes, field, indexInput(entries), ids(entries), build)

describe('encodeIndex / decodeIndex', () => {
  it.each([
    ['a small catalog', () => small],
    ['342 real MCP tools', () => real],
    ['no entries', () => []],
  ])('%s: the index read back is the index built', (_name, entries) => {
    const decoded = decode(encode(entries()), entries())
    expect(decoded).toBeDefined()
    expect(contents(decoded!)).toEqual(contents(openclawIndex(entries())))
  })

  it('reads nothing written by another build, or for another field', () => {
    expect(decode(encode(small, 'other-build'), small)).toBeUndefined()
    expect(decode(encode(small), small, BUILD, 'title')).toBeUndefined()
  })

  it.each([
    ['one character of a description', (entries: CatalogEntry[]) => entries.map((entry, i) => (i === 2 ? {...entry, description: entry.description.replace('café', 'cafe')} : entry))],
    ['a parameter description of a trusted entry', (entries: CatalogEntry[]) => entries.map((entry, i) => (i === 0 ? {...entry, parameters: {type: 'object', properties: {filePath: {type: 'string', description: 'Path of the file to write.'}}}} : entry))],
    ['an id', (entries: CatalogEntry[]) => entries.map((entry, i) => (i === 1 ? {...entry, id: `${entry.id}x`} : entry))],
    ['the order of the entries', (entries: CatalogEntry[]) => [entries[1]!, entries[0]!, ...entries.slice(2)]],
    ['a string moved from one entry to the next', (entries: CatalogEntry[]) => entries.map((entry, i) => (i === 2 ? {...entry, label: undefined} : i === 3 ? {...entry, label: 'List URLs'} : entry))],
    // Every distinct string as before, in the same first-met order: only the run of them differs.
    ['a description that repeats a string met before', (entries: CatalogEntry[]) => entries.map((entry, i) => (i === 1 ? {...entry, description: 'readFile'} : entry))],
    ['one entry fewer', (entries: CatalogEntry[]) => entries.slice(0, -1)],
    ['one entry more', (entries: CatalogEntry[]) => [...entries, tool('extra', {description: 'More.'})]],
  ])('reads nothing written for other entries: %s', (_name, change) => {
    const changed = change(small)
    expect(decode(encode(small), changed)).toBeUndefined()
    // The changed entries' own index is read back, and it is theirs.
    expect(contents(decode(encode(changed), changed)!)).toEqual(contents(openclawIndex(changed)))
  })

  it('reads nothing written for strings that join into the same text (a boundary moved)', () => {
    const before = [tool('x', {label: 'ab', description: 'c'})]
    const after = [tool('x', {label: 'a', description: 'bc'})]
    expect(decode(encode(before), after)).toBeUndefined()
  })

  it('reads nothing from a file cut short, grown, or not an index', () => {
    const bytes = encode(small)
    for (let length = 0; length < bytes.length; length += 7) expect(decode(bytes.subarray(0, length), small), `cut at ${length}`).toBeUndefined()
    expect(decode(bytes.subarray(0, bytes.length - 1), small)).toBeUndefined()
    expect(decode(Buffer.concat([bytes, Buffer.from([0])]), small)).toBeUndefined()
    expect(decode(Buffer.from('{"not": "an index"}'), small)).toBeUndefined()
    const otherMagic = Buffer.from(bytes)
    otherMagic.write('X', 0, 'latin1')
    expect(decode(otherMagic, small)).toBeUndefined()
  })

  it('reads nothing whose header disagrees with its sections', () => {
    const bytes = encode(small)
    const headerLength = bytes.readUInt32LE(8)
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerLength)) as Record<string, unknown>
    for (const [key, value] of [['terms', 1], ['postings', 1], ['termBytes', 1], ['documents', 1]] as const) {
      const lying = JSON.stringify({...header, [key]: (header[key] as number) + value})
      if (Buffer.byteLength(lying) > headerLength) continue
      const altered = Buffer.from(bytes)
      altered.write(lying.padEnd(headerLength, ' '), 12, 'utf8')
      expect(decode(altered, small), key).toBeUndefined()
    }
  })

  it('reads an index from a buffer at any byte offset (typed arrays need aligned memory)', () => {
    const bytes = encode(small)
    const shifted = Buffer.alloc(bytes.length + 3)
    bytes.copy(shifted, 3)
    expect(contents(decode(shifted.subarray(3), small)!)).toEqual(contents(openclawIndex(small)))
  })
})

describe('cachedIndex', () => {
  /** `openclawIndex`, counting its calls. */
  function countingBuild() {
    const build = (entries: readonly CatalogEntry[]) => {
      build.calls++
      return openclawIndex(entries)
    }
    build.calls = 0
    return build
  }
  const files = (directory: string) => (existsSync(directory) ? readdirSync(directory).sort() : [])

  it('builds and keeps the index, then reads it back instead of building it', () => {
    const cache = {directory: join(tempDir(), 'index'), build: BUILD}
    const build = countingBuild()
    const first = cachedIndex(real, FIELD, cache, build)
    expect(build.calls).toBe(1)
    expect(files(cache.directory)).toHaveLength(1)
    const second = cachedIndex(real, FIELD, cache, build)
    expect(build.calls).toBe(1)
    expect(contents(second)).toEqual(contents(first))
  })

  it('rebuilds when the entries changed, and keeps the new index in the same file', () => {
    const cache = {directory: join(tempDir(), 'index'), build: BUILD}
    const build = countingBuild()
    cachedIndex(small, FIELD, cache, build)
    const changed = small.map((entry, i) => (i === 3 ? {...entry, description: 'Search the whole web.'} : entry))
    expect(contents(cachedIndex(changed, FIELD, cache, build))).toEqual(contents(openclawIndex(changed)))
    expect(build.calls).toBe(2)
    expect(files(cache.directory)).toHaveLength(1)
    cachedIndex(changed, FIELD, cache, build)
    expect(build.calls).toBe(2)
  })

  it('gives the same search results with and without a cache, cold and warm', () => {
    const cache = {directory: join(tempDir(), 'index'), build: BUILD}
    const results = (ranker: ReturnType<typeof createOpenClawRanker>) =>
      ['create a pull request', 'search the web', 'read file', 'list_issues'].map((query) => ranker.search(query, 10).map((hit) => [hit.entry.id, hit.score, hit.exact, hit.literal]))
    const plain = results(createOpenClawRanker(real))
    expect(results(createOpenClawRanker(real, {indexCache: cache}))).toEqual(plain)
    expect(results(createOpenClawRanker(real, {indexCache: cache}))).toEqual(plain)
  })

  it('without a cache only builds, and writes nothing', () => {
    const build = countingBuild()
    cachedIndex(small, FIELD, undefined, build)
    expect(build.calls).toBe(1)
  })

  it('never fails a run: a cache directory that cannot be created or a cache file that is not a file', () => {
    const dir = tempDir()
    const notADirectory = join(dir, 'file')
    writeFileSync(notADirectory, 'x')
    const build = countingBuild()
    expect(contents(cachedIndex(small, FIELD, {directory: join(notADirectory, 'index'), build: BUILD}, build))).toEqual(contents(openclawIndex(small)))

    // A FIFO where the index would be: not waited on, not read; the index is built.
    const cache = {directory: join(dir, 'index'), build: BUILD}
    cachedIndex(small, FIELD, cache, build)
    const [name] = files(cache.directory)
    const path = join(cache.directory, name!)
    execFileSync('rm', [path])
    execFileSync('mkfifo', [path])
    expect(contents(cachedIndex(small, FIELD, cache, build))).toEqual(contents(openclawIndex(small)))
    expect(build.calls).toBe(3)
  })

  it('reads nothing from a damaged file, and replaces it', () => {
    const cache = {directory: join(tempDir(), 'index'), build: BUILD}
    const build = countingBuild()
    cachedIndex(small, FIELD, cache, build)
    const path = join(cache.directory, files(cache.directory)[0]!)
    writeFileSync(path, readFileSync(path).subarray(0, 100))
    expect(contents(cachedIndex(small, FIELD, cache, build))).toEqual(contents(openclawIndex(small)))
    expect(build.calls).toBe(2)
    cachedIndex(small, FIELD, cache, build)
    expect(build.calls).toBe(2)
  })

  it(`keeps the ${MAX_CACHED_INDEXES} most recently used indexes, and removes temp files of killed writes`, () => {
    const cache = {directory: join(tempDir(), 'index'), build: BUILD}
    const sets = Array.from({length: MAX_CACHED_INDEXES + 2}, (_, i) => [tool(`tool_${i}`, {description: `Tool number ${i}.`})])
    const build = countingBuild()
    const past = Date.now() / 1000 - 3600
    sets.forEach((entries, i) => {
      cachedIndex(entries, FIELD, cache, build)
      // Written in order, an hour apart, oldest first.
      for (const name of files(cache.directory)) if (statSync(join(cache.directory, name)).mtimeMs > (past + i * 60) * 1000) utimesSync(join(cache.directory, name), past + i * 60, past + i * 60)
    })
    expect(files(cache.directory)).toHaveLength(MAX_CACHED_INDEXES)
    // The oldest two were removed. Reading the oldest kept one makes it the most recently used, so
    // the next write removes the one after it instead.
    const calls = build.calls
    cachedIndex(sets[2]!, FIELD, cache, build)
    expect(build.calls).toBe(calls)
    cachedIndex(sets[0]!, FIELD, cache, build)
    expect(build.calls).toBe(calls + 1)
    cachedIndex(sets[2]!, FIELD, cache, build)
    expect(build.calls).toBe(calls + 1)
    cachedIndex(sets[3]!, FIELD, cache, build)
    expect(build.calls).toBe(calls + 2)

    const stale = join(cache.directory, 'openclaw-00000000.index.1.stale.tmp')
    const fresh = join(cache.directory, 'openclaw-00000000.index.2.fresh.tmp')
    writeFileSync(stale, '')
    writeFileSync(fresh, '')
    utimesSync(stale, past, past)
    pruneCache(cache.directory)
    expect(existsSync(stale)).toBe(false)
    expect(existsSync(fresh)).toBe(true)
  })
})

describe('where the cache is', () => {
  it.each([
    ['linux', {HOME: '/home/a'}, '/home/a/.cache/toolsearch'],
    ['linux', {HOME: '/home/a', XDG_CACHE_HOME: '/var/cache/a'}, '/var/cache/a/toolsearch'],
    ['linux', {HOME: '/home/a', XDG_CACHE_HOME: 'relative/cache'}, '/home/a/.cache/toolsearch'],
    ['darwin', {HOME: '/Users/a'}, '/Users/a/Library/Caches/toolsearch'],
    ['win32', {USERPROFILE: 'C:\\Users\\a', LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local'}, join('C:\\Users\\a\\AppData\\Local', 'toolsearch', 'Cache')],
  ] as const)('%s %j → %s', (platform, env, expected) => {
    expect(defaultCacheDirectory(env, platform)).toBe(expected)
  })

  it('is used only by a build, in TOOLSEARCH_CACHE_DIR when set', () => {
    expect(indexCacheFor(undefined, {HOME: '/home/a'})).toBeUndefined()
    expect(indexCacheFor('b', {HOME: '/home/a', TOOLSEARCH_CACHE_DIR: '/tmp/ts'})).toEqual({directory: join('/tmp/ts', 'index'), build: 'b'})
    if (process.platform === 'linux') expect(indexCacheFor('b', {HOME: '/home/a'})).toEqual({directory: '/home/a/.cache/toolsearch/index', build: 'b'})
  })

  it('a directory made for it is the user’s own', () => {
    const root = tempDir()
    const cache = {directory: join(root, 'cache', 'index'), build: BUILD}
    cachedIndex(small, FIELD, cache, openclawIndex)
    const [name] = readdirSync(cache.directory)
    expect(statSync(cache.directory).mode & 0o777).toBe(0o700)
    expect(statSync(join(cache.directory, name!)).mode & 0o777).toBe(0o600)
  })
})
