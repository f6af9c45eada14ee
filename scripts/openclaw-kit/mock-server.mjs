// Scriptable mock OpenAI-compatible (chat completions, SSE) server for OpenClaw runs.
// Usage: SCENARIO=<scenario.json> node mock-server.mjs <requests.jsonl> <portfile>
// Differs from the original kit's mock-server.mjs: a $ref may name the JSON key it reads ("key":"uri"),
// instead of "id" (firstId/idMatch) or "name" (nameMatch), to reuse e.g. a resource URI an MCP server listed;
// and it also finds the key inside JSON that a result carries as an escaped string (\"uri\": \"...\").
// scenario.json: { steps: [ {tool, args} | {text} ... ] }.
// Step index = number of assistant messages already in the request's messages (robust to retries).
// When the steps run out the mock answers text "done".
// Argument templates (resolved against earlier tool results in the request's messages):
//   {"$ref":"firstId", "of":"tool_search"}         first "id":"..." in the latest tool message of that tool (default: latest tool message)
//   {"$ref":"idMatch", "pattern":"get-sum", "of":..., "fallback":"..."}   first id whose value matches the regex
//   {"$ref":"nameMatch", "pattern":"...", ...}     same for "name":"..." values
//   {"$ref":"idMatch", "key":"uri", "pattern":"...", ...}   same for the values of another key
//   {"$repeat":"abc ", "times":150}                 string repetition
import http from "node:http";
import fs from "node:fs";

const [, , logPath, portFile] = process.argv;
const scenario = process.env.SCENARIO ? JSON.parse(fs.readFileSync(process.env.SCENARIO, "utf8")) : { steps: [] };
const steps = scenario.steps ?? [];
let seq = 0;
const log = (e) => fs.appendFileSync(logPath, JSON.stringify(e) + "\n");
const toolNames = (body) => (body.tools ?? []).map((t) => t?.function?.name ?? t?.name).filter(Boolean);
function contentText(c) {
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((p) => (typeof p === "string" ? p : p?.text ?? "")).join("");
  return "";
}
function toolMessages(messages) {
  const idx = new Map();
  for (const m of messages) if (m.role === "assistant" && Array.isArray(m.tool_calls)) for (const c of m.tool_calls) idx.set(c.id, c.function?.name);
  return messages.filter((m) => m.role === "tool").map((m) => ({ name: idx.get(m.tool_call_id), text: contentText(m.content) }));
}
function resolve(v, ctx, notes) {
  if (Array.isArray(v)) return v.map((x) => resolve(x, ctx, notes));
  if (v && typeof v === "object") {
    if (typeof v.$repeat === "string") return v.$repeat.repeat(v.times ?? 1);
    if (typeof v.$ref === "string") {
      const msgs = v.of ? ctx.tools.filter((t) => t.name === v.of) : ctx.tools;
      const src = msgs.length ? msgs[msgs.length - 1].text : "";
      const key = v.key ?? (v.$ref === "nameMatch" ? "name" : "id");
      const vals = [...src.matchAll(new RegExp(`\\\\?"${key}\\\\?"\\s*:\\s*\\\\?"([^"\\\\]+)\\\\?"`, "g"))].map((m) => m[1]);
      let out;
      if (v.$ref === "firstId") out = vals[0];
      else out = vals.find((x) => new RegExp(v.pattern).test(x));
      if (out === undefined) { out = v.fallback ?? null; notes.push(`$ref ${JSON.stringify(v)} unresolved -> fallback ${JSON.stringify(out)}`); }
      else notes.push(`$ref ${v.$ref}${v.pattern ? "/" + v.pattern : ""} of ${v.of ?? "last tool"} -> ${out}`);
      return out;
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x, ctx, notes)]));
  }
  return v;
}
function plan(body) {
  const messages = body.messages ?? [];
  const stepIndex = messages.filter((m) => m.role === "assistant").length;
  const step = steps[stepIndex];
  if (!step) return { kind: "text", text: "done", stepIndex, why: "steps exhausted" };
  if (step.text !== undefined) return { kind: "text", text: step.text, stepIndex };
  const notes = [];
  const args = resolve(step.args ?? {}, { tools: toolMessages(messages), offered: toolNames(body) }, notes);
  return { kind: "tool", name: step.tool, args, stepIndex, notes, offered: toolNames(body).includes(step.tool) };
}
function sendJson(res, code, obj) {
  const s = JSON.stringify(obj);
  res.writeHead(code, { "content-type": "application/json", "content-length": Buffer.byteLength(s) });
  res.end(s);
}
function chatCompletion(body, res, n) {
  const p = plan(body);
  const id = `chatcmpl-mock-${n}`, created = Math.floor(Date.now() / 1000), model = body.model ?? "mock-model";
  const usage = { prompt_tokens: 100 + n, completion_tokens: 5, total_tokens: 105 + n };
  const callId = `call_mock_${n}`;
  if (!body.stream) {
    const message = p.kind === "tool"
      ? { role: "assistant", content: null, tool_calls: [{ id: callId, type: "function", function: { name: p.name, arguments: JSON.stringify(p.args) } }] }
      : { role: "assistant", content: p.text };
    sendJson(res, 200, { id, object: "chat.completion", created, model, choices: [{ index: 0, message, finish_reason: p.kind === "tool" ? "tool_calls" : "stop" }], usage });
    return p;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const chunk = (delta, finish = null) => res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  chunk({ role: "assistant", content: "" });
  if (p.kind === "tool") {
    chunk({ tool_calls: [{ index: 0, id: callId, type: "function", function: { name: p.name, arguments: "" } }] });
    chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(p.args) } }] });
    chunk({}, "tool_calls");
  } else { chunk({ content: p.text }); chunk({}, "stop"); }
  if (body.stream_options?.include_usage) res.write(`data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage })}\n\n`);
  res.write("data: [DONE]\n\n");
  res.end();
  return p;
}
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const raw = Buffer.concat(chunks).toString("utf8");
    const n = ++seq;
    let body = null;
    try { body = raw ? JSON.parse(raw) : null; } catch {}
    const entry = { seq: n, at: new Date().toISOString(), method: req.method, url: req.url,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => !/^(authorization|x-api-key)$/i.test(k))),
      bytes: Buffer.byteLength(raw), body: body ?? raw };
    let planned = null;
    try {
      const path = (req.url ?? "").split("?")[0];
      if (req.method === "GET" && /\/models$/.test(path)) sendJson(res, 200, { object: "list", data: [{ id: "mock-model", object: "model", created: 0, owned_by: "mock" }] });
      else if (req.method === "POST" && /\/chat\/completions$/.test(path) && body) planned = chatCompletion(body, res, n);
      else sendJson(res, 404, { error: { message: `mock: unsupported ${req.method} ${req.url}`, type: "invalid_request_error" } });
    } catch (e) { planned = { error: String(e) }; if (!res.headersSent) sendJson(res, 500, { error: { message: String(e) } }); }
    entry.planned = planned;
    log(entry);
  });
});
server.listen(0, "127.0.0.1", () => { fs.writeFileSync(portFile, String(server.address().port)); console.error(`mock on 127.0.0.1:${server.address().port}, ${steps.length} steps`); });
process.on("SIGTERM", () => server.close(() => process.exit(0)));
