// The card table: one websocket to the room; everything drawn from the seat's view and
// the legal actions the server sends, so every game works without code of its own.
import { cardBack, cardEl, cardInfo, clear, el, isCard, api, storage, words } from "./common.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);

// Keys every game's view shares, drawn in their own places; the rest goes to the details panel.
const COMMON = new Set(["hand", "trick", "last_trick", "scores", "to_move", "phase", "trump", "bids", "tricks"]);
const HIDDEN = new Set(["game", "seat", "players", "results", "winner", "winners", "hand_number", "dealer",
  "hand_sizes", "teams", "sides", "team_names", "options", "target"]);

const state = {
  socket: null, frame: null, view: null, room: null, seat: null, legal: [], log: [], results: [],
  pending: false, hint: null, hintVersion: -1, showLast: false, retry: 0, chooser: null,
};

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
    $("conn").className = "conn up";
    const mine = storage.seat(roomId);
    send({ type: "hello", token: mine ? mine.token : null });
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try { frame = JSON.parse(event.data); } catch { return; }
    receive(frame);
  });
  socket.addEventListener("close", () => {
    $("conn").className = "conn down";
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
    if (frame.log_start === 0) state.log = [];
    if (frame.log_start > state.log.length) { send({ type: "sync" }); return; }
    state.log = state.log.slice(0, frame.log_start).concat(frame.log);
    state.frame = frame; state.view = frame.view; state.room = frame.room;
    state.seat = frame.seat; state.legal = frame.legal; state.pending = false; state.chooser = null;
    state.results = frame.results || [];
    render();
  } else if (frame.type === "error") {
    state.pending = false;
    if (frame.code === "stale") return; // the new state follows
    if (frame.code === "bad_token") { localStorage.removeItem(`tricktable.seat.${roomId}`); send({ type: "hello", token: null }); }
    say(frame.message, frame.code === "illegal" ? "rule" : "");
    document.body.dataset.lastError = frame.code;
  } else if (frame.type === "hint") {
    if (state.frame && frame.version === state.frame.version) {
      state.hint = { ...frame.action, reason: frame.reason, bids: frame.bids };
      renderHint();
    }
  }
}

function act(text) {
  if (state.pending || !state.frame) return;
  say("");
  if (send({ type: "act", version: state.frame.version, action: text })) state.pending = true;
}

function say(message, kind = "") {
  const status = $("status");
  status.textContent = message;
  status.className = `status ${kind}`;
}

// -- names -----------------------------------------------------------------------------

function label(seat) {
  if (seat === null || seat === undefined || !state.room) return "";
  const s = state.room.seats[seat];
  if (!s) return String(seat);
  const who = s.kind === "bot" ? `bot` : (s.name || "free seat");
  return `${s.label} (${who})`;
}

function short(seat) {
  if (seat === null || seat === undefined || !state.room || !state.room.seats[seat]) return "";
  return state.room.seats[seat].label;
}

function sides() {
  const room = state.room;
  const list = state.view.teams && state.view.teams.length && Array.isArray(state.view.teams[0])
    && state.view.scores && state.view.teams.length === state.view.scores.length ? state.view.teams : room.sides;
  return list || room.seats.map((_, i) => [i]);
}

function sideName(index) {
  const side = sides()[index] || [];
  return side.map(short).join("/");
}

// -- drawing ---------------------------------------------------------------------------

function positions(count, me) {
  const layout = { 2: ["top"], 3: ["left", "right"], 4: ["left", "top", "right"] }[count];
  const result = {};
  result[me] = "bottom";
  for (let i = 1; i < count; i++) result[(me + i) % count] = layout ? layout[i - 1] : "row";
  return result;
}

function seatBox(seat) {
  const view = state.view; const s = state.room.seats[seat];
  const badges = [];
  if (view.dealer === seat) badges.push(el("span", { class: "badge dealer", title: "dealer" }, "D"));
  if (s.kind === "bot") badges.push(el("span", { class: "badge" }, `bot: ${s.bot}`));
  else if (s.away) badges.push(el("span", { class: "badge" }, `away: ${s.bot} plays`));
  else if (s.kind === "human") badges.push(el("span", { class: "badge" }, s.taken ? (s.connected ? "online" : "offline") : "free"));
  const bids = (view.bids || []).filter((b) => b && b.seat === seat);
  if (bids.length) badges.push(el("span", { class: "badge" }, `bid: ${bidText(bids[bids.length - 1])}`));
  if (Array.isArray(view.tricks) && view.tricks.length === state.room.players && state.room.players !== sides().length) {
    badges.push(el("span", { class: "badge" }, `tricks: ${view.tricks[seat]}`));
  }
  const size = view.hand_sizes ? view.hand_sizes[seat] : null;
  return el("div", { class: `seatbox${view.to_move === seat ? " turn" : ""}`, dataset: { seatbox: seat } },
    el("div", { class: "who" }, s.label, " ", s.kind === "bot" ? "bot" : (s.name || "—")),
    size !== null && seat !== state.seat ? el("div", {}, cardBack(size)) : null,
    el("div", { class: "badges" }, badges));
}

