// The Scrabble board drawn with CSS grid: premium squares, tiles with their values, a move's new tiles.
"use strict";
const PREMIUM = { T: ["tw", "TW"], D: ["dw", "DW"], Q: ["qw", "QW"], t: ["tl", "TL"], d: ["dl", "DL"], q: ["ql", "QL"], "*": ["start", "★"] };
const COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function drawScrabbleBoard(target, { premiums, rows, tileScores, ghost = [], cursor = null, across = true, onClick = null }) {
  const dim = premiums.length;
  target.replaceChildren();
  target.style.gridTemplateColumns = `1.4rem repeat(${dim}, var(--sq))`;
  const placed = new Map(ghost.map((g) => [`${g.row},${g.col}`, g.tile]));
  target.append(lexiEl("div", { class: "label" }));
  for (let c = 0; c < dim; c++) target.append(lexiEl("div", { class: "label", text: COLUMNS[c] }));
  for (let r = 0; r < dim; r++) {
    target.append(lexiEl("div", { class: "label", text: String(r + 1) }));
    for (let c = 0; c < dim; c++) {
      const square = lexiEl("div", { class: "sq", "data-square": `${r},${c}` });
      const premium = PREMIUM[premiums[r][c]];
      const tile = rows[r][c] !== "." ? rows[r][c] : placed.get(`${r},${c}`);
      if (tile) {
        const blank = tile === tile.toLowerCase();
        square.classList.add("stile");
        if (placed.has(`${r},${c}`)) square.classList.add("new");
        if (blank) square.classList.add("blank");
        square.append(lexiEl("span", { class: "letter", text: tile.toUpperCase() }));
        if (!blank) square.append(lexiEl("span", { class: "value", text: String(tileScores[tile] ?? "") }));
      } else if (premium) {
        square.classList.add(premium[0]);
        square.textContent = premium[1];
      }
      if (cursor && cursor[0] === r && cursor[1] === c) {
        square.classList.add("cursor");
        square.dataset.arrow = across ? "→" : "↓";
      }
      if (onClick) square.addEventListener("click", () => onClick(r, c));
      target.append(square);
    }
  }
}

// The new tiles of a move in notation: `8D W(OR)D` across, `D8 WORD` down; blanks lowercase.
function moveSquares(paren, rows) {
  const [coord, word] = paren.trim().split(/\s+/);
  if (!word) return [];
  let m = /^(\d+)([A-Za-z])$/.exec(coord), row, col, down = false;
  if (m) { row = +m[1] - 1; col = COLUMNS.indexOf(m[2].toUpperCase()); }
  else { m = /^([A-Za-z])(\d+)$/.exec(coord); if (!m) return []; col = COLUMNS.indexOf(m[1].toUpperCase()); row = +m[2] - 1; down = true; }
  const out = [];
  let through = false, i = 0;
  for (const ch of word) {
    if (ch === "(") { through = true; continue; }
    if (ch === ")") { through = false; continue; }
    const r = row + (down ? i : 0), c = col + (down ? 0 : i);
    if (!through && rows[r]?.[c] === ".") out.push({ row: r, col: c, tile: ch });
    i++;
  }
  return out;
}

// An on-screen row of keys for touch screens: the letters, then `extras` ([key, label, what it does]); a tap
// calls onKey(key) as if the key were typed.
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
function letterPad(target, onKey, extras = []) {
  const keys = [...LETTERS].map((l) => [l, l, l]).concat(extras);
  target.replaceChildren(...keys.map(([key, label, name]) => {
    const button = lexiEl("button", { type: "button", class: "padkey", text: label, "data-key": key, "aria-label": name });
    if (key.length > 1 || !LETTERS.includes(key)) button.classList.add("wide");
    button.addEventListener("click", () => onKey(key));
    return button;
  }));
}

function rowsToCgp(rows) {
  return rows.map((row) => row.replace(/\.+/g, (run) => String(run.length))).join("/");
}
