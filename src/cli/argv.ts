/**
 * OpenClaw takes its root flags `--profile <name>` and `--dev` before the subcommand too
 * (`openclaw --profile work config get x`). oclif reads flags only after the command id, so the
 * entry points move these flags, when they come before the first word, to the end of the
 * arguments (before a `--`, which ends the flags).
 */
export function hoistRootFlags(argv: readonly string[]): string[] {
  const hoisted: string[] = []
  let index = 0
  while (index < argv.length) {
    const arg = argv[index] as string
    if (arg === '--dev' || arg.startsWith('--profile=')) {
      hoisted.push(arg)
      index += 1
    } else if (arg === '--profile') {
      hoisted.push(arg, ...argv.slice(index + 1, index + 2))
      index += 2
    } else {
      break
    }
  }
  if (hoisted.length === 0 || index >= argv.length) return [...argv]
  const rest = argv.slice(index)
  const end = rest.indexOf('--')
  return end === -1 ? [...rest, ...hoisted] : [...rest.slice(0, end), ...hoisted, ...rest.slice(end)]
}
