// Me: this browser's player (a name and a secret key), its private link to another device.
// The key arrives after "#" in the private link (browsers never send that part to a server),
// is checked once with a POST, and is kept in this browser only.
import { api, el, header, storage } from "./common.js";

const $ = (id) => document.getElementById(id);

function show(player) {
  const who = $("who");
  who.replaceChildren("You play as ", el("strong", {}, player.name), ". ",
    el("a", { href: `/player/${player.id}` }, "Your profile"), ".");
  who.classList.remove("muted");
  $("name").value = player.name;
  $("link-panel").hidden = false;
  document.body.dataset.player = player.id;
}

async function fromLink() {
  const match = /^#key=([A-Za-z0-9_-]{1,100})$/.exec(location.hash);
  if (!match) return;
  history.replaceState(null, "", "/me");  // the key leaves the address bar at once
  try {
    const player = await api("/api/players/me", { body: { key: match[1] } });
    storage.setPlayer({ ...player, key: match[1] });
  } catch (error) { $("error").textContent = error.message; }
}

async function main() {
  document.getElementById("nav").replaceWith(header("me"));
  await fromLink();
  const known = storage.player();
  if (known) show(known);
  else $("name").value = storage.name();
  $("new-player").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("error").textContent = "";
    try {
      const made = await api("/api/players", { body: { name: $("name").value } });
      storage.setPlayer(made);
      show(made);
    } catch (error) { $("error").textContent = error.message; }
  });
  $("show-link").addEventListener("click", () => {
    $("link").value = `${location.origin}/me#key=${storage.player().key}`;
    $("link-row").hidden = false;
  });
  $("copy").addEventListener("click", () => navigator.clipboard?.writeText($("link").value));
}

main();