function bidText(bid) {
  if (bid === null || bid === undefined) return "";
  if (typeof bid !== "object") return String(bid);
  const value = bid.bid === null || bid.bid === undefined ? "pass" : String(bid.bid);
  return bid.meld_bid ? `${value} (meld)` : value;
}

function trickEl(cards, where, caption, faded) {
  const slots = { top: "t", left: "l", right: "r", bottom: "b", row: "t" };
  const box = el("div", { class: `trick${faded ? " faded" : ""}`, id: faded ? "last-trick" : "trick" });
  const used = {};
  for (const played of cards || []) {
    const pos = played.seat === null || played.seat === undefined ? "center" : where[played.seat];
    let area = pos === "center" ? "c" : slots[pos] || "t";
    if (used[area]) area = "c";
    used[area] = true;
    box.append(el("div", { class: `slot slot-${area}` },
      cardEl(played.card, { extra: played.trump ? "trumped" : "" }),
      el("span", {}, played.seat === null || played.seat === undefined ? "turned up" : short(played.seat))));
  }
  if (caption) box.append(el("div", { class: "caption" }, caption));
  return box;
}

function renderBoard() {
  const view = state.view; const room = state.room;
  const me = state.seat ?? 0;
  const where = positions(room.players, me);
  const board = clear($("board"));
  const row = el("div", { class: "others-row" });
  for (let seat = 0; seat < room.players; seat++) {
    const pos = where[seat];
    if (pos === "row") row.append(seatBox(seat));
    else board.append(el("div", { class: `area-${pos}` }, seatBox(seat)));
  }
  if (row.childNodes.length) board.append(row);
  const center = el("div", { class: "area-center" });
  const trick = view.trick || [];
  const last = view.last_trick;
  if (trick.length || !last) {
    center.append(trickEl(trick, where, trick.length ? "" : phaseLine(), false));
  }
  if (last && (!trick.length || state.showLast)) {
    center.append(trickEl(last.cards, where, `last trick, won by ${label(last.winner)}`, true));
  }
  if (last && trick.length) {
    center.append(el("button", { type: "button", class: "btn secondary", id: "last-button",
      onclick: () => { state.showLast = !state.showLast; render(); } },
    state.showLast ? "Hide last trick" : "Last trick (l)"));
  }
  board.append(center);
}

function phaseLine() {
  const view = state.view;
  if (view.phase === "game_over") return "the game is over";
  if (view.to_move === null || view.to_move === undefined) return "";
  return view.to_move === state.seat ? "your turn" : `${label(view.to_move)} to move`;
}

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
  if (state.seat === null || state.seat === undefined) return;
  hand.forEach((card, index) => {
    const actions = byCard.get(card) || [];
    const button = cardEl(card, { button: true, extra: actions.length ? "legal" : (byCard.size ? "dim" : "") });
    button.dataset.index = index;
    button.addEventListener("click", () => clickCard(card));
    box.append(button);
  });
  if (state.chooser) {
    const actions = byCard.get(state.chooser) || [];
    box.after(el("div", { class: "chooser", id: "chooser" }, actions.map((a) =>
      el("button", { type: "button", class: "btn", onclick: () => act(a.text) }, a.text))));
  }
}

function clickCard(card) {
  const actions = cardActions().get(card) || [];
  if (actions.length === 1) return act(actions[0].text);
  if (actions.length > 1) { state.chooser = card; render(); return; }
  act(`${cardKind()} ${card}`); // not legal: the server answers with the rule
}

function renderControls() {
  const box = clear($("controls"));
  const old = document.getElementById("chooser");
  if (old) old.remove();
  const groups = new Map();
  for (const action of state.legal) {
    if (action.card) continue;
    if (!groups.has(action.kind)) groups.set(action.kind, []);
    groups.get(action.kind).push(action);
  }
  let number = 0;
  for (const [kind, actions] of groups) {
    const group = el("div", { class: `group${actions.length > 8 ? " many" : ""}`, dataset: { kind } },
      el("span", { class: "kind" }, words(kind)));
    for (const action of actions) {
      number += 1;
      const rest = action.text.slice(kind.length).trim();
      group.append(el("button", { type: "button", dataset: { action: action.text, key: number <= 9 ? number : "" },
        title: number <= 9 ? `${action.text} (${number})` : action.text,
        onclick: () => act(action.text) }, rest || action.text));
    }
    box.append(group);
  }
}

