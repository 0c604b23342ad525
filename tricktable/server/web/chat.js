// The table chat panel: preset phrases and emotes (free text where the room allows it).
// Messages are put on the page as text, never as HTML. Players read the table channel;
// spectators read it and their own (players never see the spectators' chat).
import { api, clear, el } from "./common.js";

const MAX_SHOWN = 100;
const chat = { send: null, presets: null, mode: "presets", lines: [] };

function line(message) {
  const who = message.channel === "watchers" ? `${message.name} (watching)`
    : message.label && message.label !== message.name ? `${message.name} (${message.label})` : message.name;
  return el("li", { class: `chat-${message.kind}`, dataset: { channel: message.channel } },
    el("strong", {}, `${who}: `), el("span", {}, message.text));
}

function renderControls() {
  const box = document.getElementById("chat-controls");
  if (!box || !chat.presets) return;
  if (chat.mode === "off") { clear(box, el("p", { class: "muted" }, "This room has no chat.")); return; }
  const say = (message) => chat.send({ type: "chat", ...message });
  const phrases = el("select", { id: "chat-phrase", "aria-label": "phrase to say" },
    Object.entries(chat.presets.phrases).map(([id, text]) => el("option", { value: id }, text)));
  const parts = [
    el("div", { class: "row" }, phrases,
      el("button", { class: "btn secondary", type: "button", id: "chat-say", onclick: () => say({ phrase: phrases.value }) }, "Say")),
    el("div", { class: "row emotes" }, Object.entries(chat.presets.emotes).map(([id, text]) =>
      el("button", { class: "btn secondary emote", type: "button", "aria-label": `emote ${id}`, dataset: { emote: id },
        onclick: () => say({ emote: id }) }, text))),
  ];
  if (chat.mode === "free") {
    const input = el("input", { id: "chat-text", maxlength: chat.presets.max_chars, "aria-label": "chat message" });
    parts.push(el("form", { class: "row", onsubmit: (event) => {
      event.preventDefault();
      if (input.value.trim()) { say({ text: input.value }); input.value = ""; }
    } }, input, el("button", { class: "btn secondary", type: "submit" }, "Send")));
  }
  clear(box, parts);
}

export function receiveChat(frame) {
  if (frame.history) chat.lines = [];
  chat.lines.push(...frame.messages);
  chat.lines = chat.lines.slice(-MAX_SHOWN);
  if (frame.mode !== chat.mode) { chat.mode = frame.mode; renderControls(); }
  const list = document.getElementById("chat-log");
  clear(list, chat.lines.map(line));
  list.scrollTop = list.scrollHeight;
  document.body.dataset.chat = String(chat.lines.length);
}

export async function initChat(send) {
  chat.send = send;
  try { chat.presets = await api("/api/chat"); } catch { return; }
  renderControls();
}
