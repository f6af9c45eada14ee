/**
 * The index kept between runs (src/search/index-cache.ts): what is read back is exactly what would
 * be built, only for exactly the same input and build, and nothing about the cache can fail a run.
 */
import {execFileSync} from 'node:child_process'
import {chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it, vi} from 'vitest'

import {catalogedEntries, loadCatalogs} from '../../src/catalog/index.js'
import type {CatalogEntry} from '../../src/catalog/types.js'
import {privateDirectoryProblem} from '../../src/fs/private-directory.js'
import {cachedIndex, decodeIndex, defaultCacheDirectory, encodeIndex, indexCacheFor, indexInput, MAX_CACHED_INDEXES, pruneCache} from '../../src/search/index-cache.js'
import {InvertedIndex} from '../../src/search/inverted-index.js'
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
    const built = openclawIndex(entries())
    expect(contents(decoded!)).toEqual(contents(built))
    // Looked up where it lies, the term table gives each term's number, and nothing for a non-term.
    const terms = decoded!.fieldPostings(FIELD)!.terms
    for (const [term, number] of built.fieldPostings(FIELD)!.terms) {
      expect(terms.get(term), term).toBe(number)
      expect(terms.get(`${term}~`)).toBeUndefined()
    }
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

/** Where the sections of an encoded index begin (see `encodeIndex`). */
function layout(bytes: Buffer) {
  const headerBytes = bytes.readUInt32LE(8)
  const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerBytes)) as {documents: number; terms: number; postings: number; averageLength: number; sequenceLength: number; textCount: number}
  const lengths = Math.ceil((12 + headerBytes) / 8) * 8
  const offsets = lengths + 8 * header.documents
  const docs = offsets + 4 * (header.terms + 1)
  const tfs = docs + 4 * header.postings
  const termStarts = tfs + 4 * header.postings + 4 * header.sequenceLength + 4 * header.textCount
  const termNumbers = termStarts + 4 * (header.terms + 1)
  return {header, headerBytes, lengths, offsets, docs, tfs, termStarts, termNumbers}
}

/**
 * `bytes` (an index written twice over) with its first copy written over its second: a file
 * changed on purpose, both copies alike, not damaged.
 */
function resealed(bytes: Buffer): Buffer {
  const out = Buffer.from(bytes)
  out.copy(out, out.length / 2, 0, out.length / 2)
  return out
}

