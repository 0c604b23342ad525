// Parts of the card table drawn from the seat's view: the names of seats and sides, the
// information bar, the seats with what lies in front of them, tricks, the score panel and
// the end-of-hand summary. Only the view's common keys and the game's own labelled items
// (`table`, `at_seats`, `prompt`) are read, so no game needs code of its own here.
import { cardBack, cardEl, cardInfo, cardName, clear, el, isCard, words } from "./common.js";

// -- names -----------------------------------------------------------------------------

export function seatLabel(state, seat) {
  if (seat === null || seat === undefined || !state.room) return "";
  const s = state.room.seats[seat];
  if (!s) return String(seat);
  const who = s.kind === "bot" ? "bot" : (s.name || "free seat");
  return `${s.label} (${who})`;
}

export function short(state, seat) {
  if (seat === null || seat === undefined || !state.room || !state.room.seats[seat]) return "";
  return state.room.seats[seat].label;
}

// The scoring sides in the order of `scores`: the game's `sides` (a view's `teams` may be
// this hand's playing teams in another order, so it is never used for the scores).
export function sides(state) {
  const declared = state.view && Array.isArray(state.view.sides) ? state.view.sides : state.room.sides;
  return declared || state.room.seats.map((_, i) => [i]);
}

export function sideName(state, index) {
  return (sides(state)[index] || []).map((seat) => short(state, seat)).join("/");
}

// Per-seat numbers summed per side; per-side numbers as they are; else null.
function perSide(state, values) {
  if (!Array.isArray(values) || !values.every((v) => typeof v === "number")) return null;
  const list = sides(state);
  if (values.length === list.length) return values;
  if (values.length === state.room.players) return list.map((side) => side.reduce((t, s) => t + values[s], 0));
  return null;
}

// -- small pieces ---------------------------------------------------------------------------

function itemEl(item, extra = "") {
  return el("span", { class: `chip ${extra}`.trim() },
    el("span", { class: "chip-label" }, item.label),
    item.text ? el("span", { class: "chip-text" }, item.text) : null,
    (item.cards || []).map((c) => cardEl(c, { small: true })));
}

export function turnText(state) {
  const view = state.view;
  if (view.phase === "game_over" || state.room.status === "finished") return "The game is over";
  if (state.room.status === "waiting") return "Waiting for players";
  if (view.to_move === null || view.to_move === undefined) return "";
  return view.to_move === state.seat ? "Your turn" : `${seatLabel(state, view.to_move)} to move`;
}

// The bar above the table: whose turn, the game's table items (trump, contract, ...), scores.
export function renderInfobar(state) {
  const view = state.view;
  const mine = view.to_move === state.seat && state.legal.length > 0;
  const scores = (view.scores || []).map((score, i) => `${sideName(state, i)} ${score}`).join(" · ");
  clear(document.getElementById("infobar"),
    el("span", { class: `chip turn${mine ? " mine" : ""}`, id: "turn" }, turnText(state)),
    (view.table || []).map((item) => itemEl(item)),
    state.room.took_back ? itemEl({ label: "Unrated", text: "a move was taken back" }, "unrated") : null,
    scores ? itemEl({ label: "Score", text: scores + (view.target ? ` (game ${view.target})` : "") }, "score") : null);
}

// -- the board ----------------------------------------------------------------------------

export function positions(count, me) {
  const layout = { 2: ["top"], 3: ["left", "right"], 4: ["left", "top", "right"] }[count];
  const result = {};
  result[me] = "bottom";
  for (let i = 1; i < count; i++) result[(me + i) % count] = layout ? layout[i - 1] : "row";
  return result;
}

function bidText(bid) {
  if (bid === null || bid === undefined) return "";
  if (typeof bid !== "object") return String(bid);
  const value = bid.bid === null || bid.bid === undefined ? "pass" : String(bid.bid);
  return bid.meld_bid ? `${value} (meld)` : value;
}

export function awayText(seat, now) {
  if (seat.away || seat.away_until === undefined || seat.away_until === null) return null;
  const left = Math.max(0, Math.ceil((seat.away_until - now) / 1000));
  return `away: a bot plays in ${left} s`;
}

