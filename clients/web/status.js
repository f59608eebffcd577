// Conditions and health, read from a character's read model (its sheet and the figures its
// ruleset derives). The rulesets do not yet say which fields are conditions or health, so the
// client recognises them by shape and name, the same for every ruleset:
//   - conditions: a list named in CONDITION_LISTS, of names or of objects with a `name`;
//   - meters: a number with its ceiling beside it (`htk` / `max_htk`, `current_wounds` /
//     `wounds_threshold`, `damage` / `health`, `pending_damage` / `life_cp_available`), or a
//     `{bank, spent}` pool;
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
      add(`${key} spent`, value.spent, value.bank);
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

/** {conditions, meters, states, figures} of a character read model. */
export function statusOf(character) {
  const sheet = character.sheet || {}, derived = character.derived || {};
  return { conditions: conditions(sheet, derived), meters: meters(sheet, derived),
           states: states(sheet, derived), figures: figures(derived) };
}
