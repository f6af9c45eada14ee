/**
 * Arguments in a request: pieces that name a thing rather than a capability — a URL or host, a
 * file name or path, an e-mail address, a chat channel, a pair of coordinates. Their words say
 * little (`docs.python.org`, `src/app.ts`), so they weigh less; but their kind says a lot: a
 * host means a web page, a file name means a file. The kind adds the words tools use for it
 * (`ARGUMENT_KIND_TERMS` in the lexicon).
 */

/** What an argument names. */
export type ArgumentKind = 'url' | 'file' | 'email' | 'channel' | 'coordinates'

/**
 * Whether a whitespace-separated piece of a request is an argument: a path, URL, address, host
 * or file name, or a command-line flag (`-p`, `--force`).
 */
export const ARGUMENT = /[/\\@]|[\p{L}\p{N}]\.[\p{L}\p{N}]|^\.\p{L}|^--?\p{L}/u

/** File extensions common enough in requests to tell `notes.md` (a file) from `example.com` (a host). */
const FILE_EXTENSIONS = new Set(
  (
    'c cc cfg conf cpp cs css csv doc docx env gif go gz h htm html ini ipynb java jpeg jpg js json jsonl jsx kt ' +
    'lock log md mjs mp3 mp4 pdf php png ppt pptx py rb rs sh sql svg swift tar tgz toml ts tsx txt wav webp xls xlsx ' +
    'xml yaml yml zip'
  ).split(' '),
)

const WEB_SCHEME = /^(?:https?|ftp):\/\//i
const EMAIL = /^[^@\s/]+@[^@\s/]+\.[a-z]{2,}$/i
/** A host name (`docs.python.org`), optionally with a port: a country code or a common generic top-level domain. */
const HOST = /^(?:[a-z0-9-]+\.)+([a-z]{2}|com|org|net|edu|gov|mil|int|info|biz|dev|app|io|ai|xyz|site|online|tech|cloud|page|blog|shop)(?::\d+)?$/i
/** Any other scheme (`mongodb://`, `postgres://`, `file://`): a connection string, not a web page. */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i
const CHANNEL = /^#[a-z][\w-]*$/i
const COORDINATE = /^-?\d{1,3}\.\d+$/

/** Punctuation a piece may carry from the sentence around it (`(see notes.md).`). */
const TRAILING = /[.,;:!?)"'\]]+$/
const LEADING = /^[("'[]+/

/** The kind of one whitespace-separated piece of a request, if it is an argument of a known kind. */
export function argumentKind(piece: string): ArgumentKind | undefined {
  const text = piece.replace(LEADING, '').replace(TRAILING, '')
  if (text === '') return undefined
  if (WEB_SCHEME.test(text)) return 'url'
  if (OTHER_SCHEME.test(text)) return undefined
  if (EMAIL.test(text)) return 'email'
  if (CHANNEL.test(text)) return 'channel'
  if (/^-?\d{1,3}\.\d+,-?\d{1,3}\.\d+$/.test(text)) return 'coordinates'
  if (/^(?:\.{1,2}\/|~|\/)/.test(text) || /^\.\p{L}/u.test(text)) return 'file'
  const [head = '', ...rest] = text.split('/')
  const topLevel = HOST.exec(head)?.[1]?.toLowerCase()
  if (topLevel !== undefined && !FILE_EXTENSIONS.has(topLevel)) return 'url'
  const extension = /\.([a-z0-9]+)$/i.exec(text)?.[1]?.toLowerCase()
  if (extension !== undefined && FILE_EXTENSIONS.has(extension)) return 'file'
  // `src/components/ui`, `logs/`: a path; one slash between two words (`octo/app`) may be a repository.
  if (rest.length >= 2 || (rest.length === 1 && rest[0] === '')) return 'file'
  return undefined
}

/** Whether two adjacent pieces are a latitude and a longitude (`48.85, 2.35`). */
export function isCoordinatePair(first: string, second: string): boolean {
  return COORDINATE.test(first.replace(TRAILING, '')) && COORDINATE.test(second.replace(TRAILING, ''))
}
