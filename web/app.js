// The Chimera web board. The server owns the rules: it sends the legal plies (in the variant's
// notation), the board picture and the game's state; this page only maps clicks to those plies.
"use strict";

const $ = (id) => document.getElementById(id);
let variants = [];
let state = null;
let selected = null;
let flipped = false;
let pollTimer = null;
let clickStart = null;
// Self-play paused by "Stop engine" in watch mode.
let paused = false;
// The move list's navigation: the number of plies shown, or null for the live board.
let viewAt = null;

// How each variant enters moves. A variant with its own way (Ven's secret orders) adds an entry
// with the same methods; every landed variant is entered by clicking squares.
const inputModes = {};
function inputFor(variant) {
  return inputModes[variant] || clickInput;
}

// The squares a ply names, in order (from, to, a shot target), as the server reads them.
function squaresOf(text) {
  return text.match(/[a-wyz]\d{1,2}/g) || [];
}

async function api(method, path, fields) {
  const params = new URLSearchParams(fields || {});
  params.set("flip", flipped ? "1" : "0");
  let url = path;
  const init = { method };
  if (method === "GET") {
    url += "?" + params.toString();
  } else {
    init.body = params;
  }
  const response = await fetch(url, init);
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("application/json")) {
    if (!response.ok) throw new Error(await response.text());
    return response.text();
  }
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function showError(message) {
  $("error").textContent = message || "";
}

function seat() {
  return $("seat").value;
}

// Whether a person decides the next ply.
function humanDecides() {
  if (!state || state.outcome || viewAt !== null) return false;
  switch (seat()) {
    case "both": return true;
    case "watch": return false;
    default: return state.to_move === seat();
  }
}

// ---- setup ----

function optionControl(option) {
  const words = option.spec.split(/\s+/);
  const type = words[1];
  const def = words[words.indexOf("default") + 1] || "";
  const label = document.createElement("label");
  let input;
  if (type === "check") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = def === "true";
    label.append(input, " " + option.name);
  } else if (type === "combo") {
    input = document.createElement("select");
    words.forEach((w, i) => {
      if (w === "var" && words[i + 1]) {
        const o = document.createElement("option");
        o.value = o.textContent = words[i + 1];
        if (words[i + 1] === def) o.selected = true;
        input.append(o);
      }
    });
    label.append(option.name + " ", input);
  } else {
    input = document.createElement("input");
    input.type = type === "spin" ? "number" : "text";
    input.value = def === "<empty>" ? "" : def;
    label.append(option.name + " ", input);
  }
  input.dataset.option = option.name;
  return label;
}

function showOptions() {
  const v = variants.find((x) => x.name === $("variant").value);
  const box = $("options");
  box.replaceChildren(...(v ? v.options.map(optionControl) : []));
  $("start-fen").placeholder = v ? v.start_fen : "";
}

function optionFields() {
  const fields = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    fields["opt." + input.dataset.option] = input.type === "checkbox" ? String(input.checked) : input.value;
  }
  return fields;
}

function showLegend() {
  const v = variants.find((x) => x.name === (state ? state.variant : $("variant").value));
  const list = $("legend");
  list.replaceChildren();
  if (!v) return;
  for (const p of v.pieces) {
    const li = document.createElement("li");
    li.innerHTML = p.svg + " ";
    li.append(`${p.letter} ${p.name}`);
    list.append(li);
  }
}

// ---- drawing ----

function render() {
  if (!state) return;
  if (state !== stateSeen) {
    stateSeen = state;
    stateAt = performance.now();
  }
  // The picture is replaced only when it changed (a poll while the engine thinks brings the
  // same one): a click or a drag in progress keeps its elements.
  if (viewAt === null) {
    if (state.svg !== drawnSvg) drawBoard(state.svg);
    highlight();
  }
  const s = $("status");
  if (state.outcome) {
    s.textContent = `${state.outcome.result}: ${state.outcome.reason}`;
  } else {
    let text = `${state.to_move} to move`;
    // Ven: both sides write an order each round in secret; White's waits unseen for Black's.
    // The FEN's second field is the round's first mover, not an enemy ply.
    if (state.simultaneous) {
      text = `${state.to_move} writes an order (${state.colour} moves first this round)`;
      if (state.to_move === "black") text += ", white's order is written, hidden until the round resolves";
    }
    // 007's turn state (`w2/3`: the second ply of three) is the FEN's seventh field.
    const turn = /^[wb](\d+)\/(\d+)$/.exec(state.fen.split(/\s+/)[6] || "");
    if (turn) text += `, ply ${turn[1]} of ${turn[2]}`;
    // The men under way (Lene Hau: `Pe3>e4`, `Rh1=f1`), as the variant says.
    if (state.travellers.length) text += `, under way: ${state.travellers.join(" ")}`;
    if (!state.simultaneous && state.colour !== state.to_move) text += ` (enemy ply: moves a ${state.colour} piece)`;
    if (state.check) text += ", check";
    if (state.thinking) text += ", engine thinking…";
    if (paused) text += ", self-play paused";
    s.textContent = text;
  }
  // Lene Hau's forced pass: the only action when nothing may be ordered and a piece travels.
  $("pass").hidden = !(state.moves.includes("0000") && humanDecides() && !state.thinking);
  if (viewAt !== null) s.textContent = `viewing the position after ${viewAt} of ${state.plies.length} — press → or End to return`;
  $("stop").textContent = seat() === "watch" ? (paused ? "Resume engine" : "Pause engine") : "Stop engine";
  showAnalysis();
  showMoves();
  $("fen").value = state.fen;
  showClocks();
  announce();
  soundNewPlies();
  showLegend();
}

