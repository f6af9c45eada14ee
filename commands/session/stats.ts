import {readFile} from 'node:fs/promises'

import {Args} from '@oclif/core'

import {renderSessionStats, summarizeSession} from '../../src/call/session-stats.js'
import {BaseCommand} from '../../src/cli/base-command.js'
import {usageError} from '../../src/errors.js'

export default class SessionStats extends BaseCommand<typeof SessionStats> {
  static summary = 'Summarise a session log: schemas visible up front, searches, describes and the tools finally called.'

  static description = `Reads a log written with --session by search, describe and call (one JSON line per operation). Lines that are not session events are skipped and counted.`

  static examples = ['<%= config.bin %> session stats session.jsonl', '<%= config.bin %> session stats session.jsonl --json']

  static args = {
    file: Args.string({description: 'The session log (JSON lines).', required: true}),
  }

  async run(): Promise<unknown> {
    let text: string
    try {
      text = await readFile(this.args.file, 'utf8')
    } catch (error) {
      throw usageError(`Cannot read session log ${this.args.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {file: this.args.file})
    }
    const stats = summarizeSession(text)
    this.print(renderSessionStats(stats, this.args.file, {color: this.color}))
    return {file: this.args.file, ...stats}
  }
}
