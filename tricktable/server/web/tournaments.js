// The tournaments: the list, and a form that starts a bot tournament.
import { api, clear, el, ensurePlayer, header, storage, when } from "./common.js";

const $ = (id) => document.getElementById(id);
let games = [];

function renderGame() {
  const game = games.find((g) => g.name === $("game").value) || games[0];
  clear($("players"), game.player_counts.map((n) => el("option", { value: n }, String(n))));
  clear($("entrants"), game.bots.map((bot) => el("label", {},
    el("input", { type: "checkbox", value: bot, checked: bot === "random" || bot === game.default_bot, dataset: { entrant: bot } }), bot)));
}

async function start(event) {
  event.preventDefault();
  $("error").textContent = "";
  const entrants = [...$("entrants").querySelectorAll("input:checked")].map((i) => i.value);
  const people = Number($("people").value);
  const body = { game: $("game").value, entrants, deals: Number($("deals").value),
    players: Number($("players").value), people };
  try {
    if (people > 0) {
      if (!$("name").value.trim()) throw new Error("Type your name: you make the tournament as a player.");
      body.player_key = (await ensurePlayer($("name").value.trim())).key;
    }
    const made = await api("/api/tournaments", { body });
    location.href = made.url;
  } catch (error) { $("error").textContent = error.message; }
}

// The bots by name, the people counted (the list does not name them).
function entrantsText(t) {
  const people = t.entrants.filter((e) => e.startsWith("p:")).length;
  const bots = t.entrants.filter((e) => !e.startsWith("p:")).join(", ");
  return people ? `${bots} and ${people} ${people === 1 ? "person" : "people"}` : bots;
}

async function main() {
  document.getElementById("nav").replaceWith(header("tournaments"));
  games = await api("/api/games");
  clear($("game"), games.map((g) => el("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", renderGame);
  $("create").addEventListener("submit", start);
  renderGame();
  $("name").value = storage.name();
  const list = await api("/api/tournaments");
  $("none").hidden = list.length > 0;
  $("list").hidden = list.length === 0;
  clear($("list").querySelector("tbody"), list.map((t) => el("tr", { dataset: { tournament: t.id } },
    el("td", {}, when(t.created)), el("td", {}, t.title), el("td", {}, entrantsText(t)),
    el("td", {}, t.deals), el("td", {}, ["running", "playing"].includes(t.status) ? `${t.status}, ${t.done} of ${t.total} tables`
      : t.status === "registering" ? "open for registration" : t.status),
    el("td", {}, el("a", { class: "btn secondary", href: t.url }, "Open")))));
  document.body.dataset.loaded = "1";
}

main();
