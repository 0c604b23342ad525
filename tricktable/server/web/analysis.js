// The analysis of a finished game on its replay page: one seat's decisions against the
// strong bot's choice (and the double-dummy value near the end of the play), the score
// swing per hand as a plot, and the three costliest decisions with their position.
// Computed in the background on the server, stored, shown again at once.
import { api, cardEl, clear, el, storage } from "./common.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const figure = (v) => (v === null || v === undefined ? "—" : (Math.round(v * 100) / 100).toString());

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

// Bars of the seat's side's score change per hand (green up, red down), a dot for the
// cost of its decisions in that hand.
function swingPlot(doc, seat) {
  const side = doc.sides.findIndex((s) => s.includes(seat));
  const hands = doc.hands.filter((h) => h.deltas);
  const top = Math.max(1, ...hands.map((h) => Math.abs(h.deltas[side])), ...hands.map((h) => Math.abs(h.costs[side])));
  const width = Math.max(240, hands.length * 36); const height = 160; const mid = height / 2;
  const scale = (v) => (v / top) * (mid - 12);
  const parts = [svg("line", { x1: 0, y1: mid, x2: width, y2: mid, stroke: "#777" })];
  hands.forEach((h, i) => {
    const d = h.deltas[side]; const x = i * 36 + 8;
    parts.push(svg("rect", { x, width: 20, y: d >= 0 ? mid - scale(d) : mid, height: Math.max(1, Math.abs(scale(d))),
      fill: d >= 0 ? "#2e7d32" : "#c62828" }, svg("title", {}, `hand ${h.hand}: ${d >= 0 ? "+" : ""}${d}`)));
    parts.push(svg("circle", { cx: x + 10, cy: mid - scale(h.costs[side]), r: 3, fill: "#f9a825" },
      svg("title", {}, `hand ${h.hand}: decisions cost ${figure(h.costs[side])}`)));
    parts.push(svg("text", { x: x + 10, y: height - 2, "text-anchor": "middle", "font-size": 10 }, String(h.hand)));
  });
  return svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `score change per hand for ${doc.seat_names[seat]}: ${hands.map((h) => h.deltas[side]).join(", ")}` }, ...parts);
}

function render(result, seat) {
  const doc = result.doc;
  const mine = doc.seats.find((s) => s.seat === seat);
  clear($("analysis-result"),
    el("p", {}, mine ? `${mine.decisions} decisions reviewed; ${mine.errors} differ from the strong bot's at a cost; `
      + `total cost ${figure(mine.cost)} points (${figure(mine.mean_cost)} a decision)` : "No decision of this seat had a choice."),
    el("h3", {}, "Score swing per hand"), swingPlot(doc, seat),
    el("h3", {}, "Your three costliest decisions"),
    doc.costliest.length ? el("ol", { class: "costliest" }, doc.costliest.map((d) => el("li", { dataset: { number: d.number } },
      el("p", {}, `Hand ${d.hand}, action ${d.number}: you chose ${d.actual}; the strong bot ${d.strong} (cost ${figure(d.cost)})`
        + (d.solver ? `; double dummy ${d.solver} (cost ${figure(d.dd_cost)})` : "")),
      d.prompt ? el("p", { class: "muted" }, d.prompt) : null,
      el("div", { class: "row" }, "Hand: ", d.cards.length ? d.cards.map((c) => cardEl(c, { small: true })) : "—"),
      el("div", { class: "row" }, "Trick: ", d.trick && d.trick.length ? d.trick.map((p) => cardEl(p.card, { small: true })) : "—"))))
      : el("p", { class: "muted" }, "No decision cost anything."),
    el("h3", {}, "Every decision"),
    el("table", { class: "decisions" },
      el("thead", {}, el("tr", {}, ["#", "Hand", "Phase", "You", "Strong bot", "Cost", "Double dummy", "DD cost"].map((h) => el("th", {}, h)))),
      el("tbody", {}, doc.decisions.map((d) => el("tr", { class: d.actual !== d.strong && d.cost > 0 ? "costly" : "" },
        el("td", {}, d.number), el("td", {}, d.hand), el("td", {}, d.phase), el("td", {}, d.actual), el("td", {}, d.strong),
        el("td", {}, figure(d.cost)), el("td", {}, d.solver ?? "—"), el("td", {}, figure(d.dd_cost)))))));
}

async function show(start) {
  const seat = Number($("analysis-seat").value);
  $("analysis-error").textContent = "";
  let result;
  try {
    result = start ? await api(`/api/rooms/${encodeURIComponent(roomId)}/analysis`, { body: { seat } })
      : await api(`/api/rooms/${encodeURIComponent(roomId)}/analysis?seat=${seat}`);
  } catch (error) { $("analysis-error").textContent = error.message; return; }
  document.body.dataset.analysis = result.status;
  $("analysis-progress").hidden = result.status !== "running";
  $("analysis-progress").max = result.total || 1; $("analysis-progress").value = result.done;
  $("analysis-status").textContent = {
    none: "Not analysed yet.", running: `Analysing: ${result.done} of ${result.total} actions reviewed…`,
    finished: "Analysed.", failed: result.error || "The analysis failed.", stopped: "The analysis stopped: start it again.",
  }[result.status] || result.status;
  $("analyse").hidden = result.status === "finished" || result.status === "running";
  if (result.status === "running") setTimeout(() => show(false), 1000);
  if (result.status === "finished") render(result, seat); else clear($("analysis-result"));
}

async function main() {
  const first = await api(`/api/rooms/${encodeURIComponent(roomId)}/replay?step=0`).catch(() => null);
  if (!first) return;
  const mine = storage.seat(roomId);
  clear($("analysis-seat"), first.seats.map((s) => el("option", { value: s.seat, selected: mine && mine.seat === s.seat },
    `${s.label} · ${s.name}`)));
  $("analysis-seat").addEventListener("change", () => show(false));
  $("analyse").addEventListener("click", () => show(true));
  show(false);
}

main();
