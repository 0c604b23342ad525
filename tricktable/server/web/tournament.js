// One tournament: registration when it has places for people, each person's next deal,
// progress while it plays, then standings, per-deal margins, and the tables of one deal
// side by side, face up, stepped together (nothing of a deal shows before the end).
import { api, cardEl, clear, el, ensurePlayer, header, storage } from "./common.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const path = `/api/tournaments/${encodeURIComponent(id)}`;
const $ = (name) => document.getElementById(name);
const shown = { doc: null, step: 0, max: 0, t: null };
const SEP = "\u0000";

const nameOf = (entrant) => (shown.doc && shown.doc.names && shown.doc.names[entrant]) || entrant;

function tablesNow() {
  const deal = Number($("deal").value);
  const [kind, first, second] = $("pair").value.split(SEP);
  const tables = shown.doc.tables.filter((t) => t.deal === deal);
  if (kind === "person") { // the person's table beside the bots' tables where a bot held that side
    const mine = tables.find((t) => t.home === first);
    return mine ? [mine, ...tables.filter((t) => !t.person && t.side === mine.side)] : [];
  }
  return tables.filter((t) => t.home === first && t.away === second);
}

async function renderTables() {
  const tables = tablesNow();
  const replays = await Promise.all(tables.map((t) =>
    api(`${path}/tables/${t.number}/replay?step=${shown.step}`)));
  shown.max = Math.max(0, ...replays.map((r) => r.total));
  $("step").max = String(shown.max); $("step").value = String(shown.step);
  $("where").textContent = tables.length ? `step ${shown.step} of ${shown.max}` : "they did not meet on this deal";
  clear($("tables"), replays.map((r, i) => el("article", { class: "panel", dataset: { table: tables[i].number } },
    el("h3", {}, `Table ${tables[i].number + 1}: ${nameOf(tables[i].home)} ${tables[i].person
      ? `plays ${r.seats[tables[i].seats.indexOf(tables[i].home)].label} (side ${tables[i].side + 1})`
      : `holds side ${tables[i].side + 1}`}`),
    el("p", {}, r.move ? `${r.seats[r.move.seat].label} (${r.seats[r.move.seat].name}): ${r.move.action}` : "The deal."),
    r.seats.map((s) => el("div", { class: "item" }, el("strong", {}, `${s.label} · ${s.name}`),
      el("div", { class: "row" }, s.hand.map((c) => cardEl(c, { small: true }))))),
    el("p", {}, `Score change: ${tables[i].deltas.join(" / ")} · ${tables[i].outcome}`))));
  document.body.dataset.step = String(shown.step);
}

function go(step) { shown.step = Math.max(0, Math.min(shown.max, step)); renderTables(); }

function renderResults(doc) {
  $("results").hidden = false; $("deals").hidden = false;
  $("scoring").textContent = doc.scoring === "matchpoints"
    ? "By matchpoints: on each deal, each result from a side against every other entrant's result from the same side."
    : "By totals: the sum over the deals of each entrant's mean result on the deal.";
  clear($("standings").querySelector("tbody"), doc.standings.map((row, i) => el("tr", {},
    el("td", {}, i + 1), el("th", { scope: "row" }, nameOf(row.entrant)),
    el("td", {}, `${row.matchpoints}%`), el("td", {}, row.total))));
  clear($("margins"), doc.margins.map((m) => el("table", {},
    el("caption", {}, `${nameOf(m.home)} against ${nameOf(m.away)}`),
    el("thead", {}, el("tr", {}, m.per_deal.map((_, d) => el("th", { scope: "col" }, `Deal ${d + 1}`)))),
    el("tbody", {}, el("tr", {}, m.per_deal.map((v) => el("td", {},
      v === null ? "–" : v > 0 ? `+${v}` : String(v))))))));
  clear($("deal"), Array.from({ length: doc.deals }, (_, d) => el("option", { value: d }, `Deal ${d + 1}`)));
  const people = doc.entrants.filter((e) => e.startsWith("p:"));
  clear($("pair"), [
    ...people.map((p) => el("option", { value: `person${SEP}${p}` }, `${nameOf(p)}'s table and the bots' from that side`)),
    ...doc.margins.filter((m) => !m.home.startsWith("p:")).map((m) =>
      el("option", { value: `pair${SEP}${m.home}${SEP}${m.away}` }, `${m.home} and ${m.away}`))]);
  for (const name of ["deal", "pair"]) $(name).addEventListener("change", () => go(0));
  $("back").addEventListener("click", () => go(shown.step - 1));
  $("forward").addEventListener("click", () => go(shown.step + 1));
  $("step").addEventListener("change", () => go(Number($("step").value)));
  go(0);
}

