/**
 * The build of toolsearch (`src/cli/build.ts`) as a digest of what runs: the package's name and
 * version and every compiled module of ours (dist/src, dist/commands), names and bytes. The bundle
 * carries the digest its build computed (scripts/bundle.js); when DEBUG runs the compiled modules
 * one by one (src/cli/start.ts), it is computed from those very modules at start, so a DEBUG run
 * keeps and reads the index cache as any run does — and it is the same digest exactly when the
 * modules are the ones the bundle was made of. Anything a run keeps between runs that our code
 * shapes (the index cache) is keyed by it, so a change to any module makes what an earlier build
 * kept foreign.
 */
import {createHash} from 'node:crypto'
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

const COMPILED = ['dist/src', 'dist/commands']

export function buildDigest(root: string): string {
  const {name, version} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {name: string; version: string}
  const hash = createHash('sha256').update(`${name}@${version}\n`)
  for (const directory of COMPILED) {
    const files = readdirSync(join(root, directory), {recursive: true})
      .map(String)
      .filter((file) => file.endsWith('.js'))
      .sort()
    for (const file of files) {
      const bytes = readFileSync(join(root, directory, file))
      hash.update(`${directory}/${file} ${bytes.length}\n`).update(bytes)
    }
  }
  return hash.digest('hex').slice(0, 32)
}
