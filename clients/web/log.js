// One entry of the table's log, in words: the event's own line (`line.text`, with
// `{character:<id>}` replaced by the character's name) and its outcome, its time, who sent it,
// and the dice as they fell: a WISH die's face and symbols, a dropped die (4d6kh3) struck out.
import { el, when } from "./dom.js";
import { humanise } from "./guide.js";

// WISH symbols (seed 000, L3-69): what each means, and a mark to read it by at a glance.
const SYMBOLS = {
  S: ["✓", "success"], F: ["✗", "failure"], B: ["+", "boon"], N: ["−", "bane"], SER: ["★", "serendipity"],
  CAL: ["☠", "calamity"], EXR: ["≈", "strain"], RCH: ["↻", "recharge"], CHAIN: ["⛓", "roll another"],
};
const DIE_NAMES = { CHR: "Characteristic", OFF: "Offensive", DFN: "Defensive", CHL: "Challenge", EXP: "Expertise",
                    FRT: "Fortune", MIS: "Misfortune" };

const hiddenText = (text) => el("span", { className: "sr-only", textContent: text });

/** `{character:hero}` -> the character's name (its id when the name is not known). */
export function substitute(text, names, tables = {}) {
  let out = String(text).replace(/\{(character|table):([^}]+)\}/g, (_, kind, id) => (kind === "table" ? tables[id] : names[id]) ?? id);
  for (const [id, name] of Object.entries(tables)) out = out.split(id).join(name);  // a table named by its id
  return out;
}

function wishDie(roll) {
  const [code, face] = [roll.die, roll.face];
  const chip = el("span", { className: `die wish die-${code}`, title: `${DIE_NAMES[code] ?? code} die, face ${face}` },
    el("span", { className: "code", textContent: code }), " ", el("span", { className: "face", textContent: String(face) }));
  const symbols = roll.symbols || [];
  if (!symbols.length) chip.append(" ", el("span", { className: "blank", textContent: "blank" }));
  for (const symbol of symbols) {
    const [mark, word] = SYMBOLS[symbol] ?? [symbol, symbol];
    chip.append(" ", el("span", { className: `symbol s-${symbol}`, title: word },
      el("span", { "aria-hidden": "true", textContent: mark }), hiddenText(word)));
  }
  return chip;
}

// A plain die: its face; a die the notation dropped (kh/kl) struck out and said so.
function plainDie(sides, face, kept = true) {
  const chip = el(kept ? "span" : "s", { className: kept ? "die" : "die dropped", title: `d${sides}${kept ? "" : ", dropped"}` },
    String(face));
  if (!kept) chip.append(hiddenText(" (dropped)"));
  return chip;
}

/** The dice of an event as elements: WISH dice with symbols, notation terms with dropped dice. */
export function diceOf(ev) {
  const d = ev.data || {};
  const wish = d.check?.dice;
  if (Array.isArray(wish) && wish.length) return wish.map(wishDie);
  if (Array.isArray(d.terms) && d.terms.some((t) => Array.isArray(t.faces) && t.faces.length)) {
    return d.terms.filter((t) => t.faces?.length).flatMap((t) => [
      el("span", { className: "term", textContent: `${t.notation}:` }),
      ...t.faces.map((face, i) => plainDie(t.sides, face, t.kept?.[i] ?? true))]);
  }
  return (ev.metadata?.dice?.draws || []).map((x) => plainDie(x.sides, x.face));
}

// A roll's figure and success where its event keeps them (a total; a check's result).
const resultOf = (d) => d.result ?? d.check?.result ?? {};
function total(d) {
  const value = d.total ?? resultOf(d).total;
  return value === undefined || value === null || typeof value === "object" ? "" : String(value);
}
function outcomeOf(ev) {
  if (ev.line && "outcome" in ev.line) return ev.line.outcome ?? null;
  const d = ev.data || {};
  const success = typeof d.success === "boolean" ? d.success : resultOf(d).success;
  return typeof success === "boolean" ? (success ? "success" : "failure") : null;
}

// The words for an event without a line of its own: its label in the guide, the notation rolled.
function fallbackLine(ev, guide, names) {
  const d = ev.data || {};
  const label = guide?.events?.[ev.type] ?? humanise(ev.type);
  const who = d.character_id ? ` for ${names[d.character_id] ?? d.character_id}` : "";
  const r = resultOf(d);
  const net = typeof r.net_successes === "number" ? `, net successes ${r.net_successes}` : "";
  return `${label}${d.expression ? ` ${d.expression}` : ""}${d.label ? ` (${d.label})` : ""}${who}${net}`;
}

// A line marks a die it dropped as ~~3~~: shown struck out, and said so to a screen reader.
function struck(text) {
  return text.split(/~~(.+?)~~/).map((part, i) => (i % 2
    ? el("s", { className: "dropped", title: "dropped" }, part, hiddenText(" (dropped)")) : part));
}

/** The log entry (an <li>) for an event. */
export function logEntry(ev, { guide, names, tables = {} }) {
  const d = ev.data || {};
  const text = substitute(ev.line?.text ? ev.line.text : fallbackLine(ev, guide, names), names, tables);
  const outcome = outcomeOf(ev);
  const hidden = (ev.metadata?.visibility ?? d.visibility) === "gm";
  const dice = diceOf(ev);
  const item = el("li", { className: `entry${ev.metadata?.dice ? " roll" : ""}${hidden ? " hidden" : ""}` },
    el("time", { className: "when", dateTime: ev.recorded_at ?? "", textContent: when(ev.recorded_at) }),
    el("span", { className: "who", textContent: d.actor ?? ev.metadata?.actor ?? "" }),
    el("span", { className: "what" }, ...struck(text)));
  const figure = total(d);
  if (figure) item.append(el("strong", { className: "total", textContent: figure }));
  if (outcome) item.append(el("span", { className: `outcome ${outcome}`, textContent: outcome }));
  if (dice.length) item.append(el("span", { className: "faces" }, ...dice.flatMap((x) => [x, " "])));
  if (hidden) item.append(el("em", { className: "gm-only", textContent: "GM only" }));
  if (ev.revealed) item.append(el("em", { className: "revealed", textContent: "revealed" }));
  if (ev.retconned) {
    item.append(el("em", { className: "retconned", textContent: `retconned: ${ev.retconned.reason ?? ""}`,
      title: `reversed at position ${ev.retconned.position}` }));
  }
  item.dataset.position = String(ev.position);
  item.dataset.type = ev.type;
  if (outcome) item.dataset.outcome = outcome;
  return item;
}
