// History: the campaign as it was at any past position, read from the as-of API (state folded
// from the log up to there), and the scrubber that chooses the position. The live table is one
// click away.
import { el } from "./dom.js";

/** The campaign, its characters and encounters as of `position`. */
export async function asOf(api, cid, position) {
  return api.get(`/v1/campaigns/${encodeURIComponent(cid)}/as-of/${position}`);
}

export function historyBar(cid, tid, head, at, go) {
  const base = `#/c/${encodeURIComponent(cid)}/t/${encodeURIComponent(tid)}`;
  const range = el("input", { id: "scrub", type: "range", min: 1, max: Math.max(head, 1), step: 1, value: at ?? head,
    "aria-describedby": "scrub-shown" });
  const shown = el("output", { id: "scrub-shown", htmlFor: "scrub" });
  const say = () => { shown.textContent = `position ${range.value} of ${range.max}`; };
  range.addEventListener("input", say);
  say();
  const form = el("form", { id: "history", className: at !== null ? "history past" : "history" },
    el("label", { htmlFor: "scrub", textContent: at !== null ? "Viewing the table as it was at" : "Look back in time" }),
    range, shown, el("button", { type: "submit", id: "view-past", textContent: "Show the table then" }));
  form.addEventListener("submit", (event) => { event.preventDefault(); go(`${base}/at/${range.value}`); });
  if (at !== null) {
    form.prepend(el("p", { id: "history-note", role: "note", textContent: `This is the table at position ${at}: the log, sheets and conditions as they were then. Nothing can be sent from here.` }));
    form.append(el("button", { type: "button", id: "back-to-live", textContent: "Back to live", onclick: () => go(base) }));
  }
  /** The log grew: the scrubber reaches the new head (when it was at the head, it follows). */
  form.advance = (position) => {
    const following = Number(range.value) === Number(range.max);
    range.max = String(Math.max(Number(range.max), position));
    if (following) range.value = range.max;
    say();
  };
  return form;
}

// Golden Heroes' parts of a round (seed 002 L46-L54).
const GH_PHASES = ["between rounds", "the initiative's winners act", "the opposition acts", "the winners act again"];

/** One encounter of the as-of answer in words: who is in it, the round, whose turn (or that it
 * had ended). Each ruleset keeps its own shape; the names it shares are read here. */
export function encounterWords(e, name) {
  const who = e.participants ?? e.order ?? e.combatants?.map((c) => c.character_id) ?? Object.keys(e.sides ?? {});
  const turn = e.turn?.character_id ?? e.current ?? null;
  const parts = [];
  if (e.active === false) parts.push(e.round ? `ended in round ${e.round}` : "not under way");
  else {
    if (e.round) parts.push(`round ${e.round}`);
    if (turn) parts.push(`${name(turn)}'s turn`);
    else if (e.next) parts.push(`${name(e.next)} acts next`);
    if (e.combatants && e.phase !== undefined && GH_PHASES[e.phase]) parts.push(GH_PHASES[e.phase]);
  }
  return { who, text: `${who.map(name).join(", ") || "no one"}: ${parts.join(", ") || "under way"}` };
}

/** The encounters of the as-of answer that concern this table's characters, as a short list. */
export function pastEncounters(encounters, seated, name) {
  const rows = Object.values(encounters ?? {}).map((e) => encounterWords(e, name))
    .filter((r) => !r.who.length || r.who.some((id) => seated.has(id)));
  return el("section", { id: "past-encounters", "aria-labelledby": "past-encounters-title" },
    el("h3", { id: "past-encounters-title", textContent: "Encounters then" }),
    rows.length ? el("ul", {}, ...rows.map((r) => el("li", { textContent: r.text })))
      : el("p", { className: "empty", textContent: "No encounter had begun." }));
}