function renderSummary() {
  const view = state.view; const room = state.room;
  const rows = [];
  const scores = view.scores || [];
  const tricks = Array.isArray(view.tricks) && view.tricks.length === scores.length ? view.tricks : null;
  scores.forEach((score, i) => {
    rows.push(el("tr", {}, el("td", {}, sideName(i)), el("td", {}, String(score)),
      tricks ? el("td", {}, String(tricks[i])) : null));
  });
  const trump = Array.isArray(view.trump)
    ? view.trump.map((t, i) => `${sideName(i)}: ${t ?? "none"}`).join(", ") : (view.trump ?? "not named");
  clear($("summary"),
    el("h3", {}, room.title, view.hand_number ? ` · hand ${view.hand_number}` : ""),
    el("div", {}, `Phase: ${words(view.phase)}`),
    el("div", {}, `Trump: ${trump}`),
    view.target ? el("div", {}, `Game to ${view.target}`) : null,
    el("table", { class: "scores" },
      el("thead", {}, el("tr", {}, el("th", {}, "Side"), el("th", {}, "Score"), tricks ? el("th", {}, "Tricks") : null)),
      el("tbody", {}, rows)),
    view.bids && view.bids.length ? el("div", { class: "muted" },
      "Bids: ", view.bids.map((b) => `${short(b.seat)} ${bidText(b)}`).join(", ")) : null);
}

function valueEl(value, key) {
  if (value === null || value === undefined || value === "") return document.createTextNode("—");
  if (typeof value === "string") return isCard(value) ? cardEl(value, { small: true }) : document.createTextNode(value);
  if (typeof value === "number" && /seat|bidder|declarer|winner|closer|dealer$|by$|_to$|_from$/.test(key || "")) {
    return document.createTextNode(label(value));
  }
  if (typeof value === "number" && /team$/.test(key || "")) return document.createTextNode(sideName(value));
  if (typeof value !== "object") return document.createTextNode(String(value));
  if (Array.isArray(value)) {
    if (!value.length) return document.createTextNode("—");
    if (value.every((v) => typeof v === "string" && isCard(v))) {
      return el("span", { class: "row" }, value.map((v) => cardEl(v, { small: true })));
    }
    if (value.every((v) => v === null || typeof v !== "object")) {
      return document.createTextNode(value.map((v) => (v === null ? "—" : String(v))).join(", "));
    }
    return el("div", {}, value.map((v, i) => el("div", { class: "item" },
      Array.isArray(v) && v.every((c) => isCard(c)) && state.room && value.length === state.room.players
        ? el("span", {}, `${short(i)}: `, valueEl(v, key)) : valueEl(v, key))));
  }
  return el("dl", {}, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, words(k)), el("dd", {}, valueEl(v, k))]));
}

function renderExtras() {
  const view = state.view;
  const entries = Object.entries(view).filter(([key, value]) => !COMMON.has(key) && !HIDDEN.has(key)
    && value !== null && value !== false && !(Array.isArray(value) && value.length === 0));
  clear($("extras"), el("h3", {}, "Details"),
    entries.length ? el("dl", {}, entries.flatMap(([k, v]) => [el("dt", {}, words(k)), el("dd", { dataset: { key: k } }, valueEl(v, k))]))
      : el("p", { class: "muted" }, "nothing more to show"));
}

function renderLog() {
  const box = $("log");
  clear(box, state.log.slice(-120).map((line) => el("li", {}, line)));
  box.scrollTop = box.scrollHeight;
}

function sheetTable() {
  const results = state.results;
  const n = (state.view.scores || []).length;
  const head = el("tr", {}, el("th", {}, "Hand"), el("th", {}, "Declarer"), el("th", {}, "Contract"),
    Array.from({ length: n }, (_, i) => el("th", {}, `${sideName(i)} +/-`)),
    Array.from({ length: n }, (_, i) => el("th", {}, sideName(i))));
  const rows = results.map((r, index) => el("tr", {},
    el("td", {}, String(r.hand ?? index + 1)),
    el("td", {}, r.declarer === null || r.declarer === undefined ? "—" : short(r.declarer)),
    el("td", {}, `${r.contract ?? "—"}${r.made === true ? " made" : r.made === false ? " set" : ""}`),
    (r.deltas || []).map((d) => el("td", {}, String(d))),
    (r.scores || []).map((s) => el("td", {}, String(s)))));
  return el("table", { class: "scores", id: "score-sheet" }, el("thead", {}, head), el("tbody", {}, rows));
}