describe('a cached file that is not what was written', () => {
  it('refuses postings rewritten as in the report (all to the last tool, frequency 1000), sealed again or not', () => {
    const bytes = encode(real)
    const {header, docs, tfs} = layout(bytes)
    const rewritten = Buffer.from(bytes)
    for (let p = 0; p < header.postings; p++) {
      rewritten.writeInt32LE(header.documents - 1, docs + 4 * p)
      rewritten.writeInt32LE(1000, tfs + 4 * p)
    }
    expect(decode(rewritten, real)).toBeUndefined()
    expect(decode(resealed(rewritten), real)).toBeUndefined()
  })

  it.each([
    ['a NaN length', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeDoubleLE(Number.NaN, at.lengths)],
    ['an infinite length', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeDoubleLE(Number.POSITIVE_INFINITY, at.lengths + 8)],
    ['a length that is not the sum of the frequencies', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeDoubleLE(bytes.readDoubleLE(at.lengths) + 1, at.lengths)],
    ['a document out of range', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(at.header.documents, at.docs)],
    ['a negative document', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(-1, at.docs)],
    ['a frequency of 0', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(0, at.tfs)],
    ['a negative frequency', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(-5, at.tfs + 4)],
    ['offsets that go back', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(at.header.postings + 1, at.offsets + 4)],
    ['a first offset that is not 0', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(1, at.offsets)],
    ['a term that starts past the end of the terms', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(1 << 20, at.termStarts + 4)],
    ['a term number out of range', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(at.header.terms, at.termNumbers)],
    ['a term number given twice', (bytes: Buffer, at: ReturnType<typeof layout>) => bytes.writeInt32LE(bytes.readInt32LE(at.termNumbers + 4), at.termNumbers)],
    ['the postings of two terms swapped in order', (bytes: Buffer, at: ReturnType<typeof layout>) => {
      // A term's documents must ascend: its first two postings, swapped.
      for (let p = 0; p + 1 < at.header.postings; p++) {
        const a = bytes.readInt32LE(at.docs + 4 * p)
        const b = bytes.readInt32LE(at.docs + 4 * p + 4)
        if (a < b) {
          bytes.writeInt32LE(b, at.docs + 4 * p)
          bytes.writeInt32LE(a, at.docs + 4 * p + 4)
          return
        }
      }
    }],
  ])('refuses %s, even with both copies alike', (_name, change) => {
    const bytes = Buffer.from(encode(small))
    change(bytes, layout(bytes))
    expect(decode(bytes, small)).toBeUndefined()
    expect(decode(resealed(bytes), small)).toBeUndefined()
  })

  it('refuses an average length that is not the average, written whole and twice', () => {
    const index = openclawIndex(small)
    const postings = index.fieldPostings(FIELD)!
    const lying = new InvertedIndex(index.ids, new Map([[FIELD, {...postings, averageLength: postings.averageLength + 0.5}]]))
    expect(decode(encodeIndex(lying, FIELD, indexInput(small), BUILD), small)).toBeUndefined()
    // The same file with the true average is read.
    expect(decode(encodeIndex(new InvertedIndex(index.ids, new Map([[FIELD, postings]])), FIELD, indexInput(small), BUILD), small)).toBeDefined()
  })

  it('never gives another index for a file with any one byte changed: every change is refused or changes nothing', () => {
    const bytes = encode(small)
    const built = contents(openclawIndex(small))
    let seed = 7
    const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0)
    let refused = 0
    for (let offset = 0; offset < bytes.length; offset++) {
      const damaged = Buffer.from(bytes)
      damaged[offset] = damaged[offset]! ^ (1 + (random() % 255))
      const decoded = decode(damaged, small)
      if (decoded === undefined) refused++
      else expect(contents(decoded), `byte ${offset}`).toEqual(built)
    }
    expect(refused).toBe(bytes.length)
  })

  it('searches through a cache file damaged at any of many offsets give the uncached answers', async () => {
    const entries = catalogedEntries((await loadCatalogs([join(ROOT, 'examples/catalog.json5')])).entries)
    const queries = ['read a file', 'send a message to the team', 'weather tomorrow', 'create_issue']
    const answers = (ranker: ReturnType<typeof createOpenClawRanker>) => queries.map((query) => ranker.search(query, 5).map((hit) => [hit.entry.id, hit.score]))
    const uncached = answers(createOpenClawRanker(entries))
    const cache = {directory: join(tempDir(), 'index'), build: BUILD}
    expect(answers(createOpenClawRanker(entries, {indexCache: cache}))).toEqual(uncached)
    const file = join(cache.directory, readdirSync(cache.directory)[0]!)
    const good = readFileSync(file)
    let seed = 3
    const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0)
    for (let offset = random() % 13; offset < good.length; offset += 1 + (random() % 61)) {
      const damaged = Buffer.from(good)
      damaged[offset] = damaged[offset]! ^ (1 + (random() % 255))
      writeFileSync(file, damaged)
      expect(answers(createOpenClawRanker(entries, {indexCache: cache})), `byte ${offset}`).toEqual(uncached)
      // Refused and built again: the file is the good one again.
      expect(readFileSync(file).equals(good), `byte ${offset}`).toBe(true)
    }
  })

  it('a file written on purpose, both copies alike, can still never read out of range or score NaN', () => {
    const bytes = encode(small)
    const {lengths, tfs, termStarts, termNumbers, header} = layout(bytes)
    const terms = [...openclawIndex(small).fieldPostings(FIELD)!.terms.keys()]
    let seed = 11
    const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0)
    // Every byte of the lengths, offsets, docs and tfs, and of the term table's starts and numbers, changed in both copies.
    const crafts = [...Array.from({length: tfs + 4 * header.postings - lengths}, (_, i) => lengths + i), ...Array.from({length: termNumbers + 4 * header.terms - termStarts}, (_, i) => termStarts + i)]
    for (const offset of crafts) {
      const crafted = Buffer.from(bytes)
      crafted[offset] = crafted[offset]! ^ (1 + (random() % 255))
      const decoded = decode(resealed(crafted), small)
      if (decoded === undefined) continue
      const field = decoded.fieldPostings(FIELD)!
      for (const term of terms) {
        const number = field.terms.get(term)
        if (number !== undefined) expect(number >= 0 && number < header.terms, `byte ${offset}`).toBe(true)
      }
      expect([...field.docs].every((doc) => doc >= 0 && doc < small.length), `byte ${offset}`).toBe(true)
      expect([...field.tfs].every((tf) => tf >= 1), `byte ${offset}`).toBe(true)
      expect([...field.lengths].every((length) => Number.isInteger(length) && length >= 0), `byte ${offset}`).toBe(true)
      expect(Number.isFinite(field.averageLength), `byte ${offset}`).toBe(true)
    }
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

    const stale = join(cache.directory, 'openclaw-00000000.index.1.5ca1e.tmp')
    const fresh = join(cache.directory, 'openclaw-00000000.index.2.f2e54.tmp')
    writeFileSync(stale, '')
    writeFileSync(fresh, '')
    utimesSync(stale, past, past)
    pruneCache(cache.directory)
    expect(existsSync(stale)).toBe(false)
    expect(existsSync(fresh)).toBe(true)
  })
})

