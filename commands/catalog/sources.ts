import {BaseCommand} from '../../src/cli/base-command.js'
import {configFlags} from '../../src/cli/flags.js'
import {loadConfig} from '../../src/config/index.js'
import {discoverSources, renderSources} from '../../src/discovery/sources.js'

export default class CatalogSources extends BaseCommand<typeof CatalogSources> {
  static summary = 'List the MCP configs on this machine: the OpenClaw config and each MCP client\'s files, with their servers.'

  static description = `First the OpenClaw config the commands use without --catalog (its mcp.servers), then every file an MCP client keeps servers in — Claude Desktop, Claude Code (user, project and local scope), Cursor (user and project), VS Code (user and .vscode/mcp.json), Windsurf and Codex (config.toml) — each with the servers it declares, or why it cannot be used. Nothing is started. Use a client's servers with --catalog <client> on any catalog command.`

  static examples = ['<%= config.bin %> catalog sources', '<%= config.bin %> catalog list --catalog cursor', '<%= config.bin %> catalog sources --json']

  static flags = {...configFlags}

  async run(): Promise<unknown> {
    const cwd = process.cwd()
    const env = process.env
    const config = await loadConfig({configFlag: this.flags.config, profile: this.flags.profile, cwd, env})
    const sources = await discoverSources(config, {cwd, env})
    this.print(renderSources(sources, {cwd, env}, {color: this.color}))
    return {sources}
  }
}
