// Position analysis: paste a CGP or edit the board, enter a rack, a sortable move list, the move on the board.
"use strict";
const boardEl = document.getElementById("board");
const errorEl = document.getElementById("error");
let pos = null, cursor = null, across = true, moves = [], selected = null, sortKey = "rank", sortDir = 1;

function redraw() {
  const ghost = selected ? moveSquares(selected.paren, pos.board) : [];
  drawScrabbleBoard(boardEl, { premiums: pos.premiums, rows: pos.board, tileScores: pos.tile_scores, ghost, cursor, across,
    onClick: (r, c) => { if (cursor && cursor[0] === r && cursor[1] === c) across = !across; cursor = [r, c]; boardEl.focus(); redraw(); } });
}
function cgp() {
  const rack = document.getElementById("rack").value.toUpperCase().replace(/[^A-Z?]/g, "");
  return `${rowsToCgp(pos.board)} ${rack}/${pos.racks[1] || ""} ${pos.scores.join("/")} ${pos.zeros}`;
}
async function load(text) {
  const result = await lexiApi("/api/scrabble/show", { cgp: text });
  if (!result.ok) { errorEl.textContent = result.error; return false; }
  errorEl.textContent = "";
  pos = result.data;
  document.getElementById("rack").value = pos.racks[0];
  selected = null; moves = [];
  redraw(); fill();
  return true;
}
function setTile(r, c, tile) {
  const row = [...pos.board[r]];
  row[c] = tile;
  pos.board[r] = row.join("");
}
boardEl.addEventListener("keydown", (event) => {
  if (!cursor) return;
  const [r, c] = cursor, dim = pos.board.length;
  const step = (d) => { cursor = across ? [r, Math.min(dim - 1, Math.max(0, c + d))] : [Math.min(dim - 1, Math.max(0, r + d)), c]; };
  if (/^[a-zA-Z]$/.test(event.key)) { setTile(r, c, event.key.toUpperCase()); step(1); }
  else if (event.key === "*" && pos.board[r][c] !== ".") { const t = pos.board[r][c]; setTile(r, c, t === t.toUpperCase() ? t.toLowerCase() : t.toUpperCase()); }
  else if (event.key === "Backspace") { if (pos.board[r][c] === ".") step(-1); setTile(cursor[0], cursor[1], "."); }
  else if (event.key === "Delete" || event.key === ".") setTile(r, c, ".");
  else if (event.key === " ") across = !across;
  else if (event.key.startsWith("Arrow")) {
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    cursor = [Math.min(dim - 1, Math.max(0, r + dr)), Math.min(dim - 1, Math.max(0, c + dc))];
  } else return;
  event.preventDefault();
  selected = null;
  document.getElementById("cgp").value = cgp();
  redraw();
});

async function analyse(event) {
  event?.preventDefault();
  const text = cgp();
  document.getElementById("cgp").value = text;
  document.getElementById("summary").textContent = "generating moves…";
  const result = await lexiApi("/api/scrabble/moves", { cgp: text, top: 200, sort: "equity" });
  if (!result.ok) { errorEl.textContent = result.error; document.getElementById("summary").textContent = ""; return; }
  errorEl.textContent = "";
  pos.cgp = text;
  moves = result.data.moves.map((m, i) => ({ ...m, rank: i + 1 }));
  document.getElementById("summary").textContent =
    `${result.data.count.toLocaleString()} placements and ${result.data.exchanges} exchanges in ${result.data.elapsed_ms.toFixed(1)} ms; the best ${moves.length} by equity`;
  sortKey = "rank"; sortDir = 1;
  fill();
  const first = moves.find((m) => !m.move.startsWith("-"));
  if (first) select(first);
}
function fill() {
  const body = document.querySelector("#moves tbody");
  body.replaceChildren();
  const sorted = [...moves].sort((a, b) => (a[sortKey] > b[sortKey] ? 1 : a[sortKey] < b[sortKey] ? -1 : 0) * sortDir);
  for (const m of sorted) {
    const tr = body.insertRow();
    if (m === selected) tr.classList.add("selected");
    for (const v of [m.rank, m.paren, m.score, m.equity.toFixed(1), m.leave]) tr.insertCell().textContent = v;
    tr.addEventListener("click", () => select(m));
  }
  document.querySelectorAll("#moves th").forEach((th) => {
    th.dataset.sorted = th.dataset.key === sortKey ? (sortDir > 0 ? "▲" : "▼") : "";
  });
}
async function select(m) {
  selected = m;
  fill(); redraw();
  const panel = document.getElementById("breakdown");
  if (m.move.startsWith("-")) { panel.hidden = false; panel.textContent = m.move === "-" ? "Pass" : `Exchange ${m.move.slice(1)}: keeps ${m.leave || "nothing"}`; return; }
  const result = await lexiApi("/api/scrabble/explain", { cgp: pos.cgp || cgp(), move: m.paren });
  panel.hidden = false;
  if (!result.ok) { panel.textContent = result.error; return; }
  panel.replaceChildren(lexiEl("h3", { text: `${result.data.paren} — ${result.data.score} points` }));
  for (const w of result.data.words) {
    const parts = w.squares.map((s) => `${s.tile.toUpperCase()}${s.value}${s.letter_multiplier > 1 ? "×" + s.letter_multiplier : ""}`);
    const line = `${w.word}: ${parts.join(" + ")} = ${w.letters}${w.word_multiplier > 1 ? ` × ${w.word_multiplier} = ${w.score}` : ""}`;
    panel.append(lexiEl("div", { class: "bd-line", text: line }));
  }
  if (result.data.bingo) panel.append(lexiEl("div", { class: "bd-line", text: `bingo (all seven tiles): +${result.data.bingo}` }));
}
document.querySelectorAll("#moves th").forEach((th) => th.addEventListener("click", () => {
  if (sortKey === th.dataset.key) sortDir = -sortDir; else { sortKey = th.dataset.key; sortDir = ["score", "equity"].includes(sortKey) ? -1 : 1; }
  fill();
}));
document.getElementById("cgp-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  document.getElementById("summary").textContent = "loading…";
  if (await load(document.getElementById("cgp").value)) analyse();
});
document.getElementById("rack-form").addEventListener("submit", analyse);
const start = new URLSearchParams(location.search).get("cgp");
if (start) document.getElementById("cgp").value = start;
load(document.getElementById("cgp").value).then((ok) => { if (ok) analyse(); });
