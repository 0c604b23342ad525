// One tournament: progress while it plays, then standings, per-deal margins, and the tables
// of one deal side by side, face up, stepped together.
import { api, cardEl, clear, el, header } from "./common.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const $ = (name) => document.getElementById(name);
const shown = { doc: null, step: 0, max: 0 };

function tablesNow() {
  const [home, away] = $("pair").value.split("\u0000");
  return shown.doc.tables.filter((t) => t.deal === Number($("deal").value) && t.home === home && t.away === away);
}

async function renderTables() {
  const tables = tablesNow();
  const replays = await Promise.all(tables.map((t) =>
    api(`/api/tournaments/${encodeURIComponent(id)}/tables/${t.number}/replay?step=${shown.step}`)));
  shown.max = Math.max(...replays.map((r) => r.total));
  $("step").max = String(shown.max); $("step").value = String(shown.step);
  $("where").textContent = `step ${shown.step} of ${shown.max}`;
  clear($("tables"), replays.map((r, i) => el("article", { class: "panel", dataset: { table: tables[i].number } },
    el("h3", {}, `Table ${tables[i].number + 1}: ${tables[i].home} holds side ${tables[i].side + 1}`),
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
    : "By totals: the sum of each entrant's results.";
  clear($("standings").querySelector("tbody"), doc.standings.map((row, i) => el("tr", {},
    el("td", {}, i + 1), el("th", { scope: "row" }, row.entrant),
    el("td", {}, `${row.matchpoints}%`), el("td", {}, row.total))));
  clear($("margins"), doc.margins.map((m) => el("table", {},
    el("caption", {}, `${m.home} against ${m.away}`),
    el("thead", {}, el("tr", {}, m.per_deal.map((_, d) => el("th", {}, `Deal ${d + 1}`)))),
    el("tbody", {}, el("tr", {}, m.per_deal.map((v) => el("td", {}, v > 0 ? `+${v}` : String(v))))))));
  clear($("deal"), Array.from({ length: doc.deals }, (_, d) => el("option", { value: d }, `Deal ${d + 1}`)));
  clear($("pair"), doc.margins.map((m) => el("option", { value: `${m.home}\u0000${m.away}` }, `${m.home} and ${m.away}`)));
  for (const name of ["deal", "pair"]) $(name).addEventListener("change", () => go(0));
  $("back").addEventListener("click", () => go(shown.step - 1));
  $("forward").addEventListener("click", () => go(shown.step + 1));
  $("step").addEventListener("change", () => go(Number($("step").value)));
  go(0);
}

async function poll() {
  let t;
  try { t = await api(`/api/tournaments/${encodeURIComponent(id)}`); }
  catch (error) { $("error").textContent = error.message; return; }
  $("title").textContent = `Tournament: ${t.game}, ${t.entrants.join(", ")}`;
  $("progress").max = t.total || 1; $("progress").value = t.done;
  $("status").textContent = t.status === "running" ? `Playing: ${t.done} of ${t.total} tables`
    : t.status === "finished" ? `Finished: ${t.total} tables, ${t.deals} deals` : `${t.status}${t.error ? `: ${t.error}` : ""}`;
  document.body.dataset.status = t.status;
  if (t.status === "running") { setTimeout(poll, 700); return; }
  if (t.doc) { shown.doc = t.doc; renderResults(t.doc); }
}

document.getElementById("nav").replaceWith(header("tournaments"));
poll();
