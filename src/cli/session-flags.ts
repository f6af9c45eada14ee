/**
 * The flags every OpenClaw session command shares: where the sessions are (the state directory of
 * `--profile`/`--dev`, as for the config) and which of them.
 */
import * as Flags from '@oclif/core/flags'

import {configFlags} from './flags.js'

export const stateDirFlags = {
  profile: configFlags.profile,
  dev: configFlags.dev,
}

export const agentFlag = Flags.string({description: "Only this agent's sessions (agents/<id>/ in the state directory).", helpValue: '<id>'})

export const sessionFilterFlags = {
  agent: agentFlag,
  since: Flags.string({description: 'Only sessions active since this date or time (2026-12-01, 2026-12-01T10:00Z) or for this long (30m, 12h, 7d, 2w).', helpValue: '<when>'}),
  limit: Flags.integer({char: 'n', min: 1, description: 'At most this many sessions, newest first.', helpValue: '<n>'}),
}

export const idFlag = Flags.string({description: 'The session to read when the file named holds several.', helpValue: '<session>'})

export const showArgsFlag = Flags.boolean({description: 'Show tool arguments and results (what looks like a secret is still hidden); by default they are redacted to their shape, as in --session logs.'})
