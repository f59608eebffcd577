// Conditions and health, read from a character's read model (its sheet and the figures its
// ruleset derives). Each ruleset declares which fields they are (`display` in `GET /v1/rulesets`:
// dotted read-model paths, each citing its seed line), and the card shows exactly those.
// For a ruleset that declares none, the client falls back to recognising them by shape and name:
//   - conditions: a list named in CONDITION_LISTS, of names or of objects with a `name`;
//   - meters: a number with its ceiling beside it (`htk` / `max_htk`, `current_wounds` /
//     `wounds_threshold`, `damage` / `health`, `pending_damage` / `life_cp_available`), or a
//     `{bank, spent}` pool (the bank out of bank + spent);
//   - states: every boolean that is true (`unconscious`, `injured`, `in_combat`) and every
//     `*_state` text (`life_state`).
const CONDITION_LISTS = ["conditions", "afflictions"];
// [value, ceiling] name pairs besides the `X` / `max_X` and `current_X` / `X_threshold` patterns.
// (Potential: damage still to cover, against the Life CP left to cover it with.)
const NAMED_METERS = [["damage", "health"], ["pending_damage", "life_cp_available"]];

const isNumber = (v) => typeof v === "number" && Number.isFinite(v);

function conditionText(item) {
  if (typeof item === "string") return item;
  if (!item || typeof item !== "object") return String(item);
  const extra = ["severity", "rating", "tokens", "rounds", "source"]
    .filter((k) => item[k] !== undefined && item[k] !== null && item[k] !== "")
    .map((k) => `${k} ${item[k]}`);
  return extra.length ? `${item.name} (${extra.join(", ")})` : String(item.name ?? JSON.stringify(item));
}

function conditions(sheet, derived) {
  const seen = new Map();
  for (const source of [sheet, derived]) {
    for (const key of CONDITION_LISTS) {
      for (const item of Array.isArray(source[key]) ? source[key] : []) {
        const name = typeof item === "object" && item ? item.name : item;
        if (!seen.has(name) || typeof item === "object") seen.set(name, conditionText(item));
      }
    }
  }
  return [...seen.values()];
}

function meters(sheet, derived) {
  const out = [];
  const all = { ...sheet, ...derived };
  const used = new Set();
  const add = (label, value, max) => {
    if (!isNumber(value) || !isNumber(max) || used.has(label)) return;
    used.add(label);
    out.push({ label, value, max });
  };
  for (const [key, value] of Object.entries(all)) {
    if (isNumber(all[`max_${key}`])) add(key, value, all[`max_${key}`]);
    const current = /^current_(.+)$/.exec(key);
    if (current && isNumber(all[`${current[1]}_threshold`])) add(current[1], value, all[`${current[1]}_threshold`]);
    if (value && typeof value === "object" && isNumber(value.bank) && isNumber(value.spent)) {
      add(key, value.bank, value.bank + value.spent);  // tokens left in the bank, of all there are
    }
  }
  for (const [value, max] of NAMED_METERS) add(value, all[value], all[max]);
  return out;
}

function states(sheet, derived) {
  const out = new Set();
  for (const source of [derived, sheet]) {
    for (const [key, value] of Object.entries(source)) {
      if (value === true) out.add(key.replace(/_/g, " "));
      else if (/_state$/.test(key) && typeof value === "string" && value) out.add(value);
    }
  }
  return [...out];
}

// Derived figures to list: scalars, and one level of nested figures (`modifiers.strength`).
function figures(derived) {
  const out = [];
  for (const [key, value] of Object.entries(derived)) {
    if (value === null || typeof value !== "object") out.push([key, value]);
    else if (!Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value)) if (v === null || typeof v !== "object") out.push([`${key}.${inner}`, v]);
    }
  }
  return out;
}

// The value at a dotted read-model path (`sheet.dynamic.spent`), or undefined.
const at = (model, path) => path.split(".").reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), model);
const nameOf = (path) => path.split(".").at(-1).replace(/_/g, " ");
const seed = (rule) => (rule ? `seed ${rule}` : "");

export const declares = (display) => !!(display?.conditions?.length || display?.health?.length || display?.states?.length);

function declared(character, display) {
  const out = { conditions: [], meters: [], states: [] };
  for (const { path, label, rule } of display.conditions || []) {
    const list = at(character, path);
    for (const item of Array.isArray(list) ? list : []) {
      out.conditions.push({ text: conditionText(item), title: `${label || nameOf(path)} (${seed(rule)})` });
    }
  }
  for (const { label, value, max, rule } of display.health || []) {
    const v = at(character, value), m = max ? at(character, max) : undefined;
    if (isNumber(v)) out.meters.push({ label, value: v, max: isNumber(m) ? m : undefined, title: seed(rule) });
  }
  for (const { path, label, rule, unless = [] } of display.states || []) {
    const v = at(character, path);
    if (v === true) out.states.push({ text: label || nameOf(path), title: seed(rule) });
    else if (typeof v === "string" && v && !unless.includes(v)) {
      out.states.push({ text: v.replace(/_/g, " "), title: `${label || nameOf(path)} (${seed(rule)})` });
    }
  }
  return out;
}

/** {conditions, meters, states, figures} of a character read model: as the ruleset's `display`
 * declares them, or (none declared) as the shapes and names above suggest. */
export function statusOf(character, display) {
  const sheet = character.sheet || {}, derived = character.derived || {};
  if (declares(display)) {
    // The derived figures the declaration already shows as a track or a state are not repeated.
    const used = new Set([...(display.health || []).flatMap((t) => [t.value, t.max]),
      ...(display.states || []).map((s) => s.path)].filter((p) => p?.startsWith("derived.")).map((p) => p.slice(8)));
    return { ...declared(character, display), figures: figures(derived).filter(([k]) => !used.has(k)), declared: true };
  }
  return { conditions: conditions(sheet, derived).map((text) => ({ text })), meters: meters(sheet, derived),
           states: states(sheet, derived).map((text) => ({ text })), figures: figures(derived), declared: false };
}
