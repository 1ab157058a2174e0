// Position analysis: paste a CGP or edit the board, enter a rack, a sortable move list, the move on the board;
// an endgame solved to the end, its principal variation stepped through on the board; a simulation streamed
// as it converges.
"use strict";
const boardEl = document.getElementById("board");
const errorEl = document.getElementById("error");
let pos = null, cursor = null, across = true, moves = [], selected = null, sortKey = "rank", sortDir = 1;
let picked = null;  // the move the user last picked in a list (not the simulation's choice): the one they weigh
let simRun = null;  // the running simulation: { id, start, controller, stopping, ended }
let simShown = null;  // the simulation's table as last shown (Progress or SimResult as_dict): its plays' plies
const positionApi = lexiLatest();  // loads and analyses: a late reply to an older one is dropped
const explainApi = lexiLatest();  // the selected move's breakdown: only the last selected is shown
const endgameApi = lexiLatest();  // the endgame of the position as it is: dropped when it changes
const infoApi = lexiLatest();  // the bag and unseen tiles of the position as edited: the last edit's
const inferApi = lexiLatest();  // the leave inferred from their last play: only the last asked is shown
let eg = null;  // the solved endgame: { solution, boards (before each ply, then the end), squares (each ply's new tiles), step }

function redraw() {
  if (eg && eg.step > 0) {  // the board after `step` plies of the principal variation, the last ply's tiles marked new
    drawScrabbleBoard(boardEl, { premiums: pos.premiums, rows: eg.boards[eg.step - 1], tileScores: pos.tile_scores, alphabet: pos.alphabet, ghost: eg.squares[eg.step - 1] });
    return;
  }
  const ghost = selected ? moveSquares(selected.paren, pos.board, pos.alphabet) : [];
  drawScrabbleBoard(boardEl, { premiums: pos.premiums, rows: pos.board, tileScores: pos.tile_scores, alphabet: pos.alphabet, ghost, cursor, across,
    onClick: (r, c) => { if (cursor && cursor[0] === r && cursor[1] === c) across = !across; cursor = [r, c]; boardEl.focus(); redraw(); } });
}
function typedRack(id) {  // a rack as typed (labels or aliases: `PAL·LAS`, `PAWAS`), for the server to read and check
  return document.getElementById(id).value.toUpperCase().replace(/[\s/;]/g, "");
}
function rackOf(id) {  // a typed rack read as glyphs, for the page
  return readTiles(pos.alphabet, typedRack(id));
}
function lexicon() { return document.getElementById("lexicon").value || null; }
function scoreOf(id) {
  const n = Math.trunc(Number(document.getElementById(id).value));
  return Number.isFinite(n) ? n : 0;
}
function cgp() {
  const racks = `${typedRack("rack")}/${typedRack("opp")}`;  // as typed: a stand-in glyph is no tile's spelling
  return `${rowsToCgp(pos.board, pos.alphabet)} ${racks} ${scoreOf("score-me")}/${scoreOf("score-opp")} ${pos.zeros}`;
}
function showInfo(data) {  // the bag and the unseen tiles, as the server counts them (show's payload)
  document.getElementById("bag-count").textContent = `Bag: ${data.bag} tile${data.bag === 1 ? "" : "s"}`;
  document.getElementById("unseen-label").textContent = `Unseen by the player to move (${data.unseen_count}):`;
  document.getElementById("unseen").textContent = data.unseen || "none";
}
async function refreshInfo() {  // after an edit of the board, the racks or the scores
  const result = await infoApi("/api/scrabble/show", { cgp: cgp(), lexicon: lexicon() });
  if (!result) return;
  if (!result.ok) {
    document.getElementById("bag-count").textContent = "";
    document.getElementById("unseen-label").textContent = "";
    document.getElementById("unseen").textContent = result.error;
    return;
  }
  showInfo(result.data);
}
async function load(text) {
  const named = /(?:^|[;\s])lex\s+([^;\s]+)\s*;/.exec(text);  // a CGP's `lex` opcode picks its lexicon (and language)
  if (named) chooseLexicon(document.getElementById("lexicon"), named[1]);
  const result = await positionApi("/api/scrabble/show", { cgp: text, lexicon: lexicon() });
  if (!result) return false;
  if (!result.ok) { errorEl.textContent = result.error; return false; }
  errorEl.textContent = "";
  const language = pos && pos.alphabet.name;
  pos = { ...result.data, board: squareGlyphs(result.data.alphabet, result.data.squares) };  // glyphs inside the page
  if (pos.alphabet.name !== language) makePad();
  document.getElementById("rack").value = pos.racks[0];
  document.getElementById("opp").value = pos.racks[1];
  document.getElementById("score-me").value = pos.scores[0];
  document.getElementById("score-opp").value = pos.scores[1];
  infoApi.drop(); showInfo(pos);
  selected = picked = null; moves = []; typed = null; closeEndgame(); explainApi.drop(); closeInference();
  if (!simRun || simRun.ended) document.getElementById("sim").hidden = true;
  redraw(); fill();
  return true;
}
function setTile(r, c, tile) {
  const row = [...pos.board[r]];
  row[c] = tile;
  pos.board[r] = row.join("");
}
let typed = null;  // the square last typed on: a blank's key ("*") turns it into a blank, the arrow gone past it
function editKey(key) {  // a key typed on the board, or tapped on the letter pad; whether it was one of ours
  if (!pos) return false;
  const tile = keyTile(pos.alphabet, key);  // a letter, a one-key alias (Catalan W for L·L) or a pad key
  if (!cursor) { errorEl.textContent = "tap (or click) a square of the board first"; return tile !== null || key === "*"; }
  const [r, c] = cursor, dim = pos.board.length;
  const step = (d) => { cursor = across ? [r, Math.min(dim - 1, Math.max(0, c + d))] : [Math.min(dim - 1, Math.max(0, r + d)), c]; };
  if (tile) { setTile(r, c, tile); typed = [r, c]; step(1); }
  else if (key === "*") {
    const [tr, tc] = pos.board[r][c] !== "." ? [r, c] : typed || [r, c];
    const t = pos.board[tr][tc];
    if (t === ".") return true;
    setTile(tr, tc, t === t.toUpperCase() ? t.toLowerCase() : t.toUpperCase());
  }
  else if (key === "Backspace") { if (pos.board[r][c] === ".") step(-1); setTile(cursor[0], cursor[1], "."); typed = null; }
  else if (key === "Delete" || key === ".") setTile(r, c, ".");
  else if (key === " ") across = !across;
  else if (key.startsWith("Arrow")) {
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
    cursor = [Math.min(dim - 1, Math.max(0, r + dr)), Math.min(dim - 1, Math.max(0, c + dc))];
  } else return false;
  errorEl.textContent = "";
  changed();
  redraw();
  return true;
}
function changed() {  // the board or a rack was edited: the moves listed (or on their way) were the old one's
  selected = picked = null; closeEndgame(); explainApi.drop();
  if (positionApi.drop() || moves.length) document.getElementById("summary").textContent = "The position changed: Find moves lists its moves.";
  moves = []; fill();
  document.getElementById("breakdown").hidden = true;
  closeInference();
  document.getElementById("cgp").value = cgp();
  refreshInfo();
}
boardEl.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (editKey(event.key)) event.preventDefault();
});
function makePad() {  // the letter pad of the position's alphabet
  letterPad(document.getElementById("pad"), (key) => { editKey(key); if (cursor) boardEl.focus({ preventScroll: true }); },
    [["*", "blank", "make the tile a blank (or a letter again)"], ["Backspace", "⌫", "clear the square (back one)"], [" ", "↓/→", "turn the arrow"]], pos.alphabet);
}
for (const id of ["rack", "opp"]) document.getElementById(id).addEventListener("input", () => { if (pos) { changed(); redraw(); } });
for (const id of ["score-me", "score-opp"]) {  // the moves stay: a score changes no move
  document.getElementById(id).addEventListener("input", () => { if (pos) { document.getElementById("cgp").value = cgp(); refreshInfo(); } });
}

