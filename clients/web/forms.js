// Command forms generated from the OpenAPI document: the envelope whose `type` is the command's
// name gives its payload schema; each property becomes a field, so a new ruleset needs no change.
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

const el = (tag, attrs = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), attrs);
  node.append(...children);
  return node;
};

// Fields for an object schema; `fixed` names (campaign_id, ...) are filled in, not asked.
function fields(doc, schema, prefix, fixed, choices) {
  const out = [];
  const required = new Set(schema.required || []);
  for (const [name, raw] of Object.entries(schema.properties || {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (!prefix && name in fixed) continue;
    const options = (raw.oneOf || raw.anyOf || [raw]).map((s) => resolve(doc, s));
    const nullable = options.some((s) => s.type === "null");
    const prop = options.find((s) => s.type !== "null") || {};
    const id = `f-${path.replace(/\W/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;
    const label = el("label", { htmlFor: id, textContent: name + (required.has(name) ? " *" : "") });
    let input;
    if (prop.type === "object" && prop.properties) {
      out.push(el("fieldset", {}, el("legend", { textContent: name }), ...fields(doc, prop, path, fixed, choices)));
      continue;
    } else if (choices[name]) {
      input = el("select", { id }, ...(nullable || !required.has(name) ? [el("option", { value: "", textContent: "—" })] : []),
        ...choices[name].map(([v, t]) => el("option", { value: v, textContent: t })));
    } else if (prop.enum || prop.const !== undefined) {
      input = el("select", { id }, ...(required.has(name) ? [] : [el("option", { value: "", textContent: "—" })]),
        ...(prop.enum || [prop.const]).map((v) => el("option", { value: v, textContent: v })));
      if (prop.default !== undefined) input.value = prop.default;
    } else if (prop.type === "boolean") {
      input = el("input", { id, type: "checkbox", checked: !!prop.default });
    } else if (prop.type === "integer" || prop.type === "number") {
      input = el("input", { id, type: "number", step: prop.type === "integer" ? "1" : "any" });
      if (prop.default !== undefined && prop.default !== null) input.value = prop.default;
      if (prop.minimum !== undefined) input.min = prop.minimum;
      if (prop.maximum !== undefined) input.max = prop.maximum;
    } else if (prop.type === "string") {
      input = el("input", { id, type: "text" });
      if (prop.default) input.value = prop.default;
    } else {
      input = el("textarea", { id, rows: 2, placeholder: "JSON" });
      if (prop.default !== undefined) input.value = JSON.stringify(prop.default);
    }
    input.dataset.path = path;
    input.dataset.kind = prop.type === "boolean" ? "boolean" : prop.type === "integer" || prop.type === "number"
      ? "number" : prop.type === "string" || prop.enum || choices[name] ? "string" : "json";
    out.push(el("div", { className: "field" }, label, input));
  }
  return out;
}

export function buildForm(doc, commandType, fixed, choices, onSubmit, extra = []) {
  const schema = payloadSchema(doc, commandType);
  const form = el("form", { className: "command" });
  form.dataset.command = commandType;
  const status = el("output", { className: "status", role: "status" });
  form.append(el("h4", { textContent: commandType }), ...fields(doc, schema || {}, "", fixed, choices),
    el("div", { className: "actions" }, el("button", { type: "submit", textContent: "Send" }), ...extra), status);
  form.payload = () => {
    const payload = { ...fixed };
    for (const input of form.querySelectorAll("[data-path]")) {
      let value;
      if (input.dataset.kind === "boolean") value = input.checked;
      else if (input.value === "") continue;
      else if (input.dataset.kind === "number") value = Number(input.value);
      else if (input.dataset.kind === "json") value = JSON.parse(input.value);
      else value = input.value;
      const keys = input.dataset.path.split(".");
      let target = payload;
      for (const key of keys.slice(0, -1)) target = target[key] ??= {};
      target[keys.at(-1)] = value;
    }
    return payload;
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "…";
    try { status.textContent = await onSubmit(form.payload()); }
    catch (err) { status.textContent = `refused: ${err.message}`; }
  });
  return form;
}