// A new board picture: each square labelled for screen readers ("e4, white knight") and
// reachable by keyboard (one square in the tab order; arrows move between squares, Enter or
// Space is a click), focus kept on the square it was on.
let focusSq = null;
let drawnSvg = null;
function drawBoard(svg) {
  const board = $("board");
  drawnSvg = svg;
  const hadFocus = board.contains(document.activeElement);
  board.innerHTML = svg;
  if (drag && drag.moving) placeGhost();
  const pieces = {};
  for (const use of board.querySelectorAll("g.pieces use[data-sq]")) {
    const m = /#pc-([wb])-(\w)/.exec(use.getAttribute("href") || "");
    if (!m) continue;
    (pieces[use.dataset.sq] ||= []).push(`${m[1] === "w" ? "white" : "black"} ${pieceName(m[2]).toLowerCase()}`);
  }
  for (const t of board.querySelectorAll("g.traveller[data-sq]")) {
    const p = t.dataset.piece || "";
    (pieces[t.dataset.sq] ||= []).push(`${p === p.toUpperCase() ? "white" : "black"} ${pieceName(p).toLowerCase()} under way to ${t.dataset.to}`);
  }
  const squares = board.querySelectorAll("rect.sq[data-sq]");
  if (!focusSq || !board.querySelector(`rect.sq[data-sq="${focusSq}"]`)) focusSq = squares.length ? squares[0].dataset.sq : null;
  for (const r of squares) {
    const sq = r.dataset.sq;
    r.setAttribute("role", "button");
    r.setAttribute("aria-label", `${sq}, ${(pieces[sq] || ["empty"]).join(" and ")}`);
    r.setAttribute("tabindex", sq === focusSq ? "0" : "-1");
  }
  if (hadFocus && focusSq) board.querySelector(`rect.sq[data-sq="${focusSq}"]`).focus();
}

// Arrow keys move the focus to the square beside it on the screen (flipped or not).
function squareKeys(event) {
  const r = event.target.closest("rect.sq");
  if (!r || !state) return;
  const size = Number(r.getAttribute("width"));
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
  if (step) {
    const x = Number(r.getAttribute("x")) + step[0] * size;
    const y = Number(r.getAttribute("y")) + step[1] * size;
    const to = $("board").querySelector(`rect.sq[x="${x}"][y="${y}"]`);
    if (to) {
      r.setAttribute("tabindex", "-1");
      to.setAttribute("tabindex", "0");
      focusSq = to.dataset.sq;
      to.focus();
    }
  } else if (event.key === "Enter" || event.key === " ") {
    focusSq = r.dataset.sq;
    clickStart = performance.now();
    squareClicked(r.dataset.sq);
  } else if (event.key === "Escape") {
    cancelMarks();
  } else {
    return;
  }
  event.preventDefault();
  event.stopPropagation();
}

// The selected piece's square is outlined; its legal targets get a dot, or a ring where the
// ply captures (a piece stands there): dark marks with a light halo, 3:1 or more against both
// square colours, never a tint alone.
function highlight() {
  const board = $("board");
  const svg = board.querySelector("svg");
  for (const g of board.querySelectorAll("g.targets")) g.remove();
  for (const r of board.querySelectorAll("rect.sq.sel, rect.sq.target, rect.sq.pre")) r.classList.remove("sel", "target", "pre");
  if ((!selected && !premove) || !state || !svg || viewAt !== null) return;
  const ns = "http://www.w3.org/2000/svg";
  const g = document.createElementNS(ns, "g");
  g.setAttribute("class", "targets");
  g.setAttribute("pointer-events", "none");
  const mark = (sq, kind) => {
    const r = board.querySelector(`rect.sq[data-sq="${sq}"]`);
    if (!r) return;
    const size = Number(r.getAttribute("width"));
    const [cx, cy] = [Number(r.getAttribute("x")) + size / 2, Number(r.getAttribute("y")) + size / 2];
    const shapes = kind === "sel"
      ? [["rect", { x: cx - size / 2 + 3, y: cy - size / 2 + 3, width: size - 6, height: size - 6, fill: "none", stroke: "#fff", "stroke-width": 6 }],
        ["rect", { x: cx - size / 2 + 3, y: cy - size / 2 + 3, width: size - 6, height: size - 6, fill: "none", stroke: "#0b2f5c", "stroke-width": 3 }]]
      : kind === "ring"
        ? [["circle", { cx, cy, r: size / 2 - 4, fill: "none", stroke: "#fff", "stroke-width": 7 }],
          ["circle", { cx, cy, r: size / 2 - 4, fill: "none", stroke: "#0b3d0b", "stroke-width": 4 }]]
        : kind === "pre"
          // A premove: a dotted outline (round dots), told from the selection's solid one
          // and the last ply's dashes by its pattern.
          ? [["rect", { x: cx - size / 2 + 5, y: cy - size / 2 + 5, width: size - 10, height: size - 10, fill: "none", stroke: "#fff", "stroke-width": 8, "stroke-dasharray": "1 8", "stroke-linecap": "round" }],
            ["rect", { x: cx - size / 2 + 5, y: cy - size / 2 + 5, width: size - 10, height: size - 10, fill: "none", stroke: "#5c0b0b", "stroke-width": 5, "stroke-dasharray": "1 8", "stroke-linecap": "round" }]]
          : [["circle", { cx, cy, r: size / 7 + 2, fill: "#fff" }], ["circle", { cx, cy, r: size / 7, fill: "#0b3d0b" }]];
    for (const [tag, attrs] of shapes) {
      const el = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.dataset.sq = sq;
      el.classList.add(kind);
      g.append(el);
    }
    r.classList.add(kind === "sel" || kind === "pre" ? kind : "target");
  };
  if (premove) {
    for (const sq of [premove.from, premove.to]) if (sq) mark(sq, "pre");
    svg.append(g);
    return;
  }
  mark(selected, "sel");
  const occupied = (sq) => board.querySelector(`g.pieces [data-sq="${sq}"], g.travellers [data-sq="${sq}"]`);
  const done = new Set();
  for (const m of state.moves) {
    const sq = squaresOf(m);
    if (sq[0] === selected && sq[1] && !done.has(sq[1])) {
      done.add(sq[1]);
      mark(sq[1], occupied(sq[1]) ? "ring" : "dot");
    }
  }
  svg.append(g);
}

