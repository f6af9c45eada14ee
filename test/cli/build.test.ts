/**
 * The build a bundle carries (scripts/build-digest.js, src/cli/build.ts), which keys the index
 * cache: any change to a compiled module of ours, or to the version, must give another build, and
 * nothing else may.
 */
import {mkdirSync, renameSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {buildDigest} from '../../scripts/build-digest.js'
import {runningBuild, setRunningBuild} from '../../src/cli/build.js'
import {tempDir} from '../helpers/cli.js'

function packageRoot(): string {
  const root = tempDir()
  mkdirSync(join(root, 'dist', 'src', 'search'), {recursive: true})
  mkdirSync(join(root, 'dist', 'commands'), {recursive: true})
  writeFileSync(join(root, 'package.json'), JSON.stringify({name: 'toolsearch', version: '1.0.0'}))
  writeFileSync(join(root, 'dist', 'src', 'search', 'stem.js'), 'export const stem = (word) => word\n')
  writeFileSync(join(root, 'dist', 'commands', 'search.js'), 'export default class Search {}\n')
  return root
}

describe('buildDigest', () => {
  it('is the same for the same modules, and another when a module changes', () => {
    const root = packageRoot()
    const digest = buildDigest(root)
    expect(digest).toMatch(/^[0-9a-f]{32}$/)
    expect(buildDigest(root)).toBe(digest)
    // Same bytes elsewhere: the same build.
    expect(buildDigest(packageRoot())).toBe(digest)

    writeFileSync(join(root, 'dist', 'src', 'search', 'stem.js'), 'export const stem = (word) => word.slice(0, -1)\n')
    const changed = buildDigest(root)
    expect(changed).not.toBe(digest)

    writeFileSync(join(root, 'dist', 'commands', 'search.js'), 'export default class Search { x = 1 }\n')
    expect(buildDigest(root)).not.toBe(changed)
  })

  it('changes with the version, a renamed or an added module; not with other files', () => {
    const base = buildDigest(packageRoot())
    const versioned = packageRoot()
    writeFileSync(join(versioned, 'package.json'), JSON.stringify({name: 'toolsearch', version: '1.0.1'}))
    expect(buildDigest(versioned)).not.toBe(base)

    const renamed = packageRoot()
    renameSync(join(renamed, 'dist', 'src', 'search', 'stem.js'), join(renamed, 'dist', 'src', 'search', 'stems.js'))
    expect(buildDigest(renamed)).not.toBe(base)

    const added = packageRoot()
    writeFileSync(join(added, 'dist', 'src', 'extra.js'), '')
    expect(buildDigest(added)).not.toBe(base)

    const other = packageRoot()
    writeFileSync(join(other, 'dist', 'src', 'search', 'stem.js.map'), '{}')
    writeFileSync(join(other, 'dist', 'src', 'search', 'stem.d.ts'), 'export {}')
    expect(buildDigest(other)).toBe(base)
  })
})

describe('the running build', () => {
  it('is what main recorded; none by default', () => {
    const before = runningBuild()
    try {
      setRunningBuild('abc')
      expect(runningBuild()).toBe('abc')
      setRunningBuild(undefined)
      expect(runningBuild()).toBeUndefined()
    } finally {
      setRunningBuild(before)
    }
  })
})