function seatBox(state, seat) {
  const view = state.view; const s = state.room.seats[seat];
  const badges = [];
  if (view.dealer === seat) badges.push(el("span", { class: "badge dealer", title: "dealer" }, "dealer"));
  if (view.declarer === seat || (view.declarer === undefined && view.bidder === seat)) {
    badges.push(el("span", { class: "badge declarer" }, "declarer"));
  }
  if (s.kind === "bot") badges.push(el("span", { class: "badge" }, `bot: ${s.bot}`));
  else if (s.away) badges.push(el("span", { class: "badge" }, `away: ${s.bot} plays`));
  else if (s.kind === "human") {
    const away = awayText(s, Date.now());
    badges.push(el("span", { class: "badge", dataset: away ? { away: seat } : {} },
      away || (s.taken ? (s.connected ? "online" : "offline") : "free")));
  }
  const bids = (view.bids || []).filter((b) => b && b.seat === seat);
  if (bids.length && ["bid", "contract", "knock"].includes(view.phase)) {
    badges.push(el("span", { class: "badge" }, `bid: ${bidText(bids[bids.length - 1])}`));
  }
  if (Array.isArray(view.tricks) && view.tricks.length === state.room.players && state.room.players !== sides(state).length) {
    badges.push(el("span", { class: "badge" }, `tricks: ${view.tricks[seat]}`));
  }
  const size = view.hand_sizes ? view.hand_sizes[seat] : null;
  const items = (view.at_seats || [])[seat] || [];
  const turn = view.to_move === seat && view.phase !== "game_over";
  const out = view.sits_out === seat; // plays no card this hand: its cards lie face down
  if (out) badges.unshift(el("span", { class: "badge sits-out" }, "sits out this hand"));
  return el("div", { class: `seatbox${turn ? " turn" : ""}${out ? " sits-out" : ""}`, dataset: { seatbox: seat } },
    el("div", { class: "who", title: `${s.label} ${s.kind === "bot" ? "bot" : (s.name || "")}`.trim() }, turn ? el("span", { class: "turn-mark", "aria-hidden": "true" }, "▶ ") : null,
      s.label, " ", s.kind === "bot" ? "bot" : (s.name || "—")),
    size !== null && seat !== state.seat ? el("div", {}, cardBack(size)) : null,
    el("div", { class: "badges" }, badges),
    items.length ? el("div", { class: "at-seat" }, items.map((item) => itemEl(item, "small"))) : null);
}

// A trick on the table: the one in progress, the one just finished (on show for the
// player's trick pause) or the last one, faded, until the next card is led.
// Cards from ``arriveFrom`` on have just been played: they travel in from their seat's side.
function trickEl(state, cards, where, caption, kind, arriveFrom = Infinity) {
  const slots = { top: "t", left: "l", right: "r", bottom: "b", row: "t" };
  const box = el("div", { class: `trick ${kind}`, id: kind === "current" ? "trick" : "last-trick" });
  const used = {};
  for (const [index, played] of (cards || []).entries()) {
    const none = played.seat === null || played.seat === undefined;
    let area = none ? "c" : slots[where[played.seat]] || "t";
    if (used[area]) area = "c";
    used[area] = true;
    const arrive = index >= arriveFrom && !none ? ` arrive from-${slots[where[played.seat]] || "t"}` : "";
    box.append(el("div", { class: `slot slot-${area}${arrive}` },
      cardEl(played.card, { extra: played.trump ? "trumped" : "" }),
      el("span", {}, none ? "turned up" : short(state, played.seat))));
  }
  if (caption) box.append(el("div", { class: "caption" }, caption));
  return box;
}

export function renderBoard(state) {
  const view = state.view; const room = state.room;
  const where = positions(room.players, state.seat ?? 0);
  const board = clear(document.getElementById("board"));
  const row = el("div", { class: "others-row" });
  for (let seat = 0; seat < room.players; seat++) {
    const pos = where[seat];
    if (pos === "row") row.append(seatBox(state, seat));
    else board.append(el("div", { class: `area-${pos}` }, seatBox(state, seat)));
  }
  if (row.childNodes.length) board.append(row);
  const center = el("div", { class: "area-center" });
  const trick = view.trick || [];
  const last = view.last_trick;
  // the cards played since the table was last drawn travel in (none on the first drawing)
  const drawn = state.trickDrawn ?? trick.length;
  state.trickDrawn = trick.length;
  const arriveFrom = trick.length >= drawn ? drawn : 0;
  if (trick.length || !last) center.append(trickEl(state, trick, where, "", "current", arriveFrom));
  if (last && (!trick.length || state.showLast)) {
    const winner = last.winner === null || last.winner === undefined ? "nobody (thrown out)" : seatLabel(state, last.winner);
    const fresh = state.freshTrick && !trick.length;
    center.append(trickEl(state, last.cards, where, `${fresh ? "won" : "last trick, won"} by ${winner}`,
      fresh ? "finished" : "faded"));
  }
  if (last && trick.length) {
    center.append(el("button", { type: "button", class: "btn secondary", id: "last-button", "aria-keyshortcuts": "l",
      onclick: () => { state.showLast = !state.showLast; state.rerender(); } },
    state.showLast ? "Hide last trick" : "Last trick"));
  }
  board.append(center);
}

// -- the score panel ----------------------------------------------------------------------

