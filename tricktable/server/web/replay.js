// A finished game face up, one action at a time: every hand, the trick, the bids, the scores.
import { api, cardEl, clear, el, header, isCard, words } from "./common.js";

const roomId = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
let total = 0; let current = 0; let loading = false;

function value(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "string") return isCard(v) ? cardEl(v, { small: true }) : v;
  if (Array.isArray(v) && v.every((c) => typeof c === "string" && isCard(c))) {
    return el("span", { class: "row" }, v.map((c) => cardEl(c, { small: true })));
  }
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

function render(data) {
  total = data.total; current = data.step;
  const room = data.room; const view = data.view;
  $("title").textContent = `Replay: ${room.title}`;
  $("step").max = String(total); $("step").value = String(current);
  $("where").textContent = `step ${current} of ${total}`;
  document.body.dataset.step = String(current);
  const move = data.move;
  $("move").textContent = move ? `${room.seats[move.seat].label} (${move.actor}): ${move.action}` : "The deal.";
  clear($("hands"), data.seats.map((seat) => el("div", { class: "item" },
    el("h3", {}, `${seat.label} · ${seat.name}${view.to_move === seat.seat ? " · to move" : ""}`),
    el("div", { class: "row" }, seat.hand.map((c) => cardEl(c, { small: true }))),
    Object.keys(seat.extra).length ? el("dl", { class: "extras" }, Object.entries(seat.extra).flatMap(([k, v]) =>
      [el("dt", {}, words(k)), el("dd", {}, value(v))])) : null)));
  const trick = (view.trick || []).map((p) => el("span", { class: "slot" }, cardEl(p.card, { small: true }),
    p.seat === null || p.seat === undefined ? "up" : room.seats[p.seat].label));
  clear($("table"),
    el("p", {}, `Phase: ${words(view.phase)} · Trump: ${[].concat(view.trump ?? "none").map((t) => t ?? "none").join(", ")} · Scores: ${(view.scores || []).join(" / ")}`),
    el("div", { class: "row" }, "Trick: ", trick.length ? trick : "—"),
    view.bids && view.bids.length ? el("p", {}, "Bids: ", view.bids.map((b) => `${room.seats[b.seat].label} ${b.bid ?? "pass"}`).join(", ")) : null,
    el("ol", { class: "log" }, data.log.slice(-12).map((line) => el("li", {}, line))));
  clear($("moves"), data.moves.map((m, i) => el("li", { class: i + 1 === current ? "current" : "" },
    el("a", { href: "#", onclick: (e) => { e.preventDefault(); go(i + 1); } }, `${room.seats[m.seat].label}: ${m.action}`))));
  const active = $("moves").querySelector(".current");
  if (active) active.scrollIntoView({ block: "nearest" });
}

async function go(step) {
  if (loading) return;
  loading = true;
  try {
    render(await api(`/api/rooms/${encodeURIComponent(roomId)}/replay?step=${Math.max(0, step)}`));
    $("error").textContent = "";
  } catch (error) { $("error").textContent = error.message; }
  finally { loading = false; }
}

function main() {
  document.getElementById("nav").replaceWith(header(""));
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(current - 1));
  $("next").addEventListener("click", () => go(Math.min(total, current + 1)));
  $("last").addEventListener("click", () => go(total));
  $("step").addEventListener("change", () => go(Number($("step").value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input")) return;
    if (event.key === "ArrowRight") go(Math.min(total, current + 1));
    else if (event.key === "ArrowLeft") go(current - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(total);
  });
  go(0);
}

main();
