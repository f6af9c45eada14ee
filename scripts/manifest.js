// Writes oclif.manifest.json from the compiled commands in dist/, so the CLI never scans the
// disk at start-up. Written to a temp file and renamed: concurrent builds never see half a file.
import {Plugin} from '@oclif/core'
import {renameSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
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
