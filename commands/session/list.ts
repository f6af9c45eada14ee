import {BaseCommand} from '../../src/cli/base-command.js'
import {locateStateDir} from '../../src/config/locate.js'
import {sessionFilterFlags, stateDirFlags} from '../../src/cli/session-flags.js'
import {problemWarnings, renderSessionList, sessionRecord} from '../../src/session/openclaw/render.js'
import {parseSince, readSessions, stateDirSessionMetas} from '../../src/session/openclaw/sessions.js'

export default class SessionList extends BaseCommand<typeof SessionList> {
  static summary = "List the sessions OpenClaw recorded, newest first: agent, start, model, turns, Tool Search operations, failed calls, tokens."

  static description = `Reads the state directory OpenClaw uses (OPENCLAW_STATE_DIR, else --profile/--dev, else ~/.openclaw or the legacy ~/.clawdbot): each agent's database (agents/<id>/agent/openclaw-agent.sqlite) and the older JSONL transcripts (agents/<id>/sessions/*.jsonl). The database is opened read-only and never written, also while the gateway writes to it. "Tool Search" counts searches, describes and calls.`

  static examples = ['<%= config.bin %> session list', '<%= config.bin %> session list --agent main --since 7d --limit 20', '<%= config.bin %> session list --profile work --json']

  static flags = {
    ...stateDirFlags,
    ...sessionFilterFlags,
  }

  async run(): Promise<unknown> {
    const {flags} = this
    const stateDir = locateStateDir({profile: flags.profile, dev: flags.dev, cwd: process.cwd(), env: process.env})
    const since = flags.since === undefined ? undefined : parseSince(flags.since)
    const metas = await stateDirSessionMetas({stateDir, agent: flags.agent, since, limit: flags.limit})
    const sessions = await readSessions(metas)
    for (const session of sessions) for (const warning of problemWarnings(session.meta, session.problems)) this.note(warning)
    const records = sessions.map(sessionRecord)
    this.print(renderSessionList(records, {color: this.color}))
    return {stateDir, sessions: records}
  }
}
