// The card table: one websocket to the room; everything drawn from the seat's view and
// the legal actions the server sends, so every game works without code of its own.
import { cardEl, clear, el, api, spoken, storage, words } from "./common.js";
import { numberButtons, pressNumber, renderControls } from "./controls.js";
import { initChat, receiveChat } from "./chat.js";
import { declaredColumns, renderDetails } from "./details.js";
import {
  awayText, handEndEl, renderBoard, renderInfobar, renderSummary, renderTournament, short, sideName, sides, talk,
  talkParts, tournamentOver, turnText,
} from "./tableparts.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);

const HAND_END_SECONDS = 4; // how long a hand's summary stays when only bots are seated
const REFUSAL_MS = 4000; // a refused move's reason stays at least this long, whoever moves next
const AUTO_ACTION_MS = 1200; // the pause before the table takes an automatic action (a draw)
const PAUSES = { slow: 2500, normal: 1200, fast: 0 }; // how long a finished trick stays, in ms

const state = {
  socket: null, frame: null, view: null, room: null, seat: null, legal: [], log: [], results: [],
  pending: false, hint: null, hintVersion: -1, showLast: false, retry: 0, chooser: null,
  handsSeen: null, handEndTimer: null, refusedAt: 0, autoTimer: null, spokenLog: 0, wasMyTurn: false,
  held: [], holdUntil: 0, holdTimer: null, freshTrick: false, finishedAt: 0, pauseCut: false,
  rerender: () => render(), declared: null,
};

// The lines the game declares its table shows (its `display`), asked for once.
async function loadDeclared(game) {
  if (state.declared || state.declaredAsked) return;
  state.declaredAsked = true;
  try {
    const info = await api(`/api/games/${encodeURIComponent(game)}`);
    state.declared = info.display; state.kinds = info.kinds; // each view key's declared kind
  } catch { state.declaredAsked = false; return; }
  if (state.frame) render();
}

// -- talking to the server -------------------------------------------------------------

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) {
    state.socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(roomId)}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    state.retry = 0;
    $("conn").className = "conn up"; $("conn").setAttribute("aria-label", "connected");
    const mine = storage.seat(roomId);
    send({ type: "hello", token: mine ? mine.token : null });
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try { frame = JSON.parse(event.data); } catch { return; }
    receive(frame);
  });
  socket.addEventListener("close", () => {
    $("conn").className = "conn down"; $("conn").setAttribute("aria-label", "disconnected: reconnecting");
    state.pending = false;
    const wait = Math.min(5000, 300 * 2 ** state.retry++);
    setTimeout(connect, wait);
  });
}

function receive(frame) {
  if (frame.type === "welcome") {
    state.seat = frame.seat;
    document.body.dataset.seat = frame.seat === null ? "" : String(frame.seat);
  } else if (frame.type === "state") {
    state.held.push(frame);
    releaseHeld();
  } else if (frame.type === "error") {
    state.pending = false;
    if (frame.code === "stale") return; // the new state follows
    if (frame.code === "bad_token") { localStorage.removeItem(`tricktable.seat.${roomId}`); send({ type: "hello", token: null }); }
    if (frame.code === "no_spectators") $("title").textContent = "A tournament's table";
    say(frame.message, frame.code === "illegal" || frame.code === "not_your_turn" ? "rule" : "");
    document.body.dataset.lastError = frame.code;
  } else if (frame.type === "chat") {
    receiveChat(frame);
  } else if (frame.type === "hint") {
    if (state.frame && frame.version === state.frame.version) {
      state.hint = { ...frame.action, reason: frame.reason, bids: frame.bids };
      renderHint();
    }
  }
}

// Frames wait while a finished trick is on show (the player's trick pause), then are
// taken in order; one that finishes another trick starts the next pause.
function releaseHeld() {
  clearTimeout(state.holdTimer);
  while (state.held.length) {
    const wait = state.holdUntil - Date.now();
    if (wait > 0) { state.holdTimer = setTimeout(releaseHeld, wait); return; }
    takeState(state.held.shift());
  }
}

