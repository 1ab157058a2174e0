// Wordle play: the state lives here; the server holds the answer and computes every reply.
"use strict";
const state = { token: null, length: 5, max: 6, history: [], replies: [], typed: "", over: false, hard: false, busy: false };
const ahead = [];  // keys pressed while a guess is out or the game is starting: played in order once it is in
const boardEl = document.getElementById("board");
const message = document.getElementById("message");
const ROWS = ["QWERTYUIOP", "ASDFGHJKL", "⏎ZXCVBNM⌫"];
const COLOUR = { G: "green", Y: "yellow", ".": "grey" };

function drawBoard() {
  boardEl.replaceChildren();
  boardEl.style.setProperty("--cols", state.length);
  for (let r = 0; r < state.max; r++) {
    const row = lexiEl("div", { class: "row" });
    const word = r < state.history.length ? state.history[r] : r === state.history.length ? state.typed : "";
    for (let c = 0; c < state.length; c++) {
      const cell = lexiEl("div", { class: "cell", text: word[c] || "" });
      if (r < state.replies.length) cell.classList.add(COLOUR[state.replies[r][c]]);
      else if (word[c]) cell.classList.add("filled");
      row.append(cell);
    }
    boardEl.append(row);
  }
}

function drawKeyboard(keys = {}) {
  const pad = document.getElementById("keyboard");
  pad.replaceChildren();
  for (const line of ROWS) {
    const row = lexiEl("div", { class: "keys" });
    for (const ch of line) {
      const key = lexiEl("button", { type: "button", class: "key", "data-key": ch, text: ch });
      if (ch === "⏎") { key.textContent = "Enter"; key.classList.add("wide"); key.dataset.key = "Enter"; }
      if (ch === "⌫") { key.classList.add("wide"); key.dataset.key = "Backspace"; key.setAttribute("aria-label", "Backspace"); }
      if (keys[ch]) key.classList.add(COLOUR[keys[ch]]);
      key.addEventListener("click", () => press(key.dataset.key));
      key.tabIndex = -1;
      row.append(key);
    }
    pad.append(row);
  }
}

async function submit() {
  if (state.typed.length !== state.length) { message.textContent = `type a ${state.length}-letter word`; return; }
  state.busy = true;
  const token = state.token;
  const result = await lexiApi("/api/wordle/guess",
    { token, history: state.history, guess: state.typed, hard: state.hard });
  if (token !== state.token) return;  // a new game began meanwhile: this guess was for the old one
  state.busy = false;
  answered(result);
  replayAhead();
}
function replayAhead() {
  for (const key of ahead.splice(0)) press(key);  // an Enter among them queues the rest again
}
function answered(result) {
  if (!result.ok) {
    message.textContent = result.error;
    boardEl.children[state.history.length].classList.add("shake");
    setTimeout(() => boardEl.children[state.history.length]?.classList.remove("shake"), 500);
    return;
  }
  message.textContent = "";
  state.history.push(result.data.guess);
  state.replies.push(result.data.reply);
  state.typed = "";
  drawBoard();
  drawKeyboard(result.data.keyboard);
  if (result.data.over) finish(result.data);
}

function finish(data) {
  state.over = true;
  document.getElementById("result").hidden = false;
  document.getElementById("outcome").textContent = data.won
    ? `Solved in ${state.history.length}!` : `The answer was ${data.answer}.`;
  document.getElementById("share").value = data.share;
  Object.assign(document.getElementById("analyse"), { hidden: false, disabled: false });
}

