/** Notion, wikis and documentation: pages are documents, content is blocks, databases are data sources. */
import type {LexiconDomain} from './domain.js'

export const WIKI: LexiconDomain = {
  synonyms: [
    'document documents doc docs',
  ],
  implications: [
    'docs documentation manual reference > documentation knowledge explain',
    'paragraph paragraphs bullet bullets heading headings > block content',
    'wiki doc > page',
    'callout todo_block toggle_block > block',
  ],
}