function takeState(frame) {
  if (frame.log_start === 0) { state.log = []; state.spokenLog = 0; }
  if (frame.log_start > state.log.length) { send({ type: "sync" }); return; }
  state.log = state.log.slice(0, frame.log_start).concat(frame.log);
  state.spokenLog = Math.min(state.spokenLog, frame.log_start);
  const before = state.view;
  state.frame = frame; state.view = frame.view; state.room = frame.room;
  loadDeclared(frame.room.game);
  state.seat = frame.seat; state.legal = frame.legal; state.pending = false; state.chooser = null;
  state.results = frame.results || [];
  const now = Date.now();
  for (const seat of state.room.seats) {
    seat.away_until = seat.away_in === null || seat.away_in === undefined ? null : now + seat.away_in * 1000;
  }
  const finished = before && (before.trick || []).length > 0 && !(frame.view.trick || []).length
    && frame.view.last_trick && frame.view.hand_number === before.hand_number;
  // how long a finished trick was on show when nobody cut the pause short (for the tests)
  if (state.freshTrick && !finished && !state.pauseCut) {
    document.body.dataset.finishedFor = String(now - state.finishedAt);
  }
  state.freshTrick = Boolean(finished);
  if (finished) { state.holdUntil = now + trickPause(); state.finishedAt = now; state.pauseCut = false; }
  render();
}

function trickPause() {
  return PAUSES[$("speed").value] ?? PAUSES.normal;
}

function act(text) {
  if (state.pending || !state.frame) return;
  clearTimeout(state.autoTimer);
  if (state.holdUntil > Date.now()) state.pauseCut = true;
  state.holdUntil = 0; // the player moves on: the answer is shown at once
  say("");
  if (send({ type: "act", version: state.frame.version, action: text })) state.pending = true;
}

// Take back (only offered alone with bots, until the trick ends): the server answers with
// the state before my last action, or an error saying why not.
function takeBack() {
  if (!state.frame || !state.frame.take_back) return;
  clearTimeout(state.autoTimer);
  state.holdUntil = 0;
  if (send({ type: "take_back", version: state.frame.version })) say("Taking back your last move…");
}

function renderTakeBack() {
  $("take-back-row").hidden = !(state.frame && state.frame.take_back);
}

function say(message, kind = "") {
  const status = $("status");
  if (kind === "rule") state.refusedAt = Date.now();
  status.textContent = message;
  status.className = `status ${kind}`;
}

// What a screen reader hears: whose turn it is and what was played.
function announce(lines) {
  if (!lines.length) return;
  const live = $("live");
  live.textContent = lines.map(spoken).join(". ");
}

// -- the hand and its controls -----------------------------------------------------------

function cardActions() {
  const byCard = new Map();
  for (const action of state.legal) {
    if (!action.card) continue;
    if (!byCard.has(action.card)) byCard.set(action.card, []);
    byCard.get(action.card).push(action);
  }
  return byCard;
}

function cardKind() {
  const kinds = state.legal.filter((a) => a.card).map((a) => a.kind);
  if (kinds.includes("play")) return "play";
  return kinds[0] || "play";
}

function renderHand() {
  const hand = state.view.hand || [];
  const byCard = cardActions();
  const box = clear($("hand"));
  box.style.setProperty("--cards", String(Math.max(hand.length, 1)));
  const old = document.getElementById("chooser");
  if (old) old.remove();
  if (state.seat === null || state.seat === undefined) return;
  hand.forEach((card, index) => {
    const actions = byCard.get(card) || [];
    const button = cardEl(card, { button: true, extra: actions.length ? "legal" : (byCard.size ? "dim" : "") });
    button.dataset.index = index;
    if (byCard.size && !actions.length) button.setAttribute("aria-disabled", "true");
    button.addEventListener("click", () => clickCard(card));
    box.append(button);
  });
  if (state.chooser) {
    const actions = byCard.get(state.chooser) || [];
    box.after(el("div", { class: "chooser", id: "chooser", role: "group", "aria-label": `what to do with ${state.chooser}` },
      el("span", { class: "kind" }, `${state.chooser}:`),
      actions.map((a) => el("button", { type: "button", class: "btn", dataset: { action: a.text }, onclick: () => act(a.text) },
        words(a.kind))),
      el("button", { type: "button", class: "btn secondary", onclick: () => { state.chooser = null; render(); } }, "cancel")));
    numberButtons();
    const first = document.querySelector("#chooser button");
    if (first) first.focus();
  }
}

function clickCard(card) {
  const actions = cardActions().get(card) || [];
  if (actions.length === 1) return act(actions[0].text);
  if (actions.length > 1) { state.chooser = card; render(); return; }
  act(`${cardKind()} ${card}`); // not legal: the server answers with the rule
}

