/**
 * The openclaw index kept on disk between runs. Indexing is most of a search's own time (the
 * analysis runs once per process, too few times for V8 to compile it), and a person debugging a
 * catalog runs search after search over the same tools: each run after the first reads the index
 * it would build instead.
 *
 * **Never a different answer.** An index is read back only when it was built from exactly the
 * input this run would build it from: the same document ids and indexed strings in the same order
 * (`indexInput`; compared in full, not by a hash), by the same build of toolsearch (`build`: a
 * digest of its compiled code, so any change to the analysis makes every cached index foreign),
 * on the same V8 (its Unicode tables decide what a letter is). The file must also be whole and
 * sound: it is written twice over (`writtenTwice`) and the two copies must agree, which catches a
 * file damaged in any way, and every field is checked for what the builder would write
 * (`soundPostings`: bounds, ascending document numbers, positive frequencies, lengths that are the
 * sums of the frequencies, the average recomputed; `soundTermTable`: the term table's bounds and
 * numbers), so not even a file written so on purpose, both copies alike, can give a NaN, an
 * out-of-range read or a document the catalog does not have. The term table is looked up where it
 * lies (term-table.ts), its order unchecked: out of order it could only make a lookup miss, and
 * only in a file written so on purpose. Anything else — no cache directory, another build's file,
 * a file cut short, damaged or not ours, an unreadable or special file — and the index is built as
 * if there were no cache.
 *
 * **Whose files.** Two copies that agree are no signature: someone who can write the directory
 * could write a consistent file with other postings. So the directory must be the user's alone
 * (`privateDirectoryProblem`: not a link, owned by the user, writable by no one else, nor are the
 * directories above it unless sticky), and a file is read only when the descriptor it was read
 * from is a regular file of the user's, writable by no one else, reached without following a
 * link. Otherwise nothing is read, written or removed there, and under `DEBUG` one line says why.
 * Only someone who can already write as the user (who could as well change the catalog) can make a
 * cached index say something else.
 *
 * **Never a failed run.** Writing is best effort: a read-only home or a full disk leaves the run
 * as it was, uncached. A file is written under a temp name and renamed into place, so a reader
 * sees a whole file or none; the directory keeps the `MAX_CACHED_INDEXES` most recently used.
 * Pruning removes only files toolsearch wrote: its own names, regular files of the user's that
 * begin as an index does.
 *
 * Where: `TOOLSEARCH_CACHE_DIR`, else the platform's cache directory (`defaultCacheDirectory`).
 * `search --no-cache` neither reads nor writes it.
 */
import {isAbsolute, join} from 'node:path'

import {accountHome} from '../config/locate.js'
import {type CacheFileKind, cacheKey, markUsed, pruneCacheFiles, readCacheFile, sameTwice, writeCacheFile, writtenTwice} from '../fs/cache-files.js'
import {privateDirectoryProblem} from '../fs/private-directory.js'
import {safeInline} from '../output/terminal.js'
import {isDebugEnabled} from '../shared/errors.js'
import {cachedEntryInput} from '../catalog/entries-cache.js'
import type {CatalogEntry} from '../catalog/types.js'
import {forEachDocumentString} from './document.js'
import {type FieldPostings, InvertedIndex, withCapacity} from './inverted-index.js'
import {SortedTermTable, encodeTermTable, soundTermTable} from './term-table.js'

/** Where indexes are kept, and the build they must come from. */
export interface IndexCache {
  directory: string
  /** The build of toolsearch that reads and writes them (`src/cli/build.ts`). */
  build: string
}

/** How many cached indexes the directory keeps: the most recently used. */
export const MAX_CACHED_INDEXES = 4
/** Cached indexes larger than this are neither written nor read. */
export const MAX_INDEX_FILE_BYTES = 96 * 1024 * 1024
/** What every index file begins with: this prefix and a format digit. */
const MAGIC_PREFIX = 'TSINDEX'
const MAGIC = `${MAGIC_PREFIX}3`
/** The names toolsearch gives its files: indexes, and the temp files they are written under. */
const FILE_PREFIX = 'openclaw-'
const FILE_SUFFIX = '.index'
const INDEX_FILES: CacheFileKind = {
  names: /^openclaw-[0-9a-f]{8}\.index$/,
  tempNames: /^openclaw-[0-9a-f]{8}\.index\.\d+\.[0-9a-f]+\.tmp$/,
  magicPrefix: MAGIC_PREFIX,
  keep: MAX_CACHED_INDEXES,
  maxBytes: MAX_INDEX_FILE_BYTES,
}

