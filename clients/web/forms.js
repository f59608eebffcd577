// Command forms generated from the OpenAPI document: the envelope whose `type` is the command's
// name gives its payload schema; each property becomes a field (a list of objects becomes rows
// to add and remove, a map rows of key and value, or a field per key where the schema names them), so a new ruleset needs no change.
import { el } from "./dom.js";
import { humanise, valueName } from "./guide.js";

const legend = (text) => el("legend", { textContent: text });
// A field's label and help: the guide's words where the caller has them, else its name in words.
const defaultWords = Object.assign((path) => ({ label: humanise(path.split(".").at(-1)), help: "" }), { help: "" });

const resolve = (doc, schema) => {
  while (schema?.$ref) schema = doc.components.schemas[schema.$ref.split("/").pop()];
  return schema || {};
};

export function payloadSchema(doc, commandType) {
  const envelopes = doc.paths["/v1/commands"].post.requestBody.content["application/json"].schema.oneOf;
  for (const ref of envelopes) {
    const envelope = resolve(doc, ref);
    if (envelope.properties?.type?.const === commandType) return resolve(doc, envelope.properties.payload);
  }
  return null;
}

// One property's schema as {type, nullable, ...bounds}: `oneOf: [X, null]` and `type: [X, "null"]`
// both mean an optional X; bounds may sit beside the oneOf (msgspec puts them there).
function normalise(doc, raw) {
  const { oneOf, anyOf, ...outer } = raw;
  const options = (oneOf || anyOf || [raw]).map((s) => resolve(doc, s));
  const prop = { ...outer, ...(options.find((s) => s.type !== "null") || {}) };
  let nullable = options.some((s) => s.type === "null");
  if (Array.isArray(prop.type)) {
    nullable ||= prop.type.includes("null");
    prop.type = prop.type.find((t) => t !== "null");
  }
  if (prop.enum) {
    nullable ||= prop.enum.includes(null);
    prop.enum = prop.enum.filter((v) => v !== null);
  }
  return { ...prop, nullable };
}