// The game may name an action the table takes for the player after a short pause (the
// draw after a won trick); choosing another action first cancels it.
function scheduleAutoAction() {
  clearTimeout(state.autoTimer);
  const auto = state.view.auto_action;
  if (!auto || !state.legal.some((a) => a.text === auto)) return;
  const version = state.frame.version;
  const others = state.legal.filter((a) => a.text !== auto).map((a) => a.text);
  say(`${words(auto)} in a moment` + (others.length ? ` (or choose: ${others.join(", ")})` : ""));
  state.autoTimer = setTimeout(() => {
    if (state.frame && state.frame.version === version && !state.pending) act(auto);
  }, Math.max(AUTO_ACTION_MS, state.holdUntil - Date.now()));
}

// -- panels ----------------------------------------------------------------------------

function renderLog() {
  const box = $("log");
  const lines = talk(state.log);
  clear(box, lines.slice(-120).map((line) => el("li", {}, talkParts(line))));
  box.scrollTop = box.scrollHeight;
  const fresh = lines.slice(state.spokenLog).filter((line) => !line.startsWith("you are dealt") && !/ is dealt /.test(line));
  state.spokenLog = lines.length;
  return fresh.slice(-3);
}

function sheetTable() {
  const results = state.results;
  const n = sides(state).length;
  const head = el("tr", {}, el("th", { scope: "col" }, "Hand"), el("th", { scope: "col" }, "Declarer"),
    el("th", { scope: "col" }, "Contract"),
    Array.from({ length: n }, (_, i) => el("th", { scope: "col" }, `${sideName(state, i)} +/-`)),
    Array.from({ length: n }, (_, i) => el("th", { scope: "col" }, sideName(state, i))));
  const rows = results.map((r, index) => el("tr", {},
    el("td", {}, String(r.hand ?? index + 1)),
    el("td", {}, r.declarer === null || r.declarer === undefined ? "—" : short(state, r.declarer)),
    el("td", {}, `${r.contract ?? "—"}${r.made === true ? " made" : r.made === false ? " set" : ""}`),
    (r.deltas || []).map((d) => el("td", {}, String(d))),
    (r.scores || []).map((s) => el("td", {}, String(s)))));
  return el("table", { class: "scores", id: "score-sheet" }, el("thead", {}, head), el("tbody", {}, rows));
}

function renderSheet() {
  const box = $("sheet").firstElementChild;
  clear(box, el("h2", {}, "Score sheet"), sheetTable(),
    el("p", {}, el("button", { type: "button", class: "btn", id: "sheet-close", onclick: () => { $("sheet").hidden = true; } }, "Close")));
}

// The summary of the hand just finished: it stays until the player continues (a few
// seconds when only bots sit at the table).
function renderHandEnd() {
  const count = state.results.length;
  if (state.handsSeen === null) state.handsSeen = count; // earlier hands: in the score sheet
  if (count <= state.handsSeen) return;
  state.handsSeen = count;
  const close = () => { clearTimeout(state.handEndTimer); $("handend").hidden = true; document.body.dataset.handEnd = ""; render(); };
  const onlyBots = state.room.seats.every((s) => s.kind === "bot" || s.away);
  clear($("handend").firstElementChild, handEndEl(state, state.results[count - 1]),
    el("p", { class: "row" }, el("button", { type: "button", class: "btn", id: "continue", onclick: close },
      onlyBots ? `Continue (${HAND_END_SECONDS} s)` : "Continue"),
    el("button", { type: "button", class: "btn secondary", onclick: () => { close(); $("sheet-button").click(); } }, "Score sheet")));
  $("handend").hidden = false;
  document.body.dataset.handEnd = String(count);
  clearTimeout(state.handEndTimer);
  if (onlyBots) state.handEndTimer = setTimeout(close, HAND_END_SECONDS * 1000);
  // opening every trick of the hand stops the clock: it stays until the player continues
  const history = $("handend").querySelector(".trick-history");
  if (history) {
    history.addEventListener("toggle", () => { clearTimeout(state.handEndTimer); $("continue").textContent = "Continue"; });
  }
  $("continue").focus();
}

