/**
 * Flags shared by several commands, defined once so their names and help text agree.
 */
import * as Flags from '@oclif/core/flags'

/** Every command that reads the config (SPEC §1.1). */
export const configFlags = {
  config: Flags.string({description: 'Config file to use (overrides every other rule).', helpValue: '<path>'}),
  profile: Flags.string({
    description: 'Use <home>/.openclaw-<name>/ as the state directory, as OpenClaw does (OPENCLAW_STATE_DIR and OPENCLAW_CONFIG_PATH win).',
    helpValue: '<name>',
  }),
  dev: Flags.boolean({description: 'The profile "dev": <home>/.openclaw-dev/.'}),
  project: Flags.boolean({description: 'Search the project instead (openclaw.json, .openclawrc*, package.json#openclaw, up to the nearest package.json or .git); OpenClaw itself never reads these.'}),
}

/** Commands that print config values: secrets are OpenClaw's marker unless this is given (src/config/redact.ts). */
export const showSecretsFlag = {
  'show-secrets': Flags.boolean({description: 'Print secret config values (API keys, tokens, passwords, header and env values) as written instead of __OPENCLAW_REDACTED__.'}),
}

/** `config validate` and `doctor`: a config file that does not exist is an error (exit 1) unless this says otherwise. */
export const allowMissingFlag = {
  'allow-missing': Flags.boolean({description: 'Check a config file that does not exist as an empty config instead of failing with "Config file not found".'}),
}

/** The model in use, for the local-model overlay (SPEC §1.3). */
export const modelFlags = {
  provider: Flags.string({description: 'Provider id of the model in use (e.g. ollama, lmstudio).', helpValue: '<id>'}),
  model: Flags.string({description: 'Model id in use (e.g. llama3.1:8b).', helpValue: '<id>'}),
  'base-url': Flags.string({description: 'Base URL of the endpoint in use.', helpValue: '<url>'}),
  agent: Flags.string({description: 'Agent the run is for (default: the agent OpenClaw runs a turn as: the agents.entries entry marked default, else the only one, else main).', helpValue: '<id>'}),
}

/**
 * `--context-window` of the commands that print a control's result for the model: OpenClaw cuts a
 * result that does not fit the model's window (src/controls/context-guard.ts). `requestFlags`
 * names the flags it goes with.
 */
export function resultWindowFlag(requestFlags: string[]) {
  return Flags.integer({
    min: 0,
    description: "The model's context window in tokens: a result too long for it is cut as OpenClaw cuts it for the model (default: the window the OpenClaw config declares for the turn's model; 0: none).",
    helpValue: '<tokens>',
    relationships: [{type: 'some', flags: requestFlags}],
  })
}

/** Commands that read tool catalogs (SPEC §4). */
export const catalogFlags = {
  catalog: Flags.string({
    char: 'c',
    description: 'Catalog file: native, MCP tools/list, OpenAI or Anthropic tools, or an mcpServers config; a directory means every *.json and *.json5 file in it. Or an MCP client whose servers to use: claude-desktop, claude-code, cursor, vscode, windsurf, codex (see "catalog sources"). Repeat the flag for several. Default: what OpenClaw gives the model with its config — its own tools and the MCP servers of mcp.servers, under its tool policy.',
    helpValue: '<file|dir|client>',
    multiple: true,
    // One value per flag: `--catalog a.json open a pull request` keeps the words as the query.
    multipleNonGreedy: true,
  }),
  stdio: Flags.string({description: 'An ad-hoc stdio MCP server, no config file needed: its command line, e.g. "npx -y @modelcontextprotocol/server-everything".', helpValue: '<command>', helpGroup: 'AD-HOC SERVER'}),
  env: Flags.string({description: 'A variable for the --stdio server (repeatable).', helpValue: '<NAME=value>', multiple: true, multipleNonGreedy: true, helpGroup: 'AD-HOC SERVER'}),
  'http-url': Flags.string({description: 'An ad-hoc HTTP MCP server (streamable HTTP, SSE as fallback).', helpValue: '<url>', helpGroup: 'AD-HOC SERVER'}),
  header: Flags.string({description: 'A header for the --http-url server (repeatable).', helpValue: '<"Name: value">', multiple: true, multipleNonGreedy: true, helpGroup: 'AD-HOC SERVER'}),
  'server-name': Flags.string({description: 'Name of the ad-hoc server in tool ids (default: from its command or host).', helpValue: '<name>', helpGroup: 'AD-HOC SERVER'}),
  'openclaw-tools': Flags.string({
    description: "OpenClaw's own tools (core and bundled plugins) of this OpenClaw release, or none. Default: the latest release toolsearch knows for a catalog from the OpenClaw config, none with --catalog, --stdio or --http-url.",
    helpValue: '<release|none>',
  }),
  owner: Flags.string({description: 'Server name for MCP tools/list files (default: the file name).', helpValue: '<name>'}),
  timeout: Flags.integer({
    min: 1,
    description: "Time limit in milliseconds for each MCP server to start and list its tools (default: an OpenClaw server's connectionTimeoutMs, else TOOLSEARCH_MCP_TIMEOUT_MS, else 30000).",
    helpValue: '<ms>',
  }),
  allow: Flags.string({description: 'Only allow tools matching this glob (name or id). Repeatable; adds to tools.allow.', helpValue: '<glob>', multiple: true, multipleNonGreedy: true}),
  deny: Flags.string({description: 'Deny tools matching this glob (name or id). Repeatable; adds to tools.deny.', helpValue: '<glob>', multiple: true, multipleNonGreedy: true}),
}

/** `call` and `describe`: the MCP server the tool is on; only that server starts. */
export const serverFlag = Flags.string({
  description: 'MCP server the tool is on: only that server starts, and a bare tool name means its tool (echo → mcp:<server>:echo).',
  helpValue: '<name>',
})

/** Listing commands: only these MCP servers start. */
export const serversFlag = Flags.string({
  description: 'Only start and show this MCP server (repeatable).',
  helpValue: '<name>',
  multiple: true,
  multipleNonGreedy: true,
})

/** Commands a session log records: search, describe, call (SPEC §8.5). */
export const sessionFlags = {
  session: Flags.string({description: 'Append one JSON line for this operation to a session log (see "session stats").', helpValue: '<file.jsonl>'}),
}

/**
 * The commands that answer as one of the model's controls would (`search`, `describe`, `call`):
 * the catalog, the config, the model in use and the session log.
 */
export const controlCommandFlags = {...catalogFlags, ...configFlags, ...modelFlags, ...sessionFlags}

/** `describe` and `call`, which name one tool: the control flags and the tool's MCP server. */
export const toolCommandFlags = {...controlCommandFlags, server: serverFlag}

/** Commands that validate the config against OpenClaw's schema (SPEC §1.3). */
export const schemaFlags = {
  schema: Flags.string({description: "Validate against this OpenClaw config schema (`openclaw config schema > schema.json`) instead of the bundled one.", helpValue: '<file>'}),
}

/**
 * `search` and `directory`: what they keep between runs (the catalog files' entries, and the search
 * index) and read back while the catalog files are unchanged. `--no-cache` is a run as if nothing
 * was ever kept.
 */
export const cacheFlags = {
  cache: Flags.boolean({
    default: true,
    allowNo: true,
    description: "Keep the catalog's entries and the search index between runs and reuse them while the catalog files are unchanged (TOOLSEARCH_CACHE_DIR, else the user cache directory); --no-cache neither reads nor writes them.",
  }),
}
