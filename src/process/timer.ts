/** Node fires a timer longer than this at once (with a warning); ~24.8 days is the longest wait. */
export const MAX_TIMER_MS = 2_147_483_647

/** A delay `setTimeout` honours: user time limits beyond Node's maximum wait as long as it can. */
export function timerDelay(ms: number): number {
  return Math.min(ms, MAX_TIMER_MS)
}
