/**
 * The action vocabulary: every word for what a tool does to its object, in one place, in the two
 * relations the ranker reads it through.
 *
 * - `ACTIONS.synonyms`: which action words search for which (`delete` also finds `remove`). A
 *   group is a set of words tools use interchangeably, so a group may be narrower than a class
 *   (`show display print` and `read open view load` are both `get`).
 * - `ACTION_CLASSES`: which kind of action a word asks for or a tool name says (list, get,
 *   create, …), for the action-match rule (`rules/action-match.ts`, `intent.ts`); a class holds
 *   words no synonym group has (`cat`, `mkdir`: a command names its action).
 *
 * The two relations keep the few differences they had when they lived apart (`spin_up` searches
 * like `run` yet is a `create` action: spinning up makes a new thing); changing either moves
 * rankings (see the lexicon lint test for what is checked).
 */
import type {LexiconDomain} from './domain.js'

export const ACTIONS: LexiconDomain = {
  synonyms: [
    'create make generate build add establish produce insert',
    'delete remove erase drop destroy discard purge wipe get_rid clear',
    'update edit modify change alter patch amend tweak adjust',
    'read open view load',
    'show display print',
    'list enumerate browse overview explore',
    'get fetch retrieve obtain grab pull_up',
    'search find lookup look_up locate seek discover hunt',
    'query filter',
    'write save store persist',
    'send post publish share deliver',
    'notify notification alert ping',
    'reply respond answer',
    'run execute launch trigger invoke kick_off spin_up fire',
    'start begin',
    'stop halt cancel end terminate abort quit',
    'kill terminate force_quit',
    'close shut dismiss',
    'move relocate transfer reorganize',
    'copy duplicate clone',
    'rename retitle',
    'compare diff difference',
    'merge combine integrate',
    'undo revert rollback roll_back',
    'restore recover',
    'reset unstage',
    'upload attach',
    'download save_as',
    'export dump',
    'import ingest',
    'install deploy set_up setup',
    'upgrade bump',
    'scale replicas',
    'resize dimensions viewport',
    'monitor watch track observe',
    'analyze analyse examine assess evaluate audit',
    'inspect examine debug',
    'convert transform turn_into',
    'extract pull_out',
    'scrape scraping scraper',
    'parse parsing parser',
    'compress zip gzip archive',
    'troubleshoot diagnose debug',
    'count how_many number_of tally',
    'measure profile benchmark',
    'approve approval lgtm sign_off',
    'click press tap',
    'type enter input',
    'fill complete',
    'wait pause sleep until',
    'connect connection',
    'login log_in sign_in authenticate',
    'logout log_out sign_out',
    'remember memorize memorise',
    'emulate simulate pretend fake mock spoof imitate',
    'throttle limit',
    'toggle switch enable disable turn_on turn_off',
    'verify check validate',
    'fix repair correct',
    'schedule recurring cron periodically every_day daily weekly hourly',
    'summarize summary summarise digest tldr',
    'translate translation',
  ],
  implications: [],
}

/** The action classes, each with the words (stemmed when compiled) that express it. `_` joins a phrase. */
export const ACTION_CLASSES = {
  // Reading: a list of things, one thing, or the things that match.
  list: 'list lists enumerate browse ls',
  get: 'get retrieve fetch read show view display describe inspect open see take grab return returns load check print cat navigate visit go_to goto',
  search: 'search find lookup look_up locate seek query filter grep discover recall',
  // Writing: a new thing, a changed thing (resetting, undoing and rolling back change what is there), no thing.
  create: 'create make new add generate insert post send publish write save store file append build establish produce install set_up spin_up connect link associate approve submit leave reply respond comment import ingest upload remember memorize mkdir touch cp',
  update: 'update edit modify change alter patch set rename tweak adjust replace mark assign toggle upgrade bump rewrite mv reset unstage undo revert restore rollback roll_back',
  delete: 'delete remove erase drop destroy purge wipe get_rid clear clean cleanup clean_up tear_down teardown uninstall forget discard nuke prune rm rmdir',
  // Processes and jobs (closing a tab, a tunnel or a session ends it too).
  run: 'run execute trigger start launch kick_off invoke fire rerun restart',
  stop: 'stop cancel halt kill terminate abort end quit close shut_down shutdown',
} as const

export type ActionClass = keyof typeof ACTION_CLASSES

/**
 * Classes that do the same kind of thing, so a near miss still counts for something: listing,
 * getting and searching all read; creating and updating both write content. Deleting, running
 * and stopping stand alone (starting is the opposite of stopping, not a near miss).
 */
export const ACTION_FAMILIES: Readonly<Record<ActionClass, string>> = {
  list: 'read',
  get: 'read',
  search: 'read',
  create: 'write',
  update: 'write',
  delete: 'delete',
  run: 'run',
  stop: 'stop',
}

/**
 * Action words that tool names mostly use as nouns (`read_multiple_files`, `get_build_failure_logs`,
 * `hubspot-get-link`, `status checks`): in a tool's name or description they count as its action
 * only as the first word. A request leads with its verb, so there they always count.
 */
export const NOUN_LIKE_ACTION_WORDS = 'file build post link check query filter print store mark set end return returns load log'

/** Things one opens by creating them (`open an issue`, `open a PR`), unlike a file or a page. */
export const OPENED_TO_CREATE: ReadonlySet<string> = new Set('issue ticket bug pr mr pull merge case incident account'.split(' '))