/**
 * The platform's per-user cache directory for toolsearch: `$XDG_CACHE_HOME/toolsearch` (an
 * absolute XDG_CACHE_HOME only, as the XDG spec says) or `~/.cache/toolsearch`,
 * `~/Library/Caches/toolsearch` on macOS, `%LOCALAPPDATA%\toolsearch\Cache` on Windows.
 * Undefined when there is no home to put it in.
 */
export function defaultCacheDirectory(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value)
  let home: string | undefined
  try {
    home = accountHome(env)
  } catch {
    // No home at all: no default cache directory (TOOLSEARCH_CACHE_DIR still gives one).
    home = undefined
  }
  if (platform === 'win32') {
    const local = nonEmpty(env.LOCALAPPDATA) ?? (home === undefined ? undefined : join(home, 'AppData', 'Local'))
    return local === undefined ? undefined : join(local, 'toolsearch', 'Cache')
  }
  if (platform === 'darwin') return home === undefined ? undefined : join(home, 'Library', 'Caches', 'toolsearch')
  const xdg = nonEmpty(env.XDG_CACHE_HOME)
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, 'toolsearch')
  return home === undefined ? undefined : join(home, '.cache', 'toolsearch')
}

/** The cache a run uses: none without a build (the compiled modules, tests in process) or a directory. */
export function indexCacheFor(build: string | undefined, env: NodeJS.ProcessEnv): IndexCache | undefined {
  if (build === undefined) return undefined
  const explicit = env.TOOLSEARCH_CACHE_DIR
  const root = explicit !== undefined && explicit.trim() !== '' ? explicit : defaultCacheDirectory(env)
  return root === undefined ? undefined : {directory: join(root, 'index'), build}
}

/**
 * What an openclaw index is a function of, in a form cheap to compare: every distinct string once
 * (`texts`), and the run of them as numbers (`sequence`): for each entry `-1`, its id, then each
 * string `forEachDocumentString` gives, in order.
 */
export interface IndexInput {
  texts: string[]
  sequence: Int32Array
}

export function indexInput(entries: readonly CatalogEntry[]): IndexInput {
  const numbers = new Map<string, number>()
  const texts: string[] = []
  let sequence: Int32Array = new Int32Array(Math.max(1024, entries.length * 8))
  let length = 0
  const push = (value: number): void => {
    sequence = withCapacity(sequence, length + 1)
    sequence[length++] = value
  }
  const visit = (text: string): void => {
    let number = numbers.get(text)
    if (number === undefined) {
      number = texts.length
      texts.push(text)
      numbers.set(text, number)
    }
    push(number)
  }
  for (const entry of entries) {
    push(-1)
    visit(entry.id)
    forEachDocumentString(entry, visit)
  }
  return {texts, sequence: sequence.subarray(0, length)}
}


interface Header {
  key: string
  field: string
  documents: number
  terms: number
  postings: number
  averageLength: number
  /** The byte length of the terms' code units (term-table.ts); the input's sequence length and number of texts. */
  termBytes: number
  sequenceLength: number
  textCount: number
  /** The byte length of the input's texts, joined, as UTF-16 code units. */
  textBytes: number
}

const bytesOf = (array: Int32Array | Float64Array): Buffer => Buffer.from(array.buffer, array.byteOffset, array.byteLength)
const padTo8 = (n: number): number => Math.ceil(n / 8) * 8

/**
 * The input's texts as bytes to compare in one call: their lengths, and their UTF-16 code units
 * joined (a copy of memory, where UTF-8 or JSON would encode every character).
 */
function textBytes(texts: readonly string[]): {lengths: Int32Array; units: Buffer} {
  const lengths = new Int32Array(texts.length)
  for (let i = 0; i < texts.length; i++) lengths[i] = texts[i]!.length
  return {lengths, units: Buffer.from(texts.join(''), 'utf16le')}
}

/**
 * The file of one field's index: `TSINDEX3`, the header's byte length (uint32), the header (JSON,
 * padded to 8 bytes), then the field's lengths (float64), offsets, docs and tfs (int32), the
 * input's sequence and its texts' lengths (int32), the term table (term-table.ts: where each sorted
 * term starts and its number, int32, then the terms' code units, UTF-16LE), the input's texts,
 * joined (UTF-16LE); then all of it again (`writtenTwice`).
 */