// The score panel: each side's score and tricks, and the game's declared columns (`columns`:
// [label, one value per side]), like the meld and trick points of Pinochle's box.
export function renderSummary(state, columns = []) {
  const view = state.view; const room = state.room;
  const scores = view.scores || [];
  const tricks = perSide(state, view.tricks);
  const rows = scores.map((score, i) => el("tr", { dataset: { side: i } },
    el("th", { scope: "row" }, sideName(state, i)), el("td", {}, String(score)),
    tricks ? el("td", {}, String(tricks[i])) : null,
    columns.map(([, values]) => el("td", {}, values[i] === null || values[i] === undefined ? "—" : String(values[i])))));
  clear(document.getElementById("summary"),
    el("h2", {}, room.title, view.hand_number ? ` · hand ${view.hand_number}` : ""),
    el("p", {}, `Phase: ${words(view.phase)}`),
    el("div", { class: "table-wrap" }, el("table", { class: "scores", id: "score-table" },
      el("caption", { class: "visually-hidden" }, "scores"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Side"), el("th", { scope: "col" }, "Score"),
        tricks ? el("th", { scope: "col" }, "Tricks") : null,
        columns.map(([label]) => el("th", { scope: "col" }, label)))),
      el("tbody", {}, rows))),
    view.bids && view.bids.length ? el("p", { class: "muted" },
      "Bids: ", view.bids.map((b) => `${short(state, b.seat)} ${bidText(b)}`).join(", ")) : null);
}

function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

// -- the end of a hand ----------------------------------------------------------------------

const SHOWN = new Set(["hand", "dealer", "declarer", "contract", "made", "outcome", "reason", "tricks",
  "deltas", "scores", "last_trick", "teams", "winner", "trick_history"]);

// Every trick of the hand, one row each: the cards under the seat that played them (the
// card led marked, the winning card raised), and who won it.
export function trickHistoryEl(state, tricks) {
  if (!Array.isArray(tricks) || !tricks.length) return null;
  const players = state.room.players;
  const turned = tricks.some((t) => t.cards.some((p) => p.seat === null || p.seat === undefined));
  const head = el("tr", {}, el("th", { scope: "col" }, "#"),
    turned ? el("th", { scope: "col" }, "Turned up") : null,
    Array.from({ length: players }, (_, seat) => el("th", { scope: "col" }, short(state, seat))),
    el("th", { scope: "col" }, "Won by"));
  const rows = tricks.map((trick, index) => {
    const bySeat = new Map(trick.cards.map((p, order) => [p.seat ?? "up", { ...p, order }]));
    const winning = trick.winner === null || trick.winner === undefined ? null : bySeat.get(trick.winner);
    const cell = (key) => {
      const played = bySeat.get(key);
      if (!played) return el("td", {}, "");
      const marks = [played.order === 0 ? "led" : "", played === winning ? "won" : ""].filter(Boolean);
      return el("td", { class: marks.join(" ") }, cardEl(played.card, { small: true, extra: played.trump ? "trumped" : "" }),
        marks.length ? el("span", { class: "visually-hidden" }, ` (${marks.join(", ")})`) : null);
    };
    return el("tr", {}, el("th", { scope: "row" }, String(index + 1)), turned ? cell("up") : null,
      Array.from({ length: players }, (_, seat) => cell(seat)),
      el("td", {}, trick.winner === null || trick.winner === undefined ? "nobody" : short(state, trick.winner)));
  });
  return el("details", { class: "trick-history" },
    el("summary", {}, `Every trick of the hand (${tricks.length})`),
    el("p", { class: "muted legend" }, "Blue edge: the card led. Ringed: the card that won the trick."),
    el("table", { class: "scores", id: "trick-history" },
      el("caption", { class: "visually-hidden" }, "every trick of the hand: the card led, the winning card"),
      el("thead", {}, head), el("tbody", {}, rows)));
}

