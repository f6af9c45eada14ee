// Writes oclif.manifest.json from the compiled commands in dist/, so the CLI never scans the
// disk at start-up. Written to a temp file and renamed: concurrent builds never see half a file.
import {Plugin} from '@oclif/core'
import {existsSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

// tsc never deletes output whose source is gone: drop compiled commands without a source file,
// or a renamed command would live on in the manifest.
function removeStaleCommands(directory) {
  if (!existsSync(directory)) return
  for (const entry of readdirSync(directory, {withFileTypes: true})) {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) removeStaleCommands(path)
    else if (entry.name.endsWith('.js')) {
      const source = join(root, relative(join(root, 'dist'), path)).replace(/\.js$/, '.ts')
      if (!existsSync(source)) rmSync(path, {force: true}), rmSync(`${path}.map`, {force: true})
    }
  }
}
removeStaleCommands(join(root, 'dist', 'commands'))
const plugin = new Plugin({root, type: 'core', ignoreManifest: true, errorOnManifestCreate: true, isRoot: true})
await plugin.load()
const target = join(root, 'oclif.manifest.json')
const temp = `${target}.${process.pid}.tmp`
writeFileSync(temp, JSON.stringify(plugin.manifest, null, 2) + '\n')
renameSync(temp, target)
const count = Object.keys(plugin.manifest.commands).length
if (count === 0) {
  console.error('manifest: no commands found in dist/commands')
  process.exit(1)
}
