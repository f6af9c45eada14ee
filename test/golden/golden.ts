/**
 * Reads OpenClaw's golden Tool Search cases (test/fixtures/openclaw-golden, described by its
 * README) and runs them through the built CLI, grouped so one invocation serves many cases.
 */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type CliResult, ROOT, runCli, tempDir} from '../helpers/cli.js'

export const GOLDEN_DIR = join(ROOT, 'test', 'fixtures', 'openclaw-golden')

/** Every case of one golden JSONL file, in file order. */
export function readGoldenCases<T>(file: string): T[] {
  return readFileSync(join(GOLDEN_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T)
}

/** A catalog path of a case (relative to the golden directory) as an absolute path. */
export function goldenPath(relative: string): string {
  return join(GOLDEN_DIR, relative)
}

/** `items` grouped by `key`, groups and items in first-seen order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const name = key(item)
    const group = groups.get(name)
    if (group === undefined) groups.set(name, [item])
    else group.push(item)
  }
  return groups
}

/**
 * Runs the CLI with no config file in effect (the README's rule), unless `configPath` names one.
 * In process: a golden case checks what a command prints, which a spawned run would only repeat
 * at the cost of a start-up per run (the spawned CLI is checked end to end elsewhere).
 */
export function runGolden(args: string[], options: {input?: string; configPath?: string} = {}): Promise<CliResult> {
  const configPath = options.configPath ?? join(tempDir('toolsearch-golden-'), 'absent.json')
  return runCli(args, {input: options.input, env: {OPENCLAW_CONFIG_PATH: configPath}})
}

/** Runs `tasks` with at most `width` at a time (the machine has few cores), results in order. */
export async function inBatches<T>(tasks: ReadonlyArray<() => Promise<T>>, width = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const mine = next++
      results[mine] = await tasks[mine]!()
    }
  }
  await Promise.all(Array.from({length: Math.min(width, tasks.length)}, worker))
  return results
}
