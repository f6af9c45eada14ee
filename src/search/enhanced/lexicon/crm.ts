/** CRM (HubSpot, Salesforce): contacts, companies and deals are objects with properties. */
import type {LexiconDomain} from './domain.js'

export const CRM: LexiconDomain = {
  synonyms: [
    'contact contacts lead leads customer customers',
    'company companies organization organisation business org',
    'deal deals opportunity opportunities',
    'field fields property properties attribute attributes column columns',
  ],
  implications: [
    'contact contacts company companies deal deals ticket tickets lead leads > object objects record',
    'note notes call calls meeting meetings > engagement activity',
    'automation automations > workflow',
    'relate related linked > association',
    'custom_field > property',
    'crm > objects contacts companies deals',
    'lifecycle_stage deal_stage lead_status > property',
    'log_a_call log_a_note follow_up follow_ups > engagement task note',
  ],
}
