// Up-front payload of the 22 real MCP tool lists (342 tools) under direct exposure, Tool Search
// `tools` mode and `directory` mode, for several context windows, side by side with direct
// exposure as the baseline. Two readings of the same tools: as MCP tools (untrusted: never listed
// in the directory) and as trusted OpenClaw plugin tools (listed, up to the directory budget).
// Reads ../shared/bench/mcp-tools-list when present, else the copy in test/fixtures; runs dist/.
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const shared = join(root, '..', 'shared', 'bench', 'mcp-tools-list')
const fixtures = join(root, 'test', 'fixtures', 'mcp-tools-list')
const source = existsSync(shared) ? shared : fixtures
if (!existsSync(join(root, 'dist', 'src', 'directory', 'payload.js'))) {
  console.error('bench/payload: dist/ is missing; run "npm run build" first.')
  process.exit(1)
}
if (!existsSync(source)) {
  console.log('bench/payload: no MCP tool lists found (../shared/bench/mcp-tools-list or test/fixtures/mcp-tools-list); skipped.')
  process.exit(0)
}
console.log(`bench/payload: tool lists from ${source === shared ? '../shared/bench/mcp-tools-list' : 'test/fixtures/mcp-tools-list'}`)

const {payloadReport} = await import(join(root, 'dist', 'src', 'directory', 'payload.js'))

function entries(trusted) {
  const list = []
  for (const file of readdirSync(source).filter((name) => name.endsWith('.json')).sort()) {
    const server = file.replace(/\.json$/, '')
    for (const tool of JSON.parse(readFileSync(join(source, file), 'utf8')).tools) {
      const source = trusted ? 'openclaw' : 'mcp'
      list.push({
        id: `${source}:${server}:${tool.name}`,
        name: tool.name,
        source,
        sourceName: server,
        description: tool.description ?? '',
        parameters: tool.inputSchema,
        trusted,
        visibility: 'deferred',
        requiresApproval: false,
        origin: {file, path: 'tools'},
      })
    }
  }
  return list
}

const pct = (ratio) => `${(ratio * 100).toFixed(1)}%`
const num = (value) => value.toLocaleString('en-US')
const rows = [['tools as', 'context window', 'direct bytes', 'direct tokens', 'tools bytes', 'tools tokens', 'tools/direct', 'directory bytes', 'directory/direct']]
for (const trusted of [false, true]) {
  const catalog = entries(trusted)
  for (const contextWindow of [undefined, 200_000, 32_768, 8_192]) {
    const report = payloadReport(catalog, {contextWindow})
    rows.push([
      trusted ? 'plugin tools' : 'MCP tools',
      contextWindow === undefined ? 'none (18,000 chars)' : num(contextWindow),
      num(report.direct.bytes),
      num(report.direct.tokens),
      num(report.tools.bytes),
      num(report.tools.tokens),
      pct(report.tools.ratio),
      num(report.directory.bytes),
      pct(report.directory.ratio),
    ])
  }
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
for (const row of rows) console.log(row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '))
console.log('tokens = ceil(bytes / 4); direct = every tool as {name, description, parameters}; tools = 3 controls + directly visible tools + directory text.')
