import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'

import {catalogedEntries} from '../../src/catalog/index.js'
import {CatalogCommand} from '../../src/cli/catalog-command.js'
import {catalogFlags, configFlags, modelFlags} from '../../src/cli/flags.js'
import {idFlag} from '../../src/cli/session-flags.js'
import {problemWarnings, renderReplay} from '../../src/session/openclaw/render.js'
import {recordedSearches, replaySearches, requestOutcome} from '../../src/session/openclaw/replay.js'
import {readNamedSession} from '../../src/session/openclaw/sessions.js'
import {DEFAULT_RANKER, loadRanker, rankerNames} from '../../src/search/rankers.js'

export default class SessionReplay extends CatalogCommand<typeof SessionReplay> {
  static summary = "Run every tool_search a recorded OpenClaw session made against today's catalog, and compare the candidates."

  static description = `Each recorded request runs through the same code as "search --request", against the catalog and config loaded as for search (--config, --catalog, MCP servers; --ranker to compare rankers). Per search: the recorded candidates beside today's, and the rank of the tool the model called after it, then and now. Exits 1 when any search differs, so CI can show a description fix changes what the model would see before the next run.`

  static examples = ['<%= config.bin %> session replay 56e5ce80', '<%= config.bin %> session replay 56e5ce80 --catalog tools.json --ranker enhanced', '<%= config.bin %> session replay transcript.jsonl --json']

  static args = {
    session: Args.string({description: 'A session id (or the start of one), a .jsonl transcript or an agent database.', required: true}),
  }

  static flags = {
    ...catalogFlags,
    ...configFlags,
    ...modelFlags,
    id: idFlag,
    ranker: Flags.string({description: `Ranker to use (${rankerNames().join(', ')}).`, default: DEFAULT_RANKER, helpValue: '<name>'}),
  }

  async run(): Promise<unknown> {
    const {flags} = this
    const session = await readNamedSession(this.args.session, flags)
    for (const warning of problemWarnings(session.meta, session.problems)) this.note(warning)
    const factory = await loadRanker(flags.ranker)
    const context = await this.loadCatalog(flags, {modeMembership: true})
    const ranker = factory(catalogedEntries(context.catalog.entries))
    const replayed = replaySearches(recordedSearches(session.analysis), (request) => requestOutcome(request, ranker, context.settings))
    this.print(renderReplay(replayed, {color: this.color}))
    if (replayed.some((search) => !search.same)) this.endWith('replay-differs')
    return {id: session.meta.id, agent: session.meta.agent, ranker: flags.ranker, same: replayed.every((search) => search.same), searches: replayed}
  }
}
