/**
 * The directory of toolsearch's own package.json: where the shipped data (`data/`, `schemas/`)
 * and the build's output are found, whether the code runs from `dist/` or from the bundle.
 */
import {existsSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

let root: string | undefined

export function packageRoot(): string {
  if (root !== undefined) return root
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir)
  root = dir
  return dir
}
