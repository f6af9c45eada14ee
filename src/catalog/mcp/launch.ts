/**
 * How OpenClaw describes a server's launch where it names the server to the model: in the
 * description of a tool that has none (`Provided by bundle MCP server "docs" (<launch>).`). Pure.
 *
 * - stdio: the command, its arguments and ` (cwd=<cwd>)`, as written in the config; the value
 *   after a secret flag (`--token`, `--api-key`, `--password`, anything ending in `-token`,
 *   `-secret`, `-key`, …) and the value of `--flag=value` for such a flag are `***`.
 * - HTTP: the URL, its user name and password and the values of secret query parameters
 *   (`token`, `key`, `api_key`, `secret`, `password`, `code`, `sig`, … and any name ending in
 *   `token`) replaced by `***`.
 *
 * Decisions where OpenClaw differs: `${VAR}` references stay as written (OpenClaw shows the value
 * it filled in; toolsearch never puts a variable's value in what the model reads), and OpenClaw's
 * further secret patterns inside argument text (token shapes of particular services) are not
 * reproduced.
 */

const SECRET_FLAGS = new Set([
  '--token',
  '--api-key',
  '--apikey',
  '--secret',
  '--password',
  '--provider-env',
  '--auth-token',
  '--access-token',
  '--refresh-token',
  '--client-secret',
  '--hook-token',
  '--gateway-token',
  '--bot-token',
  '--app-token',
  '--remote-token',
  '--push-token',
  '--webhook-secret',
  '--webhook-token',
  '--service-account-token',
  '--op-service-account-token',
  '--bearer',
  '--bearer-token',
  '--pat',
  '--personal-access-token',
  '--oauth-token',
  '--id-token',
  '--identity-token',
  '--session-token',
  '--service-token',
  '--private-key',
  '--recovery-key',
  '--gateway-key',
  '--session-key',
  '--active-key',
])
const SECRET_FLAG_SUFFIX =
  /^--(?:[a-z0-9]+(?:[-_][a-z0-9]+)*[-_])?(?:token|secret|password|passwd|passphrase|pin|api[-_]?key|api[-_]?secret|secret[-_]?key|secret[-_]?access[-_]?key|access[-_]?key(?:[-_]?id)?|account[-_]?key|client[-_]?key|consumer[-_]?key|license[-_]?key|subscription[-_]?key|webhook|credentials?|creds?|auth(?:orization)?|bearer|pat|cookie|private[-_]?key|recovery[-_]?key|signing[-_]?key|encryption[-_]?key|master[-_]?key|session[-_]?key|gateway[-_]?key|service[-_]?key|hook[-_]?key)$/

const SECRET_QUERY_PARAMETERS = new Set([
  'token',
  'key',
  'api_key',
  'apikey',
  'secret',
  'access_token',
  'auth_token',
  'password',
  'pass',
  'passwd',
  'auth',
  'jwt',
  'session',
  'id_token',
  'code',
  'client_secret',
  'app_secret',
  'hook_token',
  'refresh_token',
  'signature',
  'x_amz_signature',
  'x_amz_security_token',
  'private_key',
  'credential',
  'authorization',
  'sig',
  'x_api_key',
  'x_access_token',
  'x_auth_token',
])
const TOKEN_QUERY_PARAMETER = /(?:^|_)token(?:_[a-f0-9]{16,})?$/u

const HIDDEN = '***'

function secretFlag(arg: string): boolean {
  if (!arg.startsWith('--')) return false
  const equals = arg.indexOf('=')
  const flag = (equals === -1 ? arg : arg.slice(0, equals)).toLowerCase()
  return SECRET_FLAGS.has(flag) || SECRET_FLAG_SUFFIX.test(flag)
}

/** `args` with the values of secret flags hidden; as many words as before. */
export function redactSecretArguments(args: readonly string[]): string[] {
  let hideNext = false
  return args.map((arg) => {
    if (hideNext) {
      hideNext = false
      return HIDDEN
    }
    if (!secretFlag(arg)) return arg
    const equals = arg.indexOf('=')
    if (equals !== -1) return `${arg.slice(0, equals + 1)}${HIDDEN}`
    hideNext = true
    return arg
  })
}

function secretQueryParameter(name: string): boolean {
  const normalized = name.trim().toLowerCase().replaceAll('-', '_')
  return SECRET_QUERY_PARAMETERS.has(normalized) || TOKEN_QUERY_PARAMETER.test(normalized)
}

/** `url` with its credentials and secret query values hidden; as written when nothing is secret or it is no URL. */
export function redactUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  let changed = false
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = parsed.username === '' ? '' : HIDDEN
    parsed.password = parsed.password === '' ? '' : HIDDEN
    changed = true
  }
  for (const name of [...parsed.searchParams.keys()]) {
    if (!secretQueryParameter(name)) continue
    parsed.searchParams.set(name, HIDDEN)
    changed = true
  }
  return changed ? parsed.toString() : url
}

/** A stdio server's launch as OpenClaw describes it. */
export function stdioLaunchSummary(command: string, args: readonly string[], cwd: string | undefined): string {
  const shownArgs = args.length > 0 ? ` ${redactSecretArguments(args).join(' ')}` : ''
  return `${command}${shownArgs}${cwd ? ` (cwd=${cwd})` : ''}`
}
