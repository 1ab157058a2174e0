// The word finder in every lexicon's language: the rack and board letters typed as players type them (labels
// or aliases: L·L, L.L or W), a pad for the tiles a keyboard lacks, the words shown in the tiles' labels.
"use strict";
const form = document.getElementById("find-form");
const lexiconSelect = document.getElementById("lexicon");
let typingInto = document.getElementById("rack");  // the field the pad types into: the last one focused
// each field's caret [start, end] as it lost focus to the pad: an unfocused field's own selection is not kept by every browser
const carets = new WeakMap();
for (const field of form.querySelectorAll("input[type=text]")) {
  field.addEventListener("focus", () => { typingInto = field; });
  field.addEventListener("blur", () => { carets.set(field, liveCaret(field)); });
}

function aliasesOf(alphabet) {  // label -> the other ways to type it (not its bracketed or lower-case forms)
  const out = {};
  for (const [spelling, glyph] of Object.entries(alphabet.spellings)) {
    const label = alphabet.labels[glyph];
    if (label && spelling !== label && spelling === spelling.toUpperCase() && !spelling.startsWith("[")) (out[label] ||= []).push(spelling);
  }
  return out;
}
function liveCaret(field) {  // [start, end] of the field's own selection
  const at = field.selectionStart ?? field.value.length;
  return [at, field.selectionEnd ?? at];
}
function caretOf(field) {  // the field's caret: live while focused, else as it was left
  const kept = document.activeElement === field ? undefined : carets.get(field);
  return kept ? kept.map((i) => Math.min(i, field.value.length)) : liveCaret(field);
}
function typeLabel(label) {  // the label into the chosen field at its caret, as if typed
  const field = typingInto, [at, end] = caretOf(field);
  field.value = field.value.slice(0, at) + label + field.value.slice(end);
  field.setSelectionRange(at + label.length, at + label.length);
  carets.set(field, [at + label.length, at + label.length]);
}
async function showAlphabet() {  // the chosen lexicon's tiles a plain A-Z keyboard lacks, on the pad
  const result = await lexiApi("/api/words/alphabet?lexicon=" + encodeURIComponent(lexiconSelect.value));
  const pad = document.getElementById("pad"), typing = document.getElementById("typing");
  if (!result.ok) { document.getElementById("error").textContent = result.error; return; }
  const alphabet = result.data.alphabet;
  const special = Object.fromEntries(Object.entries(alphabet.labels).filter(([, label]) => !/^[A-Z]$/.test(label)));
  letterPad(pad, (key) => typeLabel(key), [["?", "?", "blank"]], { labels: special });
  pad.hidden = Object.keys(special).length === 0;
  const aliases = aliasesOf(alphabet);
  typing.textContent = Object.keys(aliases).length === 0 ? "" : "Type " +
    Object.entries(aliases).map(([label, ways]) => `${label} as ${ways.join(" or ")}`).join(", ") + ".";
}
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (value) params.set(key, value);
  const result = await lexiApi("/api/words/find?" + params);
  const body = document.querySelector("#results tbody");
  body.replaceChildren();
  document.getElementById("error").textContent = result.ok ? "" : result.error;
  document.getElementById("summary").textContent = result.ok ? `${result.data.count} words` : "";
  if (!result.ok) return;
  for (const w of result.data.words.slice(0, 500)) {
    const row = body.insertRow();
    const zipf = w.zipf === null ? "—" : w.zipf.toFixed(2);  // null: no frequencies in the lexicon's language
    for (const value of [w.shown, w.length, zipf, w.rank ?? ""]) row.insertCell().textContent = value;
  }
});
lexiconSelect.addEventListener("change", showAlphabet);
fillLexicons(lexiconSelect, new URLSearchParams(location.search).get("lexicon")).then(showAlphabet);