// Registration, the start, and this browser's player's next deal.
function renderPeople(t) {
  if (t.places === undefined) return;
  $("people-panel").hidden = false;
  const me = storage.player();
  const mine = me && t.people.find((p) => p.id === me.id);
  $("places").textContent = `${t.people.length} of ${t.places} places for people taken. `
    + `Bots: ${t.bots.join(", ")}${t.partner ? `; a person's partner: ${t.partner}` : ""}.`;
  clear($("people"), t.people.map((p) => el("li", { dataset: { player: p.id } },
    el("a", { href: p.url }, p.name), t.status === "registering" ? "" : ` · ${p.played} of ${t.deals} deals played`)));
  const open = t.status === "registering";
  $("register-form").hidden = !open || Boolean(mine) || t.people.length >= t.places;
  if (!$("name").value) $("name").value = storage.name();
  $("start-row").hidden = !open || !me || me.id !== t.owner;
  $("start").disabled = t.people.length === 0;
  $("close-row").hidden = t.status !== "playing" || t.closed || !me || me.id !== t.owner;
  $("mine").hidden = !mine;
  if (!mine) return;
  const done = mine.played >= t.deals;
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  $("play").hidden = t.status !== "playing" || done || t.closed;
  $("play").textContent = `Play deal ${mine.played + 1} of ${t.deals}`;
  $("mine-text").textContent = open ? "You are registered: your tables open when the tournament starts."
    : t.status === "finished" ? `You played ${plural(t.deals, "deal")}: the standings are below.`
      : t.closed ? "The tournament is closed: the bots play the deals left, yours by your partner bot."
      : done ? "You have played every deal. The standings and the deals show once every table is played."
        : `You have played ${mine.played} of ${plural(t.deals, "deal")}. Nobody sees a deal's cards or results before the tournament is over.`;
}

async function asPlayer(what) {
  $("people-error").textContent = "";
  let player = storage.player();
  if (what === "register") {
    const name = $("name").value.trim();
    if (!name) { $("people-error").textContent = "Type your name first."; return null; }
    player = await ensurePlayer(name);
  }
  return api(`${path}/${what}`, { body: { player_key: player.key } });
}

function wire() {
  const run = (what, then) => async (event) => {
    if (event) event.preventDefault();
    try { const answer = await asPlayer(what); if (answer) await then(answer); }
    catch (error) { $("people-error").textContent = error.message; }
  };
  $("register-form").addEventListener("submit", run("register", () => poll(false)));
  $("start").addEventListener("click", run("start", () => poll(false)));
  $("close").addEventListener("click", run("close", () => poll(false)));
  $("play").addEventListener("click", run("seat", (seat) => {
    if (seat.done) return poll(false);
    storage.setSeat(seat.room, seat.seat, seat.token);
    location.href = seat.url;
    return null;
  }));
}

async function poll(again = true) {
  let t;
  try { t = await api(path); }
  catch (error) { $("error").textContent = error.message; return; }
  shown.t = t;
  const people = t.places === undefined ? "" : `, ${t.people.length} ${t.people.length === 1 ? "person" : "people"}`;
  $("title").textContent = `Tournament: ${t.title}, ${t.entrants.filter((e) => !e.startsWith("p:")).join(", ")}${people}`;
  $("progress").max = t.total || 1; $("progress").value = t.done;
  $("progress").hidden = t.status === "registering";
  $("status").textContent = t.status === "registering" ? "Open for registration."
    : ["running", "playing"].includes(t.status) ? `Playing: ${t.done} of ${t.total} tables`
      : t.status === "finished" ? `Finished: ${t.total} tables, ${t.deals} deal${t.deals === 1 ? "" : "s"}` : `${t.status}${t.error ? `: ${t.error}` : ""}`;
  document.body.dataset.status = t.status;
  renderPeople(t);
  if (["running", "playing", "registering"].includes(t.status)) { if (again) setTimeout(poll, 1000); return; }
  if (t.doc && !shown.doc) { shown.doc = t.doc; renderResults(t.doc); }
}

document.getElementById("nav").replaceWith(header("tournaments"));
wire();
poll();