// --- Analyse: the server grades the finished game (the same report as `lexigrid wordle grade --json`) ---
const gradeApi = lexiLatest();  // a new game begun while the analysis runs: its late reply is dropped
async function analyse() {
  const panel = document.getElementById("analysis"), error = document.getElementById("analysis-error");
  const body = document.querySelector("#analysis-table tbody");
  panel.hidden = false;
  body.replaceChildren();
  error.textContent = "";
  document.getElementById("analysis-summary").textContent = "analysing…";
  document.getElementById("analyse").disabled = true;
  const result = await gradeApi("/api/wordle/grade", { token: state.token, history: state.history, hard: state.hard });
  if (!result) return;
  document.getElementById("analyse").disabled = false;
  if (!result.ok) {
    document.getElementById("analysis-summary").textContent = "";
    error.textContent = result.error;
    return;
  }
  showGrade(result.data);
}
function showGrade(report) {
  document.getElementById("analysis-summary").textContent = report.summary;
  document.getElementById("analyse").hidden = true;
  const body = document.querySelector("#analysis-table tbody");
  body.replaceChildren(...report.guesses.map((g, i) => {
    const tiles = lexiEl("span", { class: "mini-tiles", "aria-label": `${g.guess} ${g.reply}` },
      ...[...g.guess].map((ch, c) => lexiEl("span", { class: "mini " + COLOUR[g.reply[c]], text: ch })));
    const row = lexiEl("tr", { "data-guess": g.guess });
    const cells = [String(i + 1), tiles, String(g.skill), String(g.luck),
      `${g.candidates_before.toLocaleString("en")} → ${g.candidates_after.toLocaleString("en")}`, g.best];
    for (const value of cells) row.append(lexiEl("td", {}, value));
    row.cells[5].title = g.measure;
    return row;
  }));
}
document.getElementById("analyse").addEventListener("click", analyse);

function press(key) {
  if (state.busy || !state.token) { ahead.push(key); return; }
  if (state.over) return;
  if (key === "Enter") { submit(); return; }
  if (key === "Backspace") state.typed = state.typed.slice(0, -1);
  else if (/^[a-zA-Z]$/.test(key) && state.typed.length < state.length) state.typed += key.toUpperCase();
  else return;
  message.textContent = "";
  drawBoard();
}

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Enter" || event.key === "Backspace" || /^[a-zA-Z]$/.test(event.key)) {
    event.preventDefault();
    press(event.key);
  }
});

const newGameApi = lexiLatest();  // a new game asked for while another is starting: the older reply is dropped
async function start(event) {
  event?.preventDefault();
  ahead.length = 0;  // keys typed for the old game
  const previous = state.token;
  state.token = null;
  const form = new FormData(document.getElementById("new-game"));
  const params = new URLSearchParams({ mode: form.get("mode") });
  if (form.get("mode") === "daily" && form.get("date")) params.set("date", form.get("date"));
  if (form.get("mode") === "seeded") params.set("seed", form.get("seed") || "0");
  const result = await newGameApi("/api/wordle/new?" + params);
  if (!result) return;
  if (!result.ok) {  // the game on the board goes on
    Object.assign(state, { token: previous, busy: false });
    ahead.length = 0;
    message.textContent = result.error;
    return;
  }
  Object.assign(state, { token: result.data.token, length: result.data.length, max: result.data.max_guesses,
    history: [], replies: [], typed: "", over: false, busy: false, hard: document.getElementById("hard").checked });
  document.getElementById("label").textContent = result.data.label + (state.hard ? " · hard mode" : "");
  document.getElementById("result").hidden = true;
  document.getElementById("analysis").hidden = true;
  gradeApi.drop();
  message.textContent = "";
  document.activeElement?.blur();
  drawBoard();
  drawKeyboard();
  replayAhead();  // keys typed while the game was starting
}

document.getElementById("new-game").addEventListener("submit", start);
document.getElementById("copy").addEventListener("click", () => navigator.clipboard?.writeText(document.getElementById("share").value));
const params = new URLSearchParams(location.search);
if (params.get("seed")) {
  document.querySelector("input[value=seeded]").checked = true;
  document.getElementById("seed").value = params.get("seed");
}
if (params.get("hard")) document.getElementById("hard").checked = true;
start();
