// A new campaign's options: the ruleset's defaults (`GET /v1/rulesets` "options"), folded away;
// each plain option (a yes/no, a number, a word) can be changed; only the changed ones are sent.
import { el } from "./dom.js";
import { humanise } from "./guide.js";

export function optionsFieldset(defaults) {
  const plain = Object.entries(defaults).filter(([, v]) => ["boolean", "number", "string"].includes(typeof v));
  if (!plain.length) return el("p", { className: "hint", textContent: "This ruleset has no options." });
  const rows = plain.map(([name, value]) => {
    const id = `option-${name}`;
    const input = typeof value === "boolean" ? el("input", { id, type: "checkbox", checked: value })
      : el("input", { id, type: typeof value === "number" ? "number" : "text", value: String(value),
        ...(typeof value === "number" ? { step: "any" } : {}) });
    input.dataset.option = name;
    return el("div", { className: typeof value === "boolean" ? "field inline" : "field" },
      el("label", { htmlFor: id, textContent: humanise(name) }), input);
  });
  return el("details", { className: "campaign-options" },
    el("summary", { textContent: `Options (${plain.length}, the rulebook's defaults)` }), ...rows);
}

export function optionsOf(container, defaults) {
  const out = {};
  for (const input of container.querySelectorAll("[data-option]")) {
    const name = input.dataset.option, was = defaults[name];
    const value = typeof was === "boolean" ? input.checked : typeof was === "number" ? Number(input.value) : input.value;
    if (value !== was) out[name] = value;
  }
  return out;
}
