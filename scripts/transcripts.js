// Regenerates the command transcripts in README.md and docs/*.md by running the built CLI, or,
// with --check, fails when a transcript no longer matches what the CLI prints — so the docs
// cannot drift from the code.
//
// A transcript is a fenced `console` block right after a `<!-- transcript -->` line:
//
//   <!-- transcript -->
//   ```console
//   $ toolsearch search "read a file" --catalog examples/catalog.json5
//   …output…
//   ```
//
// The command runs in a POSIX shell, with `toolsearch` on PATH as the built CLI, no OPENCLAW_*
// variables and no colour, in a fresh folder holding a copy of the repository's examples/ and
// test/fixtures/mcp-tools-list/ (so a transcript may edit them) and with a fresh empty HOME; stderr is shown where it was written.
// That folder is shown as `.` and the HOME as `~`. Several `$ ` lines run one after another in the
// same folder, so a transcript can set something and then show it.
import {spawnSync} from 'node:child_process'
import {chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const check = process.argv.includes('--check')
const MARKER = '<!-- transcript -->'
/** What a transcript's folder holds, at the same paths as in the repository. */
const COPIED = ['examples', 'test/fixtures/mcp-tools-list']
const FENCE = /^```console\n([\s\S]*?)^```$/m

/** README.md and docs/*.md of `--dir <folder>` (default: the repository); commands still run from the repository. */
function documents() {
  const at = process.argv.indexOf('--dir')
  const base = at === -1 ? root : process.argv[at + 1]
  const docs = join(base, 'docs')
  const pages = existsSync(docs) ? readdirSync(docs).filter((name) => name.endsWith('.md')).sort().map((name) => join(docs, name)) : []
  return [join(base, 'README.md'), ...pages]
}

/** A PATH with `toolsearch` as the built CLI in front. */
function shimDirectory() {
  const dir = mkdtempSync(join(tmpdir(), 'toolsearch-transcripts-bin-'))
  const shim = join(dir, 'toolsearch')
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'bin', 'run.js')}" "$@"\n`)
  chmodSync(shim, 0o755)
  return dir
}

/** Runs the `$ ` commands of one transcript; returns the block's new body. */
function runTranscript(body, bin) {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'toolsearch-transcripts-')))
  const home = join(work, '.home')
  mkdirSync(home)
  for (const dir of COPIED) cpSync(join(root, dir), join(work, dir), {recursive: true})
  try {
    const commands = body.split('\n').filter((line) => line.startsWith('$ ')).map((line) => line.slice(2))
    const parts = []
    for (const command of commands) {
      const result = spawnSync('/bin/sh', ['-c', `${command} 2>&1`], {
        cwd: work,
        env: {PATH: `${bin}:${process.env.PATH}`, HOME: home, NO_COLOR: '1', LANG: 'C.UTF-8', COLUMNS: '100'},
        encoding: 'utf8',
        timeout: 60_000,
      })
      const output = (result.stdout ?? '').split(home).join('~').split(work).join('.').replace(/\n+$/, '')
      parts.push(`$ ${command}`, ...(output === '' ? [] : [output]))
    }
    return `${parts.join('\n')}\n`
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
}

/** The document with every transcript rerun; the list of transcripts whose text changed. */
function refresh(text, bin) {
  const changed = []
  let out = ''
  let rest = text
  for (let at = rest.indexOf(MARKER); at !== -1; at = rest.indexOf(MARKER)) {
    const head = rest.slice(0, at + MARKER.length)
    const tail = rest.slice(at + MARKER.length)
    const match = tail.match(FENCE)
    if (match === null || tail.slice(0, match.index).trim() !== '') throw new Error(`a ${MARKER} line must be followed by a console block`)
    const body = runTranscript(match[1], bin)
    if (body !== match[1]) changed.push(match[1].split('\n')[0])
    out += `${head}${tail.slice(0, match.index)}\`\`\`console\n${body}\`\`\``
    rest = tail.slice(match.index + match[0].length)
  }
  return {text: out + rest, changed}
}

const bin = shimDirectory()
let stale = 0
try {
  for (const file of documents()) {
    if (!existsSync(file)) continue
    const text = readFileSync(file, 'utf8')
    const {text: updated, changed} = refresh(text, bin)
    if (changed.length === 0) continue
    if (check) {
      stale += changed.length
      for (const first of changed) console.error(`${relative(root, file)}: transcript out of date: ${first}`)
    } else {
      writeFileSync(file, updated)
      console.log(`${relative(root, file)}: ${changed.length} transcript(s) updated`)
    }
  }
} finally {
  rmSync(bin, {recursive: true, force: true})
}
if (stale > 0) {
  console.error(`${stale} transcript(s) differ from what the CLI prints: run "npm run docs" and review the diff.`)
  process.exitCode = 1
}
