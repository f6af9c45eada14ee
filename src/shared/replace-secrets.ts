/**
 * Replaces every occurrence of each secret in a text by a marker: how a secret is kept out of text
 * that quotes it (a server's stderr, a diff of a config file). Longest first, so a value that
 * holds another (`Bearer <token>` and `<token>`) is replaced whole.
 */
export function replaceSecrets(text: string, secrets: readonly string[], marker: string): string {
  const ordered = secrets.length > 1 ? [...secrets].sort((a, b) => b.length - a.length) : secrets
  let out = text
  for (const secret of ordered) if (secret !== '') out = out.split(secret).join(marker)
  return out
}
