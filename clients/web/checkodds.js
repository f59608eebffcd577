// Odds of a check before it is rolled, for one character with its sheet: the body of
// `POST .../characters/{id}/check-odds` is the ruleset's check spec, which the OpenAPI document
// lists per ruleset (a `oneOf` discriminated by `ruleset`, mapping each ruleset's id to its
// schema); the form is generated from it, and the body names the ruleset.
import { el } from "./dom.js";
import { schemaForm } from "./forms.js";
import { fractionText } from "./odds.js";
import { oddsView } from "./oddsview.js";
import { humanise } from "./guide.js";

const PATH = "/v1/campaigns/{campaign_id}/characters/{character_id}/check-odds";

// The chance of success wherever the ruleset's answer puts it (at the top, or one level down).
function pSuccess(answer) {
  if (answer?.p_success !== undefined) return answer.p_success;
  for (const value of Object.values(answer || {})) {
    if (value && typeof value === "object" && value.p_success !== undefined) return value.p_success;
  }
  return undefined;
}

export function checkOddsPanel(api, doc, cid, rulesetId, seated, guide = null) {
  const body = doc.paths[PATH]?.post?.requestBody?.content?.["application/json"]?.schema;
  const ref = body?.discriminator?.mapping?.[rulesetId];
  const spec = ref && doc.components.schemas[ref.split("/").pop()];
  if (!spec || !seated.length) return "";
  const { ruleset: _named, ...properties } = spec.properties || {};
  const schema = { ...spec, required: ["character_id", ...(spec.required || []).filter((f) => f !== "ruleset")],
                   properties: { character_id: { type: "string" }, ...properties } };
  const out = el("div", { className: "odds", id: "check-odds-result" });
  const choices = { character_id: seated, target_id: seated };
  const words = Object.assign((path) => ({ label: path === "character_id" ? "Character" : humanise(path.split(".").at(-1)), help: "" }),
    { help: `The exact chance of a ${guide?.title ?? rulesetId} check by a seated character, from their sheet.` });
  const form = schemaForm(doc, schema, "Odds of a check", {}, choices, async ({ character_id: chid, ...check }) => {
    const answer = await api.request("POST", `/v1/campaigns/${cid}/characters/${chid}/check-odds`,
                                     { ruleset: rulesetId, ...check });
    out.replaceChildren(oddsView(answer));
    const p = pSuccess(answer);
    return p === undefined ? "the chances:" : `chance of success ${fractionText(p)}`;
  }, [], words);
  form.id = "check-odds";
  form.querySelector('button[type="submit"]').textContent = "Odds";
  form.append(out);
  return form;
}
