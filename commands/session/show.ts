import * as Args from '@oclif/core/args'

import {BaseCommand} from '../../src/cli/base-command.js'
import {agentFlag, idFlag, showArgsFlag, stateDirFlags} from '../../src/cli/session-flags.js'
import {problemWarnings, renderSessionShow, sessionRecord, timelineForJson} from '../../src/session/openclaw/render.js'
import {readNamedSession} from '../../src/session/openclaw/sessions.js'

export default class SessionShow extends BaseCommand<typeof SessionShow> {
  static summary = 'Show the Tool Search timeline of one OpenClaw session: searches, describes, calls, the tools they ran, tokens per turn, and the signs of a struggle.'

  static description = `The session is an id from "session list" (or a unique start of one), a JSONL transcript, or an agent database (with --id when it holds several sessions). Each search shows its queries and candidates (ids and sources, the first 10), each call its target, status and the error the model saw, then the target OpenClaw ran through tool_call; tools the model called by name are "direct". Signs of a struggle are named: a search that returned nothing, the same search repeated, a called tool that no search had returned, a call rejected then repaired, a wrong tool called. Arguments are redacted to their shape unless --show-args.`

  static examples = ['<%= config.bin %> session show 56e5ce80', '<%= config.bin %> session show ~/.openclaw/agents/main/agent/openclaw-agent.sqlite --id 56e5ce80-b9b3-4f7f-a342-955e8cc651a8', '<%= config.bin %> session show 56e5ce80 --show-args --json']

  static args = {
    session: Args.string({description: 'A session id (or the start of one), a .jsonl transcript or an agent database.', required: true}),
  }

  static flags = {
    ...stateDirFlags,
    agent: agentFlag,
    id: idFlag,
    'show-args': showArgsFlag,
  }

  async run(): Promise<unknown> {
    const {flags} = this
    const session = await readNamedSession(this.args.session, flags)
    for (const warning of problemWarnings(session.meta, session.problems)) this.note(warning)
    const showArgs = flags['show-args']
    this.print(renderSessionShow(session, {color: this.color, showArgs}))
    return {...sessionRecord(session), timeline: session.analysis.timeline.map((item) => timelineForJson(item, showArgs))}
  }
}
