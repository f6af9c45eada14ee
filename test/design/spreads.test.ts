/**
 * No array of unbounded length is spread into a call's arguments (`push(...x)`, `Math.max(...x)`,
 * `String.fromCharCode(...x)`, `f(...x)`): every argument takes a slot of the call's stack frame,
 * and a few hundred thousand of them end the whole run with `Maximum call stack size exceeded`
 * (one MCP server listing 150,000 tools did). Append in a loop, or reduce, instead. The source is
 * read with the TypeScript parser, so the check sees spreads as they are compiled, on any line
 * shape; array and object literals (`[...a, ...b]`) are not calls and are fine.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import ts from 'typescript'
import {describe, expect, it} from 'vitest'

import {ROOT} from '../helpers/cli.js'

/** The spreads into calls that are bounded by construction, each with the reason it is. */
const BOUNDED: ReadonlyArray<{file: string; call: string; reason: string}> = [
  {file: 'src/cli/argv.ts', call: 'hoisted.push(arg, ...argv.slice(index + 1, index + 2))', reason: 'a slice of at most one element'},
  {file: 'src/eval/evaluate.ts', call: 'Math.max(...Object.values(METRIC_NAMES).map((name) => name.length))', reason: 'the fixed table of metric names'},
  {file: 'src/call/executors/mcp.ts', call: 'pool.use(...useArgs)', reason: "forwards the fixed parameters of withMcpSession's signature"},
  {file: 'src/config/redact.ts', call: 'Math.max(...SECRET_PATH_SEGMENTS.map((pattern) => pattern.length))', reason: 'the fixed table of secret paths'},
  {file: 'src/session/openclaw/render.ts', call: "lines.push('', ...statsLines(record, style))", reason: 'the few lines of one session\'s statistics'},
  {file: 'src/session/openclaw/sqlite-native.ts', call: '(emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest)', reason: "forwards process.emitWarning's own few arguments"},
  {file: 'src/session/openclaw/sqlite-native.ts', call: 'db.prepare(sql).iterate!(...params)', reason: "the bound parameters of one of the reader's own statements"},
]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Every spread argument of a call or `new` in `text`: the call as written and its line. */
export function spreadCalls(file: string, text: string): Array<{call: string; line: number}> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
  const found: Array<{call: string; line: number}> = []
  const visit = (node: ts.Node) => {
    if (ts.isSpreadElement(node) && (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent))) {
      found.push({call: node.parent.getText(source), line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('no unbounded spread into call arguments', () => {
  const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'commands'))]
  const found = files.flatMap((path) => spreadCalls(path, readFileSync(path, 'utf8')).map((spread) => ({file: relative(ROOT, path), ...spread})))

  it('finds spreads however they are written (the check can fail)', () => {
    const sample = 'a.push(...b)\nMath.max(\n  1,\n  ...values,\n)\nnew Set(...x)\nconst c = [...a, ...b]\nconst d = {...e}\nString.fromCharCode(...codes)'
    expect(spreadCalls('sample.ts', sample).map(({line}) => line)).toEqual([1, 4, 6, 9])
  })

  it('src/ and commands/ spread only bounded arrays into calls', () => {
    const unbounded = found.filter((spread) => !BOUNDED.some((allowed) => allowed.file === spread.file && allowed.call === spread.call))
    expect(unbounded.map(({file, line, call}) => `${file}:${line}: ${call}`)).toEqual([])
  })

  it('every allowed spread still exists (the list stays true)', () => {
    for (const allowed of BOUNDED) expect(found.some((spread) => spread.file === allowed.file && spread.call === allowed.call), `${allowed.file}: ${allowed.call}`).toBe(true)
  })
})
