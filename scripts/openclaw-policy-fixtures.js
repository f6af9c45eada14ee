// Writes the tool-policy fixtures (test/fixtures/openclaw-runs/policy/) from runs recorded with
// the OpenClaw kit: for each run directory named policy-<name>, the scenario as run, OpenClaw's
// exit code, the tool names of its first model request and the tool-policy warnings it printed.
// With --tools, also tools.json: every tool of the first request of a run with Tool Search off,
// with its owner as the `### Deferred Tool Schemas` directory of a Tool Search run names it (a
// tool the directory does not list is directly visible, and those are all core tools).
//
//   node scripts/openclaw-policy-fixtures.js <runs-dir> [--tools <direct-run-dir> <tool-search-run-dir>]
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const target = join(root, 'test', 'fixtures', 'openclaw-runs', 'policy')
const [runsDir, flag, directRun, toolSearchRun] = process.argv.slice(2)
if (!runsDir) throw new Error('usage: node scripts/openclaw-policy-fixtures.js <runs-dir> [--tools <direct-run-dir> <tool-search-run-dir>]')

const firstRequest = (dir) => {
  const line = readFileSync(join(dir, 'requests.jsonl'), 'utf8').split('\n').find(Boolean)
  return line === undefined ? undefined : JSON.parse(line).body
}

// OpenClaw logs a policy warning as `[tools] <text>` (its own tools) or `[agent/embedded] tools: <text>` (MCP tools).
const warningsOf = (stderr) =>
  stderr
    .split('\n')
    .filter((line) => line.includes('allowlist contains unknown entries'))
    .map((line) => line.replace(/^\[tools\] /, 'tools: ').replace(/^\[agent\/embedded\] /, ''))

// Why OpenClaw refused the turn: its `Reason:` line, else the first line it printed.
const refusalOf = (stderr) => {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('[session-sqlite]'))
  return (lines.find((line) => line.startsWith('[openclaw] Reason:')) ?? lines[0] ?? '').replace(/file:\/\/\S*$/, '')
}

const CONTROLS = ['tool_search', 'tool_describe', 'tool_call']

// With Tool Search off the request lists every tool. With it on, OpenClaw's own tools are the
// visible ones plus the directory's entries, and the MCP tools are only counted in its footer.
const offeredTools = (body) => {
  const names = body.tools.map((tool) => tool.function.name)
  if (!names.includes('tool_search')) return {tools: names}
  const prompt = body.messages[0].content
  const directory = prompt.slice(prompt.indexOf('### Deferred Tool Schemas'))
  const listed = [...directory.matchAll(/^- ([a-z0-9_]+) \([a-z0-9-]+\): /gm)].map((match) => match[1])
  const omitted = Number(/^(\d+) additional tools omitted/m.exec(directory)?.[1] ?? 0)
  return {toolSearch: true, tools: [...names.filter((name) => !CONTROLS.includes(name)), ...listed], omitted}
}

for (const name of readdirSync(runsDir).sort()) {
  if (!name.startsWith('policy-')) continue
  const dir = join(runsDir, name)
  if (!existsSync(join(dir, 'exit-code'))) continue
  const exitCode = Number(readFileSync(join(dir, 'exit-code'), 'utf8').trim())
  const scenario = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8'))
  const body = firstRequest(dir)
  const stderr = readFileSync(join(dir, 'stderr.txt'), 'utf8')
  const result = body === undefined ? {refused: refusalOf(stderr)} : {...offeredTools(body), warnings: warningsOf(stderr)}
  writeFileSync(join(target, 'runs', `${name.slice('policy-'.length)}.json`), JSON.stringify({scenario, exitCode, ...result}, null, 2) + '\n')
}

if (flag === '--tools') {
  const body = firstRequest(directRun)
  const prompt = firstRequest(toolSearchRun).messages[0].content
  const owners = new Map([...prompt.matchAll(/^- ([a-z0-9_]+) \(([a-z0-9-]+)\): /gm)].map((match) => [match[1], match[2]]))
  const own = []
  const mcp = []
  for (const tool of body.tools.map((entry) => entry.function.name)) {
    if (CONTROLS.includes(tool)) continue
    if (tool.includes('__')) mcp.push({name: tool, pluginId: 'bundle-mcp'})
    else own.push(owners.get(tool) === undefined || owners.get(tool) === 'core' ? {name: tool} : {name: tool, pluginId: owners.get(tool)})
  }
  writeFileSync(join(target, 'tools.json'), JSON.stringify({own, mcp, mcpServers: ['everything']}, null, 2) + '\n')
}
