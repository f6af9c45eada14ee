/**
 * Whether a bundled plugin is enabled, and so whether its tools exist at all (OpenClaw's plugin
 * activation for bundled plugins): `plugins.enabled: false` turns every plugin off; then
 * `plugins.deny`, `plugins.entries.<id>.enabled: false`; the plugin owning the memory slot
 * (`plugins.slots.memory`, `memory-core` unless set, `"none"` for no plugin) is on even when
 * `plugins.allow` leaves it out; a non-empty `plugins.allow` turns off the rest it does not name;
 * `plugins.entries.<id>.enabled: true` turns a plugin on; else the manifest's `enabledByDefault`.
 * A memory plugin is on only while it owns the slot. Plugin ids compare trimmed and lower-cased.
 *
 * MCP servers' tools (owner `bundle-mcp`) do not depend on any of this: they come from
 * `mcp.servers` and stay when plugins are off. A plugin this release does not bundle is treated as
 * disabled: its tools are not in the data.
 */
import {isRecord, ownValue} from '../../shared/json.js'
import {lowerTrimmed} from './names.js'
import type {OpenClawPolicyRelease} from './release-2026.9.6.js'

interface PluginsSettings {
  enabled: boolean
  allow: string[]
  deny: string[]
  entryEnabled: Map<string, boolean>
  /** The memory slot's owner, `null` when turned off with `"none"`. */
  memorySlot: string | null
}

function idList(value: unknown): string[] {
  return Array.isArray(value) ? value.map((entry) => lowerTrimmed(entry)).filter((entry) => entry !== '') : []
}

function pluginsSettings(config: unknown, release: OpenClawPolicyRelease): PluginsSettings {
  const plugins = isRecord(config) && isRecord(ownValue(config, 'plugins')) ? (ownValue(config, 'plugins') as Record<string, unknown>) : {}
  const entryEnabled = new Map<string, boolean>()
  const entries = ownValue(plugins, 'entries')
  if (isRecord(entries)) {
    for (const [key, entry] of Object.entries(entries)) {
      const enabled = isRecord(entry) ? ownValue(entry, 'enabled') : undefined
      if (typeof enabled === 'boolean' && lowerTrimmed(key) !== '') entryEnabled.set(lowerTrimmed(key), enabled)
    }
  }
  const slots = ownValue(plugins, 'slots')
  const rawSlot = isRecord(slots) ? ownValue(slots, 'memory') : undefined
  const slot = typeof rawSlot === 'string' ? rawSlot.trim() : ''
  const memorySlot = slot === '' ? release.defaultMemorySlot : slot.toLowerCase() === 'none' ? null : slot
  return {enabled: ownValue(plugins, 'enabled') !== false, allow: idList(ownValue(plugins, 'allow')), deny: idList(ownValue(plugins, 'deny')), entryEnabled, memorySlot}
}

/** A predicate: is this plugin (by id) enabled under the config? */
export function pluginEnablement(config: unknown, release: OpenClawPolicyRelease): (pluginId: string) => boolean {
  const settings = pluginsSettings(config, release)
  const plugins = new Map(release.bundledToolPlugins.map((plugin) => [plugin.id, plugin]))
  return (pluginId) => {
    const plugin = plugins.get(pluginId)
    if (plugin === undefined || !settings.enabled) return false
    const policyId = lowerTrimmed(pluginId)
    if (settings.deny.includes(policyId) || settings.entryEnabled.get(policyId) === false) return false
    if (plugin.memoryKind) return settings.memorySlot === plugin.id
    if (settings.memorySlot === plugin.id) return true
    if (settings.allow.length > 0 && !settings.allow.includes(policyId)) return false
    return settings.entryEnabled.get(policyId) === true || plugin.enabledByDefault
  }
}
