/** How requests are phrased, whatever the tool: qualities (`slow`, `broken`), counts and questions (`how many`, `details`), and everyday verbs for generic operations. */
import type {LexiconDomain} from './domain.js'

export const REQUESTS: LexiconDomain = {
  synonyms: [
    'fail failing failed failure broke broken crash crashing crashed died',
    'error errors exception exceptions',
    'slow sluggish lag laggy latency speed',
    'think reason reasoning step_by_step',
    'plan planning',
    'multiple several bulk batch at_once simultaneously',
    'small tiny little mini',
    'size sizes big bigger biggest large larger largest disk_space',
    'history past previous',
    'recent latest newest last',
  ],
  implications: [
    'crash crashing crashed broke broken died > error fail log',
    'how_many > count',
    'question > answer search',
    'details > get info describe',
    'info > get details',
    'upcoming > schedule',
    'remind reminder reminders > schedule cron',
    'show > get list view',
    'add > append',
    'mark > update set',
    'set > update change',
    'tutorial tutorials getting_started onboarding walkthrough > prompts guide',
    'integer integers > number',
    'long_running long_task > long running operation progress',
    'close closing > disconnect',
    'responding reachable alive > ping',
    'repeat > echo',
    'arbitrary raw > generic',
    'tear_down teardown clean_up > cleanup clean delete',
    'together > multiple',
    // Generic CRUD nouns: an id means one record.
    'by_id by_ids > get retrieve read',
  ],
}
