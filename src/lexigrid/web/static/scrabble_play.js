// Play against the computer: the server keeps (and saves) the game; this page places tiles and shows it.
"use strict";
const boardEl = document.getElementById("board");
const errorEl = document.getElementById("error");
let game = null, placed = [], cursor = null, across = true, rackOrder = "", tileScores = {}, premiums = null;
let sending = false;  // a move is out: another click of Play (or Pass...) waits for its answer, not resends
const gameApi = lexiLatest();  // a new or resumed game: the last asked for is shown
const hintApi = lexiLatest();  // a hint for the position shown: dropped when the game moves on
const savedApi = lexiLatest();  // the saved games' list

function rackLeft() {
  const left = [...rackOrder];
  for (const p of placed) { const i = left.indexOf(p.blank ? "?" : p.tile); if (i >= 0) left.splice(i, 1); }
  return left;
}
function draw() {
  if (!game || !premiums) return;
  const last = game.last_move && game.last_move.kind === "place" ? moveSquares(game.last_move.notation, emptyRows()) : [];
  const lastSet = new Set(last.map((s) => `${s.row},${s.col}`));
  drawScrabbleBoard(boardEl, { premiums, rows: game.board, tileScores, ghost: placed.map((p) => ({ row: p.row, col: p.col, tile: p.blank ? p.tile.toLowerCase() : p.tile })),
    cursor, across, onClick: (r, c) => { if (cursor && cursor[0] === r && cursor[1] === c) across = !across; cursor = [r, c]; boardEl.focus(); draw(); } });
  for (const key of lastSet) boardEl.querySelector(`[data-square="${key}"]`)?.classList.add("last");
  const rack = document.getElementById("rack");
  rack.replaceChildren(...rackLeft().map((t) => lexiEl("span", { class: "tile rtile", text: t === "?" ? " " : t, title: t === "?" ? "blank" : "" },
    lexiEl("sub", { text: t === "?" ? "" : String(tileScores[t] ?? "") }))));
  const me = game.human;
  const scores = document.getElementById("scores");
  scores.replaceChildren(...game.players.map((p, i) => {
    const tr = lexiEl("tr", { class: i === game.to_move && !game.over ? "to-move" : "" });
    tr.append(lexiEl("td", { text: p.name }), lexiEl("td", { class: "score", text: String(p.score) }),
      lexiEl("td", { class: "muted", text: i === me ? "" : `${p.tiles} tiles` }));
    return tr;
  }));
  controls();
  const status = game.over ? `Game over: ${game.verdict}.`
    : `${game.bag} tiles in the bag · game ${game.id}` + (game.saved ? " (saved after every move)" : " (saved from your first move)");
  document.getElementById("status").textContent = status;
  document.getElementById("challenge-btn").hidden = !(game.can_challenge && game.challenge !== "void");
  document.getElementById("accept-btn").hidden = game.awaiting !== "challenge-or-accept";
  const log = document.querySelector("#log tbody");
  log.replaceChildren();
  for (const m of game.moves) {  // another player's rack is null (hidden) until the game is over
    const tr = log.insertRow();
    for (const v of [game.players[m.player].name, m.rack ?? "", moveText(m), m.score, m.total]) tr.insertCell().textContent = v;
  }
  log.parentElement.parentElement.scrollTop = 1e6;
}
function controls() {  // what the person may do now: nothing while a move is out, the game is over or not theirs
  const mine = !sending && !game.over && game.to_move === game.human;
  const moving = mine && game.awaiting === "move";
  for (const id of ["play", "recall", "shuffle", "pass", "hint"]) document.getElementById(id).disabled = !moving;
  const exchange = moving && game.bag >= 7;
  document.getElementById("exchange").disabled = document.getElementById("exchange-tiles").disabled = !exchange;
  document.getElementById("exchange").title = moving && !exchange ? `exchanges need at least 7 tiles in the bag; it holds ${game.bag}` : "";
  document.getElementById("challenge-btn").disabled = document.getElementById("accept-btn").disabled = !mine;
}
function moveText(m) {  // an exchange: its tiles when they are ours, else only how many (`-3`)
  return m.kind === "exchange" ? `exchanges ${m.move.slice(1)}` : m.notation;
}
function emptyRows() {  // the board before the last move's tiles, so moveSquares finds them as new
  const rows = game.board.map((r) => [...r]);
  const m = game.last_move;
  if (!m || m.kind !== "place") return game.board;
  const [coord, gcg] = m.move.split(" ");
  let row, col, down = false, x = /^(\d+)([A-Z])$/.exec(coord);
  if (x) { row = +x[1] - 1; col = COLUMNS.indexOf(x[2]); } else { x = /^([A-Z])(\d+)$/.exec(coord); col = COLUMNS.indexOf(x[1]); row = +x[2] - 1; down = true; }
  [...gcg].forEach((ch, i) => { if (ch !== ".") rows[row + (down ? i : 0)][col + (down ? 0 : i)] = "."; });
  return rows.map((r) => r.join(""));
}
function show(state) {
  game = state; placed = []; rackOrder = state.players[state.human].rack || "";
  errorEl.textContent = "";
  document.getElementById("exchange-tiles").value = "";  // the last exchange's letters are spent
  if (hintApi.drop()) document.getElementById("hints").textContent = "";  // it was for the position before
  history.replaceState(null, "", "?game=" + state.id);
  draw();
  listSaved();
}
async function send(body) {
  if (sending) return;
  sending = true; controls();
  const id = game.id;
  const result = await lexiApi(`/api/scrabble/games/${id}/move`, body);
  sending = false;
  if (!game || game.id !== id) return;  // another game was opened meanwhile
  controls();
  if (!result.ok) { errorEl.textContent = result.error; return; }
  show(result.data);
  document.getElementById("hints").textContent = result.data.new_moves.filter((m) => m.player !== game.human)
    .map((m) => `${game.players[m.player].name} ${m.kind === "place" ? `played ${m.notation} for ${m.score}` : m.kind === "pass" ? "passed" : moveText(m)}`).join("; ");
}
boardEl.addEventListener("keydown", (event) => {
  if (!game || !cursor || game.over) return;
  const dim = game.board.length;
  const step = (d) => {
    let [r, c] = cursor;
    do { if (across) c += d; else r += d; } while (r >= 0 && c >= 0 && r < dim && c < dim && game.board[r][c] !== ".");
    if (r >= 0 && c >= 0 && r < dim && c < dim) cursor = [r, c];
  };
  if (/^[a-zA-Z]$/.test(event.key)) {
    const [r, c] = cursor;
    if (game.board[r][c] !== "." || placed.some((p) => p.row === r && p.col === c)) return;
    const letter = event.key.toUpperCase(), left = rackLeft();
    const blank = !left.includes(letter);
    if (blank && !left.includes("?")) { errorEl.textContent = `no ${letter} (and no blank) on your rack`; return; }
    placed.push({ row: r, col: c, tile: letter, blank });
    errorEl.textContent = "";
    step(1);
  } else if (event.key === "Backspace") { const p = placed.pop(); if (p) cursor = [p.row, p.col]; }
  else if (event.key === " ") across = !across;
  else if (event.key === "Enter") { play(); }
  else if (event.key.startsWith("Arrow")) {
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    cursor = [Math.min(dim - 1, Math.max(0, cursor[0] + dr)), Math.min(dim - 1, Math.max(0, cursor[1] + dc))];
  } else return;
  event.preventDefault();
  draw();
});
function play() {
  if (!placed.length) { errorEl.textContent = "place some tiles first: click a square and type"; return; }
  send({ tiles: placed.map((p) => [p.row, p.col, p.blank ? p.tile.toLowerCase() : p.tile]) });
}
async function newGame(event) {
  event?.preventDefault();
  const result = await gameApi("/api/scrabble/games", { level: document.getElementById("level").value,
    challenge: document.getElementById("challenge").value, computer_first: document.getElementById("computer-first").checked });
  if (!result) return;
  if (!result.ok) { errorEl.textContent = result.error; return; }
  show(result.data);
  cursor = [7, 7]; draw();
}
async function resume(id) {
  const result = await gameApi(`/api/scrabble/games/${id}`);
  if (!result) return;
  if (!result.ok) { errorEl.textContent = result.error; return; }
  show(result.data);
}
async function listSaved() {  // resume or delete: the latest 30 saved games
  const result = await savedApi("/api/scrabble/games");
  if (!result || !result.ok) return;
  const list = document.getElementById("saved");
  document.getElementById("saved-count").textContent = String(result.data.games.length);
  list.replaceChildren(...result.data.games.slice(0, 30).map((g) => {
    const when = new Date(g.updated * 1000).toLocaleString();
    const who = g.players.map((p, i) => `${p.replace(/ \(human\)$/, "")} ${g.scores[i]}`).join(" · ");
    const current = game && g.id === game.id;
    const resumeButton = lexiEl("button", { type: "button", class: "secondary", text: current ? "This game" : "Resume" });
    resumeButton.disabled = current;
    resumeButton.addEventListener("click", () => resume(g.id));
    const deleteButton = lexiEl("button", { type: "button", class: "secondary danger", text: "Delete", "aria-label": `delete game ${g.id}` });
    deleteButton.addEventListener("click", () => deleteGame(g.id));
    return lexiEl("li", { "data-game": g.id }, lexiEl("span", { class: "saved-who", text: who }),
      lexiEl("span", { class: "muted small", text: `${g.moves} moves · ${g.status === "over" ? "over" : "playing"} · ${when}` }),
      lexiEl("span", { class: "saved-actions" }, resumeButton, deleteButton));
  }));
}
async function deleteGame(id) {
  if (!confirm(`Delete saved game ${id}? This cannot be undone.`)) return;
  const result = await lexiApi(`/api/scrabble/games/${id}`, undefined, "DELETE");
  if (!result.ok) { errorEl.textContent = result.error; return; }
  if (game && game.id === id) newGame(); else listSaved();
}
document.getElementById("new-form").addEventListener("submit", newGame);
document.getElementById("play").addEventListener("click", play);
document.getElementById("recall").addEventListener("click", () => { placed = []; draw(); });
document.getElementById("shuffle").addEventListener("click", () => { rackOrder = [...rackOrder].sort(() => Math.random() - 0.5).join(""); draw(); });
document.getElementById("pass").addEventListener("click", () => send({ action: "-" }));
document.getElementById("exchange").addEventListener("click", () => {
  const tiles = document.getElementById("exchange-tiles").value.toUpperCase().replace(/\s/g, "");
  if (!tiles) { errorEl.textContent = "type the tiles to exchange in the box first (? for a blank)"; return; }
  send({ action: "-" + tiles });
});
document.getElementById("challenge-btn").addEventListener("click", () => send({ action: "challenge" }));
document.getElementById("accept-btn").addEventListener("click", () => send({ action: "accept" }));
document.getElementById("hint").addEventListener("click", async () => {
  const hints = document.getElementById("hints");
  hints.textContent = "thinking…";
  const result = await hintApi(`/api/scrabble/games/${game.id}/hint`);
  if (!result) return;
  if (!result.ok) { hints.textContent = result.error; return; }
  const eg = result.data.endgame;
  if (!eg) { hints.textContent = "Best: " + result.data.moves.map((m) => `${m.paren} (${m.score})`).join(", "); return; }
  // the bag is empty: the solved endgame, the best sequence for both sides
  const names = [game.players[game.to_move].name, game.players[(game.to_move + 1) % game.players.length].name];
  const line = eg.pv.map((p) => `${names[p.player]} ${p.move === "-" ? "pass" : p.paren} (${p.score})`).join(", ");
  hints.textContent = `Endgame ${eg.exact ? "solved" : "searched (best found so far, not proven)"}: ` +
    `spread ${eg.value > 0 ? "+" : ""}${eg.value} for you with best play. Best sequence: ${line}` +
    (eg.end === "out" ? ", out." : eg.end === "scoreless" ? ", six scoreless turns." : ", …");
});
(async () => {
  const show0 = await lexiApi("/api/scrabble/show", { cgp: "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15" });
  premiums = show0.data.premiums; tileScores = show0.data.tile_scores;
  const id = new URLSearchParams(location.search).get("game");
  if (id) resume(id); else newGame();
})();
