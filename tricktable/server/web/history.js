// Finished games with their scores, each with a face-up replay and its record; importing one.
import { api, clear, el, header, storage, when } from "./common.js";

const $ = (id) => document.getElementById(id);

function sideNames(room) {
  const sides = room.sides || room.seats.map((_, i) => [i]);
  return sides.map((side) => side.map((i) => room.seats[i].label).join("/"));
}

// Upload a record file: a finished game opens face up, an unfinished one at its new table.
async function importRecord() {
  const file = $("import-file").files[0];
  if (!file) return;
  $("import-error").textContent = "";
  const name = $("import-name").value.trim();
  if (name) storage.setName(name);
  try {
    const query = name ? `?${new URLSearchParams({ name })}` : "";
    const made = await api(`/api/records${query}`, { body: await file.text() });
    if (made.token) storage.setSeat(made.room.id, made.seat, made.token);
    location.href = made.url;
  } catch (error) {
    $("import-error").textContent = `${file.name}: ${error.message}`;
    $("import-file").value = "";
  }
}

async function main() {
  document.getElementById("nav").replaceWith(header("history"));
  $("import-name").value = storage.name();
  $("import-file").addEventListener("change", importRecord);
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
        el("a", { class: "btn secondary", href: `/api/rooms/${room.id}/record`, download: `${room.game}-${room.id}.json` }, "Download record")));
  }));
}

main();