function renderSheet() {
  const box = $("sheet").firstElementChild;
  clear(box, el("h2", {}, "Score sheet"), sheetTable(),
    el("p", {}, el("button", { type: "button", class: "btn", onclick: () => { $("sheet").hidden = true; } }, "Close")));
}

function renderOver() {
  const view = state.view; const room = state.room;
  const over = view.phase === "game_over" || room.status === "finished";
  $("over").hidden = !over || state.overClosed;
  if (!over) return;
  const winners = Array.isArray(view.winners) && view.winners.length ? view.winners.map(sideName).join(" and ")
    : view.winner !== null && view.winner !== undefined ? sideName(view.winner) : "nobody";
  const mySide = state.seat === null ? -1 : sides().findIndex((side) => side.includes(state.seat));
  const won = mySide >= 0 && (view.winner === mySide || (view.winners || []).includes(mySide));
  clear($("over").firstElementChild,
    el("h2", { id: "game-over" }, won ? "You win!" : "Game over"),
    el("p", {}, `Winner: ${winners}. Final score: `,
      (view.scores || []).map((s, i) => `${sideName(i)} ${s}`).join(", ")),
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
  const name = el("input", { id: "join-name", value: storage.name(), maxlength: 40, placeholder: "your name", "aria-label": "your name" });
  clear(box, el("p", {}, "You are watching this table."),
    free.length ? el("div", { class: "row centered" }, name,
      free.map((s) => el("button", { type: "button", class: "btn", onclick: () => joinSeat(name.value, s.i) }, `Sit at ${s.label}`)))
      : el("p", { class: "muted" }, "Every seat is taken."));
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
    // searched bids: the Details panel's "beginner" figures are the rule of thumb from the meld
    line += `; bids made in most sampled deals, by trump: ${perTrump.join(", ")}`;
  }
  say(line);
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
  renderBoard(); renderControls(); renderHand(); renderSummary(); renderExtras(); renderLog(); renderJoin(); renderOver();
  if (!$("sheet").hidden) renderSheet();
  if (room.status === "waiting") say("Waiting for every seat to be taken: share the invite link.");
  else if (state.legal.length) say(view.phase === "game_over" ? "" : "Your turn.");
  else if ($("status").className.indexOf("rule") < 0) say(phaseLine());
  state.hint = null;
  if ($("beginner").checked && state.legal.length && state.hintVersion !== state.frame.version) {
    state.hintVersion = state.frame.version;
    send({ type: "hint" });
  }
}

// -- keyboard ---------------------------------------------------------------------------

function onKey(event) {
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const cards = [...$("hand").querySelectorAll("button.card")];
  const index = cards.indexOf(document.activeElement);
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    if (!cards.length) return;
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = index < 0 ? (step > 0 ? 0 : cards.length - 1) : (index + step + cards.length) % cards.length;
    cards[next].focus(); event.preventDefault();
  } else if (/^[1-9]$/.test(event.key)) {
    const button = $("controls").querySelector(`[data-key="${event.key}"]`);
    if (button) { button.click(); event.preventDefault(); }
  } else if (event.key === "h") {
    $("beginner").checked = !$("beginner").checked; $("beginner").dispatchEvent(new Event("change"));
  } else if (event.key === "l") {
    const button = document.getElementById("last-button"); if (button) button.click();
  } else if (event.key === "s") {
    $("sheet-button").click();
  } else if (event.key === "Escape") {
    $("sheet").hidden = true;
  }
}

function main() {
  $("invite").value = `${location.origin}/table/${roomId}`;
  $("invite").addEventListener("focus", () => $("invite").select());
  $("beginner").checked = storage.flag("beginner");
  $("beginner").addEventListener("change", () => {
    storage.setFlag("beginner", $("beginner").checked);
    state.hintVersion = -1;
    if (state.frame) render();
  });
  $("sheet-button").addEventListener("click", () => {
    if (!state.view) return;
    $("sheet").hidden = !$("sheet").hidden;
    if (!$("sheet").hidden) renderSheet();
  });
  document.addEventListener("keydown", onKey);
  connect();
  setInterval(() => send({ type: "ping" }), 25000);
}

main();