function showAnalysis() {
  const a = state.analysis;
  const box = $("analysis");
  drawStrategy();
  if (secretAnalysis()) {
    box.textContent = "the engine's order is written: its analysis shows once the round resolves";
    return;
  }
  if (!a.depth && !a.bestmove && !a.error && !a.strategy.length) {
    box.textContent = state.thinking ? "thinking…" : "—";
    return;
  }
  const lines = [];
  if (a.depth) {
    lines.push(`depth ${a.depth}/${a.seldepth}  score ${a.score} (${a.side || ""})`);
    lines.push(`nodes ${a.nodes}  ${Math.round(a.nps / 1000)} kN/s  ${a.time} ms`);
    lines.push(`pv ${a.pv}`);
  }
  if (a.note) lines.push(a.note);
  if (a.analysing) lines.push(`analysis of ${a.plies === state.plies.length ? "the game" : `the position after ${a.plies}`}${state.thinking ? "…" : ""}`);
  if (a.bestmove && !state.thinking) lines.push(`${a.analysing ? "best" : "played"} ${a.bestmove}`);
  if (a.error) lines.push(`error: ${a.error}`);
  box.textContent = lines.join("\n");
  // An analysis's MultiPV lines, each with its score and WDL.
  if (a.analysing && a.lines.length) {
    const list = document.createElement("ol");
    list.className = "lines";
    for (const l of a.lines) {
      const li = document.createElement("li");
      const wdl = l.wdl ? `  W${(l.wdl[0] / 10).toFixed(0)} D${(l.wdl[1] / 10).toFixed(0)} L${(l.wdl[2] / 10).toFixed(0)}%` : "";
      li.textContent = `${l.score}${wdl}  ${l.pv}`;
      li.dataset.pv = l.pv;
      list.append(li);
    }
    box.append(list);
  }
  evalBar();
  // Ven's mixed strategy: a bar per order, as long as its probability.
  if (a.strategy.length) {
    const table = document.createElement("div");
    table.className = "strategy";
    table.setAttribute("aria-label", `mixed strategy of ${a.side}`);
    for (const s of a.strategy) {
      const row = document.createElement("div");
      row.className = "bar";
      row.dataset.order = s.order;
      const label = document.createElement("span");
      label.textContent = `${s.order} ${(100 * s.p).toFixed(1)}%`;
      const fill = document.createElement("span");
      fill.className = "fill";
      fill.style.width = `${(100 * s.p).toFixed(1)}%`;
      row.append(fill, label);
      table.append(row);
    }
    box.append(table);
  }
}

// The first line's score as White's chance (the WDL when given, else from the centipawns).
function evalBar() {
  const a = state.analysis;
  const bar = $("evalbar");
  const line = a.lines[0];
  if (!a.analysing || !line || !line.score || a.fen !== shownFen()) {
    bar.hidden = true;
    return;
  }
  const [kind, value] = line.score.split(" ");
  let p = kind === "mate" ? (Number(value) > 0 ? 1 : 0)
    : line.wdl ? (line.wdl[0] + line.wdl[1] / 2) / 1000 : 1 / (1 + Math.pow(10, -Number(value) / 400));
  if (a.side === "black") p = 1 - p;
  bar.hidden = false;
  bar.querySelector(".fill").style.width = `${(100 * p).toFixed(1)}%`;
  bar.querySelector("span").textContent = `${line.score} (${a.side}) — White ${(100 * p).toFixed(0)}%`;
  bar.setAttribute("aria-label", `evaluation: white ${(100 * p).toFixed(0)} percent`);
}

// The FEN of the position on the board (an earlier one while the move list is navigated).
let viewFen = null;
function shownFen() {
  return viewAt === null ? state.fen : viewFen;
}

// Ven: the engine's analysis of an order still secret from the person who must answer it.
function secretAnalysis() {
  const a = state.analysis;
  return state.simultaneous && !state.outcome && state.to_move === "black" && a.side === "white" &&
    seat() === "black";
}

