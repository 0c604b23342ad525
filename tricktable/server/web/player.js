// A player's profile: games per game, share won, points per hand, contracts made as
// declarer, ratings, and the recent finished games with their replays.
import { api, clear, el, header, when } from "./common.js";

const $ = (id) => document.getElementById(id);
const percent = (share) => (share === null ? "—" : `${Math.round(share * 100)}%`);

async function main() {
  document.getElementById("nav").replaceWith(header("player"));
  const id = decodeURIComponent(location.pathname.split("/").pop());
  let profile;
  try { profile = await api(`/api/players/${encodeURIComponent(id)}`); }
  catch (error) { $("error").textContent = error.message; return; }
  document.title = `tricktable: ${profile.name}`;
  $("title").textContent = profile.name;
  $("summary").textContent = `${profile.games} finished games, ${percent(profile.share_won)} won, `
    + `since ${when(profile.created)}.`;
  const games = Object.entries(profile.per_game);
  $("per-game").hidden = games.length === 0;
  clear($("per-game").querySelector("tbody"), games.map(([game, f]) => {
    const rating = profile.ratings[game];
    return el("tr", { dataset: { game } }, el("th", { scope: "row" }, game), el("td", {}, f.games),
      el("td", {}, percent(f.share_won)), el("td", {}, f.points_per_hand ?? "—"),
      el("td", {}, `${f.made} of ${f.declared}`),
      el("td", {}, rating ? `${rating.rating.toFixed(1)} (${rating.games} rated)` : "unrated"));
  }));
  $("none").hidden = profile.recent.length > 0;
  $("recent").hidden = profile.recent.length === 0;
  clear($("recent").querySelector("tbody"), profile.recent.map((g) => el("tr", { dataset: { room: g.room } },
    el("td", {}, when(g.finished)), el("td", {}, g.title),
    el("td", {}, g.won === 1 ? "won" : g.won > 0 ? "shared the win" : "lost"),
    el("td", {}, g.points), el("td", {}, g.rated ? "rated" : "unrated"),
    el("td", {}, el("a", { class: "btn secondary", href: g.replay }, "Replay")))));
}

main();
