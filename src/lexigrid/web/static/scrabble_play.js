// Play against the computer: the server keeps (and saves) the game; this page places tiles and shows it.
"use strict";
const boardEl = document.getElementById("board");
const errorEl = document.getElementById("error");
let game = null, placed = [], cursor = null, across = true, rackOrder = "", tileScores = {}, premiums = null;
let alphabet = ENGLISH_ALPHABET;  // the game's tile set's alphabet: tiles are glyphs, shown by their labels
let sending = null;  // the game whose move is out: another click of Play (or Pass...) waits for its answer, not resends
// Placing tiles by touch (or mouse): tap a rack tile then a square, or tap a square (the arrow) then rack
// tiles; drag a rack tile onto a square; tap a tile placed this turn to take it back.
let picked = null;  // the rack tile picked up (its place in rackLeft()): it goes on the next square tapped
let blankAt = null;  // the square a blank is going on while its letter is picked from the on-screen row
let drag = null;  // a rack tile being dragged: { index, x, y, floating }
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
  const last = game.last_move && game.last_move.kind === "place" ? moveSquares(game.last_move.notation, emptyRows(), alphabet) : [];
  const lastSet = new Set(last.map((s) => `${s.row},${s.col}`));
  drawScrabbleBoard(boardEl, { premiums, rows: game.board, tileScores, alphabet, ghost: placed.map((p) => ({ row: p.row, col: p.col, tile: p.blank ? p.tile.toLowerCase() : p.tile })),
    cursor, across, onClick: tapSquare });
  for (const key of lastSet) boardEl.querySelector(`[data-square="${key}"]`)?.classList.add("last");
  document.getElementById("rack").replaceChildren(...rackLeft().map(rackTile));
  const picker = document.getElementById("blank-picker");
  picker.hidden = blankAt === null;
  if (blankAt) picker.querySelector(".pad-label").textContent = `The blank on ${COLUMNS[blankAt.c]}${blankAt.r + 1} is`;
  const me = game.human;
  const scores = document.getElementById("scores");
  scores.replaceChildren(...game.players.map((p, i) => {
    const tr = lexiEl("tr", { class: i === game.to_move && !game.over ? "to-move" : "" });
    tr.append(lexiEl("td", { text: p.name }), lexiEl("td", { class: "score", text: String(p.score) }),
      lexiEl("td", { class: "muted", text: i === me ? "" : lexiCount(p.tiles, "tile") + clockText(p.clock_left) }));
    return tr;
  }));
  controls();
  const status = game.over ? `Game over: ${game.verdict}.`
    : `${lexiCount(game.bag, "tile")} in the bag · ${game.lexicon} · game ${game.id}` + (game.saved ? " (saved after every move)" : " (saved from your first move)");
  document.getElementById("status").textContent = status;
  document.getElementById("review-game").hidden = !(game.over && game.saved);  // the review reads the saved game
  document.getElementById("review-link").href = `/scrabble/review?game=${encodeURIComponent(game.id)}`;
  document.getElementById("challenge-btn").hidden = !(game.can_challenge && game.challenge !== "void");
  document.getElementById("accept-btn").hidden = game.awaiting !== "challenge-or-accept";
  const log = document.querySelector("#log tbody");
  log.replaceChildren();
  for (const m of game.moves) {  // another player's rack is null (hidden) until the game is over
    const tr = log.insertRow();
    for (const v of [game.players[m.player].name, tilesText(alphabet, m.rack ?? ""), moveText(m), m.score, m.total]) tr.insertCell().textContent = v;
  }
  log.parentElement.parentElement.scrollTop = 1e6;
}
function clockText(left) {  // a computer's game clock: the time left on it, m:ss
  if (left === null || left === undefined) return "";
  const s = Math.max(0, Math.round(left));  // whole seconds, as the CLI rounds them
  return ` · clock ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} left`;
}
function rackTile(tile, index) {  // a rack tile: a button to tap (or press), and to drag onto the board
  const label = tile === "?" ? "" : tileLabel(alphabet, tile);
  const el = lexiEl("button", { type: "button", class: "tile rtile" + (index === picked ? " picked" : "") + (label.length > 1 ? " multi" : ""), "data-tile": tile,
    text: tile === "?" ? " " : label, "aria-label": tile === "?" ? "blank" : `${label}, ${tileScores[tile] ?? 0} point${tileScores[tile] === 1 ? "" : "s"}` },
  lexiEl("sub", { text: tile === "?" ? "" : String(tileScores[tile] ?? "") }));
  el.addEventListener("click", (event) => { if (event.detail === 0) tapRackTile(index); });  // Enter or Space on it
  el.addEventListener("pointerdown", (event) => {
    if (event.button > 0) return;
    drag = { index, x: event.clientX, y: event.clientY, floating: null };
    el.setPointerCapture(event.pointerId);
  });
  el.addEventListener("pointermove", (event) => {
    if (!drag) return;
    if (!drag.floating && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
    if (!drag.floating) { drag.floating = el.cloneNode(true); drag.floating.classList.add("dragging"); document.body.append(drag.floating); }
    drag.floating.style.left = `${event.clientX - 20}px`;
    drag.floating.style.top = `${event.clientY - 20}px`;
  });
  el.addEventListener("pointerup", (event) => {
    const was = drag;
    drag = null;
    if (!was) return;
    if (!was.floating) { tapRackTile(index); return; }  // a tap (or a click)
    was.floating.remove();
    const square = document.elementFromPoint(event.clientX, event.clientY)?.closest("#board [data-square]");
    if (square) dropOn(index, ...square.dataset.square.split(",").map(Number));
  });
  el.addEventListener("pointercancel", () => { drag?.floating?.remove(); drag = null; });
  return el;
}
function free(r, c) { return game.board[r][c] === "." && !placed.some((p) => p.row === r && p.col === c); }
function mayPlace() { return game && !game.over && game.to_move === game.human && game.awaiting === "move"; }
function advance() {  // the arrow moves on to the next free square its way (it stays at the board's edge)
  const dim = game.board.length;
  let [r, c] = cursor;
  do { if (across) c += 1; else r += 1; } while (r < dim && c < dim && !free(r, c));
  if (r < dim && c < dim) cursor = [r, c];
}
function put(tile, r, c, arrow) {  // a rack tile onto a free square; a blank first asks for its letter. Placed at
  // the arrow, the arrow moves on; placed by picking or dragging, no arrow is left (the next tile is picked up)
  cursor = arrow ? [r, c] : null;
  if (tile === "?") { blankAt = { r, c, arrow }; return; }
  placed.push({ row: r, col: c, tile, blank: false });
  errorEl.textContent = "";
  if (arrow) advance();
}
function padBlank(key) { pickBlank(key === "Escape" ? key : keyTile(alphabet, key)); }  // a pad key: a label
function pickBlank(letter) {  // the letter the blank being placed stands for (Cancel: none)
  if (!blankAt) return;
  const { r, c, arrow } = blankAt;
  blankAt = null;
  if (letter !== "Escape") {
    placed.push({ row: r, col: c, tile: letter, blank: true });
    if (arrow) { cursor = [r, c]; advance(); }
  }
  draw();
}
function tapRackTile(index) {  // with the arrow on a free square: the tile goes there; else it is picked up
  if (!mayPlace()) return;
  blankAt = null;
  if (picked === null && cursor && free(...cursor)) put(rackLeft()[index], ...cursor, true);
  else picked = picked === index ? null : index;
  draw();
}
function dropOn(index, r, c) {  // a rack tile dragged onto a square
  picked = null; blankAt = null;
  if (mayPlace() && free(r, c)) put(rackLeft()[index], r, c, false);
  draw();
}
function tapSquare(r, c) {  // put the picked tile here, take back a tile placed this turn, or set the arrow
  if (!game) return;
  blankAt = null;
  const mine = placed.findIndex((p) => p.row === r && p.col === c);
  if (picked !== null) {
    const tile = rackLeft()[picked];
    picked = null;
    if (mayPlace() && free(r, c)) put(tile, r, c, false);
  } else if (mine >= 0) {
    placed.splice(mine, 1);
    cursor = [r, c];
  } else {
    if (cursor && cursor[0] === r && cursor[1] === c) across = !across;
    cursor = [r, c];
  }
  boardEl.focus({ preventScroll: true });
  draw();
}
function controls() {  // what the person may do now: nothing while a move is out, the game is over or not theirs
  const busy = sending === game.id;
  const mine = !busy && !game.over && game.to_move === game.human;
  const moving = mine && game.awaiting === "move";
  for (const id of ["play", "recall", "shuffle", "pass", "hint"]) document.getElementById(id).disabled = !moving;
  const exchange = moving && !game.exchange_refused;  // the umpire's rule and words (referee.exchange_refusal)
  document.getElementById("exchange").disabled = document.getElementById("exchange-tiles").disabled = !exchange;
  document.getElementById("exchange").title = moving && !exchange ? game.exchange_refused : "";
  document.getElementById("challenge-btn").disabled = document.getElementById("accept-btn").disabled = !mine;
  document.getElementById("computer-move").hidden = busy || game.over || game.to_move === game.human;  // its move failed
}
function moveText(m) {  // an exchange: its tiles when they are ours, else only how many (`-3`)
  return m.kind === "exchange" ? `exchanges ${tilesText(alphabet, m.move.slice(1))}` : tilesText(alphabet, m.paren);
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
  if (game && game.id !== state.id && sending) { sending = null; thinking(null); }  // another game's move: forgotten here
  game = state; placed = []; rackOrder = state.players[state.human].rack || "";
  premiums = state.rules.premiums; tileScores = state.rules.tile_scores;
  chooseLexicon(document.getElementById("lexicon"), state.lexicon);  // the next game's choices start from this one's
  const boardChoice = document.getElementById("board-layout");
  if ([...boardChoice.options].some((o) => o.value === state.rules.layout)) boardChoice.value = state.rules.layout;
  if (alphabet.name !== state.rules.alphabet.name || !alphabet.spellings) {
    alphabet = state.rules.alphabet;
    letterPad(document.getElementById("blank-picker-keys"), padBlank, [["Escape", "Cancel", "cancel the blank"]], alphabet);
  }
  cursor = null; picked = null; blankAt = null;  // a new position: tap (or click) where the next word goes
  errorEl.textContent = "";
  document.getElementById("exchange-tiles").value = "";  // the last exchange's letters are spent
  if (hintApi.drop()) document.getElementById("hints").textContent = "";  // it was for the position before
  history.replaceState(null, "", "?game=" + state.id);
  draw();
  listSaved();
  if (state.computer_moving) awaitComputer(state.id);
}
let thinkingTimer = null, thinkingPoll = null;
const THINKING_POLL_MS = 1000;  // how often the page asks what the computer is doing while it moves
function thinking(name, gameId, onDone) {  // while the computer's reply is awaited: who is thinking, and for how long so far;
  clearInterval(thinkingTimer); thinkingTimer = null;  // for a game the page holds, what it does (the server's reports);
  // with `onDone`, it is called once the server says the move is no longer out (the page did not ask for it)
  clearTimeout(thinkingPoll); thinkingPoll = null;
  const hints = document.getElementById("hints");
  if (!name) { if (hints.dataset.thinking) hints.textContent = ""; delete hints.dataset.thinking; return; }
  const started = Date.now();
  let latest = null, heard = 0;  // the latest report and when it came
  const say = () => {
    hints.textContent = latest ? thinkingText(latest, (Date.now() - heard) / 1000)
      : `${name} is thinking… ${Math.floor((Date.now() - started) / 1000)} s`;
  };
  hints.dataset.thinking = "true"; say();
  const timer = thinkingTimer = setInterval(say, 1000);
  if (!gameId) return;
  const poll = async () => {
    const result = await lexiApi(`/api/scrabble/games/${gameId}/thinking`);
    if (thinkingTimer !== timer) return;  // the move came meanwhile
    if (onDone && (!result.ok || !result.data.moving)) { onDone(); return; }
    if (result.ok && result.data.thinking) { latest = result.data.thinking; heard = Date.now(); say(); }
    thinkingPoll = setTimeout(poll, THINKING_POLL_MS);
  };
  thinkingPoll = setTimeout(poll, THINKING_POLL_MS / 2);
}
function thinkingText(report, since) {  // the terminal's thinking line from the same report, `since` s after it came:
  // `Computer is simulating 15 plays, 2 plies deep — 4 s of 23 s · best so far 54.3 % (1,230 play-outs, 91 % sure) · clock 3:10 left`
  const name = game.players[report.player]?.name ?? "The computer";
  let text = `${name} is ${report.task} — ${Math.floor(report.elapsed + since)} s`;
  if (report.budget !== null) text += ` of ${Math.round(report.budget)} s`;
  const leader = report.leader;
  if (leader) {
    text += ` · ${leader.move ? `leader ${leader.move}` : "best so far"} ${leader.said}`;  // the library's words
  }
  return text + (report.clock_left === null ? "" : clockText(report.clock_left - since));
}
function computerName() { return game.players.find((_, i) => i !== game.human)?.name ?? "The computer"; }
function send(body) { return computerTurn(`/api/scrabble/games/${game.id}/move`, body); }  // the person's move
function letComputerMove() { return computerTurn(`/api/scrabble/games/${game.id}/computer`, {}); }
async function computerTurn(url, body) {  // a request the computer answers with its moves: what it thinks meanwhile, then what it did
  const id = game.id;
  if (sending === id) return;
  sending = id; controls();
  thinking(computerName(), id);
  const result = await lexiApi(url, body);
  if (sending !== id) return;  // another game was shown meanwhile, which forgot this move
  sending = null;
  thinking(null);
  controls();
  if (!result.ok) {
    if (result.status >= 500) await resume(id);  // the computer's move failed: the person's move stands
    errorEl.textContent = result.error;
    return;
  }
  show(result.data);
  tellMoves(result.data.new_moves);
}
async function awaitComputer(id) {  // a computer move already out (the page was opened mid-move): its thinking, then the game after it
  if (sending === id) return;
  sending = id; controls();
  const before = game.moves.length;
  await new Promise((done) => thinking(computerName(), id, done));
  if (sending !== id) return;  // another game was shown meanwhile
  sending = null;
  thinking(null);
  await resume(id);
  if (game && game.id === id) tellMoves(game.moves.slice(before));
}
function tellMoves(moves) {  // what the computer did: `Computer played W(OR)D for 24`
  document.getElementById("hints").textContent = moves.filter((m) => m.player !== game.human)
    .map((m) => `${game.players[m.player].name} ${m.kind === "place" ? `played ${tilesText(alphabet, m.paren)} for ${m.score}` : m.kind === "pass" ? "passed" : moveText(m)}`).join("; ");
}
boardEl.addEventListener("keydown", (event) => {
  if (!game || game.over || event.ctrlKey || event.metaKey || event.altKey) return;
  if (blankAt) {  // the letter of the blank being placed
    const letter = keyTile(alphabet, event.key);
    if (letter || event.key === "Escape") { event.preventDefault(); pickBlank(letter || "Escape"); }
    return;
  }
  const dim = game.board.length;
  if (!cursor) {
    if (!event.key.startsWith("Arrow")) return;
    cursor = [Math.floor(dim / 2), Math.floor(dim / 2)];  // the arrow keys bring the arrow out, at the centre
    event.preventDefault(); draw(); return;
  }
  const letter = keyTile(alphabet, event.key);  // a letter, or a one-key alias (Catalan W for L·L)
  if (letter) {
    const [r, c] = cursor;
    if (!free(r, c) || !mayPlace()) return;
    const left = rackLeft();
    const blank = !left.includes(letter);
    if (blank && !left.includes("?")) { errorEl.textContent = `no ${tileLabel(alphabet, letter)} (and no blank) on your rack`; return; }
    placed.push({ row: r, col: c, tile: letter, blank });
    errorEl.textContent = "";
    advance();
  } else if (event.key === "Backspace") { const p = placed.pop(); if (p) cursor = [p.row, p.col]; }
  else if (event.key === " ") across = !across;
  else if (event.key === "Enter") { play(); }
  else if (event.key === "Escape") { picked = null; }
  else if (event.key.startsWith("Arrow")) {
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    cursor = [Math.min(dim - 1, Math.max(0, cursor[0] + dr)), Math.min(dim - 1, Math.max(0, cursor[1] + dc))];
  } else return;
  event.preventDefault();
  draw();
});
function play() {
  if (!placed.length) { errorEl.textContent = "place some tiles first: tap a tile then a square (or tap a square and type)"; return; }
  send({ tiles: placed.map((p) => [p.row, p.col, tileLabel(alphabet, p.blank ? p.tile.toLowerCase() : p.tile)]) });  // labels
}
async function newGame(event) {
  event?.preventDefault();
  const level = document.getElementById("level").value;
  const minutes = Number(document.getElementById("clock-minutes").value);
  const request = { level, challenge: document.getElementById("challenge").value,
    computer_first: document.getElementById("computer-first").checked };
  const board = document.getElementById("board-layout").value;
  if (board === "file") {  // another board: the layout file's text, read by the server (a bad square named)
    const file = document.getElementById("layout-file").files[0];
    if (!file) { errorEl.textContent = "choose a layout file first (one line per row: . d t q D T Q *)"; return; }
    request.layout = await file.text();
  } else request.board = board;
  const lexicon = document.getElementById("lexicon").value;
  if (lexicon) request.lexicon = lexicon;
  if ((level === "sim" || level === "best") && minutes > 0) request.clock_minutes = minutes;
  if (request.computer_first) request.computer_moves = false;  // it moves next, the page showing what it thinks
  const result = await gameApi("/api/scrabble/games", request);
  if (!result) return;
  if (!result.ok) { errorEl.textContent = result.error; return; }
  show(result.data);
  if (request.computer_first) await letComputerMove();
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
document.getElementById("board-layout").addEventListener("change", (event) => {
  document.getElementById("layout-file-label").hidden = event.target.value !== "file";
});
document.getElementById("play").addEventListener("click", play);
document.getElementById("recall").addEventListener("click", () => { placed = []; picked = null; blankAt = null; draw(); });
document.getElementById("shuffle").addEventListener("click", () => { picked = null; rackOrder = [...rackOrder].sort(() => Math.random() - 0.5).join(""); draw(); });
letterPad(document.getElementById("blank-picker-keys"), padBlank, [["Escape", "Cancel", "cancel the blank"]], alphabet);
document.getElementById("pass").addEventListener("click", () => send({ action: "-" }));
document.getElementById("computer-move").addEventListener("click", letComputerMove);
document.getElementById("exchange").addEventListener("click", () => {
  const tiles = document.getElementById("exchange-tiles").value.toUpperCase().replace(/\s/g, "");
  if (!tiles) { errorEl.textContent = "type the tiles to exchange in the box first (? for a blank)"; return; }
  send({ action: "-" + tiles });
});
document.getElementById("challenge-btn").addEventListener("click", () => send({ action: "challenge" }));
document.getElementById("accept-btn").addEventListener("click", () => send({ action: "accept" }));
// a few tiles in the bag: the pre-endgame solver's plays, each with its chance to win over the bag's scenarios
function preEndgameHint(peg, byEquity) {
  const head = `Pre-endgame (${peg.bag} in the bag) ${peg.exact ? "solved" : peg.verdict}`;
  if (!peg.plays.length) return `${head}: no play judged in time. ${byEquity}`;
  const pct = (p) => `${p.bound === "exact" ? "" : "≥ "}${p.win_pct.toFixed(1)} % to win`;
  const [best, ...others] = peg.plays;
  const draws = best.draws ? `, ${best.draws} drawn` : "";
  const loses = best.losing_bag_tiles.length ? ` It loses when the bag holds ${best.losing_bag_tiles.join(", ")}.` : "";
  const rest = others.length ? ` Next: ${others.map((p) => `${p.paren} ${pct(p)}`).join(", ")}.` : "";
  return `${head}: best ${best.paren} (${best.score}), ${pct(best)}: ${best.wins} of ${best.scenarios} scenarios won${draws}.${loses}${rest}`;
}
document.getElementById("hint").addEventListener("click", async () => {
  const hints = document.getElementById("hints");
  hints.textContent = "thinking…";
  const result = await hintApi(`/api/scrabble/games/${game.id}/hint`);
  if (!result) return;
  if (!result.ok) { hints.textContent = result.error; return; }
  const eg = result.data.endgame;
  const byEquity = "Best: " + result.data.moves.map((m) => `${m.paren} (${m.score})`).join(", ");
  if (result.data.pre_endgame) { hints.textContent = preEndgameHint(result.data.pre_endgame, byEquity); return; }
  if (!eg) { hints.textContent = byEquity + (result.data.inference ? ` · ${lexiSentence(result.data.inference.notes.kept)}` : ""); return; }
  // the bag is empty: the solved endgame, the best sequence for both sides
  const names = [game.players[game.to_move].name, game.players[(game.to_move + 1) % game.players.length].name];
  const line = eg.pv.map((p) => `${names[p.player]} ${p.move === "-" ? "pass" : p.paren} (${p.score})`).join(", ");
  hints.textContent = `Endgame ${eg.exact ? "solved" : "searched (best found so far, not proven)"}: ` +
    `spread ${eg.value > 0 ? "+" : ""}${eg.value} for you with best play. Best sequence: ${line}` +
    (eg.end === "out" ? ", out." : eg.end === "scoreless" ? ", six scoreless turns." : ", …");
});
(async () => {
  const params = new URLSearchParams(location.search);
  await fillLexicons(document.getElementById("lexicon"), params.get("lexicon"));
  const id = params.get("game");
  if (id) resume(id); else newGame();
})();
