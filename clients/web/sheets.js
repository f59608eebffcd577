// A seated character's card: name, conditions and health as its ruleset tracks them (status.js),
// the derived figures, and the whole sheet folded away.
import { el } from "./dom.js";
import { statusOf } from "./status.js";

function field(name, value) {
  const dd = el("dd", { textContent: typeof value === "object" ? JSON.stringify(value) : String(value) });
  dd.dataset.field = name;
  return dd;
}

export function sheetCard(character, wasOpen = false) {
  const status = statusOf(character);
  const meter = ({ label, value, max }) => {
    const row = el("li", {}, el("span", { textContent: `${label} ${value}/${max}` }),
      el("meter", { min: 0, max, value, title: `${label} ${value} of ${max}` }));
    row.dataset.meter = label;
    return row;
  };
  const conditions = el("p", { className: "conditions" }, el("span", { textContent: "conditions: " }),
    ...(status.conditions.length ? status.conditions.map((c) => el("span", { className: "condition", textContent: c }))
      : [el("span", { textContent: "none" })]));
  const details = el("details", {}, el("summary", { textContent: "sheet" }), el("dl", { className: "fields" },
    ...Object.entries(character.sheet || {}).flatMap(([k, v]) => [el("dt", { textContent: k }), field(k, v)])));
  details.open = wasOpen;  // keep it as the reader left it
  const card = el("article", { className: "sheet" },
    el("h4", { textContent: `${character.name}${character.owner ? ` · ${character.owner}` : ""}` }),
    conditions,
    el("ul", { className: "meters" }, ...status.meters.map(meter)),
    el("p", { className: "states" }, ...status.states.map((s) => el("span", { className: "state", textContent: s }))),
    el("dl", { className: "health" }, ...status.figures.flatMap(([k, v]) => [el("dt", { textContent: k }), field(k, v)])),
    details);
  card.dataset.character = character.character_id;
  return card;
}
