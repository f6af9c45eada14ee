// The build a bundle carries (src/cli/build.ts): a digest of the package's name and version and of
// every compiled module of ours (dist/src, dist/commands), names and bytes. Anything a run keeps
// between runs that our code shapes (the index cache) is keyed by it, so a change to any module
// makes what an earlier build kept foreign. scripts/bundle.js writes it into the bundle's entry.
import {createHash} from 'node:crypto'
import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'

const COMPILED = ['dist/src', 'dist/commands']

export function buildDigest(root) {
  const {name, version} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
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
