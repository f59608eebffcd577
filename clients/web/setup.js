// Setting a game up from the page: campaigns (a new one with its ruleset and options), and in a
// campaign its members (invite by user name with a role), tables (create; start and end a
// session), and characters (created from the ruleset's sheet, generated where the ruleset
// rolls them, seated at a table). Each change is one platform command; the view is then read
// again at the position the command reached (read-your-writes).
import { el, confirmAction } from "./dom.js";
import { schemaForm, schemaFields, sendOnlyChanged } from "./forms.js";
import { guideFor, humanise } from "./guide.js";
import { optionsFieldset, optionsOf } from "./options.js";

const ROLES = [["player", "Player"], ["observer", "Observer (reads only)"], ["gm", "Game master"]];
const status = () => el("output", { className: "status", role: "status" });
const section = (id, title, ...children) => el("section", { id: `${id}-section`, className: "panel", "aria-labelledby": `${id}-title` },
  el("h3", { id: `${id}-title`, textContent: title }), ...children);
const empty = (text) => el("p", { className: "empty", textContent: text });

// A small form whose submit sends one command; `done(result)` follows, a refusal is shown.
function commandForm(id, legendText, inputs, button, send, done) {
  const out = status();
  const form = el("form", { id, className: "setup" }, el("fieldset", {}, el("legend", { textContent: legendText }), ...inputs,
    el("button", { type: "submit", textContent: button })), out);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    out.textContent = "…";
    try { const result = await send(); out.textContent = ""; await done(result); }
    catch (err) { out.textContent = `Refused: ${err.message}`; }
  });
  return form;
}

const field = (id, label, input, help = "") => {
  input.id = id;
  const box = el("div", { className: "field" }, el("label", { htmlFor: id, textContent: label }), input);
  if (help) { box.append(el("small", { id: `${id}-help`, className: "help", textContent: help })); input.setAttribute("aria-describedby", `${id}-help`); }
  return box;
};

export async function campaignsView({ api, show, go }) {
  const [list, rulesets] = await Promise.all([api.all("/v1/campaigns"), api.get("/v1/rulesets")]);
  const name = el("input", { required: true, maxLength: 200 });
  const ruleset = el("select", {}, ...rulesets.map((r) => el("option", { value: r.id, textContent: r.title ?? r.id })));
  ruleset.value = rulesets.find((r) => r.id !== "generic")?.id ?? "generic";
  const options = el("div", { className: "options" });
  const fillOptions = () => options.replaceChildren(optionsFieldset(rulesets.find((r) => r.id === ruleset.value)?.options ?? {}));
  ruleset.addEventListener("change", fillOptions);
  fillOptions();
  const create = commandForm("new-campaign", "New campaign", [field("new-campaign-name", "Name *", name),
    field("new-campaign-ruleset", "Ruleset *", ruleset), options, el("p", { className: "hint", textContent: "Fields marked * are required." })],
  "Create campaign", () => api.command("CreateCampaign", { name: name.value.trim(), ruleset: ruleset.value,
    options: optionsOf(options, rulesets.find((r) => r.id === ruleset.value)?.options ?? {}) }),
  (result) => go(`#/c/${encodeURIComponent(result.events[0]?.data?.campaign_id ?? result.campaign_id)}`));
  const title = (id) => rulesets.find((r) => r.id === id)?.title ?? id;
  show(el("h2", { textContent: "Campaigns", tabIndex: -1 }),
    list.length ? el("ul", { id: "campaigns", className: "links" }, ...list.map((c) => el("li", {},
      el("button", { textContent: `${c.name} (${title(c.ruleset)}, ${c.role === "gm" ? "GM" : c.role})`,
        onclick: () => go(`#/c/${encodeURIComponent(c.campaign_id)}`) }))))
      : empty("You are in no campaign yet. Create one below, or ask a GM to invite you by your user name."),
    create);
  (document.querySelector("#campaigns button") ?? name).focus();
}