// The centre of a square on the drawn board, in the picture's units.
function centreOf(sq) {
  const r = $("board").querySelector(`rect.sq[data-sq="${sq}"]`);
  if (!r) return null;
  const size = Number(r.getAttribute("width"));
  return [Number(r.getAttribute("x")) + size / 2, Number(r.getAttribute("y")) + size / 2];
}

// Arrows over the board for the engine's candidates: Ven's strategy, weighted by probability
// (width and opacity), beside the position searched or the round just played from it.
function drawStrategy() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const g of svg.querySelectorAll("g.strategy")) g.remove();
  const a = state.analysis;
  // An analysis: the best move as a thick arrow, the other lines' first moves thinner.
  const candidates = a.analysing
    ? (a.fen === shownFen() ? a.lines.filter((l) => l.pv).map((l, i) => ({ order: l.pv.split(" ")[0], p: i === 0 ? 1 : 0.35 })) : [])
    : a.strategy;
  const current = a.analysing || a.plies === state.plies.length || a.plies === state.plies.length - 1;
  if (!candidates.length || !current || secretAnalysis()) return;
  const ns = "http://www.w3.org/2000/svg";
  const g = document.createElementNS(ns, "g");
  g.setAttribute("class", "strategy");
  g.setAttribute("pointer-events", "none");
  for (const s of candidates) {
    const [from, to] = squaresOf(s.order);
    const c1 = centreOf(from);
    const c2 = centreOf(to);
    if (!c1 || !c2) continue;
    const line = document.createElementNS(ns, "line");
    line.setAttribute("x1", c1[0]);
    line.setAttribute("y1", c1[1]);
    line.setAttribute("x2", c2[0]);
    line.setAttribute("y2", c2[1]);
    line.setAttribute("stroke", a.analysing ? "#1d4ed8" : "#15803d");
    line.setAttribute("stroke-linecap", "round");
    line.setAttribute("stroke-width", (3 + 15 * s.p).toFixed(1));
    line.setAttribute("opacity", (0.2 + 0.35 * s.p).toFixed(2));
    line.dataset.order = s.order;
    line.dataset.p = s.p;
    g.append(line);
  }
  // Under the pieces and the round's own arrows.
  svg.insertBefore(g, svg.querySelector("g.pieces"));
}

// Plies grouped into turns (consecutive plies of one player), numbered as PGN numbers them.
function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  let number = 1;
  let li = null;
  let prev = null;
  state.plies.forEach((p, i) => {
    // A simultaneous round (Ven) is one entry: both orders, then the round's report.
    if (p.note) {
      li = document.createElement("li");
      li.value = i + 1;
      const span = document.createElement("span");
      span.className = "ply" + (i === state.plies.length - 1 ? " last" : "");
      span.textContent = p.text;
      navigable(span, i + 1);
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = `  [${p.note}]`;
      note.title = "round report: White's result, Black's result, kings in check";
      li.append(span, note);
      for (const r of p.removed) {
        const c = document.createElement("span");
        c.className = "capture";
        c.textContent = ` ×${r.piece}${r.square}`;
        li.append(c);
      }
      list.append(li);
      return;
    }
    if (p.player !== prev) {
      if (p.player === "white" || li === null) {
        li = document.createElement("li");
        li.value = number;
        if (p.player === "black") li.append("… ");
        list.append(li);
      } else {
        li.append("  ");
      }
      if (p.player === "black") number += 1;
    } else {
      li.append(",");
    }
    prev = p.player;
    const span = document.createElement("span");
    span.className = "ply" + (p.enemy ? " enemy" : "") + (i === state.plies.length - 1 ? " last" : "");
    // The spec's notation (SAN in chess and 007); `text` is what the protocol reads.
    span.textContent = p.notation || p.text;
    navigable(span, i + 1);
    if (p.enemy) span.title = `enemy ply: ${p.player} moved a ${p.player === "white" ? "black" : "white"} piece`;
    li.append(span);
    for (const r of p.removed) {
      const c = document.createElement("span");
      c.className = "capture";
      c.textContent = ` ×${r.piece}${r.square} (${r.how})`;
      li.append(c);
    }
  });
  // Scrolled after the frame, so that reading the height forces no extra layout.
  if (viewAt === null) requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

// ---- sounds ----
// A move and a capture sound, made with WebAudio (nothing is fetched), for each new ply of
// the game shown; the mute button's choice is remembered in localStorage.
let audio = null;
let heard = null;
const soundLog = [];

function muted() {
  return localStorage.getItem("chimera.muted") === "1";
}

function showMute() {
  $("mute").setAttribute("aria-pressed", String(muted()));
  $("mute").textContent = muted() ? "Sounds muted" : "Mute sounds";
}

// The audio context is made at the first press or key (a user gesture, which browsers ask
// for), so that the first move's click does not wait for it.
function warmAudio() {
  try {
    if (!muted()) audio ||= new AudioContext();
  } catch (e) {
    // No audio on this device.
  }
}

