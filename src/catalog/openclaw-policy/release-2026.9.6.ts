/**
 * What OpenClaw 2026.9.6 (MIT, OpenClaw Foundation) decides its tool policy with, as data: the
 * core tool catalog behind profiles and `group:<section>` (tool-catalog), the policy aliases and
 * shipped renames (tool-policy-shared, tool-policy), the sandbox's default lists
 * (sandbox/constants), the bundled plugins that own tools and how each is enabled (their
 * `openclaw.plugin.json`), and the tools plugin manifests add to a profile (`toolMetadata`).
 * Values only; the rules that use them live beside this file.
 */

/** One entry of OpenClaw's core tool catalog: its id, its section (`group:<section>`), the profiles listing it, and whether `group:openclaw` holds it. */
export interface CoreToolDefinition {
  readonly id: string
  readonly section: string
  readonly profiles: readonly string[]
  readonly inOpenClawGroup: boolean
}

/** A bundled plugin that owns tools: how OpenClaw enables it and what its manifest declares. */
export interface BundledToolPlugin {
  readonly id: string
  /** `enabledByDefault` of the manifest. */
  readonly enabledByDefault: boolean
  /** `kind: "memory"`: enabled while it owns the memory slot (`plugins.slots.memory`, default `memory-core`). */
  readonly memoryKind: boolean
  /** Tools a profile gains from the manifest's `toolMetadata.<tool>.profiles`. */
  readonly profileTools: Readonly<Record<string, readonly string[]>>
}

export interface OpenClawPolicyRelease {
  readonly release: string
  readonly coreTools: readonly CoreToolDefinition[]
  /** Profile ids and what each adds beyond the core catalog's own `profiles` lists. */
  readonly profiles: Readonly<Record<string, {readonly extra: readonly string[]; readonly all?: true}>>
  /** A policy name and the tool it stands for (`bash` means `exec`). */
  readonly aliases: Readonly<Record<string, string>>
  /** Retired names a policy entry still means (`update_plan` is now `progress_card`). */
  readonly renames: Readonly<Record<string, string>>
  /** Core tools a plugin's policy name also covers (`canvas` also means `show_widget`). */
  readonly pluginFamilies: Readonly<Record<string, readonly string[]>>
  /** The sandbox tool policy's defaults (`tools.sandbox.tools` unset). */
  readonly sandboxDefaultAllow: readonly string[]
  readonly sandboxDefaultDeny: readonly string[]
  /** Bundled plugins that own tools, in the order OpenClaw lists them. */
  readonly bundledToolPlugins: readonly BundledToolPlugin[]
  /** The plugin id under which MCP servers' tools are owned. */
  readonly mcpPluginId: string
  /** The default owner of the memory slot. */
  readonly defaultMemorySlot: string
}

const core = (id: string, section: string, profiles: readonly string[], inOpenClawGroup = true): CoreToolDefinition => ({id, section, profiles, inOpenClawGroup})
const C = ['coding']
const CM = ['coding', 'messaging']
const MCM = ['minimal', 'coding', 'messaging']

/** The chat channels OpenClaw 2026.9.6 bundles; the sandbox denies each by default. */
const CHANNEL_IDS = ['feishu', 'googlechat', 'nostr', 'buzz', 'msteams', 'mattermost', 'nextcloud-talk', 'matrix', 'raft', 'a2a', 'line', 'zalo', 'clickclack', 'zalouser', 'sms', 'synology-chat', 'tlon', 'discord', 'imessage', 'irc', 'reef', 'signal', 'slack', 'telegram', 'twitch', 'whatsapp']

export const OPENCLAW_POLICY_2026_9_6: OpenClawPolicyRelease = {
  release: '2026.9.6',
  coreTools: [
    core('ls', 'fs', C, false), core('read', 'fs', C, false), core('write', 'fs', C, false), core('edit', 'fs', C, false), core('apply_patch', 'fs', C, false),
    core('exec', 'runtime', C, false), core('process', 'runtime', C, false), core('code_execution', 'runtime', C), core('secrets', 'runtime', CM),
    core('web_search', 'web', C), core('web_fetch', 'web', C), core('x_search', 'web', C),
    core('memory_search', 'memory', C), core('memory_get', 'memory', C),
    core('sessions', 'sessions', CM), core('sessions_list', 'sessions', CM), core('sessions_history', 'sessions', CM), core('sessions_search', 'sessions', CM),
    core('conversations_list', 'sessions', CM), core('conversations_send', 'sessions', CM), core('conversations_turn', 'sessions', CM),
    core('sessions_send', 'sessions', CM), core('sessions_spawn', 'sessions', CM), core('github_identity_status', 'sessions', C), core('github_publish', 'sessions', C),
    core('agents_wait', 'sessions', C), core('sessions_yield', 'sessions', CM), core('subagents', 'sessions', CM), core('session_status', 'sessions', MCM),
    core('suggest_task', 'sessions', C), core('dismiss_task', 'sessions', C),
    core('browser', 'ui', []), core('screen', 'ui', C), core('theme', 'ui', CM), core('dashboard', 'ui', C), core('terminal', 'ui', C), core('portal', 'ui', C),
    core('canvas', 'ui', [], false), core('show_widget', 'ui', []),
    core('message', 'messaging', ['messaging']),
    core('heartbeat_respond', 'automation', []), core('automations', 'automation', C), core('gateway', 'automation', MCM), core('plugins', 'automation', C), core('openclaw', 'automation', []),
    core('nodes', 'nodes', []), core('computer', 'nodes', []), core('mobile_ui', 'nodes', []),
    core('agents_list', 'agents', []), core('get_goal', 'agents', C), core('create_goal', 'agents', C), core('update_goal', 'agents', C), core('progress_card', 'agents', C),
    core('ask_user', 'agents', CM), core('skill_workshop', 'agents', C),
    core('view_image', 'media', C), core('image_generate', 'media', C), core('music_generate', 'media', C), core('video_generate', 'media', C), core('tts', 'media', []), core('pdf', 'media', []),
  ],
  profiles: {
    minimal: {extra: []},
    coding: {extra: ['bundle-mcp']},
    messaging: {extra: ['bundle-mcp']},
    full: {extra: [], all: true},
  },
  aliases: {bash: 'exec', 'apply-patch': 'apply_patch', cron: 'automations'},
  renames: {update_plan: 'progress_card'},
  pluginFamilies: {canvas: ['show_widget']},
  sandboxDefaultAllow: ['exec', 'process', 'read', 'ls', 'write', 'edit', 'apply_patch', 'view_image', 'sessions_list', 'sessions_history', 'sessions_search', 'sessions_send', 'sessions_spawn', 'sessions_yield', 'subagents', 'session_status'],
  sandboxDefaultDeny: ['browser', 'canvas', 'computer', 'mobile_ui', 'nodes', 'automations', 'gateway', ...CHANNEL_IDS],
  bundledToolPlugins: [
    {id: 'browser', enabledByDefault: true, memoryKind: false, profileTools: {}},
    {id: 'canvas', enabledByDefault: true, memoryKind: false, profileTools: {}},
    {id: 'file-transfer', enabledByDefault: true, memoryKind: false, profileTools: {}},
    {id: 'memory-core', enabledByDefault: false, memoryKind: true, profileTools: {coding: ['intent'], messaging: ['intent']}},
    {id: 'ollama', enabledByDefault: true, memoryKind: false, profileTools: {}},
    {id: 'talk-voice', enabledByDefault: true, memoryKind: false, profileTools: {}},
  ],
  mcpPluginId: 'bundle-mcp',
  defaultMemorySlot: 'memory-core',
}
