// Q-Less play: the player builds a grid; the server's validator says what is wrong.
// Keys type at the cursor. By touch or mouse, a tap on a square and a tap on one of your letters, in
// either order, put that letter there; a tile can be dragged to another square, or off the grid to lift it.
"use strict";
const SIZE = 13;
const gridEl = document.getElementById("grid");
const rackEl = document.getElementById("rack");
const verdict = document.getElementById("verdict");
let letters = "", cells = {}, cursor = [6, 2], across = true, bad = new Set();
let square = null;  // the square tapped, waiting for a letter ("r,c")
let picked = null;  // the letter tapped, waiting for a square
let hintLevel = 0, ghosts = {};  // the last hint level shown; the hint's letters on empty squares ("r,c" -> letter)
const checkApi = lexiLatest();  // the verdict on the grid as it is: a check of a grid changed since is dropped

function remaining() {
  const left = [...letters];
  for (const ch of Object.values(cells)) { const i = left.indexOf(ch); if (i >= 0) left.splice(i, 1); }
  return left;
}
function draw() {
  gridEl.replaceChildren();
  gridEl.style.gridTemplateColumns = `repeat(${SIZE}, var(--q))`;
  gridEl.style.setProperty("--cols", String(SIZE));
  for (let r = 0; r < SIZE; r++) for (let c = 0; c < SIZE; c++) {
    const key = `${r},${c}`, ch = cells[key];
    const cell = lexiEl("div", { class: "qcell" + (ch ? " tile" : ""), text: ch || "", "data-cell": key });
    if (r === cursor[0] && c === cursor[1]) cell.classList.add("cursor");
    if (key === square) cell.classList.add("selected");
    if (bad.has(key)) cell.classList.add("bad");
    if (!ch && ghosts[key]) { cell.classList.add("ghost"); cell.textContent = ghosts[key]; }
    cell.addEventListener("click", () => tapSquare(r, c));
    if (ch) draggable(cell, ch, key);
    gridEl.append(cell);
  }
  let shown = false;
  rackEl.replaceChildren(...remaining().map((ch) => {
    const tile = lexiEl("button", { type: "button", class: "tile", text: ch, "data-letter": ch, "aria-label": `letter ${ch}` });
    if (ch === picked && !shown) { tile.classList.add("picked"); tile.setAttribute("aria-pressed", "true"); shown = true; }
    tile.addEventListener("click", () => tapLetter(ch));
    draggable(tile, ch, null);
    return tile;
  }));
  document.getElementById("direction").textContent = across ? "typing across →" : "typing down ↓";
}

// --- changing the grid: every way in (keys, taps, drags) goes through put and lift ---
function changed() {
  bad = new Set();
  checkApi.drop();
  draw();
}
function put(key, ch) {
  const left = remaining();
  if (cells[key]) left.push(cells[key]);  // the tile there goes back to the rack first
  if (!left.includes(ch)) { verdict.textContent = `no ${ch} left on your rack`; return false; }
  cells[key] = ch;
  verdict.textContent = "";
  return true;
}
function lift(key) {
  delete cells[key];
  verdict.textContent = "";
}
function move(dr, dc) {
  cursor = [Math.min(SIZE - 1, Math.max(0, cursor[0] + dr)), Math.min(SIZE - 1, Math.max(0, cursor[1] + dc))];
}
const here = () => `${cursor[0]},${cursor[1]}`;
const advance = () => (across ? move(0, 1) : move(1, 0));

// --- taps (touch or mouse) ---
function tapSquare(r, c) {
  if (dragged) return;  // the click that ends a drag
  const key = `${r},${c}`;
  cursor = [r, c];
  gridEl.focus({ preventScroll: true });
  if (picked) {  // a letter was waiting for its square
    put(key, picked);
    picked = null;
    square = null;
  } else if (square === key) {
    across = !across;  // the same square twice: type the other way
  } else square = key;
  changed();
}
function tapLetter(ch) {
  if (dragged) return;
  if (square) {  // a square was waiting for its letter
    if (put(square, ch)) advance();
    square = null;
  } else picked = picked === ch ? null : ch;
  changed();
}
function backspace() {
  if (!cells[here()]) across ? move(0, -1) : move(-1, 0);
  lift(here());
}
function liftTile() {  // the on-screen ⌫: the tile of the square tapped, else as Backspace
  if (square) lift(square); else backspace();
  square = null;
  changed();
}

