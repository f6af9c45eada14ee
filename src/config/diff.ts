/**
 * A unified diff of two texts (what `--dry-run` prints). Lines are compared with their line
 * endings, shown without them; 3 lines of context. Small and dependency-free: config files are
 * short, so a longest-common-subsequence table over the changed middle is plenty.
 */

import {commonAffixes} from './edit.js'

const CONTEXT = 3
/** Past this many table cells the changed middle is shown as one replaced block. */
const MAX_TABLE_CELLS = 4_000_000

function splitLines(text: string): string[] {
  return text === '' ? [] : (text.match(/[^\n]*\n|[^\n]+$/g) ?? [])
}

type Op = {kind: ' ' | '-' | '+'; line: string}

function diffLines(a: string[], b: string[]): Op[] {
  const {prefix: start, suffix} = commonAffixes(a, b)
  const endA = a.length - suffix
  const endB = b.length - suffix
  // Loops, not push(...spread): a spread of a million lines overflows the call stack.
  const ops: Op[] = []
  const add = (kind: Op['kind'], lines: string[]) => {
    for (const line of lines) ops.push({kind, line})
  }
  add(' ', a.slice(0, start))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  if (midA.length * midB.length > MAX_TABLE_CELLS) {
    add('-', midA)
    add('+', midB)
  } else {
    const table = Array.from({length: midA.length + 1}, () => new Uint32Array(midB.length + 1))
    for (let i = midA.length - 1; i >= 0; i--) for (let j = midB.length - 1; j >= 0; j--) table[i][j] = midA[i] === midB[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1])
    let i = 0
    let j = 0
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        ops.push({kind: ' ', line: midA[i]})
        i++
        j++
      } else if (j < midB.length && (i >= midA.length || table[i][j + 1] > table[i + 1][j])) {
        ops.push({kind: '+', line: midB[j++]})
      } else {
        ops.push({kind: '-', line: midA[i++]})
      }
    }
  }
  add(' ', a.slice(endA))
  return ops
}

function show(op: Op): string {
  const body = op.line.replace(/\r?\n$/, '')
  const noEol = op.line.endsWith('\n') ? '' : '\n\\ No newline at end of file'
  return `${op.kind}${body}${noEol}`
}

/** A unified diff from `before` to `after`; empty when they are equal. */
export function unifiedDiff(before: string, after: string, oldName: string, newName: string = oldName): string {
  if (before === after) return ''
  const ops = diffLines(splitLines(before), splitLines(after))
  const out = [`--- ${oldName}`, `+++ ${newName}`]
  let index = 0
  while (index < ops.length) {
    while (index < ops.length && ops[index].kind === ' ') index++
    if (index >= ops.length) break
    let hunkStart = Math.max(0, index - CONTEXT)
    let end = index
    // Extend the hunk while the next change is within 2 * CONTEXT unchanged lines.
    for (;;) {
      while (end < ops.length && ops[end].kind !== ' ') end++
      let next = end
      while (next < ops.length && ops[next].kind === ' ') next++
      if (next < ops.length && next - end <= 2 * CONTEXT) {
        end = next
        continue
      }
      break
    }
    const hunkEnd = Math.min(ops.length, end + CONTEXT)
    let oldLine = 1
    let newLine = 1
    for (let k = 0; k < hunkStart; k++) {
      if (ops[k].kind !== '+') oldLine++
      if (ops[k].kind !== '-') newLine++
    }
    const hunk = ops.slice(hunkStart, hunkEnd)
    const oldCount = hunk.filter((op) => op.kind !== '+').length
    const newCount = hunk.filter((op) => op.kind !== '-').length
    out.push(`@@ -${oldCount === 0 ? oldLine - 1 : oldLine},${oldCount} +${newCount === 0 ? newLine - 1 : newLine},${newCount} @@`)
    for (const op of hunk) out.push(show(op))
    index = hunkEnd
    hunkStart = hunkEnd
  }
  return `${out.join('\n')}\n`
}
