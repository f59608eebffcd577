// The table client: sign in, campaigns, tables, and the table view. Everything it shows comes
// from the read models and the live stream; ruleset commands and odds come from metadata.
import { Api } from "./api.js";
import { LiveStream } from "./live.js";
import { buildForm } from "./forms.js";
import { verifyProvenance } from "./verify.js";

const main = document.querySelector("main");
const el = (tag, attrs = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), attrs);
  node.append(...children);
  return node;
};
const state = { api: null, live: null };
window.skaldTable = state;  // the live stream's pause/resume, for a reader of the page

function field(name, value) {
  const dd = el("dd", { textContent: typeof value === "object" ? JSON.stringify(value) : String(value) });
  dd.dataset.field = name;
  return dd;
}

function show(...nodes) { state.live?.stop(); state.live = null; main.replaceChildren(...nodes); }

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

async function campaigns() {
  const list = await state.api.get("/v1/campaigns");
  document.querySelector("#who").textContent = state.me.user ?? "";
  show(el("h2", { textContent: "Campaigns" }), el("ul", { id: "campaigns" }, ...list.map((c) =>
    el("li", {}, el("button", { textContent: `${c.name} (${c.ruleset}, ${c.role})`, onclick: () => campaign(c.campaign_id) })))));
}

async function campaign(cid) {
  const view = await state.api.get(`/v1/campaigns/${cid}`);
  show(el("h2", { textContent: view.name }), el("p", { textContent: `ruleset ${view.ruleset}` }),
    el("button", { textContent: "← campaigns", onclick: campaigns }),
    el("h3", { textContent: "Tables" }), el("ul", { id: "tables" }, ...view.tables.map((t) =>
      el("li", {}, el("button", { textContent: t.name, onclick: () => table(cid, t.table_id) })))));
}