function sound(kind) {
  if (muted()) return;
  try {
    audio ||= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const t = audio.currentTime;
    const gain = audio.createGain();
    const osc = audio.createOscillator();
    osc.connect(gain);
    gain.connect(audio.destination);
    // A move: a short high tick; a capture: a longer falling buzz.
    const [type, f0, f1, length] = kind === "capture" ? ["square", 330, 110, 0.16] : ["triangle", 660, 620, 0.07];
    osc.type = type;
    osc.frequency.setValueAtTime(f0, t);
    osc.frequency.exponentialRampToValueAtTime(f1, t + length);
    gain.gain.setValueAtTime(0.15, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + length);
    osc.start(t);
    osc.stop(t + length + 0.01);
    soundLog.push(kind);
  } catch (e) {
    // No audio on this device: silence.
  }
}

function soundNewPlies() {
  const n = state.plies.length;
  if (heard && heard.id === state.id && n > heard.n) sound(state.plies[n - 1].removed.length ? "capture" : "move");
  heard = { id: state.id, n };
}

// Screen readers hear each new ply (the status line is polite and live too).
let announced = 0;
function announce() {
  const plies = state.plies;
  if (plies.length > announced) {
    const p = plies[plies.length - 1];
    $("announce").textContent = `${p.player} played ${p.notation || p.text}` + (p.note ? ` (${p.note})` : "");
  }
  announced = plies.length;
}

// A move typed in the variant's notation (keyboard access to every square).
function typedMove(event) {
  event.preventDefault();
  const text = $("move-input").value.trim();
  if (!state || !text) return;
  if (!humanDecides() || state.thinking) return showError(`not your move: '${text}' waits`);
  if (!state.moves.includes(text)) return showError(`'${text}' is not a legal ply here (${state.moves.slice(0, 6).join(" ")}…)`);
  $("move-input").value = "";
  clickStart = performance.now();
  play(text);
}

// A move in the list shows the position after it when clicked (or with Enter).
function navigable(span, at) {
  span.dataset.at = at;
  span.tabIndex = 0;
  span.setAttribute("role", "button");
  if (viewAt === at) span.classList.add("viewed");
  span.onclick = () => view(at);
  span.onkeydown = (e) => { if (e.key === "Enter") view(at); };
}

// Shows the position after `at` plies (null or the last: the live board).
async function view(at) {
  if (!state) return;
  if (at === null || at >= state.plies.length) {
    viewAt = null;
    render();
    return;
  }
  at = Math.max(0, at);
  try {
    const v = await api("GET", `/api/games/${state.id}/view`, { at: String(at) });
    viewAt = at;
    viewFen = v.fen;
    selected = null;
    drawBoard(v.svg);
    render();
  } catch (e) {
    showError(e.message);
  }
}

// ---- moving ----

// Drag and drop (mouse, pen or touch): past a few pixels the piece follows the pointer and
// the legal targets show (a premove's square while the engine thinks); a drop on another
// square is a click there, a drop off the board or on its own square cancels. A press and
// release without moving is a click.
let drag = null;

function svgPoint(event) {
  const svg = $("board").querySelector("svg");
  const p = svg.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}

function squareAtPoint(pt) {
  for (const r of $("board").querySelectorAll("rect.sq")) {
    const [x, y, w] = ["x", "y", "width"].map((a) => Number(r.getAttribute(a)));
    if (pt.x >= x && pt.x < x + w && pt.y >= y && pt.y < y + w) return r.dataset.sq;
  }
  return null;
}

function dragStart(event) {
  if (event.button !== 0 || !state) return;
  const rect = event.target.closest("rect.sq");
  if (!rect) return;
  const from = rect.dataset.sq;
  const piece = $("board").querySelector(`g.pieces use[data-sq="${from}"]`);
  const mine = humanDecides() && !state.thinking && state.moves.some((m) => squaresOf(m)[0] === from);
  if (!piece || !(mine || premoveAllowed())) return;
  drag = { from, id: event.pointerId, x0: event.clientX, y0: event.clientY, moving: false, pt: null };
}

// The dragged piece: a copy over everything, centred on the pointer; the piece itself faded.
function placeGhost() {
  const svg = $("board").querySelector("svg");
  const piece = svg && svg.querySelector(`g.pieces use[data-sq="${drag.from}"]`);
  if (!piece) return;
  let ghost = svg.querySelector("use.drag-ghost");
  if (!ghost) {
    ghost = piece.cloneNode(false);
    ghost.removeAttribute("data-sq");
    ghost.setAttribute("class", "drag-ghost");
    ghost.setAttribute("pointer-events", "none");
    svg.append(ghost);
    piece.setAttribute("opacity", "0.3");
  }
  const w = Number(ghost.getAttribute("width"));
  ghost.setAttribute("x", (drag.pt.x - w / 2).toFixed(1));
  ghost.setAttribute("y", (drag.pt.y - w / 2).toFixed(1));
}

function dragMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.moving) {
    if (Math.hypot(event.clientX - drag.x0, event.clientY - drag.y0) < 4) return;
    drag.moving = true;
    $("board").setPointerCapture(event.pointerId);
    if (premoveAllowed()) {
      premove = { from: drag.from, to: null };
      selected = null;
    } else {
      premove = null;
      selected = drag.from;
    }
    highlight();
  }
  drag.pt = svgPoint(event);
  placeGhost();
}

function endDrag() {
  const board = $("board");
  for (const g of board.querySelectorAll("use.drag-ghost")) g.remove();
  for (const p of board.querySelectorAll("g.pieces use[opacity]")) p.removeAttribute("opacity");
  if (drag && board.hasPointerCapture(drag.id)) board.releasePointerCapture(drag.id);
  drag = null;
}