export function encodeIndex(index: InvertedIndex, field: string, input: IndexInput, build: string): Buffer {
  const postings = index.fieldPostings(field)
  if (postings === undefined) throw new Error(`index has no field ${field}`)
  const terms = encodeTermTable(postings.terms)
  const texts = textBytes(input.texts)
  const header: Header = {
    key: cacheKey(build),
    field,
    documents: index.size,
    terms: postings.terms.size,
    postings: postings.docs.length,
    averageLength: postings.averageLength,
    termBytes: terms.units.length,
    sequenceLength: input.sequence.length,
    textCount: input.texts.length,
    textBytes: texts.units.length,
  }
  const headerJson = JSON.stringify(header)
  const headerBytes = Buffer.byteLength(headerJson)
  const start = Buffer.alloc(padTo8(12 + headerBytes), ' ')
  start.write(MAGIC, 0, 'latin1')
  start.writeUInt32LE(headerBytes, 8)
  start.write(headerJson, 12, 'utf8')
  const arrays = [postings.lengths, postings.offsets, postings.docs, postings.tfs, input.sequence, texts.lengths, terms.starts, terms.numbers]
  // Int32 sections after the float64 ones stay 4-byte aligned whatever their lengths.
  return writtenTwice(Buffer.concat([start, ...arrays.map(bytesOf), terms.units, texts.units]))
}

/**
 * Whether `postings` (read from a file) are what `FieldBuilder.build` could have written for
 * `documents` documents: offsets from 0 to the number of postings, never decreasing; each term's
 * documents ascending and in range, with frequencies of at least 1; each document's length the
 * sum of its frequencies; the average length that sum over the documents. A file passing this can
 * still be another index (see the module's doc), but never one that reads out of range or scores NaN.
 */
function soundPostings(postings: FieldPostings, documents: number): boolean {
  const {offsets, docs, tfs, lengths, averageLength} = postings
  const termCount = offsets.length - 1
  if (offsets[0] !== 0 || offsets[termCount] !== docs.length || tfs.length !== docs.length || lengths.length !== documents) return false
  // Small integers in a plain array: until V8 compiles this loop, a sum read from a Float64Array
  // would be boxed on every posting (about 350 kB of garbage for the 342 real tools' index).
  const sums = new Array<number>(documents).fill(0)
  for (let t = 0; t < termCount; t++) {
    const end = offsets[t + 1]!
    let previous = -1
    if (end < offsets[t]!) return false
    for (let p = offsets[t]!; p < end; p++) {
      const doc = docs[p]!
      const tf = tfs[p]!
      if (doc <= previous || doc >= documents || tf < 1) return false
      sums[doc]! += tf
      previous = doc
    }
  }
  let total = 0
  for (let doc = 0; doc < documents; doc++) {
    if (lengths[doc] !== sums[doc]) return false
    total += sums[doc]!
  }
  return Object.is(averageLength, documents === 0 ? 0 : total / documents)
}

/**
 * The index of `field` in `bytes` (`encodeIndex`) when it was written by `build` from exactly
 * `input`, with `ids` as its documents, and is whole and sound; otherwise undefined. Never throws.
 */
export function decodeIndex(bytes: Buffer, field: string, input: IndexInput, ids: readonly string[], build: string): InvertedIndex | undefined {
  try {
    if (bytes.length < 12 || bytes.toString('latin1', 0, 8) !== MAGIC) return undefined
    const headerBytes = bytes.readUInt32LE(8)
    if (12 + headerBytes > bytes.length) return undefined
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerBytes)) as Header
    if (header === null || typeof header !== 'object') return undefined
    if (header.key !== cacheKey(build) || header.field !== field || header.documents !== ids.length || header.sequenceLength !== input.sequence.length || header.textCount !== input.texts.length) return undefined
    const counts = [header.documents, header.terms, header.postings, header.termBytes, header.textBytes]
    if (!counts.every((n) => Number.isSafeInteger(n) && n >= 0) || typeof header.averageLength !== 'number') return undefined
    let at = padTo8(12 + headerBytes)
    const sizes = [8 * header.documents, 4 * (header.terms + 1), 4 * header.postings, 4 * header.postings, 4 * header.sequenceLength, 4 * header.textCount, 4 * (header.terms + 1), 4 * header.terms, header.termBytes, header.textBytes]
    const indexBytes = at + sizes.reduce((sum, size) => sum + size, 0)
    if (2 * indexBytes !== bytes.length) return undefined
    // Typed arrays over the file's bytes: a copy only when the buffer is not aligned for them.
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes)
    const view = <T>(make: new (buffer: ArrayBufferLike, offset: number, length: number) => T, size: number, count: number): T => {
      const array = new make(aligned.buffer, aligned.byteOffset + at, count)
      at += size
      return array
    }
    const lengths = view(Float64Array, sizes[0]!, header.documents)
    const offsets = view(Int32Array, sizes[1]!, header.terms + 1)
    const docs = view(Int32Array, sizes[2]!, header.postings)
    const tfs = view(Int32Array, sizes[3]!, header.postings)
    const sequence = view(Int32Array, sizes[4]!, header.sequenceLength)
    const textLengths = view(Int32Array, sizes[5]!, header.textCount)
    const termStarts = view(Int32Array, sizes[6]!, header.terms + 1)
    const termNumbers = view(Int32Array, sizes[7]!, header.terms)
    // The input first: it is what decides whether the rest is this run's index at all.
    if (!bytesOf(sequence).equals(bytesOf(input.sequence))) return undefined
    const texts = textBytes(input.texts)
    const termsAt = at
    const textsAt = termsAt + header.termBytes
    if (!bytesOf(textLengths).equals(bytesOf(texts.lengths)) || !aligned.subarray(textsAt, indexBytes).equals(texts.units)) return undefined
    if (!sameTwice(aligned, indexBytes)) return undefined
    const termUnits = aligned.subarray(termsAt, textsAt)
    if (!soundTermTable(termUnits, termStarts, termNumbers)) return undefined
    const postings: FieldPostings = {terms: new SortedTermTable(termUnits, termStarts, termNumbers), offsets, docs, tfs, lengths, averageLength: header.averageLength}
    if (!soundPostings(postings, header.documents)) return undefined
    return new InvertedIndex(ids, new Map([[field, postings]]))
  } catch {
    return undefined
  }
}