export async function campaignView({ api, me, show, go }, cid, position = undefined) {
  const [view, rulesets] = await Promise.all([api.get(`/v1/campaigns/${cid}`, { position }), api.get("/v1/rulesets")]);
  const [characters, guide] = await Promise.all([api.get(`/v1/campaigns/${cid}/characters`, { position: view.position }),
    guideFor(api, view.ruleset, rulesets.find((r) => r.id === view.ruleset))]);
  const role = view.members.find((m) => m.user === me.user)?.role ?? "observer";
  const gm = role === "gm";
  const again = (result) => campaignView({ api, me, show, go }, cid, result?.position);
  const note = el("output", { id: "campaign-status", className: "status", role: "status" });
  const refused = (err) => { note.textContent = `Refused: ${err.message}`; };
  const ask = (type, payload) => api.command(type, { campaign_id: cid, ...payload });

  // Tables, each with its session and (for a GM) start / end.
  const tables = el("ul", { id: "tables", className: "links" }, ...view.tables.map((t) => {
    const running = (t.sessions || []).find((s) => s.active);
    const item = el("li", { className: "table-row" },
      el("button", { className: "open-table", textContent: `Open ${t.name}`, onclick: () => go(`#/c/${encodeURIComponent(cid)}/t/${encodeURIComponent(t.table_id)}`) }),
      el("span", { className: "session", textContent: running ? `session ${running.number} running` : "no session running" }),
      el("span", { className: "seated-count", textContent: `${t.seated.length} ${t.seated.length === 1 ? "character" : "characters"} seated` }));
    if (gm) {
      const out = status();
      item.append(running
        ? el("button", { className: "end-session", textContent: "End session", onclick: async () => {
          if (!await confirmAction(`End session ${running.number} at ${t.name}? It cannot be reopened.`, "End session")) return;
          ask("EndSession", { table_id: t.table_id }).then(again, (err) => { out.textContent = `Refused: ${err.message}`; }); } })
        : el("button", { className: "start-session", textContent: "Start session", onclick: () =>
          ask("StartSession", { table_id: t.table_id }).then(again, (err) => { out.textContent = `Refused: ${err.message}`; }) }), out);
    }
    item.dataset.table = t.table_id;
    return item;
  }));
  const tableName = el("input", { required: true, maxLength: 200 });
  const tablesPart = section("tables", "Tables", view.tables.length ? tables
    : empty(gm ? "No tables yet. Create one below, then seat characters at it." : "No tables yet: the GM creates them."),
  gm ? commandForm("new-table", "New table", [field("new-table-name", "Name *", tableName)], "Create table",
    () => ask("CreateTable", { name: tableName.value.trim() }), again) : "");

  // Members: invite by user name with a role; remove (after a confirmation).
  const user = el("input", { required: true, maxLength: 64, autocomplete: "off" });
  const memberRole = el("select", {}, ...ROLES.map(([v, t]) => el("option", { value: v, textContent: t })));
  const members = el("ul", { id: "members" }, ...view.members.map((m) => el("li", {},
    el("span", { className: "user", textContent: m.user }), " ", el("span", { className: "role", textContent: m.role === "gm" ? "GM" : m.role }),
    gm && m.user !== me.user ? el("button", { className: "remove-member", textContent: "Remove", "aria-label": `Remove ${m.user}`,
      onclick: async () => {
        if (await confirmAction(`Remove ${m.user} from ${view.name}? They lose access to it.`, "Remove member")) {
          ask("RemoveMember", { user: m.user }).then(again, refused);
        }
      } }) : "")));
  const membersPart = section("members", "Members", members, gm ? commandForm("invite", "Invite a member", [
    field("invite-user", "User name *", user, "The name they sign in with."), field("invite-role", "Role *", memberRole)],
  "Invite", () => ask("AddMember", { user: user.value.trim(), role: memberRole.value }), again) : "");

  // Characters: each with its owner and table; seat / retire; a new one from the ruleset's sheet.
  const seatedAt = Object.fromEntries(view.tables.flatMap((t) => t.seated.map((c) => [c, t])));
  const list = el("ul", { id: "characters" }, ...characters.filter((c) => !c.retired).map((c) => {
    const mine = gm || c.owner === me.user;
    const at = seatedAt[c.character_id];
    const item = el("li", { className: "character-row" }, el("strong", { textContent: c.name }),
      el("span", { textContent: c.owner ? ` played by ${c.owner}` : " (no player)" }),
      el("span", { className: "seat", textContent: at ? ` · at ${at.name}` : " · not seated" }));
    item.dataset.character = c.character_id;
    if (gm && !at && view.tables.length) {
      const pick = el("select", { "aria-label": `Table for ${c.name}` }, ...view.tables.map((t) => el("option", { value: t.table_id, textContent: t.name })));
      item.append(" ", pick, el("button", { className: "seat-character", textContent: "Seat", onclick: () =>
        ask("SeatCharacter", { character_id: c.character_id, table_id: pick.value }).then(again, refused) }));
    }
    if (mine) {
      item.append(el("button", { className: "retire", textContent: "Retire", "aria-label": `Retire ${c.name}`, onclick: async () => {
        if (await confirmAction(`Retire ${c.name}? A retired character leaves play for good.`, "Retire character")) {
          ask("RetireCharacter", { character_id: c.character_id }).then(again, refused);
        }
      } }));
    }
    return item;
  }));
  const charactersPart = section("characters", "Characters", characters.length ? list
    : empty(role === "observer" ? "No characters yet." : "No characters yet. Create one below."),
  role === "observer" ? "" : characterForm(api, cid, view, guide, gm, me, again));

  show(el("nav", { className: "crumbs", "aria-label": "Where you are" }, el("a", { href: "#/", textContent: "Campaigns" }), " › ",
    el("span", { textContent: view.name })),
  el("h2", { textContent: view.name, tabIndex: -1 }),
  el("p", { className: "hint", textContent: `${guide.title ?? view.ruleset} · you are ${gm ? "the GM" : `a ${role}`}` }), note,
  tablesPart, charactersPart, membersPart);
  /** @type {HTMLElement} */ (document.querySelector("#tables button") ?? document.querySelector("main h2")).focus();
}