// --- drags: a tile from the rack or the grid onto a square, or off the grid to lift it ---
let drag = null, dragged = false;
document.addEventListener("pointerdown", () => { dragged = false; }, true);
function draggable(node, ch, from) {
  node.classList.add("draggable");
  node.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    drag = { ch, from, node, id: event.pointerId, x: event.clientX, y: event.clientY, ghost: null };
  });
}
document.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;  // a tap, so far
    drag.ghost = lexiEl("div", { class: "tile drag-ghost", text: drag.ch });
    document.body.append(drag.ghost);
    drag.node.classList.add("lifted");
  }
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
  event.preventDefault();
});
function endDrag(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const { ch, from, ghost } = drag;
  drag = null;
  if (!ghost) return;  // no drag: the click that follows is a tap
  ghost.remove();
  dragged = true;  // the click that may follow the drop is not a tap
  const target = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-cell]");
  const to = target?.dataset.cell;
  if (event.type === "pointercancel" || to === from) { dragged = false; return; }
  if (to && from) {  // a tile moved on the grid: a tile already there changes places with it
    const there = cells[to];
    cells[to] = ch;
    if (there) cells[from] = there; else delete cells[from];
  } else if (to) put(to, ch);
  else if (from) lift(from);  // dropped off the grid: back to the rack
  square = null;
  picked = null;
  changed();
}
document.addEventListener("pointerup", endDrag);
document.addEventListener("pointercancel", endDrag);

// --- keys ---
gridEl.addEventListener("keydown", (event) => {
  const key = event.key;
  if (/^[a-zA-Z]$/.test(key)) {
    if (put(here(), key.toUpperCase())) advance();
  } else if (key === "Backspace") backspace();
  else if (key === "Delete") lift(here());
  else if (key === " ") across = !across;
  else if (key === "Escape") { square = null; picked = null; }
  else if (key.startsWith("Arrow")) {
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
    move(...d);
  } else return;
  event.preventDefault();
  square = null;
  changed();
});
document.getElementById("direction").addEventListener("click", () => { across = !across; draw(); });
document.getElementById("lift").addEventListener("click", liftTile);

function cropped() {
  const keys = Object.keys(cells).map((k) => k.split(",").map(Number));
  if (!keys.length) return { rows: ["."], top: 0, left: 0 };
  const top = Math.min(...keys.map((k) => k[0])), bottom = Math.max(...keys.map((k) => k[0]));
  const left = Math.min(...keys.map((k) => k[1])), right = Math.max(...keys.map((k) => k[1]));
  const rows = [];
  for (let r = top; r <= bottom; r++) {
    let row = "";
    for (let c = left; c <= right; c++) row += cells[`${r},${c}`] || ".";
    rows.push(row);
  }
  return { rows, top, left };
}
document.getElementById("check").addEventListener("click", async () => {
  const { rows, top, left } = cropped();
  const result = await checkApi("/api/qless/check?" + new URLSearchParams({ letters, grid: rows.join("/") }));
  if (!result) return;
  const list = document.getElementById("problems");
  list.replaceChildren();
  if (!result.ok) { verdict.textContent = result.error; return; }
  verdict.textContent = result.data.valid ? "✓ A solution: every letter used, every word valid!" : "Not yet:";
  bad = new Set();
  for (const p of result.data.problems) {
    list.append(lexiEl("li", { text: p.message }));
    for (const [r, c] of p.cells) bad.add(`${r + top},${c + left}`);
  }
  draw();
});
document.getElementById("clear").addEventListener("click", () => { cells = {}; square = null; picked = null; ghosts = {}; changed(); });

