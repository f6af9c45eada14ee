#!/usr/bin/env node
// Converts a value between units of one kind (length, mass, temperature).
// Reads the call's arguments as JSON on stdin and prints one JSON value on stdout; a problem is
// a message on stderr and exit code 1, which toolsearch reports as a tool error.
const FACTORS = {
  length: {m: 1, km: 1000, cm: 0.01, mm: 0.001, mi: 1609.344, ft: 0.3048, in: 0.0254},
  mass: {kg: 1, g: 0.001, lb: 0.45359237, oz: 0.028349523125},
}

function fail(message) {
  process.stderr.write(`unit-convert: ${message}\n`)
  process.exit(1)
}

function toCelsius(value, unit) {
  if (unit === 'c') return value
  if (unit === 'f') return ((value - 32) * 5) / 9
  if (unit === 'k') return value - 273.15
  return undefined
}

function fromCelsius(value, unit) {
  if (unit === 'c') return value
  if (unit === 'f') return (value * 9) / 5 + 32
  if (unit === 'k') return value + 273.15
  return undefined
}

function convert({value, from, to}) {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail('"value" must be a finite number')
  const source = String(from).toLowerCase()
  const target = String(to).toLowerCase()
  const celsius = toCelsius(value, source)
  if (celsius !== undefined) {
    const result = fromCelsius(celsius, target)
    if (result === undefined) fail(`cannot convert temperature to "${to}"`)
    return {value: Math.round(result * 1000) / 1000, unit: target, kind: 'temperature'}
  }
  for (const [kind, factors] of Object.entries(FACTORS)) {
    if (!(source in factors)) continue
    if (!(target in factors)) fail(`cannot convert ${kind} from "${from}" to "${to}"`)
    return {value: Math.round(((value * factors[source]) / factors[target]) * 1000) / 1000, unit: target, kind}
  }
  return fail(`unknown unit "${from}"`)
}

let input = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => (input += chunk))
process.stdin.on('end', () => {
  let args
  try {
    args = JSON.parse(input)
  } catch {
    fail('expected JSON arguments on stdin')
  }
  process.stdout.write(`${JSON.stringify(convert(args ?? {}))}\n`)
})
