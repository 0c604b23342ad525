// How to play a game: the guide written for players, and the options a room may set, in words.
import { api, clear, el, header, words } from "./common.js";

const name = decodeURIComponent(location.pathname.split("/").pop());

// Inline markdown: `code` and **bold**, as DOM nodes (no HTML is parsed).
function inline(text) {
  const nodes = [];
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    nodes.push(text.slice(last, match.index));
    const token = match[0];
    nodes.push(token.startsWith("`") ? el("code", {}, token.slice(1, -1)) : el("strong", {}, token.slice(2, -2)));
    last = match.index + token.length;
  }
  nodes.push(text.slice(last));
  return nodes;
}

function markdown(text) {
  const blocks = [];
  let list = null; let para = [];
  const flush = () => {
    if (para.length) { blocks.push(el("p", {}, inline(para.join(" ")))); para = []; }
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) { flush(); list = null; blocks.push(el(`h${Math.min(4, Math.max(2, heading[1].length))}`, {}, inline(heading[2]))); }
    else if (item) { flush(); if (!list) { list = el("ul"); blocks.push(list); } list.append(el("li", {}, inline(item[1]))); }
    else if (!line.trim()) { flush(); list = null; }
    else if (list && /^\s+/.test(raw)) { list.lastChild.append(" ", ...inline(line.trim())); }
    else { list = null; para.push(line.trim()); }
  }
  flush();
  return blocks;
}

// An option in words: what it does, its usual setting, what a room may choose.
function setting(value) {
  if (value === true) return "on";
  if (value === false) return "off";
  return words(String(value));
}

function choices(option) {
  if (option.choices) return option.choices.map(setting).join(" or ");
  if (typeof option.default === "boolean") return "on or off";
  if (option.minimum === null && option.maximum === null) return "";
  if (option.maximum === null) return `${option.minimum} or more`;
  return option.minimum === null ? `up to ${option.maximum}` : `${option.minimum} to ${option.maximum}`;
}

function sentence(text) {
  const clean = String(text || "").replaceAll("`", "");
  return clean.charAt(0).toUpperCase() + clean.slice(1);
}

async function main() {
  document.getElementById("nav").replaceWith(header(""));
  const game = await api(`/api/games/${encodeURIComponent(name)}`);
  document.title = `tricktable: how to play ${game.title}`;
  document.getElementById("title").textContent = `How to play ${game.title}`;
  const players = game.player_counts.length > 1
    ? `${Math.min(...game.player_counts)} to ${Math.max(...game.player_counts)} players` : `${game.player_counts[0]} players`;
  document.getElementById("players").textContent = players;
  clear(document.querySelector("#options tbody"), game.options.map((o) => el("tr", {},
    el("th", { scope: "row" }, sentence(o.doc || words(o.name))), el("td", {}, setting(o.default)), el("td", {}, choices(o)))));
  const text = document.getElementById("text");
  if (game.rules.guide) clear(text, markdown(game.rules.guide));
  else clear(text, el("p", {}, sentence(game.rules.summary)));
}

main();
