import * as Flags from '@oclif/core/flags'

import {BaseCommand} from '../../src/cli/base-command.js'

export default class ProbeServeMock extends BaseCommand<typeof ProbeServeMock> {
  static summary = "Serve the probe's scripted model on 127.0.0.1, for an OpenClaw (or any OpenAI-compatible client) to talk to."

  static description = `The same scripted model as "probe --model mock": it searches with the task's words, describes a tool when its input is not plain, calls the best candidate with arguments built from its schema, and answers when the call succeeded. Point a provider of your OpenClaw config at it (baseUrl http://127.0.0.1:<port>/v1, api "openai-completions", any model id and key), run a turn, and read the session with "toolsearch session show". Each request is logged to stderr; Ctrl-C stops it (exit 0). --json prints {baseUrl, port, requests} when it stops.`

  static examples = ['<%= config.bin %> probe serve-mock --port 8787']

  static flags = {
    port: Flags.integer({min: 0, max: 65_535, default: 0, description: 'Port on 127.0.0.1 (0: any free port, printed).', helpValue: '<port>'}),
  }

  async run(): Promise<unknown> {
    const {serveMock} = await import('../../src/probe/mock/serve.js')
    return serveMock(this.flags.port, {print: (text) => this.print(text), note: (text) => this.note(text)})
  }
}
