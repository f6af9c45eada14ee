/**
 * `tool_describe` (SPEC §8.2): the hit plus the raw input schema (`{}` when there is none) and,
 * for trusted entries only, the output schema.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {safeBlock, safeInline} from '../output/terminal.js'
import {styler} from '../output/style.js'
import {type SearchHit, toSearchHit} from '../search/hits.js'
import {terminalJson} from '../output/terminal.js'
import type {RenderOptions} from '../search/render.js'

export interface ToolDescription extends SearchHit {
  parameters: unknown
  outputSchema?: unknown
}

export function describeEntry(entry: CatalogEntry): ToolDescription {
  const description: ToolDescription = {...toSearchHit(entry), parameters: entry.parameters ?? {}}
  if (entry.trusted && entry.outputSchema !== undefined) description.outputSchema = entry.outputSchema
  return description
}

const VISIBILITY_TEXT = {
  'direct-only': 'direct only (not cataloged)',
  'direct-and-cataloged': 'directly visible and cataloged (core primitive)',
  deferred: 'deferred (reached through tool_search / tool_call)',
} as const

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}

/** The description as labelled lines; schemas as indented JSON, every control character escaped. */
export function renderToolDescription(described: ToolDescription, entry: CatalogEntry, options: RenderOptions & {humanSignature?: string}): string {
  const style = styler(options.color)
  const field = (label: string, value: string): string => `  ${style.bold(`${label}:`.padEnd(13))}${value}`
  const lines = [style.cyan(safeInline(described.id))]
  lines.push(field('name', safeInline(described.name)))
  if (described.label !== undefined) lines.push(field('label', safeInline(described.label)))
  lines.push(field('source', `${described.source} (${safeInline(described.sourceName)})${entry.trusted ? '' : ', untrusted'}`))
  lines.push(field('visibility', VISIBILITY_TEXT[entry.visibility]))
  if (entry.requiresApproval) lines.push(field('approval', 'required before each call'))
  // A person inspecting the tool also gets the signature of its real schema, labelled apart from
  // the hint the model is shown (which is `unknown` for MCP and client tools).
  const human = options.humanSignature
  const showHuman = human !== undefined && human !== described.input
  lines.push(field('input', `${safeInline(described.input)}${showHuman ? style.dim('  (what the model is shown)') : ''}`))
  if (showHuman) lines.push(field('signature', `${safeInline(human)}${style.dim('  (for you, from the schema; not shown to the model)')}`))
  if (described.output !== undefined) lines.push(field('output', safeInline(described.output)))
  lines.push(`  ${style.bold('description:')}`, indent(described.description === '' ? '(none)' : safeBlock(described.description)))
  lines.push(`  ${style.bold('parameters:')}`, indent(terminalJson(described.parameters, 2)))
  if (described.outputSchema !== undefined) lines.push(`  ${style.bold('outputSchema:')}`, indent(terminalJson(described.outputSchema, 2)))
  return lines.join('\n')
}
