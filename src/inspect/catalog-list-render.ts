/**
 * `toolsearch catalog list` for a person: the summary of the loaded catalogs as a table of sources
 * and owners, then the tools two lines each. Apart from the summary (catalog-list.ts) so that
 * `--json` never loads the table renderer (its display widths come from `string-width`, whose
 * start is most of a run's time).
 */
import {safeInline} from '../output/terminal.js'
import {plural, styler} from '../output/style.js'
import {renderColumns} from '../output/columns.js'
import type {CatalogGroup, CatalogSummary, ToolRow} from './catalog-list.js'

function groupNote(group: CatalogGroup): string {
  if (group.status === 'unavailable') return `unavailable: ${safeInline(group.error ?? '')}`
  const notes: string[] = []
  if (group.directOnly > 0) notes.push(`${group.directOnly} direct-only`)
  if (group.directAndCataloged > 0) notes.push(`${group.directAndCataloged} also directly visible`)
  return notes.join(', ')
}

export function renderCatalogSummary(summary: CatalogSummary, {color}: {color: boolean}): string {
  const style = styler(color)
  const rows = summary.groups.map((group) => ({
    source: group.source,
    owner: safeInline(group.sourceName),
    tools: group.status === 'unavailable' ? '-' : String(group.tools),
    note: groupNote(group),
    unavailable: group.status === 'unavailable',
  }))
  const [headerLine, ...rowLines] = renderColumns(
    [['SOURCE', 'OWNER', 'TOOLS', ''], ...rows.map((row) => [row.source, row.owner, row.tools, row.note])],
    [{}, {}, {align: 'right'}, {}],
    {indent: '  '},
  )
  const out: string[] = []
  // Each row is an owner (a server, plugin or client) within its source; the SOURCE column is its kind.
  const owners = summary.groups.filter((group) => group.status === 'ok').length
  out.push(`${plural(summary.total, 'tool')} from ${plural(owners, 'owner')} in ${summary.files.map((file) => safeInline(file)).join(', ')}`)
  if (summary.denied > 0) out.push(`${summary.denied} more ${summary.denied === 1 ? 'tool is' : 'tools are'} hidden by the tool policy (tools.allow / tools.deny, --allow / --deny).`)
  if (rows.length > 0) {
    out.push('')
    out.push(style.dim(headerLine!))
    rows.forEach((row, index) => out.push(row.unavailable ? style.red(rowLines[index]!) : rowLines[index]!))
  }
  if (summary.duplicateNames.length > 0) {
    out.push('')
    out.push(`Duplicated names (${summary.duplicateNames.length}): a lookup by one of these names is ambiguous; use the id.`)
    for (const line of renderColumns(summary.duplicateNames.map(({name, ids}) => [safeInline(name), ids.map((id) => safeInline(id)).join(', ')]), [{}, {}], {indent: '  '})) out.push(line)
  }
  if (summary.unavailableMcpServers.length > 0) {
    out.push('')
    out.push(style.yellow(`${plural(summary.unavailableMcpServers.length, 'MCP server')} unavailable: ${summary.unavailableMcpServers.map(({server}) => safeInline(server)).join(', ')}`))
  }
  return `${out.join('\n')}\n`
}

/** The label that keeps a person's view apart from the model's. */
export const HUMAN_SIGNATURE_NOTE = 'Input signatures are rendered from each tool\'s schema for you; the model is shown "input: unknown" for MCP and client tools.'

/**
 * The tools, two lines each: the id and the description's first line, then the input signature.
 * `shown` of `total` says how many a name filter kept.
 */
export function renderToolList(rows: readonly ToolRow[], {color, total}: {color: boolean; total: number}): string {
  const style = styler(color)
  const out: string[] = []
  out.push(rows.length === total ? `Tools (${total}):` : `Tools (${rows.length} of ${total} match):`)
  if (rows.some((row) => row.modelInput !== row.signature)) out.push(style.dim(HUMAN_SIGNATURE_NOTE))
  for (const row of rows) {
    const description = row.description === '' ? '' : `  ${safeInline(row.description)}`
    out.push(`  ${style.cyan(safeInline(row.id))}${description}`)
    out.push(`      ${safeInline(row.signature)}`)
  }
  return `${out.join('\n')}\n`
}