async function analyse(event) {
  event?.preventDefault();
  closeEndgame();
  const text = cgp();
  document.getElementById("cgp").value = text;
  document.getElementById("summary").textContent = "generating moves…";
  const result = await positionApi("/api/scrabble/moves", { cgp: text, top: 200, sort: "equity", lexicon: lexicon() });
  if (!result) return;
  if (!result.ok) { errorEl.textContent = result.error; document.getElementById("summary").textContent = ""; return; }
  errorEl.textContent = "";
  pos.cgp = text;
  moves = result.data.moves.map((m, i) => ({ ...m, rank: i + 1 }));
  document.getElementById("summary").textContent =
    `${result.data.count.toLocaleString()} placements and ${result.data.exchanges} exchanges in ${result.data.elapsed_ms.toFixed(1)} ms; the best ${moves.length} by equity${result.data.notes.mirrored ? `; ${result.data.notes.mirrored}` : ""}`;
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
    tr.addEventListener("click", () => pick(m));
  }
  document.querySelectorAll("#moves th").forEach((th) => {
    th.dataset.sorted = th.dataset.key === sortKey ? (sortDir > 0 ? "▲" : "▼") : "";
  });
}
function pick(m) {  // the user picks a move: shown, and weighed in the next simulation beside the best
  picked = m;
  select(m);
}
async function select(m) {
  selected = m;
  showPlies();
  if (eg) { eg.step = 0; showStep(); }
  fill(); redraw();
  const panel = document.getElementById("breakdown");
  if (m.move.startsWith("-")) { panel.hidden = false; panel.textContent = m.move === "-" ? "Pass" : `Exchange ${tilesText(pos.alphabet, m.move.slice(1))}: keeps ${m.leave || "nothing"}`; return; }
  const result = await explainApi("/api/scrabble/explain", { cgp: pos.cgp || cgp(), move: m.paren, lexicon: lexicon() });
  if (!result) return;
  panel.hidden = false;
  if (!result.ok) { panel.textContent = result.error; return; }
  panel.replaceChildren(lexiEl("h3", { text: `${result.data.paren} — ${result.data.score} points` }));
  for (const w of result.data.words) {
    const parts = w.squares.map((s) => `${tileLabel(pos.alphabet, s.tile).toUpperCase()}${s.value}${s.letter_multiplier > 1 ? "×" + s.letter_multiplier : ""}`);
    const line = `${tilesText(pos.alphabet, w.word)}: ${parts.join(" + ")} = ${w.letters}${w.word_multiplier > 1 ? ` × ${w.word_multiplier} = ${w.score}` : ""}`;
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
const params = new URLSearchParams(location.search);
if (params.get("cgp")) document.getElementById("cgp").value = params.get("cgp");
document.getElementById("lexicon").addEventListener("change", async () => {  // the same position read in its language
  document.getElementById("summary").textContent = "loading…";
  if (await load(document.getElementById("cgp").value)) analyse();
});
fillLexicons(document.getElementById("lexicon"), params.get("lexicon")).then(() => {
  const initial = document.getElementById("cgp").value;  // a position typed in before the first one loads wins
  load(initial).then((ok) => { if (ok && document.getElementById("cgp").value === initial) analyse(); });
});

// --- the endgame solver -------------------------------------------------------------------------------
function closeEndgame() {
  eg = null;
  document.getElementById("endgame").hidden = true;
  if (endgameApi.drop()) {  // a solve under way is about a position no longer shown
    document.getElementById("solve-endgame").disabled = false;
    document.getElementById("summary").textContent = "";
  }
}
function tilesLeft(rack, squares) {  // the rack without the tiles a ply put down (a blank's letter is lowercase)
  const left = [...rack];
  for (const s of squares) { const i = left.indexOf(s.tile === s.tile.toLowerCase() ? "?" : s.tile); if (i >= 0) left.splice(i, 1); }
  return left.join("");
}
async function solveEndgame() {
  const text = cgp();
  document.getElementById("cgp").value = text;
  const button = document.getElementById("solve-endgame");
  button.disabled = true;
  errorEl.textContent = "";
  document.getElementById("summary").textContent = "solving the endgame…";
  const result = await endgameApi("/api/scrabble/endgame", { cgp: text, top: 5, lexicon: lexicon() });
  if (!result) return;
  button.disabled = false;
  document.getElementById("summary").textContent = "";
  if (!result.ok) { errorEl.textContent = result.error; return; }
  const solution = result.data, boards = [pos.board], squares = [];
  const racks = [rackOf("rack"), rackOf("opp")];
  let spread = scoreOf("score-me") - scoreOf("score-opp");
  const body = document.querySelector("#eg-pv tbody");
  body.replaceChildren();
  solution.pv.forEach((ply, i) => {
    const before = boards[i];
    const placed = ply.move.startsWith("-") ? [] : moveSquares(ply.paren, before, pos.alphabet);
    const after = before.map((row) => [...row]);
    for (const s of placed) after[s.row][s.col] = s.tile;
    boards.push(after.map((row) => row.join("")));
    squares.push(placed);
    racks[ply.player] = tilesLeft(racks[ply.player], placed);
    spread += ply.player === 0 ? ply.score : -ply.score;
    const tr = body.insertRow();
    const cells = [i + 1, ply.player === 0 ? "to move" : "opponent", ply.move === "-" ? "pass" : tilesText(pos.alphabet, ply.paren), ply.score, signed(spread)];
    for (const v of cells) tr.insertCell().textContent = v;
    tr.addEventListener("click", () => { eg.step = i + 1; showStep(); });
  });
  const points = (rack) => [...rack].reduce((sum, t) => sum + (pos.tile_scores[t] || 0), 0);
  const last = solution.pv[solution.pv.length - 1];
  let ending = "The line was cut short by the search limit: the game goes on.";
  if (solution.end === "out") {
    const bonus = 2 * points(racks[1 - last.player]);
    spread += last.player === 0 ? bonus : -bonus;
    ending = `${last.player === 0 ? "The player to move" : "The opponent"} goes out and gains 2 × (${tilesText(pos.alphabet, racks[1 - last.player])}) = ${bonus}: final spread ${signed(spread)}.`;
  } else if (solution.end === "scoreless") {
    spread += points(racks[1]) - points(racks[0]);
    ending = `Six scoreless turns: each side loses its rack (${tilesText(pos.alphabet, racks[0]) || "-"} / ${tilesText(pos.alphabet, racks[1]) || "-"}): final spread ${signed(spread)}.`;
  }
  document.getElementById("eg-end").textContent = ending;
  document.getElementById("eg-value").textContent =
    `Value ${signed(solution.value)} · ${solution.exact ? "exact" : "best found so far, not proven"}`;
  document.getElementById("eg-stats").textContent =
    `best ${solution.best === "-" ? "pass" : solution.top[0].paren} · ${solution.nodes.toLocaleString()} nodes · ${solution.plies} plies · ${solution.elapsed_ms.toFixed(0)} ms`;
  const top = document.getElementById("eg-top");
  top.hidden = solution.top.length < 2;
  top.tBodies[0].replaceChildren();
  solution.top.forEach((t, i) => {
    const tr = top.tBodies[0].insertRow();
    for (const v of [i + 1, t.move === "-" ? "pass" : tilesText(pos.alphabet, t.paren), t.score, signed(t.value)]) tr.insertCell().textContent = v;
  });
  eg = { solution, boards, squares, step: 0 };
  selected = picked = null; fill(); explainApi.drop();
  document.getElementById("breakdown").hidden = true;
  document.getElementById("endgame").hidden = false;
  showStep();
}
function showStep() {
  const n = eg.solution.pv.length;
  document.getElementById("eg-step").textContent = eg.step === 0 ? `start · ${n} plies` : `ply ${eg.step} of ${n}`;
  document.getElementById("eg-start").disabled = document.getElementById("eg-back").disabled = eg.step === 0;
  document.getElementById("eg-forward").disabled = eg.step === n;
  document.querySelectorAll("#eg-pv tbody tr").forEach((tr, i) => tr.classList.toggle("selected", i === eg.step - 1));
  redraw();
}
document.getElementById("solve-endgame").addEventListener("click", solveEndgame);
document.getElementById("eg-start").addEventListener("click", () => { eg.step = 0; showStep(); });
document.getElementById("eg-back").addEventListener("click", () => { eg.step = Math.max(0, eg.step - 1); showStep(); });
document.getElementById("eg-forward").addEventListener("click", () => { eg.step = Math.min(eg.solution.pv.length, eg.step + 1); showStep(); });

// --- the simulation, streamed (NDJSON: start, a progress line a round, the result) ---------------------
function simRunning(on) {
  document.getElementById("simulate").disabled = on;
  document.getElementById("sim-stop").hidden = !on;
  document.getElementById("sim-stop").disabled = false;
}
async function simulate(event) {
  event?.preventDefault();
  if (simRun && !simRun.ended) return;
  closeEndgame();
  const text = cgp();
  document.getElementById("cgp").value = text;
  const value = (id) => Number(document.getElementById(id).value);
  const body = { cgp: text, plays: value("sim-plays"), plies: value("sim-plies"), confidence: value("sim-confidence"), seed: 0, lexicon: lexicon() };
  if (document.getElementById("sim-unit").value === "seconds") body.seconds = value("sim-limit");
  else body.iterations = Math.round(value("sim-limit"));
  if (document.getElementById("sim-picked").checked && picked) body.add = [picked.paren];  // the move weighed
  if (document.getElementById("sim-infer").checked) {
    body.infer = lastPlay();
    if (!body.infer) { errorEl.textContent = "type their last play (e.g. 8D W(OR)D) to draw their rack from it"; return; }
  }
  errorEl.textContent = "";
  document.getElementById("sim-note").textContent = "";
  document.getElementById("sim-status").textContent = "starting the simulation…";
  document.querySelector("#sim-table tbody").replaceChildren();
  simShown = null;
  showPlies();
  document.getElementById("sim").hidden = false;
  const run = simRun = { id: null, start: null, controller: new AbortController(), stopping: false, ended: false };
  simRunning(true);
  try {
    const onEvent = (event) => { simEvent(run, event); return run.ended; };
    const error = await lexiStream("/api/scrabble/sim", body, run.controller.signal, onEvent, "the simulation");
    if (error) errorEl.textContent = error;
    if (error && !run.start) document.getElementById("sim").hidden = true;  // refused, or never begun
  } finally {
    if (simRun === run) { simRun = null; simRunning(false); }
  }
}
function simEvent(run, event) {
  if (event.event === "start") {
    run.id = event.id; run.start = event;
    const inferring = event.infer ? `inferring what they kept after ${event.infer}, then ` : "";  // until it is inferred
    document.getElementById("sim-status").textContent = inferring + simulating(event);
    if (run.stopping) stopSim();
  } else if (event.event === "progress" && event.inference) {  // once, before the first round
    if (!run.stopping) document.getElementById("sim-status").textContent = `${lexiSentence(event.inference.notes.drawn)} ${simulating(run.start, "Simulating")}`;
  } else if (event.event === "progress") {
    showSim(event.progress, null, run);
  } else if (event.event === "result") {
    run.ended = true;  // over for the user, with its buttons, even before the stream has closed
    simRunning(false);
    showSim(event.result, event, run);
  } else if (event.event === "error") {
    run.ended = true;
    simRunning(false);
    errorEl.textContent = event.error;
    document.getElementById("sim-status").textContent = "the simulation did not finish";
  }
}
function simulating(start, verb = "simulating") {  // what the run does until its first round: "simulating for up to 30 s…"
  return start.capped ? `${verb}…` : `${verb} for up to ${start.seconds} s…`;
}
function simMove(p) {  // a simulated play as the page writes it
  return p.move === "-" ? "pass" : tilesText(pos.alphabet, p.paren);
}
function showPlies() {  // the selected play's moves ply by ply (sim_plies), or the leader's when it was not simulated
  const plays = simShown ? simShown.plays : [];
  const p = plays.find((x) => selected && x.move === selected.move) || plays[0];
  const box = document.getElementById("sim-detail");
  box.hidden = !p || !p.plies.length;
  if (box.hidden) return;
  document.getElementById("sim-detail-title").textContent = `After ${simMove(p)}, over ${p.iterations.toLocaleString()} play-out${p.iterations === 1 ? "" : "s"}`;
  const body = document.querySelector("#sim-detail-table tbody");
  body.replaceChildren();
  for (const r of p.plies) {
    const by = r.side === "opponent" ? "them" : "you";
    const row = [r.ply, by, `${r.mean_points.toFixed(1)} ± ${r.stdev.toFixed(1)}`, `${r.bingo_pct.toFixed(1)}%`, r.moves.toLocaleString()];
    const tr = body.insertRow();
    for (const v of row) tr.insertCell().textContent = v;
  }
}
function showSim(table, final, run) {  // table: Progress.as_dict() while running, SimResult.as_dict() at the end
  const body = document.querySelector("#sim-table tbody");
  body.replaceChildren();
  table.plays.forEach((p, i) => {  // the leader, the plays tied with it (all placed 1=), then the plays it has beaten
    const tr = body.insertRow();
    if (i === 0) tr.classList.add("leader");
    else if (p.tied) { tr.classList.add("tied"); tr.title = table.exact ? "exactly as good as the leader" : "tied with the leader: not told apart yet"; }
    else if (p.reorders) { tr.classList.add("set-aside"); tr.title = "set aside: the same tiles on the same squares as a leader, in another order"; }
    else { tr.classList.add("beaten"); tr.title = "behind the leader at the simulation's confidence"; }
    for (const v of [p.place, simMove(p), p.score]) tr.insertCell().textContent = v;
    if (p.added) { tr.classList.add("added"); tr.cells[1].append(lexiEl("span", { class: "muted small", text: " (your pick)" })); }
    if (p.reorders) tr.cells[1].append(lexiEl("span", { class: "muted small", text: ` (reorders ${tilesText(pos.alphabet, p.reorders)})` }));
    tr.cells[2].title = `equity ${p.equity.toFixed(1)}`;
    const win = tr.insertCell();
    win.className = "win";
    win.append(lexiEl("div", { class: "bar", style: `width:${Math.max(0, Math.min(100, p.win_pct))}%` }),
      lexiEl("span", { text: p.win_pct.toFixed(1) }));
    tr.insertCell().textContent = `${signed(p.mean_spread, 1)} ± ${p.stderr.toFixed(1)}`;
    tr.insertCell().textContent = p.iterations.toLocaleString();
    tr.addEventListener("click", () => { const m = moves.find((x) => x.move === p.move); if (m) pick(m); });
  });
  const leader = table.plays[0], seconds = (table.elapsed_ms / 1000).toFixed(1);
  const lead = leader ? `${simMove(leader)} (${leader.win_pct.toFixed(1)}% to win)` : "none";
  const ties = table.plays.filter((p) => p.tied).length;
  const sure = table.notes.sure ?? `exact${ties ? `, ${ties} as good` : ""}`;  // the library's words
  // no play is named best over plays not told apart from it
  const named = ties ? `Tied for best: ${lead} and ${lexiCount(ties, "other play")}` : `Best: ${lead}`;
  document.getElementById("sim-status").textContent = final
    ? `${named} · ${sure} · ${table.iterations.toLocaleString()} play-outs in ${seconds} s`
    : `Leader: ${lead} · ${sure} · ${table.iterations.toLocaleString()} play-outs · ${seconds} s${run.start && !run.start.capped ? ` of ${run.start.seconds} s` : ""}`;
  simShown = table;
  showPlies();
  if (!final) return;
  const best = leader && moves.find((m) => m.move === leader.move);
  if (best) select(best);  // the simulation's choice on the board, with its score breakdown
  // the library's words (SimResult.as_dict's notes); the page adds only that the server's longest run ended it
  const capped = final.stopped === "time" && run.start && run.start.capped ? " (the longest run the server allows)" : "";
  let note = lexiSentence(table.notes.stopped + capped);
  if (table.inference) note += ` ${lexiSentence(table.inference.notes.drawn)}`;
  if (table.notes.ties) note += ` ${lexiSentence(table.notes.ties)}`;
  if (table.notes.reordered) note += ` ${lexiSentence(table.notes.reordered)}`;
  document.getElementById("sim-note").textContent = note;
}
async function stopSim() {
  const run = simRun;
  if (!run || run.ended) return;
  run.stopping = true;
  document.getElementById("sim-stop").disabled = true;
  document.getElementById("sim-status").textContent = "stopping…";
  if (!run.id) return;  // asked again once the stream has started
  const result = await lexiApi(`/api/scrabble/sim/${run.id}/stop`, {});
  if (!result.ok && !run.ended) run.controller.abort();  // it had ended, or the server lost it: close the stream
}
// --- rack inference: what their last play tells they kept -----------------------------------------------
function lastPlay() { return document.getElementById("last-play").value.trim().toUpperCase(); }
function percent(p) { return `${(100 * p).toFixed(p < 0.1 ? 2 : 1)}%`; }
async function inferLeave(event) {
  event?.preventDefault();
  const play = lastPlay(), panel = document.getElementById("inference");
  if (!play) { errorEl.textContent = "type their last play as it stands on the board, e.g. 8D W(OR)D"; return; }
  const text = cgp();
  document.getElementById("cgp").value = text;
  document.getElementById("inf-title").textContent = `inferring what they kept after ${play}…`;
  panel.hidden = false;
  const result = await inferApi("/api/scrabble/infer", { cgp: text, move: play, after: true, top: 10, lexicon: lexicon() });
  if (!result) return;
  if (!result.ok) { errorEl.textContent = result.error; panel.hidden = true; return; }
  errorEl.textContent = "";
  showInference(result.data);
}
function closeInference() {  // the position changed: what was inferred was about the old one
  inferApi.drop();
  document.getElementById("inference").hidden = true;
}
function showInference(found) {  // the likeliest leaves, each tile's chance of being kept, how it was found
  const kept = found.certain ? " (only one leave is possible)" : found.leaves.length ? "" : `: no rack makes it within ${found.margin} of its best`;
  document.getElementById("inf-title").textContent = `Kept after ${found.paren}, ${lexiCount(found.score, "point")}${kept}`;
  const leaves = document.querySelector("#inf-leaves tbody");
  leaves.replaceChildren();
  found.leaves.forEach((leave, i) => {
    const tr = leaves.insertRow();
    for (const v of [i + 1, leave.leave || "(none)", percent(leave.probability), leave.equity_loss.toFixed(1)]) tr.insertCell().textContent = v;
  });
  const tiles = document.querySelector("#inf-tiles tbody");
  tiles.replaceChildren();
  for (const [tile, p] of Object.entries(found.marginals)) {
    if (p <= 0) continue;
    const tr = tiles.insertRow();
    tr.insertCell().textContent = tile;
    const bar = tr.insertCell();
    bar.className = "win";
    bar.append(lexiEl("div", { class: "bar", style: `width:${Math.min(100, 100 * p)}%` }), lexiEl("span", { text: percent(p) }));
  }
  document.getElementById("inf-stats").textContent = lexiSentence(`${found.notes.found}, in ${(found.elapsed_ms / 1000).toFixed(1)} s`);
}
document.getElementById("infer-form").addEventListener("submit", inferLeave);
function simLimitRange() {  // the field's bound follows its unit: play-outs a play, or the run's own seconds
  const limit = document.getElementById("sim-limit");
  limit.max = document.getElementById("sim-unit").value === "seconds" ? limit.dataset.maxSeconds : limit.dataset.maxIterations;
}
document.getElementById("sim-unit").addEventListener("change", simLimitRange);
simLimitRange();
document.getElementById("sim-form").addEventListener("submit", simulate);
document.getElementById("sim-stop").addEventListener("click", stopSim);
