// Shared helpers for every page: JSON calls that surface the server's one-line errors.
"use strict";
let lexiPending = 0;  // calls under way; <html data-busy="true"> while there are any (tests wait on it)
function lexiBusy(change) {
  lexiPending += change;
  document.documentElement.dataset.busy = lexiPending > 0 ? "true" : "false";
}
async function lexiApi(url, body, method) {  // GET, or POST with a JSON body, or the method given
  const options = body === undefined ? { method: method || "GET" } :
    { method: method || "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  lexiBusy(+1);
  try {
    let response;
    try {
      response = await fetch(url, options);
    } catch (error) {
      return { ok: false, error: LEXI_NO_SERVER };
    }
    let data = {};
    try { data = await response.json(); } catch (error) { data = { error: `HTTP ${response.status}` }; }
    return response.ok ? { ok: true, data } : { ok: false, error: data.error || `HTTP ${response.status}`, status: response.status };
  } finally {
    lexiBusy(-1);  // the caller's own follow-up runs before the page can be seen idle
  }
}
const LEXI_NO_SERVER = "the server did not answer: is `lexigrid serve` running?";
async function lexiStream(url, body, signal, onEvent, what) {  // POST; each NDJSON event to onEvent (true once it
  // ended the run); resolves to "" or the error to show, "" too once the signal aborted the run
  let response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal });
  } catch (error) {
    return signal.aborted ? "" : LEXI_NO_SERVER;
  }
  if (!response.ok) {
    let data = {};
    try { data = await response.json(); } catch (error) { data = {}; }
    return data.error || `HTTP ${response.status}`;
  }
  try {
    return await lexiEvents(response.body.getReader(), onEvent) ? "" : `${what}'s stream ended without a result`;
  } catch (error) {
    if (signal.aborted) return "";
    console.error(error);  // the cause in full, for whoever opens the console
    return error.lexiSays || `the server stopped answering during ${what}: is \`lexigrid serve\` still running?`;
  }
}
async function lexiEvents(reader, onEvent) {  // whether an event ended the run; a line not JSON or an event the page
  // failed on is an error that says which (lexiSays)
  const decoder = new TextDecoder();
  let buffer = "", ended = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return ended;
    buffer += decoder.decode(value, { stream: true });
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim()) ended = lexiOn(onEvent, lexiParsed(line)) || ended;
    }
  }
}
function lexiParsed(line) {  // one event of the stream
  try { return JSON.parse(line); } catch (error) {
    error.lexiSays = `the server's answer could not be read (${error.message})`;
    throw error;
  }
}
function lexiOn(onEvent, event) {  // the page's handling of one event
  try { return onEvent(event); } catch (error) {
    error.lexiSays = `the page could not show the server's ${event.event || "answer"} (${error.message}): please report it`;
    throw error;
  }
}
function lexiSentence(clause) {  // a note the library wrote as a clause, begun with a capital and stopped
  return clause.charAt(0).toUpperCase() + clause.slice(1) + ".";
}
function lexiCount(n, noun) {  // "1 tile", "2 tiles"
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
// A channel of calls where only the latest counts: a reply to an older call that arrives late resolves to
// null, so a slow first answer never overwrites what the user asked for since. `drop()` does the same to
// the call under way (the user changed what it was about) and says whether there was one.
function lexiLatest() {
  let generation = 0, waiting = false;
  const call = async (url, body) => {
    const mine = ++generation;
    waiting = true;
    const result = await lexiApi(url, body);
    if (mine !== generation) return null;
    waiting = false;
    return result;
  };
  call.drop = () => {
    const was = waiting;
    generation++;
    waiting = false;
    return was;
  };
  return call;
}
function lexiEl(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value; else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}
function lexiSvg(tag, attrs = {}) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}
