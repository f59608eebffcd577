// The table view: the roll log (backfilled, then live), the dice box, the seated characters, the
// ruleset's commands and odds. What it shows is what the API gives the caller: a player's reads
// and stream never carry GM-only rolls, and an observer gets no dice box, forms or GM tools.
import { LiveStream } from "./live.js";
import { buildForm } from "./forms.js";
import { verifyProvenance } from "./verify.js";
import { el } from "./dom.js";
import { sheetCard } from "./sheets.js";
import { oddsPanel } from "./odds.js";
import { checkOddsPanel } from "./checkodds.js";

// Payload fields that name characters at the table, offered as a choice of the seated ones.
const CHARACTER_FIELDS = ["character_id", "target_id", "attacker_id", "to", "first", "participants", "nominee",
  "nominate", "fortune_from"];

// A roll's outcome, wherever its event keeps it: a total, or a check's result (a WISH check's
// net successes and success are in its ``check.result``).
const resultOf = (d) => d.result ?? d.check?.result ?? {};
const shownTotal = (d) => String(d.total ?? d.outcome ?? resultOf(d).net_successes ?? resultOf(d).total ?? "");
const success = (d) => (typeof d.success === "boolean" ? d.success : resultOf(d).success);

export async function tableView(api, me, cid, tid, { show, back }) {
  const [view, rulesets, doc] = await Promise.all([api.get(`/v1/campaigns/${cid}`), api.get("/v1/rulesets"),
    fetch("/schema/openapi.json").then((r) => r.json())]);
  const role = view.members.find((m) => m.user === me.user)?.role ?? "observer";
  const acts = role === "gm" || role === "player";
  const ruleset = rulesets.find((r) => r.id === view.ruleset) || { commands: [] };
  const seated = new Set(view.tables.find((t) => t.table_id === tid)?.seated ?? []);
  const rolls = await api.get(`/v1/campaigns/${cid}/rolls`, { table_id: tid, position: view.position });
  const log = el("ol", { id: "rolls", "aria-live": "polite", "aria-label": "rolls" });
  const sheets = el("div", { id: "sheets" });
  const liveState = el("span", { id: "live-state", textContent: "connecting" });
  const pause = el("button", { id: "pause", textContent: "Pause live" });
  const characters = {}, owners = {};
  const shown = new Map();  // position -> the roll as drawn, to redraw it when news about it arrives

  // A roll's entry, once per position; `replace` redraws it (a GM-only roll just revealed).
  const renderRoll = (ev, replace = false) => {
    const existing = log.querySelector(`[data-position="${ev.position}"]`);
    if (existing && !replace) return;
    existing?.remove();
    const d = ev.data || {};
    const faces = (ev.metadata?.dice?.draws || []).map((x) => `d${x.sides}:${x.face}`).join(" ");
    // The read model marks a revealed roll public in its metadata; the event keeps what was asked.
    const hidden = (ev.metadata?.visibility ?? d.visibility) === "gm";
    const result = el("output", { className: "verify" });
    const item = el("li", { className: hidden ? "roll hidden" : "roll" },
      el("span", { className: "who", textContent: d.actor ?? ev.metadata?.actor ?? "" }),
      el("span", { className: "what", textContent: `${ev.type} ${d.expression ?? d.label ?? ""}` }),
      d.character_id ? el("span", { className: "for", textContent: `for ${d.character_id}` }) : "",
      el("strong", { className: "total", textContent: shownTotal(d) }),
      typeof success(d) === "boolean" ? el("span", { className: success(d) ? "success" : "failure",
        textContent: success(d) ? "success" : "failure" }) : "",
      el("span", { className: "faces", textContent: faces }), hidden ? el("em", { textContent: "GM only" }) : "",
      ev.revealed ? el("em", { className: "revealed", textContent: "revealed" }) : "",
      ev.retconned ? el("em", { className: "retconned", textContent: `retconned: ${ev.retconned.reason ?? ""}`,
        title: `reversed at position ${ev.retconned.position}` }) : "");
    item.dataset.position = ev.position;
    shown.set(ev.position, ev);
    item.append(el("button", { textContent: "Verify", onclick: async () => {
      try {
        const found = (await api.get(`/v1/campaigns/${cid}/rolls`, { table_id: tid, limit: 200 }))
          .find((r) => r.position === ev.position);
        const answer = await verifyProvenance(found?.provenance);
        result.textContent = answer.detail;
        result.dataset.ok = String(answer.ok);
      } catch (err) { result.textContent = `could not verify: ${err.message}`; delete result.dataset.ok; }
    } }));
    if (hidden && role === "gm") {
      item.append(el("button", { textContent: "Reveal", onclick: () =>
        api.command("RevealRoll", { campaign_id: cid, position: ev.position })
          .catch((err) => { result.textContent = `refused: ${err.message}`; }) }));
    }
    item.append(result);
    const after = [...log.children].find((li) => Number(li.dataset.position) > ev.position);
    log.insertBefore(item, after ?? null);
  };

  const renderSheet = async (chid, position) => {
    let c;
    try { c = await api.get(`/v1/campaigns/${cid}/characters/${chid}`, position ? { position } : {}); }
    catch (err) { characters[chid]?.querySelector("h4")?.setAttribute("title", `not refreshed: ${err.message}`); return; }
    owners[chid] = c.owner;
    const old = characters[chid];
    const card = sheetCard(c, old?.querySelector("details").open ?? false, ruleset.display);
    characters[chid] = card;
    old ? old.replaceWith(card) : sheets.append(card);
  };

  // The dice box: notation, and (for a GM) GM-only visibility.
  let diceBox = "";
  if (acts) {
    const expression = el("input", { id: "expression", value: "1d20", required: true, "aria-label": "dice notation" });
    const visibility = el("select", { id: "visibility", "aria-label": "visibility" },
      el("option", { value: "public", textContent: "public" }), ...(role === "gm" ? [el("option", { value: "gm", textContent: "GM only" })] : []));
    const diceStatus = el("output", { className: "status", role: "status" });
    diceBox = el("form", { id: "dice-box" }, el("h3", { textContent: "Dice" }), expression, visibility,
      el("button", { type: "submit", textContent: "Roll" }), diceStatus);
    diceBox.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        await api.command("RollDice", { campaign_id: cid, table_id: tid, expression: expression.value, visibility: visibility.value });
        diceStatus.textContent = "";
      } catch (err) { diceStatus.textContent = `refused: ${err.message}`; }
    });
  }

  // The ruleset's commands, each a form generated from its payload schema.
  const slot = el("div", { id: "command-form" });
  const choices = () => {
    const all = [...seated].map((id) => [id, id]);
    // A player acts only for their own characters (the API refuses the others).
    const mine = role === "gm" ? all : all.filter(([id]) => owners[id] === me.user);
    return { ...Object.fromEntries(CHARACTER_FIELDS.map((name) => [name, name === "character_id" ? mine : all])), "*": all };
  };
  let commands = "";
  if (acts && ruleset.commands.length) {
    const picker = el("select", { id: "command", "aria-label": "ruleset command" },
      el("option", { value: "", textContent: `${ruleset.title ?? view.ruleset} commands…` }),
      ...ruleset.commands.map((c) => el("option", { value: c, textContent: c })));
    picker.addEventListener("change", () => {
      if (!picker.value) { slot.replaceChildren(); return; }
      const form = buildForm(doc, picker.value, { campaign_id: cid }, choices(),
        async (payload) => `done at position ${(await api.command(picker.value, payload)).position}`);
      slot.replaceChildren(form);
    });
    commands = el("section", { id: "commands", "aria-label": "commands" }, el("h3", { textContent: "Commands" }), picker, slot);
  }

  const gmStatus = el("output", { id: "gm-status", role: "status" });
  const gmTools = role === "gm" ? el("button", { id: "rotate-seed", textContent: "Reveal seed (rotate)",
    onclick: () => api.command("RotateSeed", { campaign_id: cid }).then(
      (r) => { gmStatus.textContent = `seed revealed at position ${r.position}`; },
      (err) => { gmStatus.textContent = `refused: ${err.message}`; }) }) : "";
  const head = el("header", { className: "table-head" }, el("h2", { textContent: `${view.name} · ${tid}`, tabIndex: -1 }),
    el("span", { id: "role", textContent: role }), liveState, pause, gmTools,
    el("button", { textContent: "← tables", onclick: back }), gmStatus);
  show(head, el("div", { className: "grid" },
    el("section", { className: "log" }, el("h3", { textContent: "Rolls" }), diceBox, log),
    el("section", { className: "people" }, el("h3", { textContent: "Characters" }), sheets,
      commands, checkOddsPanel(api, doc, cid, view.ruleset, [...seated].map((id) => [id, id])),
      oddsPanel(api, doc, view.ruleset))));
  (diceBox ? diceBox.querySelector("input") : head.querySelector("h2")).focus();

  [...rolls].reverse().forEach(renderRoll);
  await Promise.all([...seated].map((id) => renderSheet(id)));
  const live = new LiveStream(api, cid, view.position, (ev) => {
    // A roll belongs here if it names this table, or was rolled for a character seated here
    // (a ruleset's check carries no table); the read model's table roll list holds the same.
    const rolledFor = new Set([ev.data?.character_id, (ev.stream_id || "").startsWith("character/")
      ? ev.stream_id.split("/")[2] : undefined]);
    const here = ev.data?.table_id === tid || [...rolledFor].some((id) => id && seated.has(id));
    if (ev.metadata?.dice && here) renderRoll(ev);
    if (ev.type === "RollRevealed") {
      const at = ev.data?.position;
      api.get(`/v1/campaigns/${cid}/rolls`, { table_id: tid, position: ev.position })
        .then((all) => all.filter((r) => r.position === at).forEach((r) => renderRoll(r, true)), () => {});
    }
    // A retcon reverses a recorded event: a roll in the log is marked at once, and the stream it
    // reversed (a character's) is read again below.
    if (ev.type === "EventRetconned") {
      const roll = shown.get(ev.data?.position);
      if (roll) renderRoll({ ...roll, retconned: { position: ev.position, reason: ev.data.reason } }, true);
    }
    if (ev.type === "CharacterSeated" && ev.data?.table_id === tid) seated.add(ev.data.character_id);
    if (ev.type === "CharacterUnseated" && ev.data?.table_id === tid) {
      seated.delete(ev.data.character_id); characters[ev.data.character_id]?.remove(); delete characters[ev.data.character_id];
    }
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
