/**
 * The shape of the enhanced ranker's lexicon data: general English vocabulary of tools and the
 * tasks people bring to them. Nothing in it names a particular tool or catalog; each line is a set
 * of words a person may use for the same capability or object, written from how tools of a kind
 * work (a browser tab is a "page" to automation tools; a GitLab "project" is a repository), never
 * from particular requests.
 *
 * - `synonyms`: each line is a group; a query word from the group also searches for the others
 *   (`delete` → `remove`, `drop`, …).
 * - `implications`: `left > right`: a word on the left also searches for the words on the right,
 *   not the reverse (`kubectl` → `kubernetes`; `kubernetes` does not mean `kubectl`). The words
 *   on the right are alternatives (a tool earns the best of them), unless `+` splits them into
 *   parts that are each asked for (`mkdir > create + directory`: a tool earns both).
 *
 * Words are matched after stemming, so one form per word is enough (`delete` covers `deleting`).
 * `_` joins a phrase (`look_up`): it matches those words in a row in the query and adds each word
 * of a phrase it expands to. Lines are global once compiled (`compileLexicon`): a word's domain
 * file says where it is maintained, not where it applies; the lint test
 * (test/search/enhanced/lexicon-lint.test.ts) checks the lines against each other.
 */
export interface LexiconDomain {
  readonly synonyms: readonly string[]
  readonly implications: readonly string[]
}