/**
 * The file a set of entries is cached under: a digest of what tells catalog sets apart cheaply
 * (sizes and the first and last ids). Two sets that share a name only take turns in one file:
 * what is read back is still compared in full.
 */
function indexFileName(input: IndexInput, ids: readonly string[]): string {
  const sample = [String(ids.length), String(input.texts.length), String(input.sequence.length), ...ids.slice(0, 8), ...ids.slice(-8)].join('\u0000')
  // FNV-1a, 32 bits, over UTF-16 code units.
  let hash = 0x81_1c_9d_c5
  for (let i = 0; i < sample.length; i++) hash = Math.imul(hash ^ sample.charCodeAt(i), 0x01_00_01_93) >>> 0
  return `${FILE_PREFIX}${hash.toString(16).padStart(8, '0')}${FILE_SUFFIX}`
}

/** One line under `DEBUG` when the cache is not used, saying why; nothing otherwise. */
function debugNotUsed(directory: string, reason: string): void {
  if (isDebugEnabled()) process.stderr.write(`[index cache] ${safeInline(directory)} is not used: ${safeInline(reason)}; the index is built without it\n`)
}

/**
 * The input of an index of entries read back from one set of cached entries
 * (src/catalog/entries-cache.ts): that set's name and the entries' numbers in it, which decide every
 * string `indexInput` would walk. Never equal to an `indexInput`, whose sequence starts with -1.
 */
function cachedEntriesInput(entries: readonly CatalogEntry[]): IndexInput | undefined {
  const cached = cachedEntryInput(entries)
  return cached === undefined ? undefined : {texts: ['cached entries', cached.snapshot], sequence: cached.numbers}
}

/**
 * The index `build` gives for `entries`, read from `cache` when it holds the index of exactly this
 * input, else built and stored there (best effort). Without a cache, or with a directory that is
 * not the user's alone (`privateDirectoryProblem`), simply `build(entries)`.
 */
export function cachedIndex(entries: readonly CatalogEntry[], field: string, cache: IndexCache | undefined, build: (entries: readonly CatalogEntry[]) => InvertedIndex): InvertedIndex {
  if (cache === undefined) return build(entries)
  const problem = privateDirectoryProblem(cache.directory)
  if (problem !== undefined) {
    debugNotUsed(cache.directory, problem)
    return build(entries)
  }
  const input = cachedEntriesInput(entries) ?? indexInput(entries)
  const ids = entries.map((entry) => entry.id)
  const file = join(cache.directory, indexFileName(input, ids))
  const cached = readCachedIndex(file, field, input, ids, cache.build)
  if (cached !== undefined) return cached
  const index = build(entries)
  writeCachedIndex(cache.directory, file, encodeIndex(index, field, input, cache.build))
  return index
}

/** Reads the index in `file` (never through a link, only a file of the user's alone). */
function readCachedIndex(file: string, field: string, input: IndexInput, ids: readonly string[], build: string): InvertedIndex | undefined {
  const bytes = readCacheFile(INDEX_FILES, file, (reason) => debugNotUsed(file, reason))
  if (bytes === undefined) return undefined
  const index = decodeIndex(bytes, field, input, ids, build)
  if (index !== undefined) markUsed(file)
  return index
}

function writeCachedIndex(directory: string, file: string, bytes: Buffer): void {
  writeCacheFile(INDEX_FILES, directory, file, bytes)
}

/**
 * Removes all but the `MAX_CACHED_INDEXES` most recently used indexes, and stale temp files. Only
 * in a directory that is the user's alone, and only files toolsearch wrote: its own names, regular
 * files of the user's (not links) that begin as an index file does. Anything else stays.
 */
export function pruneCache(directory: string, now = Date.now()): void {
  pruneCacheFiles(INDEX_FILES, directory, now)
}