// --- hints: levels 1 to 4 in turn, from the exact solutions that complete what is placed ---
const hintApi = lexiLatest();  // a hint asked for letters changed since is dropped
function showHint(hint, crop) {
  document.getElementById("hint-message").textContent = hint.message;
  document.getElementById("hint-word").textContent = hint.word ? `A word of a solution: ${hint.word}` : "";
  const grid = hint.level >= 4 ? hint.grid : hint.shape;
  const box = document.getElementById("hint-grid");
  box.replaceChildren();
  ghosts = {};
  if (!grid || !hint.cells) { draw(); return; }
  const inWord = new Set(hint.cells.map(([r, c]) => `${r},${c}`));
  const letterAt = (r, c) => (hint.grid ? hint.grid[r][c] : inWord.has(`${r},${c}`) ? hint.word[hint.cells.findIndex(([a, b]) => a === r && b === c)] : "");
  box.style.setProperty("--cols", String(grid[0].length));
  grid.forEach((row, r) => [...row].forEach((mark, c) => {
    const ch = mark === "." ? "" : letterAt(r, c);
    box.append(lexiEl("div", { class: "hcell" + (mark === "." ? "" : ch ? " tile" : " filled") + (inWord.has(`${r},${c}`) ? " word" : ""), text: ch }));
  }));
  // the same letters on the player's grid: lined up with the tiles placed, else in the middle
  const [dr, dc] = hint.origin || [0, 0];
  const top = crop ? crop.top - dr : Math.floor((SIZE - grid.length) / 2);
  const left = crop ? crop.left - dc : Math.floor((SIZE - grid[0].length) / 2);
  grid.forEach((row, r) => [...row].forEach((mark, c) => {
    const ch = mark === "." ? "" : letterAt(r, c);
    if (ch && r + top >= 0 && r + top < SIZE && c + left >= 0 && c + left < SIZE) ghosts[`${r + top},${c + left}`] = ch;
  }));
  draw();
}
document.getElementById("hint").addEventListener("click", async () => {
  const level = Math.min(4, hintLevel + 1);
  const params = new URLSearchParams({ letters, level: String(level) });
  const crop = Object.keys(cells).length ? cropped() : null;
  if (crop) params.set("grid", crop.rows.join("/"));
  const panel = document.getElementById("hint-panel");
  panel.hidden = false;
  document.getElementById("hint-message").textContent = "looking through the solutions…";
  const result = await hintApi("/api/qless/hint?" + params);
  if (!result) return;
  if (!result.ok) {
    document.getElementById("hint-message").textContent = result.error;
    document.getElementById("hint-word").textContent = "";
    document.getElementById("hint-grid").replaceChildren();
    return;
  }
  hintLevel = level;
  document.getElementById("hint").textContent = `Hint ${Math.min(4, level + 1)}/4`;
  showHint(result.data, crop);
});

function start(text) {
  letters = text.toUpperCase().replace(/[^A-Z]/g, "");
  document.getElementById("letters").value = letters;
  cells = {}; square = null; picked = null; ghosts = {}; hintLevel = 0;
  hintApi.drop();
  document.getElementById("hint").textContent = "Hint 1/4";
  document.getElementById("hint-panel").hidden = true;
  verdict.textContent = "";
  document.getElementById("problems").replaceChildren();
  history.replaceState(null, "", "?letters=" + letters);
  changed();
  gridEl.focus({ preventScroll: true });
}
document.getElementById("roll-form").addEventListener("submit", (event) => { event.preventDefault(); start(document.getElementById("letters").value); });
const rollApi = lexiLatest();  // rolled twice, or rolled then the daily letters: the last asked for wins
document.getElementById("roll").addEventListener("click", async () => { const r = await rollApi("/api/qless/roll"); if (r?.ok) start(r.data.letters); });
document.getElementById("daily").addEventListener("click", async () => { const r = await rollApi("/api/qless/daily"); if (r?.ok) start(r.data.letters); });
start(new URLSearchParams(location.search).get("letters") || "BFHLRCTTNOAE");
