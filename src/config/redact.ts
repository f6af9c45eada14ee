/**
 * Which config values are secrets, and how they are kept out of what toolsearch prints: OpenClaw's
 * rules for showing a config (`openclaw config get`, its snapshots), as data, applied by every
 * output that prints config values — `config get`, `config set`/`unset` (the values they name and a
 * dry run's diff), `doctor` (messages and diffs), `config explain`, and their `--json` forms.
 * `--show-secrets` shows them.
 *
 * A secret is replaced by OpenClaw's own marker, `__OPENCLAW_REDACTED__`, so the two tools print
 * the same. A `${VAR}` reference is not a secret (it names a variable, and stays as written), and
 * neither is an empty string: only a "concrete" string is replaced, as in OpenClaw.
 *
 * The rules, by the value's path (object keys joined with dots, an array's items as `[]`, the way
 * OpenClaw spells paths for this):
 * 1. **Secret keys**: a string whose path matches `SECRET_KEY_PATTERNS` (`…token` at the end,
 *    `password`, `secret`, `api key`, `encrypt key`, `private key` anywhere in the path,
 *    `serviceAccount`) unless the path ends in one of `NOT_SECRET_SUFFIXES` (`maxTokens`,
 *    `passwordFile`, …); and any string under a provider's `localService.env`.
 * 2. **Fields OpenClaw's schema marks sensitive** that rule 1 does not catch (`SECRET_PATHS`):
 *    header values, `env` blocks of MCP servers and commands, request auth values, TLS material,
 *    SSH data, proxy URLs, hook session keys. There every value is a secret (numbers and booleans
 *    too); an object is replaced whole, except an OpenClaw secret reference (`{source, id}`), of
 *    which only the `id` is.
 * 3. **Service accounts**: an object at a `serviceAccount` path is replaced whole.
 * 4. **URLs that carry credentials**, at the paths OpenClaw treats as URL-valued (`URL_PATH_SUFFIXES`,
 *    MCP servers' `url`): the whole value, when it has user info, a query parameter named like a
 *    credential (`token`, `key`, `api_key`, `password`, …) or a bot token in its path.
 *
 * Rule 2's list is the part of OpenClaw 2026.9.6's schema hints (the fields it registers as
 * sensitive, bundled channels included) that rule 1 misses; plugin-declared secret fields are not
 * known here and fall under rule 1 only.
 */
import {isRecord} from '../shared/json.js'
import {replaceSecrets} from '../shared/replace-secrets.js'

/** What a secret reads as in output: OpenClaw's own marker. */
export const REDACTED = '__OPENCLAW_REDACTED__'

/** Rule 1: a path (any part of it, or its end) that names a credential. */
const SECRET_KEY_PATTERNS: readonly RegExp[] = [/token$/i, /password/i, /secret/i, /api.?key/i, /encrypt.?key/i, /private.?key/i, /serviceaccount(?:ref)?$/i]

/** Rule 1's exceptions: names that match a pattern but hold no secret (compared lower-cased, at the path's end). */
const NOT_SECRET_SUFFIXES: readonly string[] = [
  'maxtokens',
  'maxoutputtokens',
  'maxinputtokens',
  'maxcompletiontokens',
  'contexttokens',
  'totaltokens',
  'tokencount',
  'tokenlimit',
  'tokenbudget',
  'passwordfile',
]

/** Rule 1: every string under a local service's environment. */
const SECRET_PATH_FRAGMENT = 'localservice.env.'

/** The request blocks whose headers, auth value and TLS material are secrets. */
const REQUEST_BLOCKS = ['models.providers.*.request', 'tools.media.models.*.request', 'tools.media.image.request', 'tools.media.audio.request', 'tools.media.video.request']
const TLS_FIELDS = ['ca', 'cert', 'key', 'passphrase']

/** Rule 2: paths whose values are secrets; `*` is any key or any array index. */
const SECRET_PATHS: readonly string[] = [
  ...REQUEST_BLOCKS.flatMap((block) => [`${block}.headers.*`, `${block}.auth.value`, ...TLS_FIELDS.flatMap((field) => [`${block}.tls.${field}`, `${block}.proxy.tls.${field}`])]),
  'models.providers.*.headers.*',
  'mcp.servers.*.env.*',
  'mcp.servers.*.headers.*',
  'nodeHost.mcp.servers.*.env.*',
  'nodeHost.mcp.servers.*.headers.*',
  'tools.web.fetch.headers.*',
  'security.installPolicy.exec.env.*',
  'gateway.remote.edgeAuth.*',
  'proxy.proxyUrl',
  'hooks.mappings.*.sessionKey',
  ...['agents.defaults.sandbox.ssh', 'agents.entries.*.sandbox.ssh'].flatMap((ssh) => ['identityData', 'certificateData', 'knownHostsData'].map((field) => `${ssh}.${field}`)),
  'channels.synology-chat.incomingUrl',
  'channels.synology-chat.webhookUrl',
  'channels.synology-chat.accounts.*.incomingUrl',
  'channels.synology-chat.accounts.*.webhookUrl',
]

