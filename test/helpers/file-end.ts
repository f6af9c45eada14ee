/**
 * What a test helper undoes when the test file that used it ends: temp directories, servers and
 * processes it started. Helpers register a cleanup once, when they are first loaded;
 * test/helpers/setup.ts runs every registered cleanup after each test file. A helper module is
 * loaded once per worker, not once per file (the suite does not isolate files from each other),
 * so an `afterAll` in a helper would belong to the first file that loaded it only.
 */
const cleanups: Array<() => void> = []

/** Runs `cleanup` after every test file from now on; it must undo only what that file started. */
export function atFileEnd(cleanup: () => void): void {
  cleanups.push(cleanup)
}

/** Every registered cleanup, each even if an earlier one throws; the first error is rethrown. */
export function runFileEndCleanups(): void {
  const errors: unknown[] = []
  for (const cleanup of cleanups) {
    try {
      cleanup()
    } catch (error) {
      errors.push(error)
    }
  }
  if (errors.length > 0) throw errors[0]
}
