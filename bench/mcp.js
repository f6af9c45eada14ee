// Inspecting MCP servers: toolsearch against mcporter (the devDependency, pinned to the last
// version that runs on Node 20) on the same jobs, in one run, alternating so machine noise hits
// both alike. Each job runs BENCH_RUNS times (default 5); medians and the ratio are reported.
//
// Jobs (both CLIs get the same mcpServers file and an empty temp HOME):
// - list tools: every tool of server-everything with its signature;
// - call a tool: server-everything's echo;
// - show one tool's schema: toolsearch describe of one tool; mcporter has no single-tool view, so
//   it lists the server's tools with --schema;
// - five servers, one hanging: call echo on a healthy server of a config that also declares the
//   fixture server twice, one that never answers initialize, and one over streamable HTTP.
import {spawn, spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const toolsearch = join(root, 'bin', 'run.cjs')
const mcporter = join(root, 'node_modules', 'mcporter', 'dist', 'cli.js')
const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js')
const fixture = join(root, 'test', 'fixtures', 'mcp-server', 'server.js')
const runs = Number(process.env.BENCH_RUNS ?? 5)

if (!existsSync(join(root, 'dist')) || !existsSync(mcporter)) {
  console.error('dist/ or node_modules/mcporter is missing: run `npm ci` and `npm run build` first (npm run bench builds).')
  process.exit(1)
}

const work = mkdtempSync(join(tmpdir(), 'toolsearch-bench-mcp-'))
const home = join(work, 'home')
spawnSync('mkdir', ['-p', home])

/** The fixture server over streamable HTTP, for the five-server config. */
async function startHttpFixture() {
  const child = spawn(process.execPath, [fixture, '--http'], {stdio: ['ignore', 'pipe', 'ignore']})
  const line = await new Promise((resolve, reject) => {
    let buffer = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk
      if (buffer.includes('\n')) resolve(buffer.split('\n')[0])
    })
    child.once('exit', (code) => reject(new Error(`HTTP fixture exited with ${code}`)))
  })
  return {child, url: JSON.parse(line).url}
}

function writeConfig(name, servers) {
  const file = join(work, name)
  writeFileSync(file, JSON.stringify({mcpServers: servers}, null, 2))
  return file
}

const http = await startHttpFixture()
const node = process.execPath
const one = writeConfig('one.json', {everything: {command: node, args: [everything, 'stdio']}})
const five = writeConfig('five.json', {
  everything: {command: node, args: [everything, 'stdio']},
  fixture: {command: node, args: [fixture]},
  spare: {command: node, args: [fixture]},
  hanging: {command: node, args: [fixture, '--hang-at-start']},
  web: {url: http.url},
})

const jobs = [
  ['list tools', [toolsearch, 'catalog', 'list', '--catalog', one], [mcporter, 'list', 'everything', '--config', one]],
  ['call a tool', [toolsearch, 'call', '--catalog', one, 'mcp:everything:echo', 'message=hi'], [mcporter, 'call', 'everything.echo', 'message=hi', '--config', one]],
  ["show one tool's schema", [toolsearch, 'describe', '--catalog', one, 'mcp:everything:get-sum'], [mcporter, 'list', 'everything', '--schema', '--config', one]],
  ['five servers, one hanging: call', [toolsearch, 'call', '--catalog', five, 'mcp:everything:echo', 'message=hi'], [mcporter, 'call', 'everything.echo', 'message=hi', '--config', five]],
]

function timeOnce(args) {
  const start = process.hrtime.bigint()
  const result = spawnSync(node, args, {cwd: work, stdio: ['ignore', 'pipe', 'pipe'], env: {PATH: process.env.PATH, HOME: home, NO_COLOR: '1'}, timeout: 120_000})
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  return {ms, ok: result.status === 0}
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

try {
  const mcporterVersion = JSON.parse((await import('node:fs')).readFileSync(join(root, 'node_modules', 'mcporter', 'package.json'), 'utf8')).version
  console.log(`MCP inspection, median of ${runs} runs each (Node ${process.version}, mcporter ${mcporterVersion})`)
  console.log('job'.padEnd(34), 'toolsearch ms'.padStart(14), 'mcporter ms'.padStart(12), 'ratio'.padStart(7))
  for (const [name, ours, theirs] of jobs) {
    const samples = {ours: [], theirs: []}
    const failures = {ours: 0, theirs: 0}
    for (let i = 0; i < runs; i++) {
      for (const [who, args] of i % 2 === 0 ? [['ours', ours], ['theirs', theirs]] : [['theirs', theirs], ['ours', ours]]) {
        const {ms, ok} = timeOnce(args)
        samples[who].push(ms)
        if (!ok) failures[who]++
      }
    }
    const a = median(samples.ours)
    const b = median(samples.theirs)
    const notes = [failures.ours > 0 ? `toolsearch failed ${failures.ours}x` : '', failures.theirs > 0 ? `mcporter failed ${failures.theirs}x` : ''].filter(Boolean).join(', ')
    console.log(name.padEnd(34), a.toFixed(0).padStart(14), b.toFixed(0).padStart(12), (a / b).toFixed(2).padStart(7), notes)
  }
  console.log('ratio = toolsearch / mcporter (below 1: toolsearch is faster)')
} finally {
  http.child.kill('SIGKILL')
  rmSync(work, {recursive: true, force: true})
}
