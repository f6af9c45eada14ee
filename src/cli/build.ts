/**
 * Which build of toolsearch is running: a digest of its compiled code, which the bundle carries
 * (scripts/bundle.js) and `main` records. Anything kept between runs that the code's behaviour
 * shapes (the index cache, `src/search/index-cache.ts`) is keyed by it, so a changed toolsearch
 * never reads what another one wrote.
 *
 * Undefined when the compiled modules run one by one (under DEBUG, in development, in tests run in
 * process): they need not be the code any bundle was made of, so nothing is cached then.
 */
let running: string | undefined

export function setRunningBuild(build: string | undefined): void {
  running = build
}

export function runningBuild(): string | undefined {
  return running
}
