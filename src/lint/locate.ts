/**
 * Where a tool is defined: its entry's origin (`tools[3]` in a file) turned into a line and
 * column, or the MCP server a live tool came from. The catalog loader keeps only the JSON path;
 * the position is found again by walking the file's syntax tree, so findings point at the line a
 * person edits.
 */
import {readFileSync} from 'node:fs'
import {resolve} from 'node:path'

import type {CatalogEntry} from '../catalog/types.js'
import {type CstNode, findMember, parseCst} from '../config/cst.js'
import {type Position, positionIndex} from '../config/text.js'
import {type JsonPathSegment, parseJsonPath} from '../shared/json-path.js'
import type {ToolLocation} from './types.js'

function nodeAt(root: CstNode, segments: readonly JsonPathSegment[]): CstNode | undefined {
  let node: CstNode | undefined = root
  for (const segment of segments) {
    if (node === undefined) return undefined
    if (typeof segment === 'number') node = node.kind === 'array' ? node.elements[segment]?.value : undefined
    else node = node.kind === 'object' ? findMember(node, segment)?.value : undefined
  }
  return node
}

/**
 * A locator over catalog files: each file is read and parsed once, on first use. `readText`
 * returns undefined for a file that cannot be read (the finding then names the file alone).
 */
export function createLocator(readText: (file: string) => string | undefined): (entry: CatalogEntry) => ToolLocation {
  const trees = new Map<string, {root: CstNode; position: (offset: number) => Position} | undefined>()
  const treeOf = (file: string) => {
    if (!trees.has(file)) {
      const text = readText(file)
      const parsed = text === undefined ? undefined : parseCst(text)
      trees.set(file, text !== undefined && parsed?.ok === true && parsed.root !== undefined ? {root: parsed.root, position: positionIndex(text)} : undefined)
    }
    return trees.get(file)
  }
  return (entry) => {
    const server = entry.run?.kind === 'mcp' ? {server: entry.run.server} : {}
    const {file, path} = entry.origin
    const tree = treeOf(file)
    const segments = parseJsonPath(path)
    const node = tree === undefined || segments === undefined ? undefined : nodeAt(tree.root, segments)
    return {file, ...(node === undefined ? {} : tree!.position(node.start)), ...server}
  }
}

/** A locator over the catalog files as they are on disk, relative paths from `cwd`; a file that cannot be read names the file alone. */
export function fileLocator(cwd: string): (entry: CatalogEntry) => ToolLocation {
  return createLocator((file) => {
    try {
      return readFileSync(resolve(cwd, file), 'utf8')
    } catch {
      return undefined
    }
  })
}
