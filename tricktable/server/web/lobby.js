// The lobby: your name, the open rooms, and a form to create a room.
import { api, clear, el, ensurePlayer, header, storage } from "./common.js";

const state = { games: [], game: null, botRatings: {} };
const $ = (id) => document.getElementById(id);

function currentName() {
  const name = $("name").value.trim();
  if (name) storage.setName(name);
  return name;
}

function seatLabel(count, seat) {
  return count === 4 ? "NESW"[seat] : `P${seat + 1}`;
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.choices && option.choices.length) {
    input = el("select", { id, name: option.name },
      option.choices.map((c) => el("option", { value: String(c), selected: c === option.default }, String(c))));
  } else if (typeof option.default === "boolean") {
    input = el("input", { id, name: option.name, type: "checkbox", checked: option.default });
  } else if (typeof option.default === "number") {
    input = el("input", { id, name: option.name, type: "number", value: option.default, step: 1,
      min: option.minimum ?? null, max: option.maximum ?? null, class: "narrow" });
  } else {
    input = el("input", { id, name: option.name, value: option.default ?? "" });
  }
  input.dataset.option = option.name;
  input.dataset.kind = typeof option.default;
  return el("div", { class: "option" },
    el("label", { for: id }, option.name.replaceAll("_", " "), input),
    el("small", {}, `${option.doc || ""} (default: ${String(option.default)})`));
}

// A bot as the seat list shows it: its name and its rating in this game, if it has one.
function botText(bot) {
  const rating = state.botRatings[bot];
  return rating ? `${bot} (rating ${rating.rating.toFixed(1)}, ${rating.games} games)` : `${bot} (unrated)`;
}

// Fetch the game's bot ratings, then relabel the seat lists' bots (the form stays as it is).
async function loadBotRatings(game) {
  state.botRatings = {};
  try {
    const found = await api(`/api/ratings/${encodeURIComponent(game)}?kind=bots`);
    if (state.game.name !== game) return;
    for (const r of found.ratings) state.botRatings[r.name] = r;
  } catch { /* no ratings: the bots show unrated */ }
  for (const option of $("seats").querySelectorAll("[data-bot] option")) option.textContent = botText(option.value);
  document.body.dataset.botRatings = game;
}

function renderGame() {
  const game = state.games.find((g) => g.name === $("game").value) || state.games[0];
  state.game = game;
  loadBotRatings(game.name);
  clear($("players"), game.player_counts.map((n) => el("option", { value: n }, String(n))));
  $("rules-link").href = `/rules/${game.name}`;
  clear($("preset"), [
    el("option", { value: "" }, "standard (the game's own rules)"),
    ...(game.presets || []).map((p) => el("option", { value: p.name }, p.name)),
    el("option", { value: CUSTOM }, "custom: choose each option"),
  ]);
  clear($("options"), game.options.map(optionInput));
  renderPreset();
  renderSeats();
}

// The rules: a preset (or the standard rules) first; "custom" shows every single option,
// starting from the preset last chosen.
const CUSTOM = "*custom";  // no preset name has a "*"
let lastPreset = "";

function presetOptions(name) {
  const preset = (state.game.presets || []).find((p) => p.name === name);
  return preset ? preset.options : {};
}

