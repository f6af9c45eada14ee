/**
 * Reading untrusted JSON values (catalog files, schemas) safely: only own properties count, so a
 * key such as `constructor` or `__proto__` in a file can never reach `Object.prototype`.
 */

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `record[key]` only when `key` is the record's own property (`{}.constructor` is undefined here). */
export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined
}

/** JSON text without the byte order mark some editors put first (JSON.parse rejects it). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfe_ff ? text.slice(1) : text
}

export function hasOwn(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key)
}
