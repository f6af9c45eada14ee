// Preloaded with `node --require` by bench/perf.js: on exit, appends the CPU time this process
// used (user + system, in ms, every thread) to the file BENCH_CPU_FILE names. Load on a shared
// machine stretches wall-clock time far more than CPU time, so the tables show both.
const {appendFileSync} = require('node:fs')

process.on('exit', () => {
  const file = process.env.BENCH_CPU_FILE
  if (!file) return
  const {user, system} = process.cpuUsage()
  appendFileSync(file, `${(user + system) / 1000}\n`)
})
