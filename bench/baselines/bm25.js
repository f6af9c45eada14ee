// Baseline: a straightforward BM25 search process, as one would write it without an inverted
// index — read the catalog JSON, tokenize each tool's name and description, keep a term-frequency
// map per tool, then for every query line on stdin score every tool and print the top 8 ids as a
// JSON line. k1 = 1.2, b = 0.75, the same idf as the openclaw ranker.
import {readFileSync} from 'node:fs'

const LIMIT = 8
const tokenize = (text) => text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter((token) => token !== '')
const {tools} = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const docs = tools.map((tool) => {
  const tokens = tokenize(`${tool.name} ${tool.description ?? ''}`)
  const tf = new Map()
  for (const token of tokens) tf.set(token, (tf.get(token) ?? 0) + 1)
  return {id: `${tool.source ?? 'openclaw'}:${tool.sourceName ?? 'core'}:${tool.name}`, tf, length: tokens.length}
})
const df = new Map()
for (const doc of docs) for (const term of doc.tf.keys()) df.set(term, (df.get(term) ?? 0) + 1)
const avgLength = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length
const idf = (term) => Math.log(1 + (docs.length - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5))

const out = []
for (const query of readFileSync(0, 'utf8').split('\n')) {
  if (query.trim() === '') continue
  const terms = [...new Set(tokenize(query))]
  const scored = []
  for (const doc of docs) {
    let score = 0
    for (const term of terms) {
      const f = doc.tf.get(term)
      if (f !== undefined) score += (idf(term) * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * doc.length) / avgLength))
    }
    if (score > 0) scored.push({id: doc.id, score})
  }
  scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
  out.push(JSON.stringify({query, candidates: scored.slice(0, LIMIT).map((hit) => hit.id)}))
}
process.stdout.write(`${out.join('\n')}\n`)