function renderOver() {
  const view = state.view; const room = state.room;
  const over = view.phase === "game_over" || room.status === "finished";
  $("over").hidden = !over || state.overClosed || !$("handend").hidden;
  if (!over) return;
  if (room.tournament) {
    clear($("over").firstElementChild, tournamentOver(room, () => { state.overClosed = true; $("over").hidden = true; }));
    return;
  }
  const name = (i) => sideName(state, i);
  const winners = Array.isArray(view.winners) && view.winners.length ? view.winners.map(name).join(" and ")
    : view.winner !== null && view.winner !== undefined ? name(view.winner) : "nobody";
  const mySide = state.seat === null ? -1 : sides(state).findIndex((side) => side.includes(state.seat));
  const won = mySide >= 0 && (view.winner === mySide || (view.winners || []).includes(mySide));
  clear($("over").firstElementChild,
    el("h2", { id: "game-over" }, won ? "You win!" : "Game over"),
    el("p", {}, `Winner: ${winners}. Final score: `, (view.scores || []).map((s, i) => `${name(i)} ${s}`).join(", ")),
    sheetTable(),
    el("p", { class: "row" },
      el("a", { class: "btn", href: `/replay/${roomId}` }, "Replay face up"),
      el("a", { class: "btn", href: "/" }, "Back to the lobby"),
      el("button", { type: "button", class: "btn secondary", onclick: () => { state.overClosed = true; $("over").hidden = true; } }, "Look at the table")));
}

function renderJoin() {
  const box = $("join");
  const free = state.room.seats.map((s, i) => ({ ...s, i })).filter((s) => s.kind === "human" && !s.taken);
  const watching = state.seat === null || state.seat === undefined;
  box.hidden = !watching;
  if (!watching) return;
  // every frame draws the box again: keep what the watcher has typed (and its focus)
  const typing = $("join-name");
  const typed = typing ? typing.value : storage.name();
  const focused = typing !== null && document.activeElement === typing;
  const name = el("input", { id: "join-name", value: typed, maxlength: 40, placeholder: "your name", "aria-label": "your name" });
  clear(box, el("p", {}, "You are watching this table."),
    free.length ? el("div", { class: "row centered" }, name,
      free.map((s) => el("button", { type: "button", class: "btn", onclick: () => joinSeat(name.value, s.i) }, `Sit at ${s.label}`)))
      : el("p", { class: "muted" }, "Every seat is taken."));
  if (focused) name.focus();
}

async function joinSeat(name, seat) {
  if (!name.trim()) { say("Type your name first."); return; }
  storage.setName(name);
  try {
    const joined = await api(`/api/rooms/${roomId}/join`, { body: { name, seat } });
    storage.setSeat(roomId, joined.seat, joined.token);
    send({ type: "hello", token: joined.token });
  } catch (error) { say(error.message, "rule"); }
}

function renderHint() {
  document.querySelectorAll(".hint").forEach((node) => node.classList.remove("hint"));
  if (!$("beginner").checked || !state.hint) return;
  const hint = state.hint;
  if (hint.card) {
    const node = $("hand").querySelector(`[data-card="${CSS.escape(hint.card)}"]`);
    if (node) node.classList.add("hint");
  } else {
    const node = $("controls").querySelector(`[data-action="${CSS.escape(hint.text)}"]`);
    if (node) node.classList.add("hint");
  }
  let line = `Hint: ${hint.text}` + (hint.reason ? ` (${hint.reason})` : "");
  if (hint.bids) {
    const perTrump = Object.entries(hint.bids).map(([suit, b]) => `${suit} ${b.suggested_bid}`);
    line += `; bids made in most sampled deals, by trump: ${perTrump.join(", ")}`;
  }
  say(line);
}

// What lies before a seat that sits this hand out (``sits_out``), in the game's words; null
// when the seat plays.
function sittingOut(view, seat) {
  if (seat === null || seat === undefined || view.sits_out !== seat) return null;
  const items = (view.at_seats || [])[seat] || [];
  return items[0] || { label: "You sit out", text: "this hand" };
}

function renderPrompt() {
  const view = state.view;
  const mine = state.legal.length > 0 && view.phase !== "game_over";
  const out = sittingOut(view, state.seat);
  const text = mine ? (view.prompt || `Your turn: ${words(view.phase)}`)
    : out ? `${out.label}: ${out.text}` : turnText(state);
  const prompt = $("prompt");
  prompt.textContent = text;
  prompt.className = `prompt${mine ? " mine" : ""}${out ? " sits-out" : ""}`;
  $("hand").classList.toggle("sits-out", Boolean(out));
  return mine ? text : "";
}