// The summary of one finished hand (`result`, from the game's hand results).
export function handEndEl(state, result) {
  const list = sides(state);
  const columns = [["Tricks", perSide(state, result.tricks)]];
  const seen = [JSON.stringify(columns[0][1])];
  const noPoints = result.no_points === true; // declared by a game: no card point counted
  for (const [key, value] of Object.entries(result)) {
    if (SHOWN.has(key) || noPoints) continue;
    const values = Array.isArray(value) && value.length === list.length && value.every((v) => typeof v === "number") ? value : null;
    if (!values || seen.includes(JSON.stringify(values))) continue;
    seen.push(JSON.stringify(values));
    columns.push([capital(words(key)), values]);
  }
  columns.push(["This hand", (result.deltas || []).map((d) => (d > 0 ? `+${d}` : String(d)))]);
  columns.push(["Score", result.scores]);
  const used = columns.filter(([, values]) => Array.isArray(values));
  const contract = result.contract ? `${result.contract}` : "";
  const by = result.declarer === null || result.declarer === undefined ? "" : ` by ${seatLabel(state, result.declarer)}`;
  const made = result.made === true ? "made" : result.made === false ? "set" : "";
  const cards = Object.entries(result).filter(([key, value]) => !SHOWN.has(key) && Array.isArray(value)
    && value.length && value.every((c) => typeof c === "string" && isCard(c)));
  const last = result.last_trick;
  return el("div", { id: "hand-end" },
    el("h2", { id: "handend-title" }, `Hand ${result.hand ?? ""} is over`),
    el("p", { class: "outcome" }, contract ? el("strong", {}, `${contract}${by}: `) : null,
      result.outcome || result.reason || made || "no score"),
    el("div", { class: "table-wrap" }, el("table", { class: "scores", id: "hand-end-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Side"), used.map(([name]) => el("th", { scope: "col" }, name)))),
      el("tbody", {}, list.map((_, i) => el("tr", { dataset: { side: i } }, el("th", { scope: "row" }, sideName(state, i)),
        used.map(([, values]) => el("td", {}, String(values[i] ?? "")))))))),
    last && last.cards ? el("div", { class: "end-trick" },
      el("h3", {}, "Last trick", last.winner === null || last.winner === undefined ? "" : `, won by ${seatLabel(state, last.winner)}`),
      el("div", { class: "row" }, last.cards.map((p) => el("span", { class: "played" },
        cardEl(p.card, { small: true }), el("span", {}, p.seat === null || p.seat === undefined ? "turned up" : short(state, p.seat)))))) : null,
    cards.map(([key, value]) => el("div", { class: "end-cards" }, el("h3", {}, capital(words(key))),
      el("div", { class: "row" }, value.map((c) => cardEl(c, { small: true }))))),
    trickHistoryEl(state, result.trick_history));
}

// -- the log --------------------------------------------------------------------------------

// Table talk with each trick's winning card named: "W wins the trick" -> "... with Q♠".
export function talk(lines) {
  const plays = {};
  return lines.map((line) => {
    const play = /^(\S+) .*?\bplays ([^\s,;:]+)/.exec(line);
    if (play) plays[play[1]] = play[2];
    const won = /^(\S+) wins the trick(?! with)/.exec(line);
    if (won && plays[won[1]]) {
      const text = line.replace(/wins the trick/, `wins the trick with ${plays[won[1]]}`);
      for (const key of Object.keys(plays)) delete plays[key];
      return text;
    }
    if (won) for (const key of Object.keys(plays)) delete plays[key];
    return line;
  });
}

// A line of table talk with its cards named and coloured: "W plays Y1" -> "W plays yellow 1".
const CARD_IN_TEXT = /(\b(?:10|[2-9JQKA])[♠♥♦♣]|\b[RGYB](?:1[0-4]|[1-9])\b|\bRook\b)/g;

export function talkParts(line) {
  return String(line).split(CARD_IN_TEXT).map((part, i) => {
    if (i % 2 === 0) return part;
    const info = cardInfo(part);
    if (!info) return part;
    const rook = /^[RGYB]/.test(part) && info.cls.startsWith("rook-") ? cardName(part).split(" ").reverse().join(" ") : part;
    return el("span", { class: `tcard ${info.cls}` }, rook);
  });
}

export { cardName };

// A tournament's room: which deal of which tournament it is, and the way back to it (no
// hints there: every table plays the deal on its own).
export function renderTournament(room) {
  const bar = document.getElementById("tourney");
  const t = room.tournament;
  bar.hidden = !t;
  document.getElementById("beginner-label").hidden = Boolean(t);
  document.getElementById("invite-box").hidden = Boolean(t); // a tournament's table: no guests
  if (!t) return;
  clear(bar, el("strong", {}, `Tournament: deal ${t.deal + 1} of ${t.deals}. `),
    room.status === "finished" ? "This deal is over. " : "Play it as it falls: no hints, no take backs. ",
    el("a", { href: t.url, id: "tourney-link" }, room.status === "finished" ? "Back to the tournament" : "The tournament's page"));
}

// The end of a tournament's deal: back to the tournament for the next one.
export function tournamentOver(room, lookAtTable) {
  const t = room.tournament;
  return [el("h2", { id: "game-over" }, `Deal ${t.deal + 1} of ${t.deals} played`),
    el("p", {}, "Its result counts in the tournament. Every table's play of this deal is shown side by side once the tournament is over."),
    el("p", { class: "row" }, el("a", { class: "btn", href: t.url, id: "back-to-tournament" }, "Back to the tournament"),
      el("button", { type: "button", class: "btn secondary", onclick: lookAtTable }, "Look at the table"))];
}
