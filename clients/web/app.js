// The table client: sign in, campaigns, tables, and the table view. Everything it shows comes
// from the read models and the live stream; ruleset commands and odds come from metadata.
import { Api } from "./api.js";
import { el } from "./dom.js";
import { tableView } from "./table.js";

const main = document.querySelector("main");
const state = { api: null, live: null };
window.skaldTable = state;  // the live stream's pause/resume, for a reader of the page

function show(...nodes) { state.live?.stop(); state.live = null; main.replaceChildren(...nodes); }

// A view that could not be loaded says why, in the page, instead of failing silently.
const guard = (view) => (...args) => view(...args).catch((err) => {
  const note = el("p", { className: "status", role: "alert", textContent: `could not load: ${err.message}` });
  main.prepend(note);
});

function signIn(message = "") {
  const input = el("input", { id: "token", type: "password", autocomplete: "off", required: true });
  const form = el("form", { id: "signin" }, el("h2", { textContent: "Sign in" }),
    el("label", { htmlFor: "token", textContent: "Token (skald token create --user NAME)" }), input,
    el("button", { type: "submit", textContent: "Sign in" }), el("output", { className: "status", textContent: message }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const api = new Api(input.value.trim());
    try { state.me = await api.get("/v1/me"); } catch (err) { signIn(`not signed in: ${err.message}`); return; }
    state.api = api; sessionStorage.setItem("skald-token", api.token); campaigns();
  });
  show(form); input.focus();
}

const campaigns = guard(async () => {
  const list = await state.api.all("/v1/campaigns");
  document.querySelector("#who").replaceChildren(state.me.user ?? "", " ", el("button", { id: "sign-out",
    textContent: "Sign out", onclick: () => { sessionStorage.removeItem("skald-token"); state.api = null;
      document.querySelector("#who").replaceChildren(); signIn(); } }));
  show(el("h2", { textContent: "Campaigns" }), el("ul", { id: "campaigns" }, ...list.map((c) =>
    el("li", {}, el("button", { textContent: `${c.name} (${c.ruleset}, ${c.role})`, onclick: () => campaign(c.campaign_id) })))));
  main.querySelector("#campaigns button")?.focus();
});

const campaign = guard(async (cid) => {
  const view = await state.api.get(`/v1/campaigns/${cid}`);
  show(el("h2", { textContent: view.name }), el("p", { textContent: `ruleset ${view.ruleset}` }),
    el("button", { textContent: "← campaigns", onclick: campaigns }),
    el("h3", { textContent: "Tables" }), el("ul", { id: "tables" }, ...view.tables.map((t) =>
      el("li", {}, el("button", { textContent: t.name, onclick: () => table(cid, t.table_id) })))));
  (main.querySelector("#tables button") ?? main.querySelector("button")).focus();
});

const table = guard(async (cid, tid) => {
  state.live = await tableView(state.api, state.me, cid, tid, { show, back: () => campaign(cid) });
});

const saved = sessionStorage.getItem("skald-token");
if (saved) {
  const api = new Api(saved);
  api.get("/v1/me").then((me) => { state.api = api; state.me = me; campaigns(); }, () => signIn());
} else signIn();
