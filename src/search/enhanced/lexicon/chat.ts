/** Chat (Slack, Teams, Discord): messages, channels, threads and people. */
import type {LexiconDomain} from './domain.js'

export const CHAT: LexiconDomain = {
  synonyms: [
    'message messages chat dm',
    'emoji emojis reaction reactions react',
    'user users member members people person account accounts',
  ],
  implications: [
    'reply > comment message',
    'catch_up > history recent messages',
    'announce > send message post',
    'room rooms > channel',
    'dm direct_message > message',
    'bio avatar timezone job_title pronouns > profile user',
    'teammate teammates coworker coworkers colleague colleagues > users members',
    'everyone everybody > users members',
    'who_s_in who_is_in who_is_on who_s_on who_has_access > users members',
  ],
}