function renderPreset() {
  const choice = $("preset").value;
  const custom = choice === CUSTOM;
  $("options").hidden = !custom;
  if (custom) {
    const values = presetOptions(lastPreset);
    for (const option of state.game.options) {
      const input = $("options").querySelector(`[data-option="${option.name}"]`);
      const value = option.name in values ? values[option.name] : option.default;
      if (input.type === "checkbox") input.checked = Boolean(value);
      else input.value = String(value);
    }
    $("preset-doc").textContent = "Every option below; the defaults are the game's own rules.";
    return;
  }
  lastPreset = choice;
  const preset = (state.game.presets || []).find((p) => p.name === choice);
  $("preset-doc").textContent = preset
    ? `${preset.doc} (${Object.entries(preset.options).map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`).join(", ")})`
    : "The rules as the game's rule text gives them.";
}

function renderSeats() {
  const game = state.game;
  const count = Number($("players").value);
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const kind = el("select", { "aria-label": `seat ${seat} player`, dataset: { seat } },
      el("option", { value: "human", selected: seat === 0 }, "human"),
      el("option", { value: "bot", selected: seat !== 0 }, "bot"));
    const bot = el("select", { "aria-label": `seat ${seat} bot`, dataset: { bot: seat } },
      game.bots.map((b) => el("option", { value: b, selected: b === game.default_bot }, botText(b))));
    const mine = el("input", { type: "radio", name: "myseat", value: seat, checked: seat === 0,
      "aria-label": `I sit at ${seatLabel(count, seat)}` });
    rows.push(el("div", { class: "seat-choice" },
      el("strong", {}, seatLabel(count, seat)), kind, bot,
      el("label", {}, mine, "my seat")));
  }
  clear($("seats"), rows);
}

function readOptions() {
  const choice = $("preset").value;
  if (choice !== CUSTOM) return choice ? { preset: choice } : {};
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "boolean") options[input.dataset.option] = input.checked;
    else if (kind === "number") options[input.dataset.option] = Number(input.value);
    else options[input.dataset.option] = input.value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const button = $("create-button");
  if (button.disabled) return; // a second click while the room is being made
  $("create-error").textContent = "";
  const name = currentName();
  const seats = [...$("seats").querySelectorAll("[data-seat]")].map((select) => ({
    kind: select.value,
    bot: $("seats").querySelector(`[data-bot="${select.dataset.seat}"]`).value,
  }));
  const mine = Number(($("seats").querySelector("input[name=myseat]:checked") || {}).value ?? 0);
  const humans = seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
  if (humans.length && !name) { $("create-error").textContent = "Type your name first."; $("name").focus(); return; }
  const body = { game: state.game.name, players: Number($("players").value), options: readOptions(), seats,
    name: name || null, seat: humans.length ? (humans.includes(mine) ? mine : humans[0]) : null,
    rated: $("rated").checked, chat: $("chat").value };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  button.disabled = true;
  try {
    if (humans.length) body.player_key = (await ensurePlayer(name)).key;
    const made = await api("/api/rooms", { body });
    if (made.token) storage.setSeat(made.room.id, made.seat, made.token);
    location.href = made.url; // the button stays disabled while the table loads
  } catch (error) {
    $("create-error").textContent = error.message;
    button.disabled = false;
  }
}

async function join(room, seat) {
  const name = currentName();
  if (!name) { alert("Type your name first."); $("name").focus(); return; }
  try {
    const player = await ensurePlayer(name);
    const joined = await api(`/api/rooms/${room.id}/join`, { body: { player_key: player.key, seat } });
    storage.setSeat(room.id, joined.seat, joined.token);
    location.href = `/table/${room.id}`;
  } catch (error) { alert(error.message); }
}

async function loadRooms() {
  let rooms = [];
  try { rooms = await api("/api/rooms?status=waiting,playing"); } catch { return; }
  const body = $("rooms").querySelector("tbody");
  document.body.dataset.rooms = String(rooms.length);
  $("rooms").hidden = rooms.length === 0;
  $("rooms-empty").hidden = rooms.length !== 0;
  clear(body, rooms.map((room) => {
    const mine = storage.seat(room.id);
    const seats = room.seats.map((s) => `${s.label}: ${s.kind === "bot" ? `bot (${s.bot})` : (s.name || "free")}`).join(", ");
    const actions = [];
    if (mine) actions.push(el("a", { class: "btn", href: `/table/${room.id}` }, "Back to my seat"));
    room.seats.forEach((s, i) => {
      if (!mine && s.kind === "human" && !s.taken) {
        actions.push(el("button", { class: "btn", type: "button", onclick: () => join(room, i) }, `Sit at ${s.label}`));
      }
    });
    actions.push(el("a", { class: "btn secondary", href: `/table/${room.id}` }, "Watch"));
    return el("tr", { dataset: { room: room.id } },
      el("td", {}, room.title), el("td", { class: "names" }, seats), el("td", {}, room.status),
      el("td", { class: "row" }, actions));
  }));
}

// The rooms where this browser holds a seat (their tokens are in localStorage), newest first.
const MY_GAMES = 20;

async function loadMine() {
  const ids = Object.keys(localStorage).filter((k) => k.startsWith("tricktable.seat."))
    .map((k) => k.slice("tricktable.seat.".length));
  const found = await Promise.all(ids.map((id) => api(`/api/rooms/${encodeURIComponent(id)}`).catch(() => null)));
  const rooms = found.filter(Boolean).sort((a, b) => b.updated - a.updated).slice(0, MY_GAMES);
  $("mine").hidden = rooms.length === 0;
  document.body.dataset.mine = String(rooms.length);
  clear($("my-rooms").querySelector("tbody"), rooms.map((room) => {
    const mine = storage.seat(room.id);
    const seat = room.seats[mine.seat];
    const finished = room.status === "finished";
    const scores = room.scores.join("-");
    return el("tr", { dataset: { room: room.id } },
      el("td", {}, room.title), el("td", { class: "names" }, seat ? `${seat.label} (${seat.name || "you"})` : "—"),
      el("td", {}, `${room.status}${room.hands ? `, ${room.hands} hands, ${scores}` : ""}`),
      el("td", {}, finished ? el("a", { class: "btn secondary", href: `/replay/${room.id}` }, "Replay")
        : el("a", { class: "btn", href: `/table/${room.id}` }, "Back to my seat")));
  }));
}

async function main() {
  document.getElementById("nav").replaceWith(header("lobby"));
  $("name").value = storage.name();
  $("name").addEventListener("change", currentName);
  state.games = await api("/api/games");
  clear($("game"), state.games.map((g) => el("option", { value: g.name, selected: g.name === "rook" }, g.title)));
  $("game").addEventListener("change", renderGame);
  $("players").addEventListener("change", renderSeats);
  $("preset").addEventListener("change", renderPreset);
  $("create").addEventListener("submit", create);
  $("seed").addEventListener("input", () => { $("rated").disabled = $("seed").value !== ""; });
  renderGame();
  await Promise.all([loadRooms(), loadMine()]);
  setInterval(loadRooms, 5000);
}

main();
