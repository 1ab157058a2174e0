// Letter Boxed: the box drawn in SVG, play (click or type) with every word checked by the server, and solve.
"use strict";
const svg = document.getElementById("box");
const errorEl = document.getElementById("error");
let sides = [], where = {};  // letter -> {x, y, side}
const PALETTE = ["#e05a47", "#2f6f4f", "#3d6fb6", "#b57b14", "#8a4fb0", "#0f8b8d"];

function layout(text) {
  sides = text.toUpperCase().split(/[\s,]+/).filter(Boolean);
  where = {};
  const lo = 60, hi = 300, n = sides[0]?.length || 3;
  const at = (i) => lo + ((hi - lo) * (i + 1)) / (n + 1);
  sides.forEach((side, s) => [...side].forEach((ch, i) => {
    const pos = s === 0 ? [at(i), lo] : s === 1 ? [hi, at(i)] : s === 2 ? [at(i), hi] : [lo, at(i)];
    where[ch] = { x: pos[0], y: pos[1], side: s };
  }));
}

function draw(words = [], current = "", used = new Set()) {
  svg.replaceChildren();
  svg.append(lexiSvg("rect", { x: 60, y: 60, width: 240, height: 240, fill: "#fff", stroke: "#1d1d1f", "stroke-width": 4 }));
  words.forEach((word, w) => drawPath(word, PALETTE[w % PALETTE.length], false));
  if (current) drawPath(current, "#e05a47", true);
  const legend = document.getElementById("legend");
  legend.replaceChildren(...words.map((word, w) => lexiEl("span", { class: "legend-word", style: `color:${PALETTE[w % PALETTE.length]}`, text: word })));
  for (const [ch, p] of Object.entries(where)) {
    const lit = used.has(ch) || current.includes(ch);
    const dx = p.side === 1 ? 26 : p.side === 3 ? -26 : 0, dy = p.side === 0 ? -26 : p.side === 2 ? 30 : 0;
    const dot = lexiSvg("circle", { cx: p.x, cy: p.y, r: 9, fill: lit ? "#1d1d1f" : "#fff", stroke: "#1d1d1f", "stroke-width": 3, "data-letter": ch, class: "lb-dot" });
    const label = lexiSvg("text", { x: p.x + dx, y: p.y + dy + 8, "text-anchor": "middle", "font-size": 26, "font-weight": 700,
      fill: lit ? "#9a9a9f" : "#1d1d1f", "data-letter": ch, class: "lb-letter" });
    label.textContent = ch;
    for (const node of [dot, label]) node.addEventListener("click", () => window.lbPress?.(ch));
    svg.append(dot, label);
  }
}

function drawPath(word, colour, dashed) {
  const points = [...word].map((ch) => where[ch]).filter(Boolean).map((p) => `${p.x},${p.y}`).join(" ");
  svg.append(lexiSvg("polyline", { points, fill: "none", stroke: colour, "stroke-width": 4, "stroke-linejoin": "round",
    "stroke-dasharray": dashed ? "8 6" : "", opacity: 0.85 }));
}

