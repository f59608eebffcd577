// The table client: sign in, then one view per address (hash routes under /table/, so a deep
// link or a reload stays where it was and Back goes back):
//   #/                         the campaigns, and a new one
//   #/c/<campaign>             the campaign: members, tables, sessions, characters
//   #/c/<campaign>/t/<table>   the table, live
//   #/c/<campaign>/t/<table>/at/<position>   the table as it was at a past position
import { Api } from "./api.js";
import { el } from "./dom.js";
import { tableView } from "./table.js";
import { campaignsView, campaignView } from "./setup.js";

const main = document.querySelector("main");
const state = { api: null, live: null, me: null };
/** @type {any} */ (window).skaldTable = state;  // the live stream's pause/resume, for a reader of the page

export const go = (hash) => { if (location.hash === hash) route(); else location.hash = hash; };

function show(...nodes) {
  state.live?.stop(); state.live = null;
  main.replaceChildren(...nodes);
}

// A view that could not be loaded says why, in the page, instead of failing silently.
const guard = (view) => (...args) => view(...args).catch((err) => {
  const note = el("p", { className: "status", role: "alert", textContent: `Could not load this view: ${err.message}` });
  main.prepend(note);
});

function signIn(message = "") {
  const input = el("input", { id: "token", type: "password", autocomplete: "off", required: true });
  const form = el("form", { id: "signin" }, el("h2", { textContent: "Sign in" }),
    el("label", { htmlFor: "token", textContent: "Your token" }), input,
    el("p", { className: "hint", textContent: "Ask the service's operator for one (skald token create --user NAME)." }),
    el("button", { type: "submit", textContent: "Sign in" }), el("output", { className: "status", textContent: message }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const api = new Api(input.value.trim());
    try { state.me = await api.get("/v1/me"); } catch (err) { signIn(`Not signed in: ${err.message}`); return; }
    state.api = api; sessionStorage.setItem("skald-token", api.token); signedIn(); route();
  });
  show(form); input.focus();
}

function signedIn() {
  document.querySelector("#who").replaceChildren(el("span", { textContent: state.me.user ?? "" }), " ",
    el("button", { id: "sign-out", textContent: "Sign out", onclick: () => {
      sessionStorage.removeItem("skald-token"); state.api = null;
      document.querySelector("#who").replaceChildren(); signIn(); } }));
}

const ctx = () => ({ api: state.api, me: state.me, show, go });
const views = {
  campaigns: guard(() => campaignsView(ctx())),
  campaign: guard((cid) => campaignView(ctx(), cid)),
  table: guard(async (cid, tid, at) => { state.live = await tableView(ctx(), cid, tid, at); }),
};

function route() {
  if (!state.api) return;
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "c" && parts[1] && parts[2] === "t" && parts[3]) {
    const at = parts[4] === "at" && /^\d+$/.test(parts[5] ?? "") ? Number(parts[5]) : null;
    views.table(parts[1], parts[3], at);
  } else if (parts[0] === "c" && parts[1]) views.campaign(parts[1]);
  else views.campaigns();
}
window.addEventListener("hashchange", route);

const saved = sessionStorage.getItem("skald-token");
if (saved) {
  const api = new Api(saved);
  api.get("/v1/me").then((me) => { state.api = api; state.me = me; signedIn(); route(); }, () => signIn());
} else signIn();
