/**
 * The text a control's thrown error reaches the model as, in OpenClaw 2026.9.6's recordings
 * (`test/fixtures/openclaw-runs/unknown-id`, `bad-queries`): `{ status, tool, error }`,
 * pretty-printed, as the CLI prints it (one newline after).
 */
export function modelErrorText(tool: 'tool_search' | 'tool_describe' | 'tool_call', message: string): string {
  return `{\n  "status": "error",\n  "tool": "${tool}",\n  "error": ${JSON.stringify(message)}\n}\n`
}