// A new character: name, its player (a GM chooses), and the sheet from the ruleset's schema (the
// guide's `sheet_schema`): its required fields first, the rest folded; a ruleset that generates
// characters by its own rules (Golden Heroes) then rolls the new one at once.
function characterForm(api, cid, view, guide, gm, me, again) {
  const raw = guide.sheet_schema ?? { type: "object" };
  const defs = { ...(raw.$defs ?? {}) };
  const doc = { components: { schemas: defs } };
  let root = raw;
  while (root?.$ref) root = defs[root.$ref.split("/").pop()];
  root ||= { type: "object" };
  const props = root.properties ?? {};
  const needed = new Set(root.required ?? []);
  const pick = (want) => Object.fromEntries(Object.entries(props).filter(([k]) => needed.has(k) === want));
  const players = view.members.filter((m) => m.role !== "observer").map((m) => [m.user, m.user]);
  const schema = { type: "object", required: ["name"], properties: {
    name: { type: "string", minLength: 1, maxLength: 200 }, ...(gm ? { owner: { type: "string" } } : {}) } };
  const labels = Object.fromEntries((guide.sheet ?? []).map((f) => [f.name, f]));
  const words = Object.assign((path) => {
    if (path === "name") return { label: "Name", help: "" };
    if (path === "owner") return { label: "Player", help: "Who plays this character (empty: you)." };
    const key = path.split(".").at(-1);
    const f = path.split(".").length === 2 ? labels[key] : null;
    return { label: f?.label || humanise(key), help: f?.help || "" };
  }, { help: guide.generation ? `${guide.title} rolls a new character's attributes: they are rolled as soon as it is created.` : "" });
  const generation = guide.generation ? guide.byType.get(guide.generation) : null;
  const form = schemaForm(null, schema, "New character", {}, gm ? { owner: players } : {}, async (payload) => {
    const result = await api.command("CreateCharacter", { campaign_id: cid, ...payload, owner: gm ? payload.owner || undefined : undefined,
      sheet: payload.sheet ?? {} });
    const id = result.events.find((e) => e.data?.character_id)?.data.character_id;
    let last = result;
    if (generation && id) last = await api.command(guide.generation, { campaign_id: cid, character_id: id });
    await again(last);
    return `${payload.name} created`;
  }, [], words);
  const actions = form.querySelector(".required-note") ?? form.querySelector(".actions");
  const required = pick(true), optional = pick(false);
  if (Object.keys(required).length) {
    actions.before(el("fieldset", { className: "sheet-required" }, el("legend", { textContent: "Sheet" }),
      ...schemaFields(doc, { properties: required, required: [...needed] }, "sheet", {}, words)));
  }
  if (Object.keys(optional).length && !generation) {
    const more = el("details", { className: "sheet-more" }, el("summary", { textContent: `More of the sheet (${Object.keys(optional).length} optional fields, the rulebook's defaults)` }),
      ...schemaFields(doc, { properties: optional, required: [] }, "sheet", {}, words));
    sendOnlyChanged(more);  // a default left as it is is not sent: the ruleset fills it in
    actions.before(more);
  }
  form.id = "new-character";
  form.querySelector('button[type="submit"]').textContent = "Create character";
  return form;
}