const uid = (path) => `f-${path.replace(/\W/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;

// A group of checkboxes for a list whose values are known (an enum, or the seated characters).
function checkboxes(name, path, values) {
  const group = el("fieldset", { className: "choices" }, legend(name),
    ...values.map(([value, text]) => {
      const id = uid(`${path}-${value}`);
      const box = el("input", { id, type: "checkbox", value });
      return el("label", { htmlFor: id, className: "choice" }, box, ` ${text}`);
    }));
  group.dataset.path = path;
  group.dataset.kind = "checked";
  return group;
}

// A list the form grows and shrinks: each row is its own scope of fields, with "Remove"; "Add"
// appends one (a list of objects, or a map's key/value pairs). Rows never reuse an index.
function rowsGroup(name, path, initial, fill) {
  const rows = el("div", { className: "rows" });
  let next = 0;
  const add = () => {
    const rowPath = `${path}.${next++}`;
    const row = el("fieldset", { className: "row" });
    row.dataset.scope = `${rowPath}.`;
    fill(row, rowPath);
    row.append(el("button", { type: "button", className: "remove", textContent: "Remove",
      "aria-label": `remove from ${name}`, onclick: () => { row.remove(); group.querySelector(".add").focus(); } }));
    rows.append(row);
    return row;
  };
  const group = el("fieldset", { className: "list" }, legend(name), rows,
    el("button", { type: "button", className: "add", textContent: "Add", "aria-label": `add to ${name}`,
      onclick: () => add().querySelector("input, select, textarea")?.focus() }));
  group.dataset.path = path;
  group.dataset.kind = "rows";
  for (let i = 0; i < initial; i++) add();
  return group;
}

// A <datalist> of known values (seated characters) for a free-text key; returns its id.
function datalist(parent, values) {
  const id = uid("known");
  parent.append(el("datalist", { id }, ...values.map(([v, t]) => el("option", { value: v, label: t }))));
  return id;
}

// Fields for an object schema; `fixed` names (campaign_id, ...) are filled in, not asked;
// `choices` offers known values (seated characters) for fields of those names, and `choices["*"]`
// suggests them as a map's keys.
function fields(doc, schema, prefix, fixed, choices, words = defaultWords) {
  const out = [];
  const required = new Set(schema.required || []);
  for (const [name, raw] of Object.entries(schema.properties || {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (!prefix && name in fixed) continue;
    const prop = normalise(doc, raw);
    const must = required.has(name);
    const said = words(path);
    const title = said.label + (must ? " *" : "");
    const items = prop.type === "array" ? normalise(doc, prop.items || {}) : null;
    if (prop.type === "object" && prop.properties) {
      // An optional object's own fields are asked only if it is given: none of them is required.
      const inner = must && !prop.nullable ? prop : { ...prop, required: [] };
      out.push(el("fieldset", {}, legend(said.label), ...fields(doc, inner, path, fixed, choices, words)));
      continue;
    }
    if (items?.type === "object" && items.properties) {  // a list of objects: a row of fields each
      out.push(rowsGroup(title, path, Math.max(prop.minItems || 0, must ? 1 : 0),
        (row, rowPath) => row.append(...fields(doc, items, rowPath, fixed, choices, words))));
      continue;
    }
    const values = prop.type === "object" && !prop.properties && prop.additionalProperties
      ? normalise(doc, prop.additionalProperties === true ? {} : prop.additionalProperties) : null;
    const named = values ? (prop.propertyNames?.oneOf ?? []).filter((k) => k.const !== undefined) : [];
    if (named.length) {  // a map whose keys the rules name: one field per name, labelled with it
      const keyed = { type: "object", properties: Object.fromEntries(named.map((k) => [k.const, values])), required: prop.required ?? [] };
      const titles = new Map(named.map((k) => [`${path}.${k.const}`, k.title || humanise(String(k.const))]));
      const titled = Object.assign((p) => (titles.has(p) ? { label: titles.get(p), help: "" } : words(p)), { help: "" });
      out.push(el("fieldset", { className: "keys" }, legend(title), ...fields(doc, keyed, path, fixed, choices, titled)));
      continue;
    }
    if (values) {  // a map: a key and a value per row
      const group = rowsGroup(title, path, 0, (row, rowPath) => {
        const id = uid(`${rowPath}-key`);
        const key = el("input", { id, type: "text", required: true });
        if (choices["*"]?.length) key.setAttribute("list", datalist(row, choices["*"]));  // suggested
        key.dataset.mapKey = "";
        row.append(el("div", { className: "field" }, el("label", { htmlFor: id, textContent: "key" }), key),
          ...fields(doc, { properties: { value: values }, required: ["value"] }, rowPath, fixed, {}, words));
      });
      group.dataset.kind = "map";
      out.push(group);
      continue;
    }
    if (items && (items.enum || (choices[name] && items.type === "string"))) {
      out.push(checkboxes(title, path, items.enum ? items.enum.map((v) => [v, valueName(v)]) : choices[name]));
      continue;
    }
    const id = uid(path);
    let input, kind = "string";
    if (choices[name] && prop.type === "string") {
      input = el("select", { id }, ...(prop.nullable || !must ? [el("option", { value: "", textContent: "—" })] : []),
        ...choices[name].map(([v, t]) => el("option", { value: v, textContent: t })));
    } else if (prop.enum || prop.const !== undefined) {
      const values = prop.enum || [prop.const];
      input = el("select", { id }, ...(must && !prop.nullable ? [] : [el("option", { value: "", textContent: "—" })]),
        ...values.map((v) => el("option", { value: v, textContent: typeof v === "string" ? valueName(v) : String(v) })));
      if (prop.default !== undefined && prop.default !== null) input.value = prop.default;
      if (values.every((v) => typeof v === "number")) kind = "number";
    } else if (prop.type === "boolean") {
      input = el("input", { id, type: "checkbox", checked: !!prop.default });
      kind = "boolean";
    } else if (prop.type === "integer" || prop.type === "number") {
      input = el("input", { id, type: "number", step: prop.type === "integer" ? "1" : "any" });
      if (prop.default !== undefined && prop.default !== null) input.value = prop.default;
      if (prop.minimum !== undefined) input.min = prop.minimum;
      if (prop.maximum !== undefined) input.max = prop.maximum;
      kind = "number";
    } else if (prop.type === "string") {
      input = el("input", { id, type: "text" });
      for (const [k, attr] of [["minLength", "minLength"], ["maxLength", "maxLength"], ["pattern", "pattern"]]) {
        if (prop[k] !== undefined) input[attr] = prop[k];
      }
      if (prop.default) input.value = prop.default;
    } else if (items && ["string", "integer", "number"].includes(items.type)) {
      input = el("input", { id, type: "text", placeholder: "comma-separated" });
      kind = items.type === "string" ? "strings" : "numbers";
    } else {
      input = el("textarea", { id, rows: 2, placeholder: "JSON" });
      if (prop.default !== undefined) input.value = JSON.stringify(prop.default);
      kind = "json";
    }
    input.required = must && kind !== "boolean";
    input.dataset.path = path;
    input.dataset.kind = kind;
    const box = el("div", { className: "field" }, el("label", { htmlFor: id, textContent: title }), input);
    if (said.help) {
      box.append(el("small", { id: `${id}-help`, className: "help", textContent: said.help }));
      input.setAttribute("aria-describedby", `${id}-help`);
    }
    out.push(box);
  }
  return out;
}

/** The fields of an object schema (under `prefix`), to add to a form built by schemaForm. */
export const schemaFields = (doc, schema, prefix, choices = {}, words = defaultWords) => fields(doc, schema, prefix, {}, choices, words);

// The values of the fields that belong to `scope` (the form, or one row of a list), nested by
// their paths relative to it; a field inside a row belongs to that row, not to the form.
function collect(scope, base = {}) {
  const prefix = scope.dataset.scope || "";
  const out = { ...base };
  for (const input of scope.querySelectorAll("[data-path]")) {
    if (input.parentElement.closest("[data-scope]") !== scope) continue;
    const value = valueOf(input);
    if (value === undefined) continue;
    const keys = input.dataset.path.slice(prefix.length).split(".");
    let target = out;
    for (const key of keys.slice(0, -1)) target = target[key] ??= {};
    target[keys.at(-1)] = value;
  }
  return out;
}

// A field marked with its initial value (`data-initial`) is sent only once it was changed.
const raw = (input) => (input.type === "checkbox" ? String(input.checked) : input.value);
export function sendOnlyChanged(container) {
  for (const input of container.querySelectorAll("input[data-path], select[data-path], textarea[data-path]")) {
    input.dataset.initial = raw(input);
  }
}

function valueOf(input) {
  const kind = input.dataset.kind;
  if (input.dataset.initial !== undefined && raw(input) === input.dataset.initial) return undefined;
  const rows = () => [...input.querySelector(".rows").children];
  if (kind === "rows") return rows().length ? rows().map((row) => collect(row)) : undefined;
  if (kind === "map") {
    const pairs = rows().map((row) => [row.querySelector("[data-map-key]").value.trim(), /** @type {any} */ (collect(row)).value]);
    return pairs.length ? Object.fromEntries(pairs.filter(([k, v]) => k && v !== undefined)) : undefined;
  }
  if (kind === "boolean") return input.checked;
  if (kind === "checked") {
    const picked = [...input.querySelectorAll("input:checked")].map((box) => box.value);
    return picked.length ? picked : undefined;
  }
  if (input.value === "") return undefined;
  if (kind === "number") return Number(input.value);
  if (kind === "json") return JSON.parse(input.value);
  if (kind === "strings" || kind === "numbers") {
    const parts = input.value.split(",").map((s) => s.trim()).filter(Boolean);
    return kind === "numbers" ? parts.map(Number) : parts;
  }
  return input.value;
}

export function buildForm(doc, commandType, fixed, choices, onSubmit, extra = [], words = defaultWords, title = commandType) {
  const form = schemaForm(doc, payloadSchema(doc, commandType) || {}, title, fixed, choices, onSubmit, extra, words);
  form.dataset.command = commandType;
  return form;
}

// A form for any object schema: `payload()` gives the body, `onSubmit(body)` the status text.
export function schemaForm(doc, schema, title, fixed, choices, onSubmit, extra = [], words = defaultWords) {
  const form = el("form", { className: "command" });
  const status = el("output", { className: "status", role: "status" });
  const inputs = fields(doc, schema, "", fixed, choices, words);
  form.append(el("h4", { textContent: title }));
  if (typeof title === "string" && words.help) form.append(el("p", { className: "hint", textContent: words.help }));
  // What must be given, and whom it concerns, first; the other options folded (a phone screen).
  const required = (node) => /\*$/.test(node.querySelector("label, legend")?.textContent ?? "");
  const whom = (node) => [node, ...node.querySelectorAll("[data-path]")]
    .some((n) => n.dataset?.path && n.dataset.path.split(".")[0] in choices && n.dataset.path.split(".")[0] !== "*");
  const first = inputs.filter((node) => required(node) || whom(node)), rest = inputs.filter((node) => !first.includes(node));
  if (rest.length > 2) {
    form.append(...first, el("details", { className: "more" },
      el("summary", { textContent: `More options (${rest.length})` }), ...rest));
  } else form.append(...inputs);
  if (inputs.some(required)) {
    form.append(el("p", { className: "hint required-note", textContent: "Fields marked * are required." }));
  }
  form.append(el("div", { className: "actions" }, el("button", { type: "submit", textContent: "Send" }), ...extra), status);
  form.dataset.scope = "";
  form.payload = () => collect(form, fixed);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "…";
    delete status.dataset.outcome;
    try {
      const answer = await onSubmit(form.payload());  // text, or {text, outcome, position}
      status.textContent = typeof answer === "string" ? answer : answer.text;
      if (answer?.outcome) status.dataset.outcome = answer.outcome;
      if (answer?.position) status.dataset.position = String(answer.position);
    } catch (err) { status.textContent = `refused: ${err.message}`; status.dataset.outcome = "refused"; }
  });
  return form;
}
