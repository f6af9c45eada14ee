/** Term → documents, for the bonus rules' sparse lookups (name coverage, exact form). */
export function postingsOf(termsByDoc: readonly (readonly string[])[]): Map<string, number[]> {
  const postings = new Map<string, number[]>()
  termsByDoc.forEach((terms, doc) => {
    for (const term of terms) {
      const docs = postings.get(term)
      if (docs === undefined) postings.set(term, [doc])
      else docs.push(doc)
    }
  })
  return postings
}
