// A ruleset's guide (`GET /v1/rulesets/{id}/guide`): labels and short help for its commands, their
// fields and its events, who may send each command, the fields of a new character's sheet and
// the command that generates one. A service without the guide leaves the page on the bare
// metadata of `GET /v1/rulesets` (command names, no labels, every command offered).

const cache = new Map();

/** @returns {Promise<{id: string, title: string, commands: any[], sheet: any[], sheet_schema?: any, generation: string | null,
 *   events: Record<string, string>, byType: Map<string, any>, fallback: boolean}>} */
export async function guideFor(api, rulesetId, listed) {
  if (cache.has(rulesetId)) return nameKeys(cache.get(rulesetId));
  let guide;
  try {
    guide = { ...(await api.get(`/v1/rulesets/${encodeURIComponent(rulesetId)}/guide`)), fallback: false };
  } catch {
    guide = { id: rulesetId, title: listed?.title ?? rulesetId, sheet: [], generation: null, events: {}, fallback: true,
              commands: (listed?.commands ?? []).map((type) => ({ type, label: humanise(type), help: "", scope: "ruleset",
                                                                   fields: [] })) };
  }
  guide.commands ||= [];
  guide.events ||= {};
  guide.byType = new Map(guide.commands.map((c) => [c.type, c]));
  cache.set(rulesetId, guide);
  return nameKeys(guide);
}

// The names the ruleset's rules give the keys of its sheet maps (the guide's `sheet_schema`,
// `propertyNames` of `const` and `title`: WISH's "str" is Strength), for the ruleset in view:
// a choice among those keys (a check's characteristic) shows the name, not the code.
const keyNames = new Map();
function nameKeys(guide) {
  keyNames.clear();
  for (const def of Object.values(guide.sheet_schema?.$defs ?? {})) {
    for (const prop of Object.values(def?.properties ?? {})) {
      for (const k of prop?.propertyNames?.oneOf ?? []) if (k.title && typeof k.const === "string") keyNames.set(k.const, k.title);
    }
  }
  return guide;
}

/** A value offered in a choice, in words: its name in the ruleset's rules, else its code humanised. */
export const valueName = (value) => keyNames.get(value) ?? humanise(value);

// "wish.AwardExperience" -> "Award experience"; "downgrade_serendipity" -> "Downgrade serendipity";
// an id is named by what it names, as the service's words do ("target_id" -> "Target").
export function humanise(name) {
  const bare = String(name).split(".").at(-1).replace(/(.)_ids$/, "$1s").replace(/(.)_id$/, "$1").replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

// May this person send the command? A GM sends every command; a player those whose sender is a
// member acting for a character they control ("member", "controller", "player"), never a GM one.
export function maySend(command, role, controlsSome) {
  if (role === "gm") return true;
  if (role !== "player") return false;
  const sender = command.sender ?? "member";
  if (sender === "gm") return false;
  if (sender === "controller") return controlsSome;
  return true;
}

/** The label and help of a field of a command, from the guide, else from its name. */
export function fieldWords(command, name) {
  const found = (command?.fields || []).find((f) => f.name === name);
  return { label: found?.label || humanise(name), help: found?.help || "", kind: found?.character_kind || null };
}

// "1 draw", "2 draws"; `plural` for words that do not take an s.
export const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
