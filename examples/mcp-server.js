#!/usr/bin/env node
// A small MCP server over stdio, for trying toolsearch on live tools (examples/mcp-servers.json).
// It is built on the MCP SDK's low-level server, which toolsearch installs as a dependency of its
// own, so it runs wherever toolsearch is installed: no npx, no network, nothing else to install.
// Tools are declared with plain JSON Schema (no zod), and every answer is computed here.
//
//   echo        echoes a message back
//   add         adds two numbers
//   forecast    a made-up three-day forecast for a place, as structured content
//   countdown   counts down for a number of seconds, reporting progress (try a --timeout)
//   fail        always answers with isError, saying why
import {Server} from '@modelcontextprotocol/sdk/server/index.js'
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js'
import {CallToolRequestSchema, ListToolsRequestSchema} from '@modelcontextprotocol/sdk/types.js'

const object = (properties, required) => ({type: 'object', properties, required, additionalProperties: false})

const TOOLS = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Echoes back the message it is given.',
    inputSchema: object({message: {type: 'string', description: 'Message to echo'}}, ['message']),
  },
  {
    name: 'add',
    title: 'Add',
    description: 'Adds two numbers and returns their sum.',
    inputSchema: object({a: {type: 'number', description: 'First number'}, b: {type: 'number', description: 'Second number'}}, ['a', 'b']),
  },
  {
    name: 'forecast',
    title: 'Forecast',
    description: 'A made-up three-day weather forecast for a place: daily high, low and conditions.',
    inputSchema: object({location: {type: 'string', description: 'City or place name'}}, ['location']),
    outputSchema: object(
      {
        location: {type: 'string'},
        days: {type: 'array', items: object({day: {type: 'integer'}, high: {type: 'number'}, low: {type: 'number'}, conditions: {type: 'string'}}, ['day', 'high', 'low', 'conditions'])},
      },
      ['location', 'days'],
    ),
  },
  {
    name: 'countdown',
    title: 'Countdown',
    description: 'Counts down for a number of seconds, reporting progress each second, then says it is done.',
    inputSchema: object({seconds: {type: 'integer', minimum: 1, maximum: 600, description: 'How long to count down'}}, ['seconds']),
  },
  {
    name: 'fail',
    title: 'Fail',
    description: 'Always fails: answers with isError and a reason, to show how a tool error looks.',
    inputSchema: object({}, []),
  },
]

const CONDITIONS = ['sunny', 'cloudy', 'light rain', 'showers', 'windy']

/** The same forecast for the same place on every run. */
function forecast(location) {
  let seed = [...location].reduce((sum, char) => (sum * 31 + char.codePointAt(0)) % 9973, 7)
  const next = () => (seed = (seed * 48271) % 2147483647)
  const days = [1, 2, 3].map((day) => {
    const low = 2 + (next() % 15)
    return {day, high: low + 4 + (next() % 8), low, conditions: CONDITIONS[next() % CONDITIONS.length]}
  })
  return {location, days}
}

const text = (value) => ({content: [{type: 'text', text: value}]})

const server = new Server({name: 'toolsearch-example', version: '1.0.0'}, {capabilities: {tools: {}}})

server.setRequestHandler(ListToolsRequestSchema, async () => ({tools: TOOLS}))

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const {name, arguments: args = {}} = request.params
  switch (name) {
    case 'echo':
      return text(`Echo: ${String(args.message)}`)
    case 'add':
      return text(`The sum of ${Number(args.a)} and ${Number(args.b)} is ${Number(args.a) + Number(args.b)}.`)
    case 'forecast': {
      const result = forecast(String(args.location))
      return {...text(JSON.stringify(result)), structuredContent: result}
    }
    case 'countdown': {
      const seconds = Number(args.seconds)
      const token = request.params._meta?.progressToken
      for (let left = seconds; left > 0; left -= 1) {
        if (token !== undefined) await extra.sendNotification({method: 'notifications/progress', params: {progressToken: token, progress: seconds - left, total: seconds}})
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
      return text(`Counted down ${seconds} seconds.`)
    }
    case 'fail':
      return {...text('This tool always fails, so you can see how a tool error looks.'), isError: true}
    default:
      return {...text(`Unknown tool: ${name}`), isError: true}
  }
})

await server.connect(new StdioServerTransport())
