// The ruleset's own odds route, `GET /v1/rulesets/{id}/odds`: its parameters (types, bounds,
// defaults) are read from the OpenAPI document, so each ruleset's odds form appears by itself.
import { el } from "./dom.js";
import { humanise } from "./guide.js";
import { oddsView } from "./oddsview.js";

// "29/40" -> "29/40 (72.5%)": the exact fraction first, then a rounded percentage to read it by.
export function fractionText(value) {
  const m = /^(\d+)\/(\d+)$/.exec(String(value));
  if (!m) return String(value);
  return `${value} (${(100 * Number(m[1]) / Number(m[2])).toFixed(1)}%)`;
}

function input(p) {
  const s = p.schema || {}, id = `odds-${p.name}`;
  let node;
  if (s.type === "boolean") node = el("input", { id, name: p.name, type: "checkbox", checked: !!s.default });
  else if (s.enum) node = el("select", { id, name: p.name }, ...s.enum.map((v) => el("option", { value: v, textContent: v })));
  else {
    node = el("input", { id, name: p.name, type: s.type === "integer" || s.type === "number" ? "number" : "text" });
    for (const [k, attr] of [["minimum", "min"], ["maximum", "max"], ["pattern", "pattern"]]) if (s[k] !== undefined) node[attr] = s[k];
    if (s.default !== undefined && s.default !== null) node.value = s.default;
  }
  node.required = !!p.required && s.type !== "boolean";
  const label = `${p.name.length <= 3 ? p.name.toUpperCase() : humanise(p.name)}${p.required ? " *" : ""}`;  // WC, DC
  const box = el("div", { className: "field" }, el("label", { htmlFor: id, textContent: label }), node);
  if (p.description) { box.append(el("small", { id: `${id}-help`, className: "help", textContent: p.description.replace(/``/g, "") })); node.setAttribute("aria-describedby", `${id}-help`); }
  return box;
}

function params(form) {
  const out = {};
  for (const node of form.querySelectorAll("[name]")) {
    if (node.type === "checkbox") out[node.name] = String(node.checked);
    else if (node.value !== "") out[node.name] = node.value;
  }
  return out;
}

export function oddsPanel(api, doc, rulesetId) {
  const path = `/v1/rulesets/${rulesetId}/odds`;
  const op = doc.paths[path]?.get;
  if (!op) return "";
  const summary = el("output", { id: "odds-summary", role: "status" });
  const out = el("div", { id: "odds-result" });
  const params_ = op.parameters || [];
  const form = el("form", { id: "odds" }, el("h3", { textContent: "Odds of a roll" }),
    el("p", { className: "hint", textContent: "The exact chances of a roll before anyone makes it." }),
    ...params_.map(input), ...(params_.some((p) => p.required) ? [el("p", { className: "hint", textContent: "Fields marked * are required." })] : []),
    el("button", { type: "submit", textContent: "Odds" }), summary, out);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const answer = await api.get(path, params(form));
      summary.textContent = answer.p_success !== undefined ? `chance of success ${fractionText(answer.p_success)}` : "the chances:";
      out.replaceChildren(oddsView(answer));
    } catch (err) { summary.textContent = `refused: ${err.message}`; out.replaceChildren(); }
  });
  return form;
}
