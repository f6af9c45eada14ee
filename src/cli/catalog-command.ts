import type {Command} from '@oclif/core/command'

import {guardToolResultText} from '../controls/context-guard.js'
import {safeBlock} from '../output/terminal.js'
import type {ToolsearchError} from '../shared/errors.js'
import type {CatalogEntry} from '../catalog/types.js'
import type {SessionEvent} from '../session/log.js'
import {BaseCommand} from './base-command.js'
import type {CatalogContext, CatalogContextFlags, CatalogContextIo} from './context.js'

/**
 * The base of the commands that work on a catalog: the model's view (`search`, `describe`, `call`,
 * `directory`, `payload`, `probe`, `eval`), `catalog list` and `import`, `lint` and `session
 * replay`. It loads the catalog the one way each of them loads it, keeps the `--session` log and
 * prints control results as the model reads them. Commands without a catalog (`config`, `doctor`,
 * `session list`) extend `BaseCommand`: none of this is in their lean bundle.
 */
export abstract class CatalogCommand<T extends typeof Command> extends BaseCommand<T> {
  /**
   * The catalog a command works on, loaded the one way every catalog command loads it: its notes
   * on stderr, MCP start-up progress on a terminal. The loader is imported on first use, so
   * commands without a catalog never load it.
   */
  protected async loadCatalog(flags: CatalogContextFlags, options: Omit<CatalogContextIo, 'note' | 'progress'> = {}): Promise<CatalogContext> {
    const {loadCatalogContext} = await import('./context.js')
    // Whether stderr is a terminal is asked only when MCP servers start (see context.ts).
    const context = await loadCatalogContext(flags, {
      note: (line) => this.note(line),
      get progress() {
        return Boolean(process.stderr.isTTY)
      },
      ...options,
    })
    this.sessionCatalog = context.catalog.entries
    return context
  }

  /** The tools of the catalog this run loaded: what every line of its session log summarises. */
  private sessionCatalog: readonly CatalogEntry[] = []

  /**
   * Appends one event of this run to the `--session` log (SPEC §8.5), or nothing without the flag:
   * the one place a command's log is written. A command records each operation when it is done,
   * where it always has (a search before its table, a call before its result is printed); a log
   * that cannot be written is a usage error (exit 2). The log's functions load only when it is kept:
   * the event may be made by them (`(log) => log.searchEvent(groups)`), given the module then.
   */
  protected async logSession(event: SessionEvent | ((log: typeof import('../session/log.js')) => SessionEvent)): Promise<void> {
    const file = (this.flags as {session?: string}).session
    if (file === undefined) return
    const log = await import('../session/log.js')
    await log.logSessionEvent(file, this.sessionCatalog, typeof event === 'function' ? event(log) : event)
  }

  /**
   * The model's context window for the control results this command prints: `--context-window`
   * where the command has it (0: none), else the window the config declares for the turn's model.
   */
  protected modelContextWindow(context: Pick<CatalogContext, 'contextWindow'>): number | undefined {
    const flag = (this.flags as {'context-window'?: number})['context-window']
    if (flag === undefined) return context.contextWindow
    return flag === 0 ? undefined : flag
  }

  /**
   * Prints a control's result as the model reads it — cut by OpenClaw's tool result context guard
   * when it does not fit the model's context window, terminal controls escaped — and returns that
   * text (what `--json` reports). A note on stderr says when the guard cut it.
   */
  protected printModelText(text: string, contextWindow: number | undefined): string {
    const modelText = guardToolResultText(text, contextWindow)
    if (modelText !== text) this.note(`Note: OpenClaw cuts this result to fit the model's context window (${contextWindow} tokens): the model reads ${modelText.length} of its ${text.length} characters, as printed (--context-window 0 prints it whole).`)
    this.print(safeBlock(modelText))
    return modelText
  }

  /**
   * A raw model request a control refused: stdout is exactly the text the model reads instead, and
   * the exit code says it was refused (`--json`: the refusal is the error).
   */
  protected refuseModelRequest(text: string, error: ToolsearchError, contextWindow: number | undefined): undefined {
    if (this.jsonEnabled()) throw error
    this.endWith(error.code)
    this.printModelText(text, contextWindow)
    return undefined
  }
}