/** Rule 4: URL-valued paths (by their end, or MCP servers' `url`) whose credentials are secrets. */
const URL_PATH_SUFFIXES: readonly string[] = ['.baseUrl', '.httpUrl', '.cdpUrl', '.request.proxy.url']
const MCP_SERVER_URL = /^(?:nodeHost\.)?mcp\.servers\.[^.]+\.url$/u

/** Rule 4: query parameter names (lower-cased, `-` as `_`) that carry a credential. */
const CREDENTIAL_QUERY_NAMES: ReadonlySet<string> = new Set([
  'token', 'key', 'api_key', 'apikey', 'secret', 'access_token', 'auth_token', 'password', 'pass', 'passwd', 'auth', 'jwt', 'session', 'id_token', 'code',
  'client_secret', 'app_secret', 'hook_token', 'refresh_token', 'signature', 'x_amz_signature', 'x_amz_security_token', 'private_key', 'credential',
  'authorization', 'sig', 'x_api_key', 'x_access_token', 'x_auth_token',
])
const SCOPED_TOKEN_QUERY_NAME = /(?:^|_)token(?:_[a-f0-9]{16,})?$/u
const BOT_TOKEN_PATH = /\/bot\d{6,}(?::|%3[aA])[A-Za-z0-9_-]{20,}(?=\/|$)/u

const SECRET_PATH_SEGMENTS = SECRET_PATHS.map((path) => path.split('.'))
const REFERENCE_ONLY = /^\$\{[^}]*\}$/u

/** A string that is a secret's value: not empty, not only a `${VAR}` reference. */
function isConcrete(value: string): boolean {
  const trimmed = value.trim()
  return trimmed !== '' && !REFERENCE_ONLY.test(trimmed)
}

function matchesSecretKey(joined: string): boolean {
  const path = joined.endsWith('[]') ? joined.slice(0, -2) : joined
  const lower = path.toLowerCase()
  if (lower.includes(SECRET_PATH_FRAGMENT)) return true
  return !NOT_SECRET_SUFFIXES.some((suffix) => lower.endsWith(suffix)) && SECRET_KEY_PATTERNS.some((pattern) => pattern.test(path))
}

/** Rule 2's paths are at most this many keys long: keys beyond it need not be kept. */
const LONGEST_SECRET_PATH = Math.max(...SECRET_PATH_SEGMENTS.map((pattern) => pattern.length))

function matchesSecretPath(place: Place): boolean {
  if (place.depth > LONGEST_SECRET_PATH) return false
  return SECRET_PATH_SEGMENTS.some((pattern) => pattern.length === place.depth && pattern.every((part, index) => part === '*' || part === place.keys[index]))
}

function isServiceAccountPath(joined: string): boolean {
  const lower = joined.toLowerCase()
  return lower.endsWith('serviceaccount') || lower.endsWith('serviceaccountref')
}

function isUrlPath(joined: string): boolean {
  return URL_PATH_SUFFIXES.some((suffix) => joined.endsWith(suffix)) || MCP_SERVER_URL.test(joined)
}

function isCredentialQueryName(name: string): boolean {
  const normalized = name.toLowerCase().replaceAll('-', '_')
  return CREDENTIAL_QUERY_NAMES.has(normalized) || SCOPED_TOKEN_QUERY_NAME.test(normalized)
}

