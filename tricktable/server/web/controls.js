// The action controls under the table: one group of buttons per kind of action; a long run
// of numbered actions of one kind (a bid from 70 to 200) becomes a compact bid control: a
// stepper with the amount, quick picks and its own button. Number keys press the numbered
// buttons; 1 then 2 typed quickly presses button 12.
import { clear, el, words } from "./common.js";

const STEPPER_FROM = 9; // this many numbered actions of one kind make a stepper
const QUICK_PICKS = 4;

function numbered(kind, actions) {
  const values = [];
  for (const action of actions) {
    const m = new RegExp(`^${kind} (\\d+)$`).exec(action.text);
    if (!m) return null;
    values.push({ value: Number(m[1]), action });
  }
  return values.sort((a, b) => a.value - b.value);
}

function title(kind) {
  const text = words(kind);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function actionButton(action, label, act, extra = "") {
  return el("button", { type: "button", class: extra, dataset: { action: action.text },
    onclick: () => act(action.text) }, label);
}

// A stepper over the legal amounts: − and + (or the arrow keys in the box) move along them.
function stepper(kind, values, act) {
  let index = 0;
  const box = el("input", { type: "number", id: `amount-${kind}`, min: values[0].value,
    max: values[values.length - 1].value, value: values[0].value, class: "amount",
    "aria-label": `${words(kind)} amount`, inputmode: "numeric" });
  const label = el("span", { class: "label" }, `${title(kind)} ${values[0].value}`);
  const go = el("button", { type: "button", class: "go", dataset: { action: values[0].action.text },
    onclick: () => act(values[index].action.text) }, label);
  const show = (next) => {
    index = Math.max(0, Math.min(values.length - 1, next));
    box.value = String(values[index].value);
    label.textContent = `${title(kind)} ${values[index].value}`;
    go.dataset.action = values[index].action.text;
  };
  box.addEventListener("change", () => {
    const wanted = Number(box.value);
    const found = values.findIndex((v) => v.value >= wanted);
    show(found < 0 ? values.length - 1 : found);
  });
  box.addEventListener("keydown", (event) => {
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      show(index + (event.key === "ArrowUp" ? 1 : -1)); event.preventDefault();
    } else if (event.key === "Enter") {
      box.dispatchEvent(new Event("change")); go.click(); event.preventDefault();
    }
  });
  const picks = values.slice(0, QUICK_PICKS);
  if (values.length > QUICK_PICKS) picks.push(values[values.length - 1]);
  return el("div", { class: "stepper", role: "group", "aria-label": `choose your ${words(kind)}` },
    el("button", { type: "button", class: "step", "aria-label": `lower ${words(kind)}`, onclick: () => show(index - 1) }, "−"),
    box,
    el("button", { type: "button", class: "step", "aria-label": `higher ${words(kind)}`, onclick: () => show(index + 1) }, "+"),
    go,
    el("span", { class: "picks", role: "group", "aria-label": "quick picks" },
      picks.map((p) => actionButton(p.action, String(p.value), act, "pick"))));
}

// Draw the controls for the actions that are not a card of the hand; ``spoken`` (the view's
// ``action_words``) says the actions a game names by one word ("lowboy": "low boy").
export function renderControls(legal, act, spoken = {}) {
  const box = clear(document.getElementById("controls"));
  const groups = new Map();
  for (const action of legal) {
    if (action.card) continue;
    if (!groups.has(action.kind)) groups.set(action.kind, []);
    groups.get(action.kind).push(action);
  }
  for (const [kind, actions] of groups) {
    const name = spoken[kind] || words(kind);
    // the kind is written before its buttons where they show only what follows it ("♦")
    const bare = actions.some((a) => !spoken[a.text] && a.text.slice(kind.length).trim());
    const group = el("div", { class: "group", dataset: { kind }, role: "group", "aria-label": name },
      actions.length > 1 || bare ? el("span", { class: "kind", "aria-hidden": "true" }, name) : null);
    const amounts = actions.length >= STEPPER_FROM ? numbered(kind, actions) : null;
    if (amounts) group.append(stepper(kind, amounts, act));
    else {
      for (const action of actions) {
        const rest = action.text.slice(kind.length).trim();
        group.append(actionButton(action, spoken[action.text] || rest || action.text, act));
      }
    }
    box.append(group);
  }
  numberButtons();
}

// Give the buttons that act their key numbers, in the order they are drawn.
export function numberButtons() {
  const buttons = document.querySelectorAll("#controls button[data-action], #chooser button[data-action]");
  buttons.forEach((button, i) => {
    const key = String(i + 1);
    button.dataset.key = key;
    button.setAttribute("aria-keyshortcuts", key.split("").join(" "));
    const label = button.querySelector(".key") || el("span", { class: "key", "aria-hidden": "true" });
    label.textContent = key;
    if (!label.parentNode) button.prepend(label);
  });
}

// Number keys: a digit waits a moment for a second digit when a longer number could follow.
const typed = { digits: "", timer: null };

export function pressNumber(digit) {
  clearTimeout(typed.timer);
  typed.digits += digit;
  const keys = [...document.querySelectorAll("[data-key]")].map((b) => b.dataset.key);
  const exact = keys.includes(typed.digits);
  const longer = keys.some((k) => k !== typed.digits && k.startsWith(typed.digits));
  const fire = () => {
    const button = document.querySelector(`[data-key="${typed.digits}"]`);
    typed.digits = "";
    if (button) button.click();
  };
  if (exact && !longer) fire();
  else if (!exact && !longer) typed.digits = "";
  else typed.timer = setTimeout(fire, 700);
}
