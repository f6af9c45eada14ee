/**
 * An inverted index over analyzed documents: for each field, term → postings (documents in
 * ascending order with the term's frequency), plus field lengths for BM25's length
 * normalisation. It knows nothing about catalogs or analyzers: a ranker maps its entries to
 * `{ id, fields }` with terms already analyzed, so rankers with other analyzers or several
 * weighted fields reuse it as is.
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

interface FieldIndex {
  postings: Map<string, {docs: number[]; tfs: number[]}>
  lengths: Float64Array
  averageLength: number
}

export class InvertedIndex {
  /** Document ids by document number (the position in the list the index was built from). */
  readonly ids: readonly string[]
  private readonly fields: Map<string, FieldIndex>

  private constructor(ids: readonly string[], fields: Map<string, FieldIndex>) {
    this.ids = ids
    this.fields = fields
  }

  /**
   * Builds the index; document numbers are positions in `documents`. One pass, so `documents`
   * may be a generator: each document's terms are dropped once counted instead of all of them
   * being held at once.
   */
  static build(documents: Iterable<IndexDocument>): InvertedIndex {
    const ids: string[] = []
    const builders = new Map<string, FieldBuilder>()
    for (const document of documents) {
      const doc = ids.length
      ids.push(document.id)
      for (const name of Object.keys(document.fields)) {
        let builder = builders.get(name)
        if (builder === undefined) builders.set(name, (builder = {postings: new Map(), lengths: [], total: 0}))
        addTerms(builder, doc, document.fields[name] ?? [])
      }
    }
    const fields = new Map<string, FieldIndex>()
    for (const [name, builder] of builders) {
      // A document without the field has length 0 in it (the typed array starts zeroed).
      const lengths = new Float64Array(ids.length)
      builder.lengths.forEach((length, doc) => {
        lengths[doc] = length
      })
      fields.set(name, {postings: builder.postings, lengths, averageLength: ids.length === 0 ? 0 : builder.total / ids.length})
    }
    return new InvertedIndex(ids, fields)
  }

  /** Number of documents. */
  get size(): number {
    return this.ids.length
  }

  get fieldNames(): string[] {
    return [...this.fields.keys()]
  }

  postings(field: string, term: string): Postings | undefined {
    return this.fields.get(field)?.postings.get(term)
  }

  /** Number of documents whose `field` contains `term`. */
  documentFrequency(field: string, term: string): number {
    return this.postings(field, term)?.docs.length ?? 0
  }

  /** Occurrences of `term` in `field` of document `doc` (binary search in the postings). */
  termFrequency(field: string, term: string, doc: number): number {
    const postings = this.postings(field, term)
    if (postings === undefined) return 0
    let low = 0
    let high = postings.docs.length - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const value = postings.docs[middle]!
      if (value === doc) return postings.tfs[middle]!
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

interface FieldBuilder {
  postings: Map<string, {docs: number[]; tfs: number[]}>
  /** Lengths by document number; a document without the field leaves a hole (length 0). */
  lengths: number[]
  total: number
}

function addTerms(builder: FieldBuilder, doc: number, terms: readonly string[]): void {
  builder.lengths[doc] = terms.length
  builder.total += terms.length
  for (const term of terms) {
    let list = builder.postings.get(term)
    if (list === undefined) builder.postings.set(term, (list = {docs: [], tfs: []}))
    // Documents arrive in order, so a repeat of the term in this document is the last posting.
    const last = list.docs.length - 1
    if (last >= 0 && list.docs[last] === doc) list.tfs[last]!++
    else {
      list.docs.push(doc)
      list.tfs.push(1)
    }
  }
}
