// A seated character's card: what matters in play first (name, health tracks, conditions and
// states as its ruleset declares them, status.js), then the derived figures and the whole sheet
// folded away. Rows without a value (null, empty) are left out; names and values are read as words.
import { el } from "./dom.js";
import { statusOf } from "./status.js";
import { humanise, valueName } from "./guide.js";

const blank = (v) => v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length)
  || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length);

// A value in words: a map's keys by their names in the rules ("Strength 5, Agility 2"), nested
// parts in brackets, yes or no, never JSON.
function say(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(say).join("; ");
  if (typeof value === "object") {
    return Object.entries(value).filter(([, v]) => !blank(v))
      .map(([k, v]) => `${valueName(k)} ${v && typeof v === "object" ? `(${say(v)})` : say(v)}`).join(", ");
  }
  return String(value);
}

function field(name, value) {
  const dd = el("dd", { textContent: say(value) });
  dd.dataset.field = name;
  return dd;
}
const rows = (entries) => entries.filter(([, v]) => !blank(v))
  .flatMap(([k, v]) => [el("dt", { textContent: humanise(k.replace(/\./g, " ")) }), field(k, v)]);

export function sheetCard(character, wasOpen = false, display = null) {
  const status = statusOf(character, display);
  // A track with a ceiling is a meter; a count without one (stress tokens) is its number.
  const meter = ({ label, value, max, title }) => {
    const row = max === undefined ? el("li", { title: title || "" }, el("span", { textContent: `${label} ${value}` }))
      : el("li", { title: title || "" }, el("span", { textContent: `${label} ${value}/${max}` }),
        el("meter", { min: 0, max, value, title: `${label} ${value} of ${max}`, "aria-label": `${label} ${value} of ${max}` }));
    row.dataset.meter = label;
    return row;
  };
  const conditions = el("p", { className: "conditions" }, el("span", { textContent: "conditions: " }),
    ...(status.conditions.length ? status.conditions.map((c) => el("span", { className: "condition", textContent: c.text, title: c.title || "" }))
      : [el("span", { textContent: "none" })]));
  const details = el("details", {}, el("summary", { textContent: "sheet and figures" }),
    el("dl", { className: "health" }, ...rows(status.figures)),
    el("dl", { className: "fields" }, ...rows(Object.entries(character.sheet || {}))));
  details.open = wasOpen;  // keep it as the reader left it
  const card = el("article", { className: "sheet", "aria-label": character.name },
    el("h4", { textContent: character.name }),
    character.owner ? el("p", { className: "owner", textContent: `played by ${character.owner}` }) : "",
    el("ul", { className: "meters" }, ...status.meters.map(meter)),
    conditions,
    el("p", { className: "states" }, ...status.states.map((s) => el("span", { className: "state", textContent: s.text, title: s.title || "" }))),
    details);
  card.dataset.character = character.character_id;
  card.dataset.display = status.declared ? "declared" : "inferred";  // the ruleset's own, or by shape
  return card;
}
