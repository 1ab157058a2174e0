// The Scrabble board drawn with CSS grid: premium squares, tiles with their values, a move's new tiles.
"use strict";
const PREMIUM = { T: ["tw", "TW"], D: ["dw", "DW"], Q: ["qw", "QW"], t: ["tl", "TL"], d: ["dl", "DL"], q: ["ql", "QL"], "*": ["start", "★"] };
const COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// A tile set's alphabet, as the server gives it (`alphabet` in a position or a game): inside the page a tile is
// one character, its glyph (uppercase; lowercase a blank's letter, `?` a blank on a rack); `labels` say how each
// is written (`L·L`), `spellings` what a player may type for it (labels, aliases, `[L·L]`).
const ENGLISH_ALPHABET = {
  name: "english",
  labels: Object.fromEntries([...LETTERS].map((l) => [l, l])),
  spellings: Object.fromEntries([...LETTERS, ...LETTERS.toLowerCase()].map((l) => [l, l])),
};
function tileLabel(alphabet, glyph) {  // a glyph's label: lowercase for a blank's letter
  const label = alphabet.labels[glyph.toUpperCase()];
  if (label === undefined) return glyph;
  return glyph === glyph.toUpperCase() ? label : label.toLowerCase();
}
function signed(value, digits = 0) {  // a spread or value with its sign ("+12.5", "-3", "0"); "—" when not solved
  return value === null || value === undefined ? "—" : `${value > 0 ? "+" : ""}${value.toFixed(digits)}`;
}
function tilesText(alphabet, glyphs) {  // glyphs (a rack, a word, a move in the game's record) as labels
  return [...(glyphs || "")].map((g) => tileLabel(alphabet, g)).join("");
}
function readTiles(alphabet, text) {  // typed text as glyphs, longest spelling first; other characters as they are
  const spellings = alphabet.spellings;
  const longest = Math.max(...Object.keys(spellings).map((s) => s.length));
  let out = "", i = 0;
  while (i < text.length) {
    let n = Math.min(longest, text.length - i);
    while (n > 0 && !Object.hasOwn(spellings, text.slice(i, i + n))) n--;
    if (n === 0) { out += text[i]; i += 1; } else { out += spellings[text.slice(i, i + n)]; i += n; }
  }
  return out;
}
function squareGlyphs(alphabet, squares) {  // a position's squares (one label each, `.` empty) as rows of glyphs
  return squares.map((row) => row.map((label) => (label === "." ? "." : alphabet.spellings[label] ?? label)).join(""));
}
function cgpTiles(alphabet, glyphs) {  // glyphs in CGP: a multi-letter label in square brackets, as MAGPIE writes it
  return [...glyphs].map((g) => { const label = tileLabel(alphabet, g); return label.length > 1 ? `[${label}]` : label; }).join("");
}
function keyTile(alphabet, key) {  // the tile a key types or a pad key names (a label or an alias, never a glyph)
  if (!key || key === "?") return null;
  const glyph = Object.hasOwn(alphabet.spellings, key.toUpperCase()) ? alphabet.spellings[key.toUpperCase()] : null;
  return glyph && glyph === glyph.toUpperCase() && glyph.length === 1 ? glyph : null;
}

function drawScrabbleBoard(target, { premiums, rows, tileScores, alphabet = ENGLISH_ALPHABET, ghost = [], cursor = null, across = true, onClick = null }) {
  const dim = premiums.length;
  target.replaceChildren();
  target.style.setProperty("--dim", String(dim));
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
        const label = tileLabel(alphabet, tile.toUpperCase());
        if (label.length > 1) square.classList.add("multi");
        square.append(lexiEl("span", { class: "letter", text: label }));
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

// The new tiles of a move in notation: `8D W(OR)D` across, `D8 WORD` down; blanks lowercase; labels read as glyphs.
function moveSquares(paren, rows, alphabet = ENGLISH_ALPHABET) {
  const [coord, text] = paren.trim().split(/\s+/);
  const word = text && readTiles(alphabet, text);
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

// An on-screen row of keys for touch screens: the alphabet's tiles (their glyphs as keys, their labels shown),
// then `extras` ([key, label, what it does]); a tap calls onKey(key) as if the key were typed.
function letterPad(target, onKey, extras = [], alphabet = ENGLISH_ALPHABET) {
  const tiles = Object.values(alphabet.labels).map((label) => [label, label, label]);  // a tile's key: its label
  target.replaceChildren(...tiles.concat(extras).map(([key, label, name], i) => {
    const button = lexiEl("button", { type: "button", class: "padkey", text: label, "data-key": key, "aria-label": name });
    if (i >= tiles.length) button.classList.add("wide");
    else if (label.length > 1) button.classList.add("multi");
    button.addEventListener("click", () => onKey(key));
    return button;
  }));
}

function rowsToCgp(rows, alphabet = ENGLISH_ALPHABET) {
  return rows.map((row) => cgpTiles(alphabet, row).replace(/\.+/g, (run) => String(run.length))).join("/");
}

// The lexicon choice: every lexicon the server takes, with its language when not English (after an option of
// value "" already there, such as "the record's"); `chosen` selected, else that option, else the server's
// default. A lexicon fixes the language: its tile set, labels and letters.
async function fillLexicons(select, chosen) {
  const result = await lexiApi("/api/lexicons");
  if (!result.ok) return;
  const kept = [...select.options].filter((o) => o.value === "");
  select.replaceChildren(...kept, ...result.data.lexicons.map((l) =>
    lexiEl("option", { value: l.name, text: l.alphabet === "english" ? l.name : `${l.name} (${l.alphabet})` })));
  if (!chooseLexicon(select, chosen) && !kept.length) chooseLexicon(select, result.data.default);
}
function chooseLexicon(select, name) {  // select a lexicon by name, any case; whether it is listed
  const found = [...select.options].find((o) => name && o.value.toLowerCase() === name.toLowerCase());
  if (found) select.value = found.value;
  return Boolean(found);
}
