import {readFile} from 'node:fs/promises'

import {renderSessionStats, skippedLineWarnings, summarizeSession} from '../../src/session/stats.js'
import {BaseCommand} from '../../src/cli/base-command.js'
import {locateStateDir} from '../../src/config/locate.js'
import {idFlag, sessionFilterFlags, stateDirFlags} from '../../src/cli/session-flags.js'
import {problemWarnings, renderOpenClawStats, sessionRecord} from '../../src/session/openclaw/render.js'
import {type FileKind, fileKind, fileSessionMetas, looksLikePath, parseSince, readSessions, resolveOneSession, stateDirSessionMetas} from '../../src/session/openclaw/sessions.js'
import type {SessionMeta} from '../../src/session/openclaw/store.js'
import {usageError} from '../../src/shared/errors.js'
import {fileErrorReason} from '../../src/fs/errors.js'

export default class SessionStats extends BaseCommand<typeof SessionStats> {
  static summary = 'Summarise sessions: schemas visible up front, searches, describes and the tools finally called, with their source.'

  static description = `Answers four questions for each session: how many tool schemas the model saw up front, how many searches and describes it ran, which tools it finally called, and whether they came from OpenClaw, MCP or a client. Without arguments: every OpenClaw session of the state directory (as "session list" finds them; --agent, --since, --limit). An argument is a session id (or the start of one), an OpenClaw agent database or JSONL transcript, or a log written with --session by search, describe and call. In a --session log, a line that is not a session event (not JSON, an unknown op, missing fields — such as the half-written last line of a run that crashed) is skipped with a warning on stderr naming its line number; the rest still summarises. --json: { "sessions": [ { "id", "agent", "upFrontSchemas", "searches", "describes", "calls", "finalTools": [ { "id", "source" } ], … } ], "logs": [ … ] }; a single --session log prints its summary alone, as before.`

  static examples = [
    '<%= config.bin %> session stats',
    '<%= config.bin %> session stats 56e5ce80 --json',
    '<%= config.bin %> session stats ~/.openclaw/agents/main/agent/openclaw-agent.sqlite',
    '<%= config.bin %> session stats session.jsonl',
  ]

  static strict = false

  static usage = ['session stats [SESSION|FILE...] [--agent <id>] [--since <when>] [-n <n>] [--json]']

  static flags = {
    ...stateDirFlags,
    ...sessionFilterFlags,
    id: idFlag,
  }

  async run(): Promise<unknown> {
    const {flags} = this
    const targets = this.argvRest
    const stateDir = () => locateStateDir({profile: flags.profile, dev: flags.dev, cwd: process.cwd(), env: process.env})
    const since = flags.since === undefined ? undefined : parseSince(flags.since)

    const logs: Array<{file: string; text: string}> = []
    const metas: SessionMeta[] = []
    if (targets.length === 0) for (const meta of await stateDirSessionMetas({stateDir: stateDir(), agent: flags.agent, since, limit: flags.limit})) metas.push(meta)
    for (const target of targets) {
      const kind = looksLikePath(target) ? kindOf(target) : undefined
      if (kind === 'toolsearch-log') logs.push({file: target, text: await readLog(target)})
      else if (kind !== undefined) for (const meta of await fileSessionMetas(target, kind)) if (flags.id === undefined || meta.id === flags.id) metas.push(meta)
      else metas.push(await resolveOneSession(target, {stateDir: stateDir(), agent: flags.agent}))
    }

    // One --session log alone: its summary as this command always printed it.
    if (targets.length === 1 && logs.length === 1) {
      const [{file, text}] = logs as [{file: string; text: string}]
      const stats = summarizeSession(text)
      for (const warning of skippedLineWarnings(stats, file)) this.note(warning)
      this.print(renderSessionStats(stats, file, {color: this.color}))
      return {file, ...stats}
    }

    const sessions = await readSessions(metas)
    for (const session of sessions) for (const warning of problemWarnings(session.meta, session.problems)) this.note(warning)
    const records = sessions.map(sessionRecord)
    const logStats = logs.map(({file, text}) => ({file, ...summarizeSession(text)}))
    for (const stats of logStats) for (const warning of skippedLineWarnings(stats, stats.file)) this.note(warning)
    const blocks = [...(records.length > 0 || logStats.length === 0 ? [renderOpenClawStats(records, {color: this.color})] : []), ...logStats.map((stats) => renderSessionStats(stats, stats.file, {color: this.color}))]
    this.print(blocks.join('\n\n'))
    return {sessions: records, logs: logStats}
  }
}

/** A file named on the command line: what it is; a missing one reads as a --session log (and fails as one). */
function kindOf(file: string): FileKind {
  try {
    return fileKind(file)
  } catch {
    return 'toolsearch-log'
  }
}

async function readLog(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw usageError(`Cannot read session log ${file}: ${fileErrorReason(error)}`, {file})
  }
}
