/**
 * An inverted index over analyzed documents: for each field, term → postings (documents in
 * ascending order with the term's frequency), plus field lengths for BM25's length
 * normalisation. It knows nothing about catalogs or analyzers: a ranker maps its entries to
 * `{ id, fields }` with terms already analyzed (`InvertedIndex.build`), or hands the terms over
 * one by one as term numbers (`InvertedIndexBuilder`), so rankers with other analyzers or several
 * weighted fields reuse it as is.
 *
 * Storage: per field, every posting of every term in two typed arrays, each term's postings one
 * run in them (`offsets[t]` to `offsets[t + 1]`). A 10,000-tool catalog has about a million
 * postings; as typed arrays they are a few megabytes the garbage collector never has to trace,
 * where arrays of numbers per term were millions of slots it copied and scanned.
 */

/** A document as the index sees it: an id and, per field, its analyzed terms in order. */
export interface IndexDocument {
  id: string
  fields: Readonly<Record<string, readonly string[]>>
}

/** The documents containing a term (ascending document numbers) and how often each has it. */
export interface Postings {
  docs: readonly number[]
  tfs: readonly number[]
}

/**
 * A field's terms and their numbers: a `Map` as an index is built, the table of a kept index read
 * where it lies (term-table.ts). Iterated, [term, number] in number order.
 */
export interface TermNumbers extends Iterable<[string, number]> {
  readonly size: number
  get(term: string): number | undefined
  keys(): IterableIterator<string>
}

/**
 * One field's postings as stored, for scoring loops: the postings of term number `t` are
 * `docs[offsets[t]]…docs[offsets[t + 1] - 1]`, with `tfs` alongside.
 */
export interface FieldPostings {
  /** Term → term number. */
  readonly terms: TermNumbers
  readonly offsets: Int32Array
  readonly docs: Int32Array
  readonly tfs: Int32Array
  /** Every document's length in the field, by document number. */
  readonly lengths: Float64Array
  readonly averageLength: number
}

const EMPTY_INT32 = new Int32Array(0)

export class InvertedIndex {
  /** Document ids by document number (the position in the list the index was built from). */
  readonly ids: readonly string[]
  private readonly fields: Map<string, FieldPostings>

  /** @internal Built by `InvertedIndexBuilder.build`. */
  constructor(ids: readonly string[], fields: Map<string, FieldPostings>) {
    this.ids = ids
    this.fields = fields
  }

  /**
   * Builds the index; document numbers are positions in `documents`. One pass, so `documents`
   * may be a generator: each document's terms are dropped once counted instead of all of them
   * being held at once.
   */
  static build(documents: Iterable<IndexDocument>): InvertedIndex {
    const builder = new InvertedIndexBuilder()
    for (const document of documents) {
      builder.startDocument(document.id)
      for (const name of Object.keys(document.fields)) {
        const field = builder.field(name)
        for (const term of document.fields[name] ?? []) field.add(field.termNumber(term))
      }
    }
    return builder.build()
  }

  /** Number of documents. */
  get size(): number {
    return this.ids.length
  }

  get fieldNames(): string[] {
    return [...this.fields.keys()]
  }

  /** The stored postings of `field`, for scoring loops (see `FieldPostings`). */
  fieldPostings(field: string): FieldPostings | undefined {
    return this.fields.get(field)
  }

  /** A term's postings as plain arrays (a copy: for explanations and inspection, not scoring loops). */
  postings(field: string, term: string): Postings | undefined {
    const stored = this.fields.get(field)
    const t = stored?.terms.get(term)
    if (stored === undefined || t === undefined) return undefined
    const start = stored.offsets[t]!
    const end = stored.offsets[t + 1]!
    return {docs: Array.from(stored.docs.subarray(start, end)), tfs: Array.from(stored.tfs.subarray(start, end))}
  }

  /** Number of documents whose `field` contains `term`. */
  documentFrequency(field: string, term: string): number {
    const stored = this.fields.get(field)
    const t = stored?.terms.get(term)
    return stored === undefined || t === undefined ? 0 : stored.offsets[t + 1]! - stored.offsets[t]!
  }

  /** Occurrences of `term` in `field` of document `doc` (binary search in the postings). */
  termFrequency(field: string, term: string, doc: number): number {
    const stored = this.fields.get(field)
    const t = stored?.terms.get(term)
    if (stored === undefined || t === undefined) return 0
    let low = stored.offsets[t]!
    let high = stored.offsets[t + 1]! - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const value = stored.docs[middle]!
      if (value === doc) return stored.tfs[middle]!
      if (value < doc) low = middle + 1
      else high = middle - 1
    }
    return 0
  }

  /** Number of terms in `field` of document `doc`. */
  fieldLength(field: string, doc: number): number {
    return this.fields.get(field)?.lengths[doc] ?? 0
  }

  /** Every document's length in `field`, by document number (read-only; for scoring loops). */
  fieldLengths(field: string): Readonly<Float64Array> {
    return this.fields.get(field)?.lengths ?? new Float64Array(this.ids.length)
  }

  averageFieldLength(field: string): number {
    return this.fields.get(field)?.averageLength ?? 0
  }
}

/**
 * Builds an `InvertedIndex` one document and one term at a time, with no array of terms per
 * document: `startDocument(id)`, then, per field, `field(name).add(termNumber)` for every term
 * occurrence (a term's number comes from `termNumber(term)` once; an analyzer that meets the same
 * word in many documents keeps it), then `build()`.
 */
export class InvertedIndexBuilder {
  private readonly ids: string[] = []
  private readonly fields = new Map<string, FieldBuilder>()

