// Preloaded with `node --require` by bench/perf.js: on exit, appends this process's peak resident
// set size (kB) to the file BENCH_MAXRSS_FILE names, so a benchmark can compare the memory of two
// processes without any platform tool.
const {appendFileSync} = require('node:fs')

process.on('exit', () => {
  const file = process.env.BENCH_MAXRSS_FILE
  if (file) appendFileSync(file, `${process.resourceUsage().maxRSS}\n`)
})
