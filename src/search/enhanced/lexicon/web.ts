/** Web search, scraping and crawling, news and research papers. */
import type {LexiconDomain} from './domain.js'

export const WEB: LexiconDomain = {
  synonyms: [
    'webpage web_page site website homepage',
    'url urls link links',
    'paper papers article articles publication publications',
    'research academic scholarly study studies arxiv',
    'internet web online',
    'google search_engine',
    'news headlines',
    'sitemap site_map',
    'crawl spider',
    'domain domains dns',
  ],
  implications: [
    'papers paper > research',
    'headlines > news',
    'latest recent current today > news',
    'url > web page',
    'website site > web page',
    'webpage > url web + page',
    'weather > forecast search web',
    'google googling > search web internet',
    'who_won > search web',
    'latest_on > news search web',
    'useful useless helpful unhelpful garbage > feedback',
    'serp > search web seo keyword',
    'next_page next_results more_results > more',
    'blog blog_post blogpost > page web',
    'sitemap site_map all_urls url_list > map url',
    'spider crawler > crawl',
    'every_page all_pages whole_site entire_site > crawl',
    'web_research deep_research in_depth literature_review > research',
    'cite citations sources > research',
  ],
}