  /** Starts the next document (the previous one is complete); returns its number. */
  startDocument(id: string): number {
    const previous = this.ids.length - 1
    if (previous >= 0) for (const field of this.fields.values()) field.endDocument(previous)
    this.ids.push(id)
    return previous + 1
  }

  /** The builder of field `name` (created on first use). */
  field(name: string): FieldBuilder {
    let field = this.fields.get(name)
    if (field === undefined) this.fields.set(name, (field = new FieldBuilder()))
    return field
  }

  build(): InvertedIndex {
    const fields = new Map<string, FieldPostings>()
    for (const [name, field] of this.fields) {
      if (this.ids.length > 0) field.endDocument(this.ids.length - 1)
      fields.set(name, field.build(this.ids.length))
    }
    return new InvertedIndex(this.ids, fields)
  }
}

const INITIAL_CAPACITY = 1024
/** Values per block of posting records (256 KiB). */
const RECORD_BLOCK_SIZE = 65_536

/** `values` in a typed array of at least `capacity` elements (doubling), contents kept. */
export function withCapacity(values: Int32Array, capacity: number): Int32Array {
  if (capacity <= values.length) return values
  let length = values.length * 2
  while (length < capacity) length *= 2
  const grown = new Int32Array(length)
  grown.set(values)
  return grown
}

/** One field of an index being built; see `InvertedIndexBuilder`. */
export class FieldBuilder {
  private readonly terms = new Map<string, number>()
  /** Occurrences of each term in the current document, by term number. */
  private counts: Int32Array = new Int32Array(INITIAL_CAPACITY)
  /** Term numbers the current document has, in the order first met (`touchedCount` of them). */
  private touched: Int32Array = new Int32Array(INITIAL_CAPACITY)
  private touchedCount = 0
  private currentLength = 0
  /**
   * The postings so far, in document order, one record per document with terms in the field:
   * the document number, its number of distinct terms, then (term number, frequency) pairs.
   * Records fill fixed-size blocks (a record larger than a block gets one of its own), so the
   * postings of a large catalog are never copied into ever larger arrays, leaving garbage
   * as large as themselves.
   */
  private readonly blocks: Array<{values: Int32Array; length: number}> = []
  private postingCount = 0
  private documentFrequencies: Int32Array = new Int32Array(INITIAL_CAPACITY)
  /** Lengths by document number, up to the last document with terms in the field. */
  private lengths: Int32Array = new Int32Array(INITIAL_CAPACITY)
  private total = 0

  /** The number of `term` in this field (a new term gets the next one). */
  termNumber(term: string): number {
    let t = this.terms.get(term)
    if (t === undefined) {
      t = this.terms.size
      this.terms.set(term, t)
      if (t === this.counts.length) {
        this.counts = withCapacity(this.counts, t + 1)
        this.touched = withCapacity(this.touched, t + 1)
        this.documentFrequencies = withCapacity(this.documentFrequencies, t + 1)
      }
    }
    return t
  }

  /** One occurrence of term number `t` in the current document. */
  add(t: number): void {
    if (this.counts[t]!++ === 0) this.touched[this.touchedCount++] = t
    this.currentLength++
  }

  /** @internal Closes document `doc`, the current one: its postings and length are recorded. */
  endDocument(doc: number): void {
    if (this.currentLength === 0) return
    const count = this.touchedCount
    const block = this.blockWithRoom(2 + 2 * count)
    const records = block.values
    let at = block.length
    records[at++] = doc
    records[at++] = count
    const {counts, touched, documentFrequencies} = this
    for (let i = 0; i < count; i++) {
      const t = touched[i]!
      records[at++] = t
      records[at++] = counts[t]!
      documentFrequencies[t]!++
      counts[t] = 0
    }
    block.length = at
    this.postingCount += count
    this.touchedCount = 0
    this.lengths = withCapacity(this.lengths, doc + 1)
    this.lengths[doc] = this.currentLength
    this.total += this.currentLength
    this.currentLength = 0
  }

  /** The last block when `size` more values fit in it, else a new one. */
  private blockWithRoom(size: number): {values: Int32Array; length: number} {
    const last = this.blocks.at(-1)
    if (last !== undefined && last.length + size <= last.values.length) return last
    const block = {values: new Int32Array(Math.max(RECORD_BLOCK_SIZE, size)), length: 0}
    this.blocks.push(block)
    return block
  }

  /** @internal The field's postings over `documentCount` documents. */
  build(documentCount: number): FieldPostings {
    const termCount = this.terms.size
    const offsets = new Int32Array(termCount + 1)
    for (let t = 0; t < termCount; t++) offsets[t + 1] = offsets[t]! + this.documentFrequencies[t]!
    const docs = this.postingCount === 0 ? EMPTY_INT32 : new Int32Array(this.postingCount)
    const tfs = this.postingCount === 0 ? EMPTY_INT32 : new Int32Array(this.postingCount)
    // Records are in document order, so each term's run comes out ascending.
    const next = offsets.slice(0, termCount)
    for (const {values: records, length} of this.blocks) {
      for (let at = 0; at < length; ) {
        const doc = records[at++]!
        const end = at + 2 * records[at++]!
        while (at < end) {
          const position = next[records[at++]!]!++
          docs[position] = doc
          tfs[position] = records[at++]!
        }
      }
    }
    // A document without the field has length 0 in it (the typed array starts zeroed).
    const lengths = new Float64Array(documentCount)
    for (let doc = 0; doc < Math.min(documentCount, this.lengths.length); doc++) lengths[doc] = this.lengths[doc]!
    return {terms: this.terms, offsets, docs, tfs, lengths, averageLength: documentCount === 0 ? 0 : this.total / documentCount}
  }
}
