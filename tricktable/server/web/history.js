// Finished games with their scores, each with a face-up replay and its record.
import { api, clear, el, header, when } from "./common.js";

function sideNames(room) {
  const sides = room.sides || room.seats.map((_, i) => [i]);
  return sides.map((side) => side.map((i) => room.seats[i].label).join("/"));
}

async function main() {
  document.getElementById("nav").replaceWith(header("history"));
  const games = await api("/api/history");
  document.getElementById("empty").hidden = games.length > 0;
  document.getElementById("games").hidden = games.length === 0;
  clear(document.querySelector("#games tbody"), games.map((room) => {
    const names = sideNames(room);
    const players = room.seats.map((s) => `${s.label}: ${s.kind === "bot" ? `bot (${s.bot})` : s.name}`).join(", ");
    return el("tr", { dataset: { room: room.id } },
      el("td", {}, when(room.updated)), el("td", {}, room.title), el("td", {}, players),
      el("td", {}, room.scores.map((s, i) => `${names[i]} ${s}`).join(", ")),
      el("td", {}, room.winner === null ? "—" : names[room.winner]),
      el("td", { class: "row" },
        el("a", { class: "btn", href: `/replay/${room.id}` }, "Replay"),
        el("a", { class: "btn secondary", href: `/api/rooms/${room.id}/record`, download: `${room.game}-${room.id}.json` }, "Record")));
  }));
}

main();