async function table(cid, tid) {
  const api = state.api;
  const [view, rulesets, doc, list] = await Promise.all([api.get(`/v1/campaigns/${cid}`), api.get("/v1/rulesets"),
    fetch("/schema/openapi.json").then((r) => r.json()), api.get("/v1/campaigns")]);
  const role = list.find((c) => c.campaign_id === cid)?.role ?? "observer";
  const seated = view.tables.find((t) => t.table_id === tid)?.seated ?? [];
  const rolls = await api.get(`/v1/campaigns/${cid}/rolls`, { table_id: tid, position: view.position });
  const log = el("ol", { id: "rolls", "aria-live": "polite" });
  const sheets = el("div", { id: "sheets" });
  const liveState = el("span", { id: "live-state", textContent: "connecting" });
  const pause = el("button", { id: "pause", textContent: "Pause live" });
  const characters = {};

  const renderRoll = (ev) => {
    if (log.querySelector(`[data-position="${ev.position}"]`)) return;
    const d = ev.data || {};
    const faces = (ev.metadata?.dice?.draws || []).map((x) => `d${x.sides}:${x.face}`).join(" ");
    const hidden = (d.visibility || ev.metadata?.visibility) === "gm";
    const result = el("output", { className: "verify" });
    const item = el("li", { className: hidden ? "roll hidden" : "roll" },
      el("span", { className: "who", textContent: d.actor ?? ev.metadata?.actor ?? "" }),
      el("span", { className: "what", textContent: `${ev.type} ${d.expression ?? d.label ?? ""}` }),
      el("strong", { className: "total", textContent: d.total ?? d.outcome ?? "" }),
      el("span", { className: "faces", textContent: faces }), hidden ? el("em", { textContent: "GM only" }) : "");
    item.dataset.position = ev.position;
    item.append(el("button", { textContent: "Verify", onclick: async () => {
      const found = (await api.get(`/v1/campaigns/${cid}/rolls`, { table_id: tid, limit: 200 }))
        .find((r) => r.position === ev.position);
      const answer = await verifyProvenance(found?.provenance);
      result.textContent = answer.detail;
      result.dataset.ok = String(answer.ok);
    } }));
    if (hidden && role === "gm") {
      item.append(el("button", { textContent: "Reveal", onclick: () =>
        api.command("RevealRoll", { campaign_id: cid, position: ev.position }) }));
    }
    item.append(result);
    const after = [...log.children].find((li) => Number(li.dataset.position) > ev.position);
    log.insertBefore(item, after ?? null);
  };

  const renderSheet = async (chid, position) => {
    const c = await api.get(`/v1/campaigns/${cid}/characters/${chid}`, position ? { position } : {});
    const s = c.sheet || {}, derived = c.derived || {};
    const conditions = s.conditions || [];
    const health = Object.entries(derived).filter(([k, v]) => typeof v !== "object");
    const card = el("article", { className: "sheet" }, el("h4", { textContent: c.name }),
      el("p", { className: "conditions", textContent: `conditions: ${conditions.length ? conditions.map((x) => x.name ?? JSON.stringify(x)).join(", ") : "none"}` }),
      el("dl", { className: "health" }, ...health.flatMap(([k, v]) => [el("dt", { textContent: k }), el("dd", { textContent: String(v) })])),
      el("details", {}, el("summary", { textContent: "sheet" }), el("dl", { className: "fields" },
        ...Object.entries(s).flatMap(([k, v]) => [el("dt", { textContent: k }),
          field(k, v)]))));
    card.dataset.character = chid;
    const old = characters[chid];
    card.querySelector("details").open = old?.querySelector("details").open ?? false;  // keep it as the reader left it
    characters[chid] = card;
    old ? old.replaceWith(card) : sheets.append(card);
  };

  // The dice box: notation, and (for a GM) GM-only visibility.
  const expression = el("input", { id: "expression", value: "1d20", required: true, "aria-label": "dice notation" });
  const visibility = el("select", { id: "visibility", "aria-label": "visibility" },
    el("option", { value: "public", textContent: "public" }), ...(role === "gm" ? [el("option", { value: "gm", textContent: "GM only" })] : []));
  const diceStatus = el("output", { className: "status" });
  const diceBox = el("form", { id: "dice-box" }, el("h3", { textContent: "Dice" }), expression, visibility,
    el("button", { type: "submit", textContent: "Roll" }), diceStatus);
  diceBox.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api.command("RollDice", { campaign_id: cid, table_id: tid, expression: expression.value, visibility: visibility.value });
      diceStatus.textContent = "";
    } catch (err) { diceStatus.textContent = `refused: ${err.message}`; }
  });

  // The ruleset's commands, each a form generated from its payload schema.
  const ruleset = rulesets.find((r) => r.id === view.ruleset) || { commands: [] };
  const choices = { character_id: seated.map((id) => [id, id]), target_id: seated.map((id) => [id, id]) };
  const slot = el("div", { id: "command-form" });
  const picker = el("select", { id: "command", "aria-label": "ruleset command" },
    el("option", { value: "", textContent: `${ruleset.title ?? view.ruleset} commands…` }),
    ...ruleset.commands.map((c) => el("option", { value: c, textContent: c })));
  picker.addEventListener("change", () => {
    if (!picker.value) { slot.replaceChildren(); return; }
    const extra = [];
    const form = buildForm(doc, picker.value, { campaign_id: cid }, choices,
      async (payload) => `done at position ${(await api.command(picker.value, payload)).position}`, extra);
    if (form.querySelector('[data-path^="check."]')) {
      const odds = el("pre", { className: "odds" });
      form.append(el("button", { type: "button", textContent: "Odds", onclick: async () => {
        const p = form.payload();
        try {
          odds.textContent = JSON.stringify(await api.request("POST",
            `/v1/campaigns/${cid}/characters/${p.character_id}/check-odds`, { ...p.check, target_id: p.target_id }), null, 1);
        } catch (err) { odds.textContent = `refused: ${err.message}`; }
      } }), odds);
    }
    slot.replaceChildren(form);
  });

  // The ruleset's own odds route, its parameters read from the OpenAPI document.
  const oddsPath = `/v1/rulesets/${view.ruleset}/odds`;
  const oddsOp = doc.paths[oddsPath]?.get;
  let oddsPanel = "";
  if (oddsOp) {
    const inputs = oddsOp.parameters.map((p) => el("div", { className: "field" },
      el("label", { htmlFor: `odds-${p.name}`, textContent: `${p.name}${p.description ? ` (${p.description})` : ""}` }),
      el("input", { id: `odds-${p.name}`, name: p.name, value: p.schema?.default ?? "" })));
    const out = el("pre", { id: "odds-result" });
    oddsPanel = el("form", { id: "odds" }, el("h3", { textContent: "Odds" }), ...inputs, el("button", { type: "submit", textContent: "Odds" }), out);
    oddsPanel.addEventListener("submit", async (event) => {
      event.preventDefault();
      const params = Object.fromEntries(new FormData(oddsPanel).entries());
      try { out.textContent = JSON.stringify(await api.get(oddsPath, params), null, 1); }
      catch (err) { out.textContent = `refused: ${err.message}`; }
    });
  }

  const gmTools = role === "gm" ? el("button", { id: "rotate-seed", textContent: "Reveal seed (rotate)",
    onclick: () => api.command("RotateSeed", { campaign_id: cid }) }) : "";
  const head = el("header", { className: "table-head" }, el("h2", { textContent: `${view.name} · ${tid}` }),
    el("span", { id: "role", textContent: role }), liveState, pause, gmTools,
    el("button", { textContent: "← tables", onclick: () => campaign(cid) }));
  show(head, el("div", { className: "grid" },
    el("section", { className: "log" }, el("h3", { textContent: "Rolls" }), diceBox, log),
    el("section", { className: "people" }, el("h3", { textContent: "Characters" }), sheets,
      el("h3", { textContent: "Commands" }), picker, slot, oddsPanel)));

  [...rolls].reverse().forEach(renderRoll);
  await Promise.all(seated.map((id) => renderSheet(id)));
  const live = new LiveStream(api, cid, view.position, (ev) => {
    if (ev.metadata?.dice && (ev.data?.table_id ?? tid) === tid) renderRoll(ev);
    if (ev.type === "RollRevealed") {
      api.get(`/v1/campaigns/${cid}/rolls`, { table_id: tid, position: ev.position }).then((all) => all.forEach(renderRoll));
    }
    // A character's own events live on its stream, character/<campaign>/<character>.
    const [kind, , own] = (ev.stream_id || "").split("/");
    const chid = kind === "character" ? own : ev.data?.character_id;
    if (chid && characters[chid]) renderSheet(chid, ev.position);
  }, (s) => { liveState.textContent = s; liveState.dataset.state = s; });
  state.live = live.start();
  pause.addEventListener("click", () => {
    if (live.paused) { live.resume(); pause.textContent = "Pause live"; } else { live.pause(); pause.textContent = "Resume live"; }
  });
}

const saved = sessionStorage.getItem("skald-token");
if (saved) {
  const api = new Api(saved);
  api.get("/v1/me").then((me) => { state.api = api; state.me = me; campaigns(); }, () => signIn());
} else signIn();
