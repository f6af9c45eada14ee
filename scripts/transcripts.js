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
import {spawn} from 'node:child_process'
import {availableParallelism} from 'node:os'
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
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'bin', 'run.cjs')}" "$@"\n`)
  chmodSync(shim, 0o755)
  return dir
}

/** Runs one shell command; resolves with what it wrote to stdout and stderr, interleaved. */
function runShell(command, options) {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', `${command} 2>&1`], {...options, stdio: ['ignore', 'pipe', 'ignore']})
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('close', () => {
      clearTimeout(timer)
      resolve(output)
    })
  })
}

/** Runs the `$ ` commands of one transcript, one after another; resolves with the block's new body. */
async function runTranscript(body, bin) {
  const work = realpathSync(mkdtempSync(join(tmpdir(), 'toolsearch-transcripts-')))
  const home = join(work, '.home')
  mkdirSync(home)
  for (const dir of COPIED) cpSync(join(root, dir), join(work, dir), {recursive: true})
  try {
    const commands = body.split('\n').filter((line) => line.startsWith('$ ')).map((line) => line.slice(2))
    const parts = []
    for (const command of commands) {
      const stdout = await runShell(command, {cwd: work, env: {PATH: `${bin}:${process.env.PATH}`, HOME: home, NO_COLOR: '1', LANG: 'C.UTF-8', COLUMNS: '100'}})
      const output = stdout.split(home).join('~').split(work).join('.').replace(/\n+$/, '')
      parts.push(`$ ${command}`, ...(output === '' ? [] : [output]))
    }
    return `${parts.join('\n')}\n`
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
}

/** The transcripts of a document: where each console block's body starts and ends, and the body. */
function transcriptsOf(text) {
  const found = []
  for (let at = text.indexOf(MARKER); at !== -1; at = text.indexOf(MARKER, at + MARKER.length)) {
    const tail = text.slice(at + MARKER.length)
    const match = tail.match(FENCE)
    if (match === null || tail.slice(0, match.index).trim() !== '') throw new Error(`a ${MARKER} line must be followed by a console block`)
    const start = at + MARKER.length + match.index + '```console\n'.length
    found.push({start, end: start + match[1].length, body: match[1]})
  }
  return found
}

/**
 * Runs `jobs` with at most `limit` at a time. Transcripts are independent (each has its own
 * folder and HOME), and most of their time is spent starting processes, so they run side by side.
 */
async function inPool(jobs, limit) {
  const results = new Array(jobs.length)
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++
      results[index] = await jobs[index]()
    }
  }
  await Promise.all(Array.from({length: Math.min(limit, jobs.length)}, worker))
  return results
}

const bin = shimDirectory()
let stale = 0
try {
  const pages = documents()
    .filter((file) => existsSync(file))
    .map((file) => {
      const text = readFileSync(file, 'utf8')
      return {file, text, transcripts: transcriptsOf(text)}
    })
  const jobs = pages.flatMap((page) => page.transcripts.map((transcript) => async () => (transcript.fresh = await runTranscript(transcript.body, bin))))
  await inPool(jobs, Math.max(2, availableParallelism() * 2))
  for (const {file, text, transcripts} of pages) {
    const changed = transcripts.filter((transcript) => transcript.fresh !== transcript.body)
    if (changed.length === 0) continue
    if (check) {
      stale += changed.length
      for (const {body} of changed) console.error(`${relative(root, file)}: transcript out of date: ${body.split('\n')[0]}`)
    } else {
      let updated = ''
      let from = 0
      for (const transcript of transcripts) {
        updated += text.slice(from, transcript.start) + transcript.fresh
        from = transcript.end
      }
      writeFileSync(file, updated + text.slice(from))
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