function dragDrop(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const { from, moving } = drag;
  const to = moving ? squareAtPoint(svgPoint(event)) : null;
  endDrag();
  if (!moving) return;
  if (!to || to === from) return cancelMarks();
  clickStart = performance.now();
  focusSq = to;
  squareClicked(to);
}

// A click (or Enter, or a drop) on a square: a ply, or a premove while the engine thinks.
function squareClicked(sq) {
  if (premoveAllowed()) return premoveSquare(sq);
  inputFor(state.variant).square(sq);
}

// Premoves: while the engine thinks on its own turn, the person may queue one move, from a
// square with a piece to any other (the legal plies are not known yet). It is shown dotted,
// cancelled by a click elsewhere, Escape or a right click, and played as soon as it is the
// person's turn if a legal ply has its two squares (a promotion's queen first), else dropped.
let premove = null;
function premoveAllowed() {
  return state && state.thinking && !state.outcome && viewAt === null && !paused &&
    (seat() === "white" || seat() === "black") && state.to_move !== seat();
}

function premoveSquare(sq) {
  selected = null;
  if (premove && premove.to) premove = null;
  else if (premove && premove.from !== sq) premove.to = sq;
  else if (!premove && $("board").querySelector(`g.pieces [data-sq="${sq}"]`)) premove = { from: sq, to: null };
  else premove = null;
  showPremove();
  highlight();
}

function showPremove() {
  $("premove").textContent = premove && premove.to ? `premove ${premove.from}-${premove.to} queued (click elsewhere, Escape or right-click to cancel)` : "";
}

function cancelMarks() {
  premove = null;
  selected = null;
  showPremove();
  highlight();
}

// The person's turn has come: the queued premove is played if legal, dropped otherwise.
function playPremove() {
  const p = premove;
  premove = null;
  showPremove();
  if (!p || !p.to) return false;
  const rank = (m) => "qrbn".indexOf(m.slice(-1)) + 1 || 9;
  const legal = state.moves.filter((m) => {
    const s = squaresOf(m);
    return s[0] === p.from && s[1] === p.to;
  }).sort((a, b) => rank(a) - rank(b));
  if (!legal.length) {
    $("premove").textContent = `premove ${p.from}-${p.to} dropped: not legal now`;
    highlight();
    return false;
  }
  clickStart = performance.now();
  play(legal[0]);
  return true;
}

const clickInput = {
  square(sq) {
    if (!humanDecides() || state.thinking) return;
    if (selected) {
      const candidates = state.moves.filter((m) => {
        const s = squaresOf(m);
        return s[0] === selected && s[1] === sq;
      });
      if (candidates.length === 1) return play(candidates[0]);
      if (candidates.length > 1) return choose(candidates);
    }
    selected = state.moves.some((m) => squaresOf(m)[0] === sq) && selected !== sq ? sq : null;
    highlight();
  },
};

function pieceName(letter) {
  const v = variants.find((x) => x.name === state.variant);
  const p = v && v.pieces.find((x) => x.letter === letter.toUpperCase());
  return p ? p.name : letter;
}