function play() {
  const words = [];
  let current = "", checking = false;
  const ahead = [];  // what the player did while a word was being checked: done in order once it is in
  const input = (action) => (checking ? ahead.push(action) : action());
  const used = () => new Set(words.join(""));
  let par = null;  // the board's par, once the server has said it
  const hintEl = document.getElementById("hint-text");
  const show = () => {
    if (hintEl.dataset.chain !== words.join("-")) hintEl.textContent = "";  // a hint for other words
    document.getElementById("current").textContent = current || "\u00a0";
    document.getElementById("played").textContent = words.join(" – ");
    draw(words, current, used());
  };
  const press = (ch) => {
    if (document.getElementById("status").textContent) return;
    if (!where[ch]) { errorEl.textContent = `${ch} is not on the board`; return; }
    const last = current[current.length - 1];
    if (last && where[last].side === where[ch].side) { errorEl.textContent = `${last} and ${ch} are on the same side`; return; }
    errorEl.textContent = "";
    current += ch;
    show();
  };
  const back = () => {
    const keep = words.length ? 1 : 0;
    if (current.length > keep) current = current.slice(0, -1);
    else if (words.length && current.length <= 1) { current = words.pop(); }
    errorEl.textContent = "";
    show();
  };
  const enter = async () => {
    if (current.length < 3) { errorEl.textContent = "words have at least 3 letters"; return; }
    const chain = [...words, current].join("-");
    checking = true;
    const result = await lexiApi("/api/letterboxed/check?" + new URLSearchParams({ sides: sides.join(","), words: chain }));
    checking = false;
    judge(result);
    while (ahead.length && !checking) ahead.shift()();  // an Enter among them waits for its own check
  };
  const judge = (result) => {
    if (!result.ok) { errorEl.textContent = result.error; return; }
    const refusal = result.data.problems.find((p) => p.kind !== "uncovered");
    if (refusal) { errorEl.textContent = refusal.message; return; }
    errorEl.textContent = "";
    words.push(current);
    current = current[current.length - 1];
    if (result.data.valid) {
      current = "";
      const note = result.data.redundant ? ` (${result.data.shorter.join("-")} alone would do)` : "";
      const verdict = par === null ? "" : words.length <= par ? " Within par." : ` Par is ${par}.`;
      document.getElementById("status").textContent = `Solved in ${words.length} word${words.length > 1 ? "s" : ""}!${note}${verdict}`;
    }
    show();
  };
  const askHint = async () => {
    if (document.getElementById("status").textContent) return;
    const chain = words.join("-");
    const params = new URLSearchParams({ sides: sides.join(","), played: chain, top: "1", par: "true" });
    hintEl.dataset.chain = chain;
    hintEl.textContent = "looking for the next word…";
    const result = await lexiApi("/api/letterboxed/hint?" + params);
    if (words.join("-") !== chain) return;  // the chain changed meanwhile: this hint was for other words
    if (!result.ok) { hintEl.textContent = result.error; return; }
    const best = result.data.hints[0];
    const limit = result.data.par.par;
    if (!best) { hintEl.textContent = "No next word leads to a solution from here: delete a word or restart."; return; }
    const adds = best.new_letters ? ` (adds ${[...best.new_letters].join(" ")})` : " (a link to another letter)";
    const where = result.data.in_par ? `toward a solution in par (${limit})` : `no finish is in par (${limit}) from here; this one leads to a solution`;
    hintEl.textContent = `Next word: ${best.word}${adds}, ${where}.`;
  };
  lexiApi("/api/letterboxed/par?" + new URLSearchParams({ sides: sides.join(",") })).then((result) => {
    if (!result.ok) return;
    par = result.data.par;
    document.getElementById("par").textContent = `Par: ${par} words.`;
  });
  document.getElementById("hint").addEventListener("click", () => input(askHint));
  window.lbPress = (ch) => input(() => press(ch));
  document.getElementById("enter").addEventListener("click", () => input(enter));
  document.getElementById("delete").addEventListener("click", () => input(back));
  document.getElementById("restart").addEventListener("click", () => input(() => {
    words.length = 0; current = ""; errorEl.textContent = ""; document.getElementById("status").textContent = ""; show();
  }));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Enter") { event.preventDefault(); input(enter); }
    else if (event.key === "Backspace") { event.preventDefault(); input(back); }
    else if (/^[a-zA-Z]$/.test(event.key)) window.lbPress(event.key.toUpperCase());
  });
  document.getElementById("board-form").addEventListener("submit", (event) => {
    event.preventDefault();
    location.search = "?" + new URLSearchParams({ sides: document.getElementById("sides").value });
  });
  show();
}

function solve() {
  const solveApi = lexiLatest();  // a board submitted while another is solving: the older reply is dropped
  const problem = document.getElementById("problem"), area = document.getElementById("board-area");
  const summary = document.getElementById("summary"), body = document.querySelector("#solutions tbody");
  const run = async (event) => {
    event?.preventDefault();
    const params = new URLSearchParams({ sides: document.getElementById("sides").value, top: "30",
      max_words: document.getElementById("max-words").value });
    const common = document.getElementById("common").value;
    if (common) params.set("common", common);
    summary.textContent = "solving…";
    body.replaceChildren();
    const result = await solveApi("/api/letterboxed/solve?" + params);
    if (!result) return;
    if (!result.ok) {  // no box and no solutions: they would look like the answer for the board typed
      problem.textContent = result.error;
      area.hidden = true;
      return;
    }
    problem.textContent = "";
    area.hidden = false;
    layout(result.data.board);
    draw();
    history.replaceState(null, "", "?" + new URLSearchParams({ sides: result.data.board }));
    summary.textContent =
      `${result.data.solutions.length} best solutions from ${result.data.playable_words} playable words (${result.data.lexicon}, ${Math.round(result.data.elapsed_ms)} ms)`;
    result.data.solutions.forEach((s, i) => {
      const tr = body.insertRow();
      for (const v of [i + 1, s.words.join("–"), s.words.length, s.score.toFixed(2)]) tr.insertCell().textContent = v;
      tr.addEventListener("click", () => {
        body.querySelectorAll("tr.selected").forEach((row) => row.classList.remove("selected"));
        tr.classList.add("selected");
        draw(s.words, "", new Set(s.words.join("")));
      });
    });
    body.rows[0]?.click();
  };
  document.getElementById("board-form").addEventListener("submit", run);
  if (LB_BOARD_OK) run();  // a board that did not parse waits, with its reason, for the player to fix it
}

if (LB_BOARD_OK) layout(document.getElementById("sides").value);
draw();
if (LB_MODE === "play") play(); else solve();
