// The table view: the log in words (backfilled, then live), the dice box, the seated characters,
// the ruleset's commands this person may send, the odds, the session and the history scrubber.
// What it shows is what the API gives the caller: a player's reads and stream never carry GM-only
// rolls, and an observer gets no dice box, forms or GM tools. With `at`, the table as it was at
// that position (read from the as-of API), without the live stream or any command.
import { LiveStream } from "./live.js";
import { buildForm } from "./forms.js";
import { el, confirmAction } from "./dom.js";
import { sheetCard } from "./sheets.js";
import { oddsPanel } from "./odds.js";
import { checkOddsPanel } from "./checkodds.js";
import { guideFor, maySend, fieldWords } from "./guide.js";
import { Log } from "./tablelog.js";
import { historyBar, asOf, pastEncounters } from "./history.js";

// Payload fields that name characters, when the guide does not say (character_kind).
const CHARACTER_FIELDS = ["character_id", "target_id", "attacker_id", "to", "first", "participants", "nominee",
  "nominate", "fortune_from"];
// Kinds of character field the sender must control (domain.authority): their own characters.
const OWN_KINDS = new Set(["acting", "controlled"]);

export async function tableView({ api, me, show, go }, cid, tid, at = null) {
  const [view, rulesets, doc, listing] = await Promise.all([api.get(`/v1/campaigns/${cid}`), api.get("/v1/rulesets"),
    fetch("/schema/openapi.json").then((r) => r.json()), api.get(`/v1/campaigns/${cid}/characters`)]);
  const listed = rulesets.find((r) => r.id === view.ruleset) || { commands: [] };
  const guide = await guideFor(api, view.ruleset, listed);
  const past = at !== null ? await asOf(api, cid, at) : null;
  const campaign = past?.campaign ?? view;
  const role = view.members.find((m) => m.user === me.user)?.role ?? "observer";
  const acts = !past && (role === "gm" || role === "player");
  const table = campaign.tables.find((t) => t.table_id === tid);
  if (!table) throw new Error(`no table ${tid} in this campaign${past ? " at that position" : ""}`);
  const seated = new Set(table.seated ?? []);
  const names = Object.fromEntries([...listing, ...(past?.characters ?? [])].map((c) => [c.character_id, c.name]));
  const owners = Object.fromEntries(listing.map((c) => [c.character_id, c.owner]));
  const here = (ev) => {
    const d = ev.data || {};
    if (d.table_id && d.table_id !== tid) return false;
    const [kind, , own] = (ev.stream_id || "").split("/");
    const chid = kind === "character" ? own : d.character_id;
    if (chid) return seated.has(chid) || d.table_id === tid;
    return d.table_id === tid || (!!ev.line && !ev.stream_id?.startsWith("campaign"));
  };
  const tables = Object.fromEntries(campaign.tables.map((t) => [t.table_id, t.name]));
  const log = new Log(api, cid, tid, role, { guide, names, tables, here, past: !!past });
  const sheets = el("div", { id: "sheets" });
  const cards = {};

  const renderSheet = async (chid, position) => {
    let c = past?.characters?.find((x) => x.character_id === chid);
    if (!past) {
      try { c = await api.get(`/v1/campaigns/${cid}/characters/${chid}`, position ? { position } : {}); }
      catch (err) { cards[chid]?.querySelector("h4")?.setAttribute("title", `not refreshed: ${err.message}`); return; }
    }
    if (!c) return;
    owners[chid] = c.owner; names[chid] = c.name;
    const old = cards[chid];
    const card = sheetCard(c, old?.querySelector("details")?.open ?? false, listed.display);
    cards[chid] = card;
    old ? old.replaceWith(card) : sheets.append(card);
  };
  const mine = () => [...seated].filter((id) => role === "gm" || owners[id] === me.user).map((id) => [id, names[id] ?? id]);
  const everyone = () => [...seated].map((id) => [id, names[id] ?? id]);

  // The dice box: notation, for which character, and (for a GM) GM-only visibility.
  /** @type {HTMLElement | ""} */
  let diceBox = "";
  if (acts) {
    const expression = el("input", { id: "expression", value: "1d20", required: true, autocomplete: "off", "aria-describedby": "dice-help" });
    const forWhom = el("select", { id: "dice-character" }, el("option", { value: "", textContent: "nobody in particular" }),
      ...mine().map(([v, t]) => el("option", { value: v, textContent: t })));
    const visibility = el("select", { id: "visibility" },
      el("option", { value: "public", textContent: "everyone sees it" }),
      ...(role === "gm" ? [el("option", { value: "gm", textContent: "GM only" })] : []));
    const diceStatus = el("output", { className: "status", role: "status" });
    const box = el("form", { id: "dice-box" }, el("h3", { textContent: "Dice" }),
      el("div", { className: "field" }, el("label", { htmlFor: "expression", textContent: "Dice to roll *" }), expression,
        el("small", { id: "dice-help", className: "help", textContent: "Notation such as 2d6+1, or 4d6kh3 to keep the highest three." })),
      el("div", { className: "field" }, el("label", { htmlFor: "dice-character", textContent: "Rolled for" }), forWhom),
      el("div", { className: "field" }, el("label", { htmlFor: "visibility", textContent: "Who sees it" }), visibility),
      el("button", { type: "submit", textContent: "Roll" }), diceStatus);
    diceBox = box;
    box.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const result = await api.command("RollDice", { campaign_id: cid, table_id: tid, expression: expression.value,
          visibility: visibility.value, ...(forWhom.value ? { character_id: forWhom.value } : {}) });
        diceStatus.textContent = (await log.outcome(result)).text;
      } catch (err) { diceStatus.textContent = `Refused: ${err.message}`; }
    });
  }

  // The ruleset's commands this person may send, each a form generated from its payload schema,
  // labelled and explained by the guide.
  const slot = el("div", { id: "command-form" });
  const choices = (command) => {
    const out = { "*": everyone() };
    const named = command?.fields?.filter((f) => f.character_kind) ?? [];
    if (named.length) for (const f of named) out[f.name] = OWN_KINDS.has(f.character_kind) ? mine() : everyone();
    else for (const name of CHARACTER_FIELDS) out[name] = name === "character_id" ? mine() : everyone();
    return out;
  };
  /** @type {HTMLElement | ""} */
  let commands = "";
  const offered = guide.commands.filter((c) => (c.scope ?? "ruleset") === "ruleset" && listed.commands.includes(c.type)
    && maySend(c, role, mine().length > 0)).sort((a, b) => a.label.localeCompare(b.label));
  if (acts && offered.length) {
    const picker = el("select", { id: "command" }, el("option", { value: "", textContent: "Choose an action…" }),
      ...offered.map((c) => el("option", { value: c.type, textContent: c.label })));
    picker.addEventListener("change", () => {
      if (!picker.value) { slot.replaceChildren(); return; }
      const command = guide.byType.get(picker.value);
      const words = Object.assign((path) => fieldWords(command, path.split(".").at(-1)), { help: command?.help ?? "" });
      const form = buildForm(doc, picker.value, { campaign_id: cid }, choices(command),
        async (payload) => log.outcome(await api.command(picker.value, payload)), [], words, command?.label ?? picker.value);
      slot.replaceChildren(form);
    });
    commands = el("section", { id: "commands", "aria-labelledby": "commands-title" }, el("h3", { id: "commands-title", textContent: "Actions" }),
      el("label", { htmlFor: "command", textContent: `${guide.title ?? view.ruleset} actions you may take` }), picker, slot);
  }

  // The session, the seed and the history: GM tools in the header.
  const gmStatus = el("output", { id: "gm-status", role: "status" });
  const running = (table.sessions || []).find((s) => s.active);
  const reread = async (r) => { await api.get(`/v1/campaigns/${cid}`, { position: r.position }); go(location.hash); };
  const gmTools = role === "gm" && !past ? [
    running ? el("button", { id: "end-session", textContent: `End session ${running.number}`, onclick: async () => {
      if (!await confirmAction(`End session ${running.number}? It cannot be reopened.`, "End session")) return;
      api.command("EndSession", { campaign_id: cid, table_id: tid }).then(reread, (err) => { gmStatus.textContent = `Refused: ${err.message}`; });
    } }) : el("button", { id: "start-session", textContent: "Start session", onclick: () =>
      api.command("StartSession", { campaign_id: cid, table_id: tid }).then(reread, (err) => { gmStatus.textContent = `Refused: ${err.message}`; }) }),
    el("button", { id: "rotate-seed", textContent: "Reveal the dice seed", onclick: async () => {
      if (!await confirmAction("Reveal the dice seed used so far and start a new one? Everyone can then verify the rolls made so far; it cannot be undone.", "Reveal seed")) return;
      api.command("RotateSeed", { campaign_id: cid }).then(
        () => { gmStatus.textContent = "Seed revealed: every roll so far can now be verified."; },
        (err) => { gmStatus.textContent = `Refused: ${err.message}`; });
    } })] : [];
  const liveState = el("span", { id: "live-state", textContent: past ? "history" : "connecting" });
  const pause = el("button", { id: "pause", textContent: "Pause live" });
  const bar = historyBar(cid, tid, view.position, at, go);
  const head = el("header", { className: "table-head" },
    el("nav", { className: "crumbs", "aria-label": "Where you are" }, el("a", { href: "#/", textContent: "Campaigns" }), " › ",
      el("a", { href: `#/c/${encodeURIComponent(cid)}`, textContent: view.name }), " › ", el("span", { textContent: table.name })),
    el("h2", { textContent: `${table.name} · ${view.name}`, tabIndex: -1 }),
    el("span", { id: "role", textContent: role }),
    el("span", { className: "session", textContent: running ? `session ${running.number}` : "no session running" }),
    liveState, past ? "" : pause, ...gmTools, gmStatus);
  const odds = past ? [] : [checkOddsPanel(api, doc, cid, view.ruleset, everyone(), guide), oddsPanel(api, doc, view.ruleset)];
  show(head, bar, el("div", { className: "grid" },
    el("section", { className: "log", "aria-labelledby": "log-title" }, el("h3", { id: "log-title", textContent: "What happened" }), diceBox, log.list),
    el("section", { className: "people", "aria-labelledby": "people-title" }, el("h3", { id: "people-title", textContent: "Characters" }), sheets,
      seated.size ? "" : el("p", { className: "empty", textContent: role === "gm"
        ? "No one is seated here yet: seat characters from the campaign page." : "No one is seated here yet: the GM seats characters." }),
      past ? pastEncounters(past.encounters, seated, (id) => names[id] ?? "someone") : "", commands, ...odds)));
  (diceBox ? diceBox.querySelector("input") : head.querySelector("h2")).focus();

  await log.backfill(past ? past.position : view.position);
  await Promise.all([...seated].map((id) => renderSheet(id)));
  if (past) return null;
  const live = new LiveStream(api, cid, view.position, (ev) => {
    bar.advance(ev.position);
    if (ev.type === "CharacterSeated" && ev.data?.table_id === tid) seated.add(ev.data.character_id);
    if (ev.type === "CharacterUnseated" && ev.data?.table_id === tid) {
      seated.delete(ev.data.character_id); cards[ev.data.character_id]?.remove(); delete cards[ev.data.character_id];
    }
    log.live(ev);
    // A character's own events live on its stream, character/<campaign>/<character>.
    const [kind, , own] = ((ev.type === "EventRetconned" ? ev.data?.stream_id : ev.stream_id) || "").split("/");
    const chid = kind === "character" ? own : ev.data?.character_id;
    if (chid && seated.has(chid)) renderSheet(chid, ev.position);
  }, (s) => { liveState.textContent = s; liveState.dataset.state = s; });
  pause.addEventListener("click", () => {
    if (live.paused) { live.resume(); pause.textContent = "Pause live"; } else { live.pause(); pause.textContent = "Resume live"; }
  });
  return live.start();
}