// Several plies share the two squares: a promotion's letter, a Bowman's shot, one of a stack's
// pieces.
function choose(candidates) {
  const box = $("chooser");
  box.replaceChildren();
  const head = document.createElement("div");
  head.textContent = "Choose:";
  box.append(head);
  // A promotion's queen first, then the other pieces by value.
  const rank = (m) => "qrbn".indexOf(m.slice(-1)) + 1 || 9;
  candidates = [...candidates].sort((a, b) => rank(a) - rank(b));
  for (const m of candidates) {
    const sq = squaresOf(m);
    const rest = m.slice(m.indexOf(sq[1]) + sq[1].length);
    const b = document.createElement("button");
    b.dataset.move = m;
    // Lene Hau: a stack's pieces share the squares; the order names its piece first.
    if (/^[A-Z]/.test(m)) b.textContent = `${pieceName(m[0])} (${m})`;
    else if (/^[a-z]$/.test(rest)) {
      // A promotion: the piece's picture beside its name.
      const v = variants.find((x) => x.name === state.variant);
      const p = v && v.pieces.find((x) => x.letter === rest.toUpperCase());
      b.innerHTML = p ? p.svg : "";
      b.append(`${pieceName(rest)} (${m})`);
    }
    else if (rest.startsWith("x")) b.textContent = `shoot ${rest.slice(1)} (${m})`;
    else b.textContent = rest ? m : `no shot (${m})`;
    b.onclick = () => { box.hidden = true; play(m); };
    box.append(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "cancel";
  cancel.onclick = () => { box.hidden = true; selected = null; highlight(); };
  box.append(cancel);
  box.hidden = false;
}

async function play(move) {
  selected = null;
  try {
    state = await api("POST", `/api/games/${state.id}/move`, { move });
    showError("");
    render();
    timed();
    next();
  } catch (e) {
    showError(e.message);
    render();
  }
}

// The time from the click to the drawn board: the server's answer, the DOM update, and the
// browser's layout and paint of that frame (measured after the next animation frame).
function timed() {
  if (clickStart === null) return;
  const start = clickStart;
  clickStart = null;
  requestAnimationFrame(() => setTimeout(() => {
    const ms = performance.now() - start;
    document.body.dataset.updateMs = ms.toFixed(1);
    $("timing").textContent = `board updated ${ms.toFixed(1)} ms after the click`;
  }, 0));
}

// The strength asked for; a game with a clock plays on the server's clock instead.
function limitFields() {
  const value = $("limit-value").value;
  return $("limit-kind").value === "depth" ? { depth: value } : { movetime: value };
}

// Whatever comes next: the engine's ply, or waiting for a person.
async function next() {
  if (!state || state.outcome) return;
  if (state.thinking) return poll();
  // A person's ply waits for the person (even while an earlier position is viewed), unless
  // a premove waits for the person's turn.
  if (state.to_move === seat() && premove && humanDecides()) {
    playPremove();
    return;
  }
  if (paused || seat() === "both" || state.to_move === seat()) return;
  try {
    state = await api("POST", `/api/games/${state.id}/go`, limitFields());
    render();
    poll();
  } catch (e) {
    showError(e.message);
  }
}

function poll() {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(async () => {
    const id = state.id;
    try {
      const s = await api("GET", `/api/games/${id}`);
      if (!state || state.id !== id) return;
      state = s;
      render();
      if (state.thinking) poll();
      else next();
    } catch (e) {
      showError(e.message);
    }
  }, 120);
}

// The page leaves a game: its search is dropped, nothing played (a new game, a reload).
function leave(game) {
  if (game && game.thinking) navigator.sendBeacon(`/api/games/${game.id}/halt`, new URLSearchParams());
}

// Clocks: the server keeps them (the game's `clock` field: milliseconds left when the state
// was sent, the side running, a flag); the page counts the running side down between states
// and asks the server again when it reaches zero, so the flag is the server's.
let stateAt = 0;
let stateSeen = null;
let flagAsked = 0;

// Each side's milliseconds left now, from the server's figures.
function clockLeft() {
  const c = state && state.clock;
  if (!c) return null;
  const since = performance.now() - stateAt;
  return ["white", "black"].map((side) => Math.max(0, c[side] - (c.running === side ? since : 0)));
}

function showClocks() {
  const c = state && state.clock;
  $("clocks").hidden = !c;
  if (!c) return;
  const left = clockLeft();
  ["white", "black"].forEach((side, i) => {
    const el = $(`clock-${side}`);
    const s = Math.ceil(left[i] / 1000);
    el.textContent = `${side} ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    el.classList.toggle("running", c.running === side);
    el.classList.toggle("out", c.flag === side);
  });
  // A clock at zero here: the server decides the flag (at most one question a second).
  const now = performance.now();
  if (c.running && left[c.running === "white" ? 0 : 1] <= 0 && !c.flag && now - flagAsked > 1000) {
    flagAsked = now;
    refresh().catch((e) => showError(e.message));
  }
}

// The game and seat in the address, so a reload or a shared link finds the game.
function remember() {
  const params = new URLSearchParams(location.search);
  params.set("game", state.id);
  params.set("seat", seat());
  params.delete("variant");
  history.replaceState(null, "", "?" + params.toString());
}

// Chess960's start number `n` (0-959, Scharnagl's numbering: 518 is the usual array) as a FEN.
function chess960Fen(n) {
  const rank = Array(8).fill(null);
  const empty = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  rank[2 * (n % 4) + 1] = "b";
  n = Math.floor(n / 4);
  rank[2 * (n % 4)] = "b";
  n = Math.floor(n / 4);
  rank[empty()[n % 6]] = "q";
  n = Math.floor(n / 6);
  const [a, b] = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]][n];
  const free = empty();
  rank[free[a]] = rank[free[b]] = "n";
  const [r1, k, r2] = empty();
  rank[r1] = rank[r2] = "r";
  rank[k] = "k";
  const black = rank.join("");
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}

async function newGame() {
  clearTimeout(pollTimer);
  leave(state);
  selected = null;
  premove = null;
  showPremove();
  paused = false;
  viewAt = null;
  const fields = { variant: $("variant").value, fen: $("start-fen").value.trim(), clock: $("clock").value, ...optionFields() };
  // Chess960 without a FEN: a random start array, or the one numbered in the FEN field.
  if (fields["opt.UCI_Chess960"] === "true" && /^\d{0,3}$/.test(fields.fen)) {
    const n = fields.fen === "" ? Math.floor(Math.random() * 960) : Number(fields.fen);
    if (n > 959) return showError(`Chess960 start '${fields.fen}' is not a number from 0 to 959`);
    fields.fen = chess960Fen(n);
  }
  try {
    state = await api("POST", "/api/games", fields);
    showError("");
    $("pgn").hidden = true;
    remember();
    render();
    next();
  } catch (e) {
    showError(e.message);
  }
}

// Back to the start of the latest turn a person decided (one ply with two players at one
// screen), taking the engine's answer back with it.
async function takeBack() {
  if (!state || (!state.plies.length && !(state.simultaneous && state.to_move === "black"))) return;
  clearTimeout(pollTimer);
  const plies = state.plies;
  let keep = plies.length - 1;
  if (state.simultaneous) {
    // Ven: each record is a whole round holding the person's order. An order of the person's
    // still waiting for the other side's is taken back alone; otherwise the latest round.
    const written = state.to_move === "black" && (seat() === "white" || seat() === "both");
    keep = written ? plies.length : plies.length - 1;
  } else if (seat() === "white" || seat() === "black") {
    keep = 0;
    for (let k = plies.length - 1; k >= 0; k--) {
      if (plies[k].player === seat() && (k === 0 || plies[k - 1].player !== seat())) { keep = k; break; }
    }
  }
  try {
    state = await api("POST", `/api/games/${state.id}/undo`, { plies: String(keep) });
    selected = null;
    premove = null;
    showPremove();
    viewAt = null;
    showError("");
    render();
    next();
  } catch (e) {
    showError(e.message);
  }
}

async function showPgn() {
  if (!state) return;
  const human = "Human";
  const engine = "Chimera";
  const names = {
    white: [human, engine], black: [engine, human], both: [human, human], watch: [engine, engine],
  }[seat()];
  try {
    const text = await api("GET", `/api/games/${state.id}/pgn`, { white: names[0], black: names[1] });
    $("pgn").value = text;
    $("pgn").hidden = false;
    const link = $("pgn-download");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
    link.hidden = false;
  } catch (e) {
    showError(e.message);
  }
}

async function refresh() {
  if (!state) return;
  state = await api("GET", `/api/games/${state.id}`);
  render();
}

async function init() {
  variants = await api("GET", "/api/variants");
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = o.textContent = v.name;
    $("variant").append(o);
  }
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && variants.some((v) => v.name === wanted)) $("variant").value = wanted;
  showOptions();
  $("variant").onchange = () => { showOptions(); $("start-fen").value = ""; };
  $("new-game").onclick = newGame;
  $("takeback").onclick = takeBack;
  $("stop").onclick = stopEngine;
  $("analyse").onclick = analyse;
  setInterval(showClocks, 200);
  $("flip").onclick = () => { flipped = !flipped; viewAt = null; refresh().catch((e) => showError(e.message)); };
  $("seat").onchange = () => { paused = false; if (state) { remember(); render(); } next(); };
  // A corrected strength starts the engine where it was refused.
  $("limit-kind").onchange = $("limit-value").onchange = () => { showError(""); next(); };
  window.addEventListener("pagehide", () => leave(state));
  document.addEventListener("keydown", keyboard);
  $("move-form").onsubmit = typedMove;
  // On a phone the setup folds away under the board.
  if (window.matchMedia("(max-width: 700px)").matches) $("setup-fold").open = false;
  $("pgn-button").onclick = showPgn;
  $("pass").onclick = () => { clickStart = performance.now(); play("0000"); };
  $("board").addEventListener("click", (event) => {
    const rect = event.target.closest("[data-sq]");
    if (!rect || !state) return;
    clickStart = performance.now();
    focusSq = rect.dataset.sq;
    squareClicked(rect.dataset.sq);
  });
  $("board").addEventListener("contextmenu", (event) => { event.preventDefault(); cancelMarks(); });
  $("board").addEventListener("keydown", squareKeys);
  $("board").addEventListener("pointerdown", dragStart);
  $("board").addEventListener("pointermove", dragMove);
  $("board").addEventListener("pointerup", dragDrop);
  $("board").addEventListener("pointercancel", () => { if (drag) { endDrag(); cancelMarks(); } });
  $("mute").onclick = () => {
    localStorage.setItem("chimera.muted", muted() ? "0" : "1");
    showMute();
  };
  showMute();
  document.addEventListener("pointerdown", warmAudio, { once: true });
  document.addEventListener("keydown", warmAudio, { once: true });
  const params = new URLSearchParams(location.search);
  const id = params.get("game");
  if (id) {
    try {
      state = await api("GET", `/api/games/${id}`);
      if (params.get("seat")) $("seat").value = params.get("seat");
      $("variant").value = state.variant;
      showOptions();
      render();
      next();
      return;
    } catch (e) {
      showError(`game ${id} is gone (${e.message}): a new game starts`);
    }
  }
  await newGame();
}

// "Stop engine": play what it has found; in watch mode, pause self-play (and resume it).
async function stopEngine() {
  if (!state) return;
  try {
    if (seat() === "watch") {
      paused = !paused;
      if (paused) {
        clearTimeout(pollTimer);
        state = await api("POST", `/api/games/${state.id}/halt`);
        render();
      } else {
        render();
        next();
      }
      return;
    }
    await api("POST", `/api/games/${state.id}/stop`);
    poll();
  } catch (e) {
    showError(e.message);
  }
}

// "Analyse position": the engine analyses the position shown (an earlier one while navigating)
// with three lines, playing nothing, for the movetime or depth chosen.
async function analyse() {
  if (!state) return;
  try {
    const fields = { multipv: "3", ...limitFields() };
    if (viewAt !== null) fields.at = String(viewAt);
    state = await api("POST", `/api/games/${state.id}/analyse`, fields);
    showError("");
    render();
    poll();
  } catch (e) {
    showError(e.message);
  }
}

// ← and → step through the moves, Home and End go to the start and the live board.
function keyboard(event) {
  if (!state || event.target.closest("input, textarea, select, #board")) return;
  const at = viewAt === null ? state.plies.length : viewAt;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  view(to === null ? null : Math.max(0, to));
}

init().catch((e) => showError(e.message));
