/**
 * One run's parsed documents and schema problems, by text. A run sees the same text several
 * times: `doctor --fix` reports on the file, plans its first fix pass on it, re-reads it under the
 * lock before writing, and reports again on the text it wrote; `config set` validates the text it
 * read and the one it writes, then looks for warnings the change brought in. Loading (parse,
 * `$include`, `${VAR}`) and validating a large config are the expensive steps, so each distinct
 * text is loaded and validated once per run, and every step is handed the same document.
 */
import type {ConfigLocation} from './types.js'
import type {Edit} from './edit.js'
import {type ConfigDocument, type IncludedText, documentFromEdit, documentFromText} from './load.js'
import {type ConfigRead, readConfigFile, readConfigText} from './read.js'
import {type ConfigProblem, findConfigProblems} from './validate.js'

/** How many texts are remembered: a run compares the text before a change with the one after. */
const REMEMBERED_TEXTS = 2

export class ConfigAnalyzer {
  private readonly loaded: Array<{text: string | undefined; included?: IncludedText; document: ConfigDocument}> = []
  private readonly problemsOf = new WeakMap<ConfigDocument, Promise<ConfigProblem[]>>()

  /** The last edit `noteEdit` was told of. */
  private edited: {before: string; edits: readonly Edit[]; after: string} | undefined

  /** The config file as `read` last read it. */
  private latest: ConfigRead | undefined

  constructor(
    readonly location: ConfigLocation,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * The config file's text (undefined: it does not exist), read now. Its bytes are kept: a write
   * re-reads the file under its lock, and a file that still holds them is then compared with them
   * instead of copied and decoded again (`lastRead`).
   */
  read(): string | undefined {
    this.latest = readConfigFile(this.location.path)
    return this.latest?.text
  }

  /** The bytes `read` got and their text (see `decodeEditableConfig`), for the writer. */
  lastRead(): ConfigRead | undefined {
    return this.latest
  }

  /**
   * The document for `text` (undefined: the file does not exist), loaded once. Throws like
   * `documentFromText`. A remembered document is used again only while the files it includes
   * still read the same, since a write re-reads the top file under its lock but not its includes.
   * `included` stands in for one included file's text (a write planned into that file).
   */
  document(text: string | undefined, included?: IncludedText): ConfigDocument {
    const remembered = this.loaded.find((entry) => entry.text === text && sameIncludedText(entry.included, included) && includesUnchanged(entry.document, included))
    if (remembered !== undefined) return remembered.document
    const document = (included === undefined && text !== undefined ? this.fromEdit(text) : undefined) ?? documentFromText(this.location, text, this.env, included)
    this.loaded.unshift({text, included, document})
    this.loaded.length = Math.min(this.loaded.length, REMEMBERED_TEXTS)
    return document
  }

  /**
   * Says that `after` is the top-level text `before` with `edits` applied (a fix pass), so that
   * loading `after` reads only what the edits changed when it can (`documentFromEdit`).
   */
  noteEdit(before: string, edits: readonly Edit[], after: string): void {
    this.edited = {before, edits, after}
  }

  private fromEdit(text: string): ConfigDocument | undefined {
    const {edited} = this
    if (edited === undefined || edited.after !== text) return undefined
    const base = this.loaded.find((entry) => entry.text === edited.before && entry.included === undefined)
    return base === undefined ? undefined : documentFromEdit(base.document, edited.edits, text, this.env)
  }

  /** Schema and retired-setting problems of the document's resolved config, computed once. */
  problems(document: ConfigDocument): Promise<ConfigProblem[]> {
    let problems = this.problemsOf.get(document)
    if (problems === undefined) {
      problems = findConfigProblems(document.resolved)
      this.problemsOf.set(document, problems)
    }
    return problems
  }
}

const sameIncludedText = (a: IncludedText | undefined, b: IncludedText | undefined) => a?.file === b?.file && a?.text === b?.text

function includesUnchanged(document: ConfigDocument, included: IncludedText | undefined): boolean {
  for (const [file, source] of document.sources) {
    if (file === document.source.file || file === included?.file) continue
    try {
      if (readConfigText(file) !== source.text) return false
    } catch {
      return false
    }
  }
  return true
}
