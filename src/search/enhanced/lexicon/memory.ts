/** Knowledge-graph memory: people and things an assistant remembers are entities with observations. */
import type {LexiconDomain} from './domain.js'

export const MEMORY: LexiconDomain = {
  synonyms: [
    'graph knowledge_graph',
    'relation relations relationship relationships association associations',
    'observation observations fact facts',
  ],
  implications: [
    'fact facts > observation',
    'forget > memory',
    'remember memorize > memory',
    'recall > memory',
    'do_you_know do_you_remember > recall search memory',
    'stored > memory',
    'person people > entity',
    'note_down jot_down > add observation note',
    'link_between > relation',
    'entity entities > node nodes',
    'relationship relationships > relation',
    'whenever every_time > monitor watch',
  ],
}
