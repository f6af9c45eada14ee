/**
 * A field's terms with their numbers as a kept index holds them (src/search/index-cache.ts), looked
 * up where they lie instead of being made into a `Map` first. A search looks up a few dozen terms;
 * turning a table of thousands into strings and a `Map` costs more than all of its lookups, once
 * per process, in code that runs too few times for V8 to compile it.
 *
 * The table: the terms sorted by UTF-16 code unit (JavaScript's `<`), their code units joined
 * (UTF-16LE, so any string comes back exactly, a lone surrogate too), where each term starts in
 * them, and each sorted term's number in the index. A lookup is a binary search that turns about
 * log2(n) terms into strings.
 */
import type {TermNumbers} from './inverted-index.js'

/** The table of `terms` (term → number), as `SortedTermTable` reads it. */
export function encodeTermTable(terms: Iterable<[string, number]>): {units: Buffer; starts: Int32Array; numbers: Int32Array} {
  const sorted = [...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const starts = new Int32Array(sorted.length + 1)
  const numbers = new Int32Array(sorted.length)
  for (let i = 0; i < sorted.length; i++) {
    starts[i + 1] = starts[i]! + sorted[i]![0].length
    numbers[i] = sorted[i]![1]
  }
  return {units: Buffer.from(sorted.map(([term]) => term).join(''), 'utf16le'), starts, numbers}
}

/**
 * Whether `starts` and `numbers` can be a table of `units.length / 2` code units: starts from 0 to
 * the end, never decreasing, and every number from 0 to the count once. The order of the terms is
 * not checked (that would read every one): a table out of order can only make a lookup miss,
 * never give a number out of range.
 */
export function soundTermTable(units: Buffer, starts: Int32Array, numbers: Int32Array): boolean {
  const count = numbers.length
  if (starts.length !== count + 1 || units.length % 2 !== 0 || starts[0] !== 0 || starts[count] !== units.length / 2) return false
  for (let i = 0; i < count; i++) if (starts[i + 1]! < starts[i]!) return false
  const seen = new Uint8Array(count)
  for (let i = 0; i < count; i++) {
    const number = numbers[i]!
    if (number < 0 || number >= count || seen[number] !== 0) return false
    seen[number] = 1
  }
  return true
}

/** Term → number over a table `encodeTermTable` wrote and `soundTermTable` accepted. */
export class SortedTermTable implements TermNumbers {
  readonly size: number

  constructor(
    private readonly units: Buffer,
    private readonly starts: Int32Array,
    private readonly numbers: Int32Array,
  ) {
    this.size = numbers.length
  }

  get(term: string): number | undefined {
    let low = 0
    let high = this.size - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const candidate = this.termAt(middle)
      if (candidate === term) return this.numbers[middle]
      if (candidate < term) low = middle + 1
      else high = middle - 1
    }
    return undefined
  }

  /** The terms in number order, as a `Map` built in that order gives them. */
  *keys(): IterableIterator<string> {
    for (const [term] of this) yield term
  }

  /** [term, number] in number order, as a `Map` built in that order gives them. */
  *[Symbol.iterator](): IterableIterator<[string, number]> {
    const byNumber = new Int32Array(this.size)
    for (let i = 0; i < this.size; i++) byNumber[this.numbers[i]!] = i
    for (let number = 0; number < this.size; number++) yield [this.termAt(byNumber[number]!), number]
  }

  private termAt(i: number): string {
    return this.units.toString('utf16le', 2 * this.starts[i]!, 2 * this.starts[i + 1]!)
  }
}
