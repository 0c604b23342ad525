// The leaderboard of one game: people and bots by their cautious OpenSkill rating.
import { api, clear, el, header } from "./common.js";

const $ = (id) => document.getElementById(id);

async function show() {
  const board = await api(`/api/ratings/${encodeURIComponent($("game").value)}?limit=100`);
  $("empty").hidden = board.ratings.length > 0;
  $("board").hidden = board.ratings.length === 0;
  clear($("board").querySelector("tbody"), board.ratings.map((r, i) => el("tr", { dataset: { kind: r.kind } },
    el("td", {}, i + 1),
    el("td", {}, r.player ? el("a", { href: `/player/${r.player}` }, r.name) : r.name),
    el("td", {}, r.kind === "bot" ? "bot" : "person"),
    el("td", {}, r.rating.toFixed(1)), el("td", {}, r.games))));
}

async function main() {
  document.getElementById("nav").replaceWith(header("leaderboard"));
  const games = await api("/api/games");
  const wanted = new URLSearchParams(location.search).get("game");
  clear($("game"), games.map((g) => el("option", { value: g.name, selected: g.name === wanted }, g.title)));
  $("game").addEventListener("change", show);
  await show();
}

main();
