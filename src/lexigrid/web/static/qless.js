// Q-Less Clues' three screens: letters (typed, rolled or daily), the solutions list, the solution viewer.
"use strict";
const boxes = [...document.querySelectorAll("#boxes input")];
const screens = ["entry", "list", "view"];
let letters = "", solutions = [], shown = 0;

function screen(name) {
  for (const s of screens) document.getElementById(`screen-${s}`).hidden = s !== name;
}
function setLetters(text) { boxes.forEach((box, i) => { box.value = text[i] || ""; }); }
function readLetters() { return boxes.map((b) => b.value.trim().toUpperCase()).join(""); }

function drawGrid(target, grid, problemCells = []) {
  target.replaceChildren();
  target.style.gridTemplateColumns = `repeat(${grid[0].length}, var(--q))`;
  const bad = new Set(problemCells.map(([r, c]) => `${r},${c}`));
  grid.forEach((row, r) => [...row].forEach((ch, c) => {
    const cell = lexiEl("div", { class: ch === "." ? "qcell empty" : "qcell tile", text: ch === "." ? "" : ch });
    if (bad.has(`${r},${c}`)) cell.classList.add("bad");
    target.append(cell);
  }));
}

boxes.forEach((box, i) => {
  box.addEventListener("input", () => {
    box.value = box.value.replace(/[^a-z]/gi, "").toUpperCase();
    if (box.value && i < boxes.length - 1) boxes[i + 1].focus();
  });
  box.addEventListener("keydown", (event) => {
    if (event.key === "Backspace" && !box.value && i > 0) boxes[i - 1].focus();
  });
  box.addEventListener("paste", (event) => {
    event.preventDefault();
    setLetters(event.clipboardData.getData("text").replace(/[^a-z]/gi, "").toUpperCase());
  });
});

const solveApi = lexiLatest();  // letters entered while others are solving: the older reply is dropped
const lettersApi = lexiLatest();  // a roll or the daily letters: the last asked for wins
const countApi = lexiLatest();  // the count of the letters listed: dropped when others are listed
async function list(text) {
  letters = text;
  document.getElementById("entry-error").textContent = "";
  document.getElementById("list-title").textContent = letters;
  document.getElementById("play-link").href = "/qless/play?letters=" + letters;
  document.getElementById("count-result").textContent = "";
  countApi.drop();
  document.getElementById("list-error").textContent = "";
  const rating = lexiApi("/api/qless/difficulty?" + new URLSearchParams({ letters }));
  let result = await solveApi("/api/qless/solve?" + new URLSearchParams({ letters, limit: "200", common: "10000" }));
  if (!result) return;
  let note = "with common words";
  if (result.ok && result.data.count === 0) {
    result = await solveApi("/api/qless/solve?" + new URLSearchParams({ letters, limit: "200" }));
    if (!result) return;
    note = "with the whole lexicon";
  }
  if (!result.ok) { document.getElementById("entry-error").textContent = result.error; screen("entry"); return; }
  history.replaceState(null, "", "?letters=" + letters);
  solutions = result.data.solutions;
  const rated = await rating;
  const rateEl = document.getElementById("rating");
  if (rated.ok) {
    rateEl.textContent = rated.data.weekday ? `${rated.data.weekday} difficulty: ${rated.data.reason}` : `Unsolvable: ${rated.data.reason}`;
    rateEl.dataset.level = rated.data.level ?? "none";
  }
  const count = result.data.count;
  document.getElementById("list-summary").textContent = count === 0 ? "No solution: no crossword uses all twelve letters."
    : `${result.data.complete ? "" : "first "}${count} solution${count === 1 ? "" : "s"} ${note}, easiest words first — click one to see its grid`;
  const body = document.querySelector("#solutions tbody");
  body.replaceChildren();
  solutions.forEach((s, i) => {
    const tr = body.insertRow();
    tr.insertCell().textContent = i + 1;
    tr.insertCell().textContent = s.words.join(", ");
    tr.insertCell().textContent = Math.max(...s.words.map((w) => w.length));
    tr.addEventListener("click", () => view(i));
  });
  screen("list");
}

function view(i) {
  shown = (i + solutions.length) % solutions.length;
  const s = solutions[shown];
  drawGrid(document.getElementById("viewer"), s.grid);
  document.getElementById("view-title").textContent = `${letters} · solution ${shown + 1} of ${solutions.length}`;
  document.getElementById("view-words").textContent = s.words.join(" · ");
  screen("view");
}

document.getElementById("entry-form").addEventListener("submit", (event) => { event.preventDefault(); list(readLetters()); });
document.getElementById("roll").addEventListener("click", async () => {
  const result = await lettersApi("/api/qless/roll");
  if (result?.ok) setLetters(result.data.letters);
});
document.getElementById("daily").addEventListener("click", async () => {
  const date = document.getElementById("daily-date").value;
  const result = await lettersApi("/api/qless/daily?" + new URLSearchParams(date ? { date } : {}));
  if (!result) return;
  if (!result.ok) { document.getElementById("entry-error").textContent = result.error; return; }
  setLetters(result.data.letters);
  document.getElementById("daily-date").value = result.data.date;
  document.getElementById("daily-note").textContent = `${result.data.date} (${result.data.weekday}): ${result.data.difficulty.reason}`;
});
document.getElementById("count-all").addEventListener("click", async () => {
  const out = document.getElementById("count-result");
  out.textContent = "counting…";
  const result = await countApi("/api/qless/solve?" + new URLSearchParams({ letters, count: "true" }));
  if (!result) return;
  out.textContent = result.ok ? `${result.data.count.toLocaleString()} distinct solutions with the whole lexicon` : result.error;
});
document.getElementById("back-entry").addEventListener("click", () => screen("entry"));
document.getElementById("back-list").addEventListener("click", () => screen("list"));
document.getElementById("prev").addEventListener("click", () => view(shown - 1));
document.getElementById("next").addEventListener("click", () => view(shown + 1));
document.addEventListener("keydown", (event) => {
  if (document.getElementById("screen-view").hidden) return;
  if (event.key === "ArrowLeft") view(shown - 1);
  if (event.key === "ArrowRight") view(shown + 1);
  if (event.key === "Escape") screen("list");
});
const start = new URLSearchParams(location.search).get("letters");
if (start) { setLetters(start.toUpperCase()); list(start.toUpperCase()); } else setLetters("BFHLRCTTNOAE");
