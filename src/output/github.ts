/**
 * GitHub Actions workflow commands (`::error file=…,line=…::message`), for annotations in CI.
 * Text may come from configs and catalogs, and CI logs render escape sequences, so control
 * characters are neutralised first: a message keeps its line breaks (as %0A), a property never
 * has any.
 */
import {existsSync} from 'node:fs'
import {dirname, isAbsolute, join, relative, resolve, sep} from 'node:path'

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

/**
 * The directory annotation paths are relative to. GitHub matches an annotation's `file` to a file
 * of the repository only when the path is relative to the repository root: `GITHUB_WORKSPACE`
 * (set in Actions), else the root of the git work tree around `cwd`, else `cwd` itself.
 */
export function repositoryRoot(cwd: string, env: NodeJS.ProcessEnv): string {
  const workspace = env.GITHUB_WORKSPACE?.trim()
  if (workspace !== undefined && workspace !== '') return resolve(cwd, workspace)
  let dir = resolve(cwd)
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir
    const parent = dirname(dir)
    if (parent === dir) return resolve(cwd)
    dir = parent
  }
}

/** A file as GitHub matches it: relative to `root` with forward slashes; absolute when outside it. */
export function annotationPath(file: string, root: string): string {
  const rel = relative(root, file)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file
}
