// The tournaments: the list, and a form that starts a bot tournament.
import { api, clear, el, header, when } from "./common.js";

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
  try {
    const made = await api("/api/tournaments", { body: { game: $("game").value, entrants,
      deals: Number($("deals").value), players: Number($("players").value) } });
    location.href = made.url;
  } catch (error) { $("error").textContent = error.message; }
}

async function main() {
  document.getElementById("nav").replaceWith(header("tournaments"));
  games = await api("/api/games");
  clear($("game"), games.map((g) => el("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", renderGame);
  $("create").addEventListener("submit", start);
  renderGame();
  const list = await api("/api/tournaments");
  $("none").hidden = list.length > 0;
  $("list").hidden = list.length === 0;
  clear($("list").querySelector("tbody"), list.map((t) => el("tr", { dataset: { tournament: t.id } },
    el("td", {}, when(t.created)), el("td", {}, t.game), el("td", {}, t.entrants.join(", ")),
    el("td", {}, t.deals), el("td", {}, t.status === "running" ? `running, ${t.done} of ${t.total} tables` : t.status),
    el("td", {}, el("a", { class: "btn secondary", href: t.url }, "Open")))));
  document.body.dataset.loaded = "1";
}

main();
