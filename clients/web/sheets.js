// A seated character's card: name, conditions and health as its ruleset tracks them (status.js),
// the derived figures, and the whole sheet folded away.
import { el } from "./dom.js";
import { statusOf } from "./status.js";

function field(name, value) {
  const dd = el("dd", { textContent: typeof value === "object" ? JSON.stringify(value) : String(value) });
  dd.dataset.field = name;
  return dd;
}

export function sheetCard(character, wasOpen = false, display = null) {
  const status = statusOf(character, display);
  // A track with a ceiling is a meter; a count without one (stress tokens) is its number.
  const meter = ({ label, value, max, title }) => {
    const row = max === undefined ? el("li", { title: title || "" }, el("span", { textContent: `${label} ${value}` }))
      : el("li", { title: title || "" }, el("span", { textContent: `${label} ${value}/${max}` }),
        el("meter", { min: 0, max, value, title: `${label} ${value} of ${max}` }));
    row.dataset.meter = label;
    return row;
  };
  const conditions = el("p", { className: "conditions" }, el("span", { textContent: "conditions: " }),
    ...(status.conditions.length ? status.conditions.map((c) => el("span", { className: "condition", textContent: c.text, title: c.title || "" }))
      : [el("span", { textContent: "none" })]));
  const details = el("details", {}, el("summary", { textContent: "sheet" }), el("dl", { className: "fields" },
    ...Object.entries(character.sheet || {}).flatMap(([k, v]) => [el("dt", { textContent: k }), field(k, v)])));
  details.open = wasOpen;  // keep it as the reader left it
  const card = el("article", { className: "sheet" },
    el("h4", { textContent: `${character.name}${character.owner ? ` · ${character.owner}` : ""}` }),
    conditions,
    el("ul", { className: "meters" }, ...status.meters.map(meter)),
    el("p", { className: "states" }, ...status.states.map((s) => el("span", { className: "state", textContent: s.text, title: s.title || "" }))),
    el("dl", { className: "health" }, ...status.figures.flatMap(([k, v]) => [el("dt", { textContent: k }), field(k, v)])),
    details);
  card.dataset.character = character.character_id;
  card.dataset.display = status.declared ? "declared" : "inferred";  // the ruleset's own, or by shape
  return card;
}
