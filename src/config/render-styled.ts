/**
 * The config commands' renderers that colour (a file's location, a change, a diff): data in, text
 * out, no I/O, chalk loaded with them. The plain ones are in render.ts.
 */
import {safeBlock, safeInline} from '../output/terminal.js'
import {styler} from '../output/style.js'
import type {ConfigLocation} from './types.js'

export interface RenderOptions {
  color: boolean
}

const RULE_NAMES: Record<ConfigLocation['rule'], string> = {
  flag: '--config',
  env: 'OPENCLAW_CONFIG_PATH',
  project: 'project search',
  profile: 'profile',
  'state-dir': 'OPENCLAW_STATE_DIR',
  home: 'default',
  legacy: 'legacy location',
}

export function renderLocation(location: ConfigLocation, {color}: RenderOptions): string {
  const style = styler(color)
  const exists = location.exists ? '' : `\n${style.dim('The file does not exist yet: reads see an empty config; config set creates it.')}`
  const key = location.packageKey === undefined ? '' : ` (the "${location.packageKey}" key)`
  const misses = location.nearMisses.map((miss) => `\n${style.bold('Near miss:')} ${safeInline(miss.message)}`).join('')
  return `${safeInline(location.path)}${key}\n${style.bold('Rule:')} ${RULE_NAMES[location.rule]}. ${safeInline(location.reason)}${exists}${misses}`
}

export interface ChangeReport {
  status: 'written' | 'unchanged' | 'dry-run'
  file: string
  created: boolean
  backup?: string
  /** Dry run: the unified diff. */
  diff?: string
  /** One line per change, already worded. */
  lines: string[]
}

/** What `config set` / `config unset` print on stdout after the write (or the dry run). */
export function renderChange(report: ChangeReport, {color}: RenderOptions): string {
  const style = styler(color)
  if (report.status === 'unchanged') return 'No change'
  if (report.status === 'dry-run') return colorDiff(report.diff ?? '', color).replace(/\n$/, '')
  return [
    `${report.created ? 'Created' : 'Updated'} ${safeInline(report.file)}`,
    ...report.lines.map((line) => `  ${safeInline(line)}`),
    ...(report.backup === undefined ? [] : [style.dim(`Backup: ${safeInline(report.backup)}`)]),
  ].join('\n')
}

/** A unified diff, made safe for a terminal and coloured when asked. */
export function colorDiff(diff: string, color: boolean): string {
  const style = styler(color)
  return diff
    .split('\n')
    .map((line) => {
      const safe = safeBlock(line)
      if (line.startsWith('+++') || line.startsWith('---')) return style.bold(safe)
      if (line.startsWith('@@')) return style.cyan(safe)
      if (line.startsWith('+')) return style.green(safe)
      if (line.startsWith('-')) return style.red(safe)
      return safe
    })
    .join('\n')
}
