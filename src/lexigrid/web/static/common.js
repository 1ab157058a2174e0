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
      return { ok: false, error: "the server did not answer: is `lexigrid serve` running?" };
    }
    let data = {};
    try { data = await response.json(); } catch (error) { data = { error: `HTTP ${response.status}` }; }
    return response.ok ? { ok: true, data } : { ok: false, error: data.error || `HTTP ${response.status}`, status: response.status };
  } finally {
    lexiBusy(-1);  // the caller's own follow-up runs before the page can be seen idle
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
