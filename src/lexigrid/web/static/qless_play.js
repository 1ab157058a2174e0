// Q-Less play: the player builds a grid; the server's validator says what is wrong.
"use strict";
const SIZE = 13;
const gridEl = document.getElementById("grid");
let letters = "", cells = {}, cursor = [6, 2], across = true, bad = new Set();
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
    const ch = cells[`${r},${c}`];
    const cell = lexiEl("div", { class: "qcell" + (ch ? " tile" : ""), text: ch || "", "data-cell": `${r},${c}` });
    if (r === cursor[0] && c === cursor[1]) cell.classList.add("cursor");
    if (bad.has(`${r},${c}`)) cell.classList.add("bad");
    cell.addEventListener("click", () => {
      if (cursor[0] === r && cursor[1] === c) across = !across;
      cursor = [r, c]; gridEl.focus(); draw();
    });
    gridEl.append(cell);
  }
  const rack = document.getElementById("rack");
  rack.replaceChildren(...remaining().map((ch) => lexiEl("span", { class: "tile", text: ch })));
  document.getElementById("direction").textContent = across ? "typing across →" : "typing down ↓";
}
function move(dr, dc) {
  cursor = [Math.min(SIZE - 1, Math.max(0, cursor[0] + dr)), Math.min(SIZE - 1, Math.max(0, cursor[1] + dc))];
}
gridEl.addEventListener("keydown", (event) => {
  const key = event.key;
  const here = `${cursor[0]},${cursor[1]}`;
  if (/^[a-zA-Z]$/.test(key)) {
    const ch = key.toUpperCase();
    const left = remaining();
    if (cells[here]) left.push(cells[here]);
    if (!left.includes(ch)) { document.getElementById("verdict").textContent = `no ${ch} left on your rack`; return; }
    cells[here] = ch;
    document.getElementById("verdict").textContent = "";
    across ? move(0, 1) : move(1, 0);
  } else if (key === "Backspace") {
    if (!cells[here]) across ? move(0, -1) : move(-1, 0);
    delete cells[`${cursor[0]},${cursor[1]}`];
  } else if (key === "Delete") delete cells[here];
  else if (key === " ") across = !across;
  else if (key.startsWith("Arrow")) {
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
    move(...d);
  } else return;
  event.preventDefault();
  bad = new Set();
  checkApi.drop();
  draw();
});

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
  const verdict = document.getElementById("verdict");
  if (!result.ok) { verdict.textContent = result.error; return; }
  verdict.textContent = result.data.valid ? "✓ A solution: every letter used, every word valid!" : "Not yet:";
  bad = new Set();
  for (const p of result.data.problems) {
    list.append(lexiEl("li", { text: p.message }));
    for (const [r, c] of p.cells) bad.add(`${r + top},${c + left}`);
  }
  draw();
});
document.getElementById("clear").addEventListener("click", () => { cells = {}; bad = new Set(); checkApi.drop(); draw(); });

function start(text) {
  letters = text.toUpperCase().replace(/[^A-Z]/g, "");
  document.getElementById("letters").value = letters;
  cells = {}; bad = new Set(); checkApi.drop();
  document.getElementById("verdict").textContent = "";
  document.getElementById("problems").replaceChildren();
  history.replaceState(null, "", "?letters=" + letters);
  draw();
  gridEl.focus();
}
document.getElementById("roll-form").addEventListener("submit", (event) => { event.preventDefault(); start(document.getElementById("letters").value); });
const rollApi = lexiLatest();  // rolled twice, or rolled then the daily letters: the last asked for wins
document.getElementById("roll").addEventListener("click", async () => { const r = await rollApi("/api/qless/roll"); if (r?.ok) start(r.data.letters); });
document.getElementById("daily").addEventListener("click", async () => { const r = await rollApi("/api/qless/daily"); if (r?.ok) start(r.data.letters); });
start(new URLSearchParams(location.search).get("letters") || "BFHLRCTTNOAE");