describe('whose directory and files are read', () => {
  /**
   * A file for exactly `small`'s input with other postings (the tools' descriptions swapped), as
   * someone able to write the directory could plant: it passes every check of the file itself.
   */
  function planted(): Buffer {
    const swapped = small.map((entry, i) => ({...entry, description: small[(i + 1) % small.length]!.description}))
    return encodeIndex(openclawIndex(swapped), FIELD, indexInput(small), BUILD)
  }
  /** The cache file `small` is kept in under `directory` (written by a first run). */
  function cacheFile(directory: string): string {
    cachedIndex(small, FIELD, {directory, build: BUILD}, openclawIndex)
    return join(directory, readdirSync(directory)[0]!)
  }

  it('a planted file in the user’s own directory would be read: that is what the directory checks are for', () => {
    const directory = join(tempDir(), 'index')
    writeFileSync(cacheFile(directory), planted())
    expect(contents(cachedIndex(small, FIELD, {directory, build: BUILD}, openclawIndex))).not.toEqual(contents(openclawIndex(small)))
  })

  it.each([
    ['writable by others', (directory: string) => chmodSync(directory, 0o777)],
    ['writable by its group', (directory: string) => chmodSync(directory, 0o770)],
    ['below a directory writable by others', (directory: string) => chmodSync(join(directory, '..'), 0o777)],
  ])('a cache directory %s is not used: nothing read, written or removed', (_name, loosen) => {
    const directory = join(tempDir(), 'cache', 'index')
    const file = cacheFile(directory)
    writeFileSync(file, planted())
    loosen(directory)
    const build = vi.fn(openclawIndex)
    expect(contents(cachedIndex(small, FIELD, {directory, build: BUILD}, build))).toEqual(contents(openclawIndex(small)))
    expect(build).toHaveBeenCalledTimes(1)
    // Not replaced by the index built: nothing is written there.
    expect(readFileSync(file)).toEqual(planted())
  })

  it('a cache directory that is a symbolic link is not used, nor pruned (others’ files in its target stay)', () => {
    const target = tempDir()
    const past = Date.now() / 1000 - 86_400
    for (let i = 1; i <= 6; i++) {
      writeFileSync(join(target, `openclaw-backup${i}.index`), 'data\n')
      utimesSync(join(target, `openclaw-backup${i}.index`), past - i * 3600, past - i * 3600)
    }
    writeFileSync(join(target, 'openclaw-notes.tmp'), 'keep\n')
    utimesSync(join(target, 'openclaw-notes.tmp'), past, past)
    const before = readdirSync(target).sort()
    const directory = join(tempDir(), 'index')
    symlinkSync(target, directory)
    const sets = Array.from({length: MAX_CACHED_INDEXES + 2}, (_, i) => [tool(`tool_${i}`, {description: `Tool number ${i}.`})])
    for (const entries of sets) expect(contents(cachedIndex(entries, FIELD, {directory, build: BUILD}, openclawIndex))).toEqual(contents(openclawIndex(entries)))
    pruneCache(directory)
    expect(readdirSync(target).sort()).toEqual(before)
  })

  it('the owner of the directory must be the current user', () => {
    const directory = join(tempDir(), 'index')
    mkdirSync(directory, {mode: 0o700})
    const owner = lstatSync(directory).uid
    expect(privateDirectoryProblem(directory, owner)).toBeUndefined()
    expect(privateDirectoryProblem(directory, owner + 1)).toBe(`it is owned by uid ${owner}, not by the current user (uid ${owner + 1})`)
    // Above it, only the user or root may own a directory that is not sticky and writable by others.
    chmodSync(join(directory, '..'), 0o1777)
    expect(privateDirectoryProblem(directory, owner)).toBeUndefined()
    chmodSync(join(directory, '..'), 0o777)
    expect(privateDirectoryProblem(directory, owner)).toMatch(/above it is writable by group or others \(mode 0777\)$/)
  })

  it('a cache file that is a link, or writable by others, is not read', () => {
    const directory = join(tempDir(), 'index')
    const file = cacheFile(directory)
    const elsewhere = join(tempDir(), 'elsewhere.index')
    writeFileSync(elsewhere, planted())
    execFileSync('rm', [file])
    symlinkSync(elsewhere, file)
    expect(contents(cachedIndex(small, FIELD, {directory, build: BUILD}, openclawIndex))).toEqual(contents(openclawIndex(small)))
    // The link was replaced by the index built, its target left alone.
    expect(lstatSync(file).isFile()).toBe(true)
    expect(readFileSync(elsewhere)).toEqual(planted())

    writeFileSync(file, planted())
    chmodSync(file, 0o666)
    expect(contents(cachedIndex(small, FIELD, {directory, build: BUILD}, openclawIndex))).toEqual(contents(openclawIndex(small)))
  })

  it('a cache root that is a link is followed to its real place, which must be private too', () => {
    // ~/.cache as a link to another disk is common: the link is fine, what it leads to is judged.
    const real = join(tempDir(), 'real-cache')
    mkdirSync(real, {mode: 0o700})
    const root = join(tempDir(), 'cache')
    symlinkSync(real, root)
    const build = vi.fn(openclawIndex)
    cachedIndex(small, FIELD, {directory: join(root, 'index'), build: BUILD}, build)
    cachedIndex(small, FIELD, {directory: join(root, 'index'), build: BUILD}, build)
    expect(build).toHaveBeenCalledTimes(1)
    // Led into a directory others can write: not used.
    const open = join(tempDir(), 'open')
    mkdirSync(open)
    chmodSync(open, 0o777)
    const exposed = join(tempDir(), 'exposed')
    symlinkSync(open, exposed)
    expect(privateDirectoryProblem(join(exposed, 'index'))).toBe(`${open} above it is writable by group or others (mode 0777)`)
  })

  it('a temp file name that is already there is left alone (only what a write created is removed)', () => {
    const directory = join(tempDir(), 'index')
    const file = cacheFile(directory)
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5)
    try {
      const taken = `${join(directory, readdirSync(directory)[0]!)}.${process.pid}.${(0.5).toString(16).slice(2)}.tmp`
      writeFileSync(taken, 'not ours')
      writeFileSync(file, 'damaged')
      expect(contents(cachedIndex(small, FIELD, {directory, build: BUILD}, openclawIndex))).toEqual(contents(openclawIndex(small)))
      expect(readFileSync(taken, 'utf8')).toBe('not ours')
    } finally {
      random.mockRestore()
    }
  })

  it('a header that lies about sizes, or is not an object, is refused without reading past the file', () => {
    const bytes = encode(small)
    const headerBytes = bytes.readUInt32LE(8)
    const withHeader = (header: string) => {
      const altered = Buffer.from(bytes)
      altered.write(header.padEnd(headerBytes, ' '), 12, 'utf8')
      return resealed(altered)
    }
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerBytes)) as Record<string, unknown>
    for (const lie of [{terms: -1}, {postings: 2 ** 53}, {termBytes: 1.5}, {documents: '4'}, {averageLength: 'x'}]) expect(decode(withHeader(JSON.stringify({...header, ...lie})), small), JSON.stringify(lie)).toBeUndefined()
    for (const notAnObject of ['null', '[1,2]', '7', '"x"']) expect(decode(withHeader(notAnObject), small), notAnObject).toBeUndefined()
    const hugeHeader = Buffer.from(bytes)
    hugeHeader.writeUInt32LE(0xff_ff_ff_ff, 8)
    expect(decode(resealed(hugeHeader), small)).toBeUndefined()
  })

  it('pruning removes only what toolsearch wrote: its own names, its own regular files, its header', () => {
    const directory = join(tempDir(), 'index')
    const sets = Array.from({length: MAX_CACHED_INDEXES}, (_, i) => [tool(`tool_${i}`, {description: `Tool number ${i}.`})])
    for (const entries of sets) cachedIndex(entries, FIELD, {directory, build: BUILD}, openclawIndex)
    const past = Date.now() / 1000 - 86_400
    const foreign = {
      'openclaw-backup1.index': 'data\n',
      'openclaw-notes.tmp': 'keep\n',
      'openclaw-0000000a.index': 'not an index\n',
      'openclaw-0000000b.index.1.ab.tmp': 'not an index\n',
      'openclaw-0000000c.index': 'TSINDEX2 but writable by others',
    }
    for (const [name, text] of Object.entries(foreign)) {
      writeFileSync(join(directory, name), text)
      utimesSync(join(directory, name), past, past)
    }
    chmodSync(join(directory, 'openclaw-0000000c.index'), 0o666)
    const outside = join(tempDir(), 'outside.index')
    writeFileSync(outside, readFileSync(join(directory, readdirSync(directory).find((name) => /^openclaw-[0-9a-f]{8}\.index$/.test(name))!)))
    utimesSync(outside, past, past)
    symlinkSync(outside, join(directory, 'openclaw-0000000d.index'))
    // Ours and old: a killed write's temp file cut short, and an index of an earlier format.
    writeFileSync(join(directory, 'openclaw-0000000e.index.1.ab.tmp'), 'TSIN')
    writeFileSync(join(directory, 'openclaw-0000000f.index'), 'TSINDEX1 older format')
    for (const name of ['openclaw-0000000e.index.1.ab.tmp', 'openclaw-0000000f.index']) utimesSync(join(directory, name), past - 60, past - 60)
    pruneCache(directory)
    const left = readdirSync(directory)
    for (const name of [...Object.keys(foreign), 'openclaw-0000000d.index']) expect(left, name).toContain(name)
    expect(existsSync(outside)).toBe(true)
    expect(left).not.toContain('openclaw-0000000e.index.1.ab.tmp')
    expect(left).not.toContain('openclaw-0000000f.index')
    expect(left.filter((name) => /^openclaw-[0-9a-f]{8}\.index$/.test(name) && !name.startsWith('openclaw-0000000'))).toHaveLength(MAX_CACHED_INDEXES)
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
