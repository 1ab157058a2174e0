// Review a game: a GCG record judged turn by turn (POST /api/scrabble/analyze, streamed as NDJSON), the first
// player's win % over the game as an inline SVG graph, each turn's board with the play made against the best;
// a turn can be judged again alone, given the time the whole review shared among its turns.
"use strict";
const errorEl = document.getElementById("error");
let review = null;  // { players: [...], turns: [...] } as the turns arrive, then the whole result
let reviewed = null;  // the request of the review shown, once it is complete (a turn is judged again by it)
let selected = null;  // the turn shown
let running = null;  // the AbortController of the review (or the turn judged again) under way
const AGAIN_FACTOR = 5;  // a turn judged again asks this many times the review's seconds a turn (the server caps it)

function playersOf(text) {  // the #player lines' nicknames, for the player picker
  return [...text.matchAll(/^#player\d\s+(\S+)/gm)].map((m) => m[1]);
}
function fillPlayers() {
  const names = playersOf(document.getElementById("gcg").value);
  const select = document.getElementById("player");
  const chosen = select.value;
  select.replaceChildren(lexiEl("option", { value: "", text: "both" }), ...names.map((n) => lexiEl("option", { value: n, text: n })));
  if (names.includes(chosen)) select.value = chosen;
}
async function loadSavedGames() {
  const result = await lexiApi("/api/scrabble/games");
  if (!result.ok) return;
  const select = document.getElementById("saved-game");
  const finished = result.data.games.filter((g) => g.status === "over");
  select.replaceChildren(lexiEl("option", { value: "", text: finished.length ? "—" : "none finished" }),
    ...finished.map((g) => lexiEl("option", { value: g.id, text: `${g.players.join(" v ")} ${g.scores.join("-")}` })));
}
async function openSaved(id) {  // a finished saved game's record in the box; whether it came
  const result = await lexiApi(`/api/scrabble/games/${encodeURIComponent(id)}/gcg`);
  if (!result.ok) { errorEl.textContent = result.error; return false; }
  document.getElementById("gcg").value = result.data.gcg;
  fillPlayers();
  return true;
}
function pickSaved() {
  const id = document.getElementById("saved-game").value;
  if (id) openSaved(id);
}
async function reviewLinked(id) {  // a game linked from the play page (?game=ID): its record, reviewed at once
  const [opened] = await Promise.all([openSaved(id), loadSavedGames()]);
  if (!opened) return;
  document.getElementById("saved-game").value = id;
  analyze();
}
function openFile(event) {
  const file = event.target.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => { document.getElementById("gcg").value = reader.result; fillPlayers(); };
  reader.readAsText(file);
}

// --- the review, streamed ---------------------------------------------------------------------------------
async function streamReview(body, onEvent) {  // each event of a review to onEvent (true once it ended it)
  if (running) running.abort();
  const controller = running = new AbortController();
  errorEl.textContent = "";
  lexiBusy(+1);
  try {
    const error = await lexiStream("/api/scrabble/analyze", body, controller.signal, onEvent, "the review");
    if (error) errorEl.textContent = error;
  } finally {
    if (running === controller) {
      running = null;
      document.getElementById("progress-box").hidden = true;
    }
    lexiBusy(-1);
  }
}
const FIRST_PLACE = new Set(["1", "1="]);  // a candidate's place in the first group: a rule under the group
function analyze(event) {
  event?.preventDefault();
  const body = { gcg: document.getElementById("gcg").value, seconds_per_turn: Number(document.getElementById("seconds").value) };
  const player = document.getElementById("player").value;
  if (player) body.player = player;
  const lexicon = document.getElementById("lexicon").value;
  if (lexicon) body.lexicon = lexicon;
  review = { players: [], turns: [] };
  reviewed = selected = null;
  document.getElementById("review").hidden = true;
  showProgress(0, 1, "starting the review…");
  return streamReview(body, (e) => {
    if (e.event === "result") reviewed = body;  // complete: its turns can be judged again
    return reviewEvent(e);
  });
}
function judgeAgain(number) {  // the turn alone, given more time; it takes the turn's place in the review
  const seconds = Math.max(AGAIN_FACTOR * review.seconds_per_turn, reviewed.seconds_per_turn);
  const before = review.seconds_per_turn;
  showProgress(0, 1, `judging turn ${number} again…`);
  return streamReview({ ...reviewed, seconds_per_turn: seconds, turns: [number] }, (e) => {
    if (e.event === "start") showProgress(0, 1, `judging turn ${number} again, for ${e.seconds_per_turn.toFixed(2)} s…`);
    else if (e.event === "result") {
      const turn = { ...e.result.turns[0], again: { seconds: e.result.seconds_per_turn, before } };
      review.turns = review.turns.map((t) => (t.turn === number ? turn : t));
      showReview();
      if (selected === number) showTurn(number);  // drawn again with its new judgement
    } else if (e.event === "error") errorEl.textContent = e.error;
    return e.event === "result" || e.event === "error";
  });
}
let alphabet = ENGLISH_ALPHABET, reviewLexicon = null;  // the record's language: its tiles drawn by their labels
async function learnAlphabet(lexicon) {  // the lexicon's alphabet, as a position in it is drawn
  const shown = await lexiApi("/api/scrabble/show", { cgp: "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15", lexicon });
  if (!shown.ok || reviewLexicon !== lexicon) return;
  alphabet = shown.data.alphabet;
  if (!document.getElementById("review").hidden) showReview();
}
function reviewEvent(event) {  // true once the stream has ended (a result or an error)
  if (event.event === "start") {
    reviewLexicon = event.lexicon; alphabet = ENGLISH_ALPHABET;
    learnAlphabet(event.lexicon);
    review.total = event.turns;
    const capped = event.capped ? ` (${event.seconds_per_turn.toFixed(2)} s a turn, to fit the server's budget)` : "";
    showProgress(0, event.turns, `judging ${event.turns} turns${capped}…`);
  } else if (event.event === "progress") {
    review.turns.push(event.turn);
    review.turns.sort((a, b) => a.turn - b.turn);
    showProgress(event.done, event.total, `${event.done} of ${event.total} turns judged`);
    showReview();
  } else if (event.event === "result") {
    review = event.result;
    document.getElementById("progress-box").hidden = true;
    const shown = selected;
    showReview();
    if (shown !== null) showTurn(shown);  // drawn again, now that the review is complete
    return true;
  } else if (event.event === "error") {
    errorEl.textContent = event.error;
    document.getElementById("progress-box").hidden = true;
    return true;
  }
  return false;
}
function showProgress(done, total, text) {
  document.getElementById("progress-box").hidden = false;
  const bar = document.getElementById("progress");
  bar.max = Math.max(1, total);
  bar.value = done;
  document.getElementById("progress-text").textContent = text;
}

// --- what the review shows --------------------------------------------------------------------------------
function showReview() {
  document.getElementById("review").hidden = false;
  const body = document.querySelector("#turns tbody");
  body.replaceChildren(...review.turns.map((t) => {
    const row = lexiEl("tr", { "data-turn": String(t.turn), tabindex: "0" },
      lexiEl("td", { text: String(t.turn) }), lexiEl("td", { text: t.player }), lexiEl("td", { text: tilesText(alphabet, t.played) }),
      lexiEl("td", { text: t.place }), lexiEl("td", { text: tilesText(alphabet, t.best) }), lexiEl("td", { text: t.lost_text }),
      lexiEl("td", { class: `mistake-${t.mistake}`, text: t.mistake === "none" ? "" : t.mistake }));
    row.addEventListener("click", () => showTurn(t.turn));
    row.addEventListener("keydown", (e) => { if (e.key === "Enter") showTurn(t.turn); });
    if (t.turn === selected) row.classList.add("selected");
    return row;
  }));
  const summary = document.querySelector("#summary tbody");
  summary.replaceChildren(...review.players.map((p) => p.turns === 0 ? lexiEl("tr", {},  // the player not chosen
    lexiEl("td", { text: p.name }), lexiEl("td", { text: String(p.score) }), lexiEl("td", { text: "0" }),
    lexiEl("td", { class: "muted", colspan: "5", text: "not judged" })) : lexiEl("tr", {},
    lexiEl("td", { text: p.name }), lexiEl("td", { text: String(p.score) }), lexiEl("td", { text: String(p.turns) }),
    lexiEl("td", { text: `${p.mistakes.small} / ${p.mistakes.medium} / ${p.mistakes.large}` }),
    lexiEl("td", { text: p.mistake_index.toFixed(1) }), lexiEl("td", { text: p.equity_lost.toFixed(1) }), lexiEl("td", { text: p.win_pct_lost.toFixed(1) }),
    lexiEl("td", { text: `${p.bingos} (${p.bingos_missed} missed)` }))));
  document.getElementById("lexicon-note").textContent = review.lexicon_note || "";
  drawGraph();
  if (selected === null && review.turns.length && review.players.length) showTurn(review.turns[0].turn);
}
// The first player's win % after each judged turn (the mover's chance turned to the first player's side).
function firstPlayerPct(turn) {
  if (turn.win_pct === null) return null;
  return turn.player_index === 0 ? turn.win_pct : 100 - turn.win_pct;
}
function drawGraph() {
  const target = document.getElementById("graph");
  const points = review.turns.map((t) => [t, firstPlayerPct(t)]).filter(([, pct]) => pct !== null);
  const W = 600, H = 220, left = 34, right = 10, top = 10, bottom = 26;
  const last = Math.max(1, review.total || 0, ...review.turns.map((t) => t.turn));
  const x = (turn) => left + (W - left - right) * (last === 1 ? 0.5 : (turn - 1) / (last - 1));
  const y = (pct) => top + (H - top - bottom) * (1 - pct / 100);
  const svg = lexiSvg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img" });
  const title = lexiSvg("title");
  const first = review.players[0]?.name || (review.turns.find((t) => t.player_index === 0)?.player ?? "the first player");
  title.textContent = `${first}'s chance of winning after each turn`;
  svg.append(title);
  for (const pct of [0, 50, 100]) {
    svg.append(lexiSvg("line", { x1: left, x2: W - right, y1: y(pct), y2: y(pct), stroke: pct === 50 ? "#999" : "#ddd", "stroke-dasharray": pct === 50 ? "4 3" : "" }));
    const label = lexiSvg("text", { x: left - 4, y: y(pct) + 4, "text-anchor": "end", "font-size": 11, fill: "#555" });
    label.textContent = `${pct}%`;
    svg.append(label);
  }
  const axis = lexiSvg("text", { x: W / 2, y: H - 6, "text-anchor": "middle", "font-size": 11, fill: "#555" });
  axis.textContent = `turn (${first}'s win %)`;
  svg.append(axis);
  if (points.length > 1) {
    svg.append(lexiSvg("polyline", { points: points.map(([t, pct]) => `${x(t.turn)},${y(pct)}`).join(" "), fill: "none", stroke: "#2b6cb0", "stroke-width": 2 }));
  }
  const colours = { none: "#2b6cb0", small: "#d4a000", medium: "#e06c00", large: "#c00020" };
  for (const [t, pct] of points) {
    const group = lexiSvg("g", { class: `pt${t.turn === selected ? " selected" : ""}`, "data-turn": String(t.turn), tabindex: "0" });
    const tip = lexiSvg("title");
    tip.textContent = `turn ${t.turn} (${t.player}): ${tilesText(alphabet, t.played)}, ${first} ${pct.toFixed(1)} %` + (t.mistake !== "none" ? `, ${t.mistake} mistake` : "");
    group.append(tip, lexiSvg("circle", { cx: x(t.turn), cy: y(pct), r: 14, fill: "transparent" }),  // a target a finger can hit
      lexiSvg("circle", { class: "dot", cx: x(t.turn), cy: y(pct), r: t.mistake === "none" ? 4 : 6, fill: colours[t.mistake] }));
    group.addEventListener("click", () => showTurn(t.turn));
    svg.append(group);
  }
  target.replaceChildren(svg);
}
async function showTurn(number) {
  selected = number;
  const turn = review.turns.find((t) => t.turn === number);
  if (!turn) return;
  for (const row of document.querySelectorAll("#turns tbody tr")) row.classList.toggle("selected", row.dataset.turn === String(number));
  for (const pt of document.querySelectorAll("#graph .pt")) pt.classList.toggle("selected", pt.dataset.turn === String(number));
  const shown = await lexiApi("/api/scrabble/show", { cgp: turn.cgp, lexicon: reviewLexicon });
  if (!shown.ok) { errorEl.textContent = shown.error; return; }
  if (selected !== number) return;  // another turn was picked meanwhile
  alphabet = shown.data.alphabet;
  const rows = squareGlyphs(alphabet, shown.data.squares);
  const onBoard = (move) => {  // the play made at first; a tapped candidate instead (where the best goes)
    drawScrabbleBoard(document.getElementById("board"), { premiums: shown.data.premiums, rows, tileScores: shown.data.tile_scores,
      alphabet, ghost: moveSquares(move, rows, alphabet) });
    for (const row of document.querySelectorAll("#turn-detail tbody tr")) row.classList.toggle("shown", row.dataset.move === move);
  };
  const detail = document.getElementById("turn-detail");
  const notes = turn.flag_notes.concat(turn.method_note ? [turn.method_note] : [], againNote(turn));  // the library's words
  const replies = turn.phase === "sim";  // a simulated turn: what each play gave the opponent (its ply 1)
  const solved = turn.phase === "endgame";  // the endgame's value and final spread; else win % and mean spread
  const heads = ["#", "candidate", "score", ...(solved ? ["value", "final"] : ["win %", "spread"])];
  const candidates = lexiEl("table", { class: "list" }, lexiEl("thead", {}, lexiEl("tr", {},
    ...heads.map((h) => lexiEl("th", { text: h, title: h === "#" ? "1=: as good as the best, or not told apart from it" : "" })),
    ...(replies ? [lexiEl("th", { text: "their reply", title: "the opponent's answer after the play: mean points (how often a bingo)" })] : []))),
    lexiEl("tbody", {}, ...turn.candidates.map((c) => lexiEl("tr", { class: [FIRST_PLACE.has(c.place) && "first", c.move === turn.played && "selected"].filter(Boolean).join(" "), "data-move": c.move, tabindex: "0" },
      lexiEl("td", { text: c.place }), lexiEl("td", { text: tilesText(alphabet, c.move) }), lexiEl("td", { text: String(c.score) }),
      ...(solved ? [signed(c.value), signed(c.final_spread)] : [c.win_pct.toFixed(1), signed(c.mean_spread, 1)]).map((v) => lexiEl("td", { text: v })),
      ...(replies ? [lexiEl("td", { text: replyText(c.plies[0]) })] : [])))));
  detail.replaceChildren(
    lexiEl("h3", { text: `Turn ${turn.turn}: ${turn.player} (${tilesText(alphabet, turn.rack)})` }),
    lexiEl("p", { text: turn.headline }),  // the library's words, as the CLI's
    lexiEl("p", { text: turn.verdict }),
    ...(turn.contrast ? [lexiEl("p", { class: "contrast", text: turn.contrast })] : []),  // the library's words
    ...notes.map((n) => lexiEl("p", { class: "muted", text: n })),
    lexiEl("p", { class: "muted" }, "Tap a candidate to see it on the board, or ",
      lexiEl("a", { href: analysisLink(turn), text: "analyse this position" }), " (simulate it at length, solve its endgame)."),
    lexiEl("div", { class: "scroll-x" }, candidates),
    ...againButton(turn));
  for (const row of candidates.querySelectorAll("tbody tr")) {
    row.addEventListener("click", () => onBoard(row.dataset.move));
    row.addEventListener("keydown", (e) => { if (e.key === "Enter") onBoard(row.dataset.move); });
  }
  onBoard(turn.played);
}
function analysisLink(turn) {  // the analysis page on the position before the turn, in the review's lexicon
  const params = new URLSearchParams({ cgp: turn.cgp });
  if (reviewLexicon) params.set("lexicon", reviewLexicon);
  return `/scrabble?${params}`;
}
function againNote(turn) {  // how a turn judged again was judged, which the summary is not
  if (!turn.again) return [];
  const { seconds, before } = turn.again;
  return [`judged again alone for ${seconds.toFixed(2)} s (the review gave it ${before.toFixed(2)} s); the summary is still the review's`];
}
function againButton(turn) {  // a turn simulated or solved within a budget, once the review is complete
  if (!reviewed || !["sim", "peg"].includes(turn.phase)) return [];
  const button = lexiEl("button", { type: "button", id: "again", class: "secondary", text: "Judge this turn again, longer" });
  button.addEventListener("click", async () => { button.disabled = true; await judgeAgain(turn.turn); button.disabled = false; });
  return [button];
}
function replyText(ply) {  // a simulated play's ply 1 (sim_plies): "31.2 (18% bingos)"
  return ply ? `${ply.mean_points.toFixed(1)} (${ply.bingo_pct.toFixed(0)}% bingos)` : "—";
}

document.getElementById("review-form").addEventListener("submit", analyze);
document.getElementById("gcg").addEventListener("input", fillPlayers);
document.getElementById("gcg-file").addEventListener("change", openFile);
document.getElementById("saved-game").addEventListener("change", pickSaved);
const linked = new URLSearchParams(location.search);  // ?game=ID (reviewed at once), &seconds=S, &lexicon=NAME
if (linked.get("seconds")) document.getElementById("seconds").value = linked.get("seconds");
fillLexicons(document.getElementById("lexicon"), linked.get("lexicon"));
if (linked.get("game")) reviewLinked(linked.get("game"));
else loadSavedGames();
