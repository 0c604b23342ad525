// Shared helpers of every page: DOM building, the API, cards, stored names and tokens.
// Everything a player typed or a server sent is put on the page as text, never as HTML.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  return node;
}

export async function api(path, options = {}) {
  const init = { headers: { Accept: "application/json" }, ...options };
  if (options.body !== undefined) {
    init.method = options.method || "POST";
    init.headers["Content-Type"] = "application/json";
    // a string is JSON text already (an uploaded record file), sent as it is
    init.body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    throw new Error((data && data.error) || `the server answered ${response.status}`);
  }
  return data;
}

// -- stored in the browser ----------------------------------------------------------

const NAME_KEY = "tricktable.name";
const PLAYER_KEY = "tricktable.player";
export const storage = {
  name() { return localStorage.getItem(NAME_KEY) || ""; },
  setName(name) { localStorage.setItem(NAME_KEY, name.trim()); },
  seat(roomId) {
    try { return JSON.parse(localStorage.getItem(`tricktable.seat.${roomId}`)); }
    catch { return null; }
  },
  setSeat(roomId, seat, token) {
    localStorage.setItem(`tricktable.seat.${roomId}`, JSON.stringify({ seat, token }));
  },
  // The player: {id, name, key}. The key stays in this browser (and the private link).
  player() {
    try { return JSON.parse(localStorage.getItem(PLAYER_KEY)); } catch { return null; }
  },
  setPlayer(player) {
    localStorage.setItem(PLAYER_KEY, JSON.stringify({ id: player.id, name: player.name, key: player.key }));
    localStorage.setItem(NAME_KEY, player.name);
  },
  flag(name) { return localStorage.getItem(`tricktable.${name}`) === "1"; },
  setFlag(name, on) { localStorage.setItem(`tricktable.${name}`, on ? "1" : "0"); },
};

// -- cards ---------------------------------------------------------------------------

const SUITS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };
const COLOURS = { R: "red", G: "green", Y: "yellow", B: "black" };

// What a card's text says: its rank, suit symbol and colour class; null if not a card.
export function cardInfo(text) {
  if (typeof text !== "string") return null;
  let m = /^(10|[2-9JQKA])([♠♥♦♣])$/.exec(text);
  if (m) return { rank: m[1], suit: m[2], cls: `suit-${SUITS[m[2]]}` };
  m = /^([RGYB])(1[0-4]|[1-9])$/.exec(text);
  if (m) return { rank: m[2], suit: m[1], cls: `rook-${COLOURS[m[1]]}` };
  if (text === "Rook") return { rank: "Rook", suit: "✦", cls: "rook-bird" };
  return null;
}

// A card's spoken name, starting with the rank drawn on it: "Q of spades", "5 red", "Rook".
export function cardName(text) {
  let m = /^(10|[2-9JQKA])([♠♥♦♣])$/.exec(text || "");
  if (m) return `${m[1]} of ${SUITS[m[2]]}`;
  m = /^([RGYB])(1[0-4]|[1-9])$/.exec(text || "");
  if (m) return `${m[2]} ${COLOURS[m[1]]}`;
  return String(text);
}

// Card texts inside a line of words spoken out: "W plays Q♠" -> "W plays Q of spades".
export function spoken(line) {
  return String(line).replace(/\b(10|[2-9JQKA])([♠♥♦♣])|\b([RGYB])(1[0-4]|[1-9])\b/g,
    (card) => cardName(card));
}

export function isCard(text) { return cardInfo(text) !== null; }

// A card drawn with CSS: a button when clickable, else a span.
export function cardEl(text, { button = false, small = false, extra = "", title = null } = {}) {
  const info = cardInfo(text) || { rank: text, suit: "", cls: "suit-none" };
  const classes = ["card", info.cls, small ? "small" : "", extra].filter(Boolean).join(" ");
  const attrs = { class: classes, title: title || text, dataset: { card: text } };
  if (!button) return el("span", { ...attrs, role: "img", "aria-label": cardName(text) },
    el("span", { class: "rank", "aria-hidden": "true" }, info.rank),
    el("span", { class: "pip", "aria-hidden": "true" }, info.suit));
  // a button is named by its content: the rank drawn, then the words of its suit, unseen
  const name = cardName(text);
  const rest = name.startsWith(info.rank) ? name.slice(info.rank.length) : "";
  return el("button", { ...attrs, type: "button" },
    el("span", { class: "rank" }, info.rank),
    el("span", { class: "pip", "aria-hidden": "true" }, info.suit),
    rest ? el("span", { class: "visually-hidden" }, rest) : null);
}

export function cardBack(count) {
  return el("span", { class: "card back small", title: `${count} cards`, role: "img",
    "aria-label": `${count} cards in hand` }, el("span", { class: "rank", "aria-hidden": "true" }, String(count)));
}

// Words for a key of a view: "high_bidder" -> "high bidder".
export function words(key) { return String(key).replaceAll("_", " "); }

export function header(active) {
  const link = (href, text, key) => el("a", { href, class: key === active ? "active" : "" }, text);
  return el("nav", { class: "topnav" },
    el("a", { href: "/", class: "brand" }, "tricktable"),
    link("/", "Lobby", "lobby"), link("/history", "History", "history"),
    link("/leaderboard", "Leaderboard", "leaderboard"), link("/tournaments", "Tournaments", "tournaments"),
    link("/me", "Me", "me"));
}

// The player this browser plays as, made on first use: a stored one whose name is
// `name`, else a new player with that name (the key comes back once and is kept here).
export async function ensurePlayer(name) {
  const known = storage.player();
  if (known && known.key && known.name === name) return known;
  const made = await api("/api/players", { body: { name } });
  storage.setPlayer(made);
  return made;
}

export function when(seconds) {
  return new Date(seconds * 1000).toLocaleString();
}
