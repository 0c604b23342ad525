// A game's rules: its summary, every option with its default, and the rules text.
import { api, clear, el, header } from "./common.js";

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
    if (heading) { flush(); list = null; blocks.push(el(`h${Math.min(4, heading[1].length + 1)}`, {}, inline(heading[2]))); }
    else if (item) { flush(); if (!list) { list = el("ul"); blocks.push(list); } list.append(el("li", {}, inline(item[1]))); }
    else if (!line.trim()) { flush(); list = null; }
    else if (list && /^\s+/.test(raw)) { list.lastChild.append(" ", ...inline(line.trim())); }
    else { list = null; para.push(line.trim()); }
  }
  flush();
  return blocks;
}

function limits(option) {
  if (option.choices) return option.choices.join(" | ");
  if (typeof option.default === "boolean") return "true | false";
  if (option.minimum === null && option.maximum === null) return "";
  if (option.maximum === null) return `at least ${option.minimum}`;
  return option.minimum === null ? `at most ${option.maximum}` : `${option.minimum} to ${option.maximum}`;
}

async function main() {
  document.getElementById("nav").replaceWith(header(""));
  const game = await api(`/api/games/${encodeURIComponent(name)}`);
  document.title = `tricktable: ${game.title} rules`;
  document.getElementById("title").textContent = `${game.title}: the rules`;
  clear(document.getElementById("summary"), markdown(game.rules.summary));
  clear(document.querySelector("#options tbody"), game.options.map((o) => el("tr", {},
    el("td", {}, o.name), el("td", {}, String(o.default)), el("td", {}, limits(o)), el("td", {}, o.doc || ""))));
  const text = document.getElementById("text");
  if (game.rules.markdown) clear(text, markdown(game.rules.markdown));
  else clear(text, el("p", { class: "muted" }, "The full rules text ships with the source tree (docs/)."));
}

main();
