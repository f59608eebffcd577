// The table's log: the events this table should know about, each in words (log.js), oldest
// first; backfilled from the event log (GM-only rolls are not in a player's pages), then live.
// A roll keeps its Verify button (the provenance re-derived in the browser, verify.js) and, for
// a GM, Reveal on a GM-only roll; a revealed or retconned roll is redrawn where it stands.
import { el, confirmAction } from "./dom.js";
import { logEntry } from "./log.js";
import { verifyProvenance } from "./verify.js";

const KEEP = 300;  // entries kept in the page

export class Log {
  constructor(api, cid, tid, role, { guide, names, tables, here, past = false }) {
    this.api = api; this.cid = cid; this.tid = tid; this.role = role; this.guide = guide;
    this.names = names; this.tables = tables; this.here = here; this.past = past;
    // A scrolling list (reachable by Tab, to scroll by keyboard) that follows the newest entry.
    this.list = el("ol", { id: "rolls", className: "log-list", tabIndex: 0, "aria-live": "polite",
                           "aria-label": "What happened, oldest first" });
    this.shown = new Map();  // position -> the event as drawn, to redraw it when news about it arrives
  }

  // Every page of the log up to `until`, then the table's rolls (which know revealed and retconned).
  async backfill(until) {
    const events = [];
    for (let after = 0, more = true; more && after < until;) {
      const page = await this.api.get(`/v1/campaigns/${this.cid}/events`, { after, limit: 1000, until });
      events.push(...page.events.filter((ev) => ev.position <= until));
      more = page.more && page.next_after > after;
      after = page.next_after;
    }
    const rolls = await this.api.get(`/v1/campaigns/${this.cid}/rolls`, { table_id: this.tid, position: until, limit: 200 })
      .catch(() => []);
    const byPosition = new Map(rolls.filter((r) => r.position <= until).map((r) => [r.position, r]));
    const byEvent = new Map(events.map((ev) => [ev.position, ev]));
    const positions = [...new Set([...byEvent.keys(), ...byPosition.keys()])].sort((x, y) => x - y);
    for (const position of positions.slice(-KEEP * 3)) {
      const roll = byPosition.get(position), ev = byEvent.get(position);
      if (roll) this.render({ ...roll, line: roll.line ?? ev?.line, recorded_at: roll.recorded_at ?? ev?.recorded_at });
      else if (this.here(ev)) this.render(ev);
    }
    if (!this.list.children.length) {
      this.list.append(el("li", { className: "empty", textContent: this.role === "observer"
        ? "Nothing has happened at this table yet." : "Nothing has happened at this table yet: roll the dice or choose an action." }));
    }
  }

  // An entry once per position; `replace` redraws it (a GM-only roll just revealed).
  render(ev, replace = false) {
    const existing = this.list.querySelector(`[data-position="${ev.position}"]`);
    if (existing && !replace) return;
    existing?.remove();
    this.list.querySelector("li.empty")?.remove();
    const item = logEntry(ev, { guide: this.guide, names: this.names, tables: this.tables });
    this.shown.set(ev.position, ev);
    if (ev.metadata?.dice) this.rollTools(item, ev);
    const reversible = ev.metadata?.dice || (ev.stream_id || "").startsWith("character/");
    if (this.role === "gm" && !this.past && !ev.retconned && reversible) this.retconTool(item, ev);
    const after = [...this.list.children].find((li) => Number(li.dataset.position) > ev.position);
    const following = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 80;
    this.list.insertBefore(item, after ?? null);
    if (following && !after) this.list.scrollTop = this.list.scrollHeight;
    while (this.list.children.length > KEEP) this.list.firstElementChild.remove();
  }

  rollTools(item, ev) {
    const result = el("output", { className: "verify" });
    item.append(el("button", { type: "button", textContent: "Verify", "aria-label": `Verify the dice of entry ${ev.position}`, onclick: async () => {
      try {
        const found = (await this.api.get(`/v1/campaigns/${this.cid}/rolls`, { table_id: this.tid, limit: 200 }))
          .find((r) => r.position === ev.position);
        const answer = await verifyProvenance(found?.provenance);
        result.textContent = answer.detail;
        result.dataset.ok = String(answer.ok);
      } catch (err) { result.textContent = `could not verify: ${err.message}`; delete result.dataset.ok; }
    } }));
    const hidden = (ev.metadata?.visibility ?? ev.data?.visibility) === "gm";
    if (hidden && this.role === "gm") {
      item.append(el("button", { type: "button", textContent: "Reveal", "aria-label": `Reveal roll ${ev.position} to everyone`, onclick: () =>
        this.api.command("RevealRoll", { campaign_id: this.cid, position: ev.position })
          .catch((err) => { result.textContent = `refused: ${err.message}`; }) }));
    }
    item.append(result);
  }

  // A GM reverses a recorded event (a retcon): irreversible, so the page asks, with the reason.
  retconTool(item, ev) {
    const out = item.querySelector("output.verify") ?? item.appendChild(el("output", { className: "verify" }));
    item.insertBefore(el("button", { type: "button", className: "retcon", textContent: "Retcon", "aria-label": `Retcon entry ${ev.position}`,
      onclick: async () => {
        const reason = await confirmAction("Retcon this entry? Its effects are reversed for everyone; it cannot be undone.", "Retcon", "Reason");
        if (!reason) return;
        this.api.command("Retcon", { campaign_id: this.cid, position: ev.position, reason })
          .catch((err) => { out.textContent = `refused: ${err.message}`; });
      } }), out);
  }

  live(ev) {
    if (ev.type === "CharacterCreated" || ev.type === "CharacterRenamed") this.names[ev.data?.character_id] = ev.data?.name;
    if (this.here(ev) || (ev.metadata?.dice && this.here(ev))) this.render(ev);
    if (ev.type === "RollRevealed") {
      const at = ev.data?.position;
      this.api.get(`/v1/campaigns/${this.cid}/rolls`, { table_id: this.tid, position: ev.position })
        .then((all) => all.filter((r) => r.position === at).forEach((r) => this.render(r, true)), () => {});
    }
    // A retcon reverses a recorded event: an entry in the log is marked at once.
    if (ev.type === "EventRetconned") {
      const shown = this.shown.get(ev.data?.position);
      if (shown) this.render({ ...shown, retconned: { position: ev.position, reason: ev.data.reason } }, true);
    }
  }

  // What a command did, in words: its events' lines (read back from the log, where the service
  // words them), their outcome first. Returns {text, outcome, position}.
  async outcome(result) {
    const positions = new Set(result.events.map((e) => e.position));
    const first = Math.min(...positions);
    let events = result.events;
    try {
      const page = await this.api.get(`/v1/campaigns/${this.cid}/events`, { after: first - 1, limit: positions.size + 50 });
      const worded = page.events.filter((e) => positions.has(e.position));
      if (worded.length) events = worded;
    } catch { /* the result's own events, in the fallback words */ }
    const lines = events.map((ev) => logEntry(ev, { guide: this.guide, names: this.names, tables: this.tables }));
    const outcome = lines.map((li) => li.dataset.outcome).find(Boolean) ?? null;
    const text = lines.map((li) => li.querySelector(".what").textContent).join(" · ") || "Done.";
    return { text, outcome, position: result.position };
  }
}