function render() {
  const view = state.view; const room = state.room;
  document.title = `tricktable: ${room.title}`;
  $("title").textContent = `${room.title} · ${room.status}`;
  $("rules").href = `/rules/${room.game}`;
  const body = document.body.dataset;
  body.version = String(state.frame.version); body.phase = view.phase; body.status = room.status;
  body.toMove = view.to_move === null || view.to_move === undefined ? "" : String(view.to_move);
  body.hands = String(state.results.length); body.seat = state.seat === null ? "" : String(state.seat);
  body.myTurn = state.legal.length ? "1" : "0";
  renderInfobar(state); renderBoard(state); renderControls(state.legal, act, view.action_words || {}); renderHand();
  renderSummary(state, declaredColumns(state, state.declared)); renderDetails(state, state.declared, $("beginner").checked); renderJoin(); renderHandEnd(); renderOver(); renderTakeBack(); renderTournament(room);
  const fresh = renderLog();
  const prompt = renderPrompt();
  const myTurnNow = prompt !== "" && !state.wasMyTurn;
  state.wasMyTurn = prompt !== "";
  announce(myTurnNow ? [...fresh, `Your turn. ${prompt}`] : fresh);
  if (!$("sheet").hidden) renderSheet();
  if (room.status === "waiting") say("Waiting for every seat to be taken: share the invite link.");
  else if (!$("status").classList.contains("rule")
    || (!state.legal.length && Date.now() - state.refusedAt > REFUSAL_MS)) say("");
  state.hint = null;
  scheduleAutoAction();
  if ($("beginner").checked && !room.tournament && state.legal.length && state.hintVersion !== state.frame.version) {
    state.hintVersion = state.frame.version;
    send({ type: "hint" });
  }
}

// The away countdowns tick once a second between frames.
function tickAway() {
  if (!state.room) return;
  const now = Date.now();
  for (const node of document.querySelectorAll("[data-away]")) {
    const text = awayText(state.room.seats[Number(node.dataset.away)], now);
    if (text) node.textContent = text;
  }
}

// -- keyboard ---------------------------------------------------------------------------

function onKey(event) {
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!$("handend").hidden) {
    if (event.key === "Escape") { $("continue").click(); event.preventDefault(); }
    return;
  }
  const cards = [...$("hand").querySelectorAll("button.card")];
  const index = cards.indexOf(document.activeElement);
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    if (!cards.length) return;
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = index < 0 ? (step > 0 ? 0 : cards.length - 1) : (index + step + cards.length) % cards.length;
    cards[next].focus(); event.preventDefault();
  } else if (/^[0-9]$/.test(event.key)) {
    pressNumber(event.key); event.preventDefault();
  } else if (event.key === "h") {
    $("beginner").checked = !$("beginner").checked; $("beginner").dispatchEvent(new Event("change"));
  } else if (event.key === "l") {
    const button = document.getElementById("last-button"); if (button) button.click();
  } else if (event.key === "s") {
    $("sheet-button").click();
  } else if (event.key === "u") {
    takeBack();
  } else if (event.key === "Escape") {
    $("sheet").hidden = true;
    if (state.chooser) { state.chooser = null; render(); }
  }
}

function main() {
  $("invite").value = `${location.origin}/table/${roomId}`;
  $("invite").addEventListener("focus", () => $("invite").select());
  $("speed").value = localStorage.getItem("tricktable.speed") || "normal";
  document.body.dataset.speed = $("speed").value;
  $("speed").addEventListener("change", () => {
    localStorage.setItem("tricktable.speed", $("speed").value);
    document.body.dataset.speed = $("speed").value;
  });
  $("beginner").checked = storage.flag("beginner");
  $("beginner").addEventListener("change", () => {
    storage.setFlag("beginner", $("beginner").checked);
    state.hintVersion = -1;
    if (state.frame) render();
  });
  $("take-back").addEventListener("click", takeBack);
  $("sheet-button").addEventListener("click", () => {
    if (!state.view) return;
    $("sheet").hidden = !$("sheet").hidden;
    if (!$("sheet").hidden) { renderSheet(); $("sheet-close").focus(); }
  });
  document.addEventListener("keydown", onKey);
  initChat(send);
  connect();
  setInterval(() => send({ type: "ping" }), 25000);
  setInterval(tickAway, 1000);
}

main();
