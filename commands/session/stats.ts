import {readFile} from 'node:fs/promises'

import * as Args from '@oclif/core/args'

import {renderSessionStats, skippedLineWarnings, summarizeSession} from '../../src/session/stats.js'
import {BaseCommand} from '../../src/cli/base-command.js'
import {usageError} from '../../src/shared/errors.js'
import {fileErrorReason} from '../../src/fs/errors.js'

export default class SessionStats extends BaseCommand<typeof SessionStats> {
  static summary = 'Summarise a session log: schemas visible up front, searches, describes and the tools finally called.'

  static description = `Reads a log written with --session by search, describe and call (one JSON line per operation). A line that is not a session event (not JSON, an unknown op, missing fields — such as the half-written last line of a run that crashed) is skipped with a warning on stderr naming its line number; the rest still summarises.`

  static examples = ['<%= config.bin %> session stats session.jsonl', '<%= config.bin %> session stats session.jsonl --json']

  static args = {
    file: Args.string({description: 'The session log (JSON lines).', required: true}),
  }

  async run(): Promise<unknown> {
    let text: string
    try {
      text = await readFile(this.args.file, 'utf8')
    } catch (error) {
      throw usageError(`Cannot read session log ${this.args.file}: ${fileErrorReason(error)}`, {file: this.args.file})
    }
    const stats = summarizeSession(text)
    for (const warning of skippedLineWarnings(stats, this.args.file)) this.note(warning)
    this.print(renderSessionStats(stats, this.args.file, {color: this.color}))
    return {file: this.args.file, ...stats}
  }
}
