/**
 * The import graph of src/ keeps its layers: no folder imports a folder that imports it back —
 * type-only imports count here, since a type belongs in the folder that owns the concept — and no
 * module takes part in a cycle of value imports (a cycle makes load order, and so behaviour at
 * start-up, depend on which file a command happens to import first; type-only imports are erased
 * at build time and do not count there). Nothing in src/ imports commands/: commands sit on top.
 * Imports are read with the TypeScript parser, so a multi-line import or an `import()` is seen as
 * it is compiled.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'
import ts from 'typescript'
import {describe, expect, it} from 'vitest'

import {ROOT} from '../helpers/cli.js'

const SRC = join(ROOT, 'src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

interface Import {
  target: string
  /** `import()` inside a function: loaded when called, not when the importer loads. */
  dynamic: boolean
  /** A type-only import or export (`import type`, `import {type A}`, a type's `import('…')`): erased at build time. */
  typeOnly: boolean
}

/** The relative modules a file imports, for their values or their types only. */
export function relativeImports(file: string, text: string): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
  const found: Import[] = []
  const add = (specifier: ts.Node | undefined, dynamic: boolean, typeOnly = false) => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return
    found.push({target: resolve(dirname(file), specifier.text).replace(/\.js$/, '.ts'), dynamic, typeOnly})
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)))
      add(node.moduleSpecifier, false, typeOnly)
    } else if (ts.isExportDeclaration(node)) {
      const typeOnly = node.isTypeOnly || (node.exportClause !== undefined && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((element) => element.isTypeOnly))
      add(node.moduleSpecifier, false, typeOnly)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], true)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, false, true)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The relative modules a file imports for their values (type-only imports and exports left out). */
export function valueImports(file: string, text: string): Import[] {
  return relativeImports(file, text).filter((found) => !found.typeOnly)
}

/** The top folder of src/ a module belongs to (`config`, `search`, …; `.` for src/index.ts). */
function folderOf(file: string): string {
  const parts = relative(SRC, file).split('/')
  return parts.length > 1 ? parts[0]! : '.'
}

/** Strongly connected components of more than one node (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const connect = (node: string) => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) connect(node)
  return found
}

const files = sourceFiles(SRC)
const allImports = new Map(files.map((file) => [file, relativeImports(file, readFileSync(file, 'utf8'))]))
const imports = new Map([...allImports].map(([file, found]) => [file, found.filter((one) => !one.typeOnly)]))

describe('the import graph of src/', () => {
  it('has no cycle between folders, counting type-only imports (the library entry src/index.ts aside, which imports every layer)', () => {
    const graph = new Map<string, Set<string>>()
    const examples = new Map<string, string>()
    for (const [file, targets] of allImports) {
      const from = folderOf(file)
      if (from === '.') continue
      for (const {target} of targets) {
        const to = folderOf(target)
        if (to === from) continue
        if (!graph.has(from)) graph.set(from, new Set())
        graph.get(from)!.add(to)
        examples.set(`${from} -> ${to}`, `${relative(SRC, file)} imports ${relative(SRC, target)}`)
      }
    }
    const found = cycles(graph).map((component) => component.map((folder) => [...(graph.get(folder) ?? [])].filter((to) => component.includes(to)).map((to) => examples.get(`${folder} -> ${to}`))).flat())
    expect(found).toEqual([])
  })

  it('has no cycle of modules, counting lazy import() too', () => {
    const graph = new Map([...imports].map(([file, targets]) => [relative(SRC, file), new Set(targets.map(({target}) => relative(SRC, target)))]))
    expect(cycles(graph)).toEqual([])
  })

  it('never imports commands/: commands sit on top of the library', () => {
    const commands = join(ROOT, 'commands')
    const found = [...allImports].flatMap(([file, targets]) => targets.filter(({target}) => !relative(commands, target).startsWith('..')).map(({target}) => `${relative(SRC, file)} imports ${relative(ROOT, target)}`))
    expect(found).toEqual([])
  })

  it('finds what it is meant to find: a type-only import is no value edge, a value import and an import() are', () => {
    const found = valueImports(
      join(SRC, 'x', 'a.ts'),
      [
        "import type {A} from './types.js'",
        "import {type B, type C} from './only-types.js'",
        "import {type D, e} from './mixed.js'",
        "import {\n  f,\n} from '../y/multi-line.js'",
        "export {g} from './re-export.js'",
        "export type {H} from './type-re-export.js'",
        "import {readFileSync} from 'node:fs'",
        "const lazy = () => import('./lazy.js')",
      ].join('\n'),
    )
    expect(found.map(({target, dynamic}) => `${relative(SRC, target)}${dynamic ? ' (lazy)' : ''}`)).toEqual(['x/mixed.ts', 'y/multi-line.ts', 'x/re-export.ts', 'x/lazy.ts (lazy)'])
  })

  it('finds type-only imports too, for the folder check: import type, all-type named imports, type re-exports and import() types', () => {
    const found = relativeImports(
      join(SRC, 'x', 'a.ts'),
      ["import type {A} from './types.js'", "import {type B} from '../y/only-types.js'", "export type {H} from './type-re-export.js'", "let pool: import('../z/pool.js').Pool", "import {e} from './value.js'"].join('\n'),
    )
    expect(found.map(({target, typeOnly}) => `${relative(SRC, target)}${typeOnly ? ' (type)' : ''}`)).toEqual(['x/types.ts (type)', 'y/only-types.ts (type)', 'x/type-re-export.ts (type)', 'z/pool.ts (type)', 'x/value.ts'])
  })
})