/** Rule 4: user info, a credential-named query parameter (in the query or a fragment), or a bot token in the path. */
export function urlCarriesCredentials(value: string): boolean {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    // Not a whole URL: look for the same things in the text.
    return /\/\/[^/?#\s@]*:[^/?#\s@]*@/u.test(value) || [...value.matchAll(/[?&#]([^=&#]+)=/gu)].some((match) => isCredentialQueryName(match[1]!)) || BOT_TOKEN_PATH.test(value)
  }
  if (url.username !== '' || url.password !== '' || BOT_TOKEN_PATH.test(url.pathname)) return true
  if ([...url.searchParams.keys()].some(isCredentialQueryName)) return true
  return [...new URLSearchParams(url.hash.replace(/^#[^?=&]*\?/u, '').replace(/^#/u, '')).keys()].some(isCredentialQueryName)
}

/** An OpenClaw secret reference: `{source, provider?, id}`. */
function isSecretReference(value: Record<string, unknown>): boolean {
  return typeof value.source === 'string' && typeof value.id === 'string'
}

/** Where a value is: how deep, its first keys (indexes as strings; rule 2 needs no more), and OpenClaw's spelling of its path. */
interface Place {
  depth: number
  keys: string[]
  joined: string
}

function childPlace(place: Place, key: string, inArray: boolean): Place {
  const joined = inArray ? `${place.joined}[]` : place.joined === '' ? key : `${place.joined}.${key}`
  return {depth: place.depth + 1, keys: place.depth < LONGEST_SECRET_PATH ? [...place.keys, key] : place.keys, joined}
}

/**
 * What a value at `place` becomes: `REDACTED`, a copy with secrets inside replaced, or itself. The
 * secrets replaced are pushed to `found`. Containers are copied with an explicit stack, so no
 * nesting is too deep to be redacted.
 */
function redactTree(root: unknown, start: Place, found: string[]): unknown {
  const pending: Array<() => void> = []
  const visit = (value: unknown, place: Place): unknown => {
    if (value === null || value === undefined) return value
    if (matchesSecretPath(place)) return redactMarked(value, found)
    if (typeof value === 'string') {
      if (isConcrete(value) && matchesSecretKey(place.joined)) return secret(value, found)
      if (isUrlPath(place.joined) && urlCarriesCredentials(value)) return secret(value, found)
      return value
    }
    if (typeof value !== 'object') return value
    if (!Array.isArray(value) && isServiceAccountPath(place.joined)) {
      collectStrings(value, found)
      return REDACTED
    }
    const copy: unknown[] | Record<string, unknown> = Array.isArray(value) ? [] : {}
    pending.push(() => {
      if (Array.isArray(value)) value.forEach((item, index) => ((copy as unknown[])[index] = visit(item, childPlace(place, String(index), true))))
      else for (const [key, item] of Object.entries(value)) (copy as Record<string, unknown>)[key] = visit(item, childPlace(place, key, false))
    })
    return copy
  }
  const result = visit(root, start)
  while (pending.length > 0) pending.pop()!()
  return result
}

function secret(value: string, found: string[]): string {
  found.push(value)
  return REDACTED
}

/** Rule 2: a value at a path the schema marks sensitive. */
function redactMarked(value: unknown, found: string[]): unknown {
  if (typeof value === 'string') return isConcrete(value) ? secret(value, found) : value
  if (typeof value !== 'object' || value === null) return REDACTED
  if (!Array.isArray(value) && isSecretReference(value as Record<string, unknown>)) {
    const reference = value as Record<string, unknown>
    return isConcrete(reference.id as string) ? {...reference, id: secret(reference.id as string, found)} : {...reference}
  }
  collectStrings(value, found)
  return REDACTED
}

/** Every concrete string inside a value replaced whole, so a diff of its text hides them too. */
function collectStrings(value: unknown, found: string[]): void {
  const stack = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (isConcrete(item)) found.push(item)
    } else if (item !== null && typeof item === 'object') {
      for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push(child)
    }
  }
}

/** The place of the value at `keys` in `root` (arrays on the way spelled `[]`), and the value. */
function placeOf(root: unknown, keys: readonly string[]): {place: Place; value: unknown} {
  let place: Place = {depth: 0, keys: [], joined: ''}
  let value = root
  for (const key of keys) {
    const inArray = Array.isArray(value)
    place = childPlace(place, key, inArray)
    value = inArray ? (value as unknown[])[Number(key)] : isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined
  }
  return {place, value}
}

/**
 * The value at `keys` of the config `root` with its secrets replaced by `REDACTED`; with `value`,
 * that value as if it stood at `keys` (a value a change writes or removes there).
 */
export function redactConfigAt(root: unknown, keys: readonly string[], ...value: [unknown?]): unknown {
  const found = placeOf(root, keys)
  return redactTree(value.length > 0 ? value[0] : found.value, found.place, [])
}

/** The secret strings of the config `root` (the values `redactConfigAt` replaces). */
export function configSecrets(root: unknown): string[] {
  const found: string[] = []
  redactTree(root, {depth: 0, keys: [], joined: ''}, found)
  return [...new Set(found)]
}

/** Shorter secrets are left in texts: replacing `1` or `on` everywhere would garble a diff. */
const MIN_TEXT_SECRET_LENGTH = 4

/**
 * A text quoting config files (a diff) with every secret of the given configs replaced, as they
 * are written in a file: the value itself, and as a JSON string body (escapes and all). Secrets
 * shorter than 4 characters are left (see `MIN_TEXT_SECRET_LENGTH`).
 */
export function redactConfigText(text: string, configs: readonly unknown[]): string {
  const secrets = new Set<string>()
  for (const config of configs) {
    for (const value of configSecrets(config)) {
      if (value.length < MIN_TEXT_SECRET_LENGTH) continue
      secrets.add(value)
      secrets.add(JSON.stringify(value).slice(1, -1))
    }
  }
  return secrets.size === 0 ? text : replaceSecrets(text, [...secrets], REDACTED)
}
