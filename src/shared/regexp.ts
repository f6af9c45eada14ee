/**
 * A regular expression made on first use. One with Unicode property classes (`\p{Cf}`,
 * `\p{ID_Start}`) costs up to a millisecond to make, since its character sets come from ICU: a
 * module that needs it only for unusual text should not make every run pay for it.
 */
export function regExpOnFirstUse(make: () => RegExp): () => RegExp {
  let made: RegExp | undefined
  return () => (made ??= make())
}
