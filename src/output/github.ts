/**
 * GitHub Actions workflow commands (`::error file=…,line=…::message`), for annotations in CI.
 * Text may come from configs and catalogs, and CI logs render escape sequences, so control
 * characters are neutralised first: a message keeps its line breaks (as %0A), a property never
 * has any.
 */
import {safeBlock, safeInline} from './terminal.js'

export interface GithubAnnotation {
  severity: 'error' | 'warning' | 'info'
  /** Path as GitHub should match it (relative to the repository root). */
  file?: string
  line?: number
  column?: number
  title: string
  message: string
}

function escapeData(text: string): string {
  return safeBlock(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(safeInline(text)).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

/** One annotation line; info severity becomes `::notice`. */
export function githubAnnotation(annotation: GithubAnnotation): string {
  const command = annotation.severity === 'error' ? 'error' : annotation.severity === 'warning' ? 'warning' : 'notice'
  const properties = [
    ...(annotation.file === undefined ? [] : [`file=${escapeProperty(annotation.file)}`]),
    ...(annotation.line === undefined ? [] : [`line=${annotation.line}`, `col=${annotation.column ?? 1}`]),
    `title=${escapeProperty(annotation.title)}`,
  ]
  return `::${command} ${properties.join(',')}::${escapeData(annotation.message)}`
}
