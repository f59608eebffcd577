// One small helper for building elements: el("li", {className: "roll"}, child, "text").
// Names with a dash (`aria-label`, `aria-live`) are attributes; the rest are properties.
export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.includes("-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
};

// Ask before an irreversible action: a modal dialog (keyboard: Tab between the two buttons,
// Escape cancels). Resolves true only when the person confirms.
// With `ask` (a label), the dialog asks for a text too (a retcon's reason) and resolves to it.
export function confirmAction(question, yes, ask = "") {
  return new Promise((resolve) => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = el("dialog", { className: "confirm", "aria-labelledby": "confirm-question" },
      el("p", { id: "confirm-question", textContent: question }));
    const text = ask ? el("input", { id: "confirm-text", required: true, autocomplete: "off" }) : null;
    if (text) dialog.append(el("div", { className: "field" }, el("label", { htmlFor: "confirm-text", textContent: `${ask} *` }), text));
    const done = (answer) => {
      if (answer && text && !text.value.trim()) { text.focus(); return; }
      dialog.close(); dialog.remove(); resolve(answer && text ? text.value.trim() : answer);
      if (opener?.isConnected) opener.focus();  // back where the person was
    };
    text?.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); done(true); } });
    const cancel = el("button", { type: "button", className: "cancel", textContent: "Cancel", onclick: () => done(false) });
    dialog.append(el("div", { className: "actions" },
      el("button", { type: "button", className: "confirm-yes", textContent: yes, onclick: () => done(true) }), cancel));
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); done(false); });
    document.body.append(dialog);
    dialog.showModal();
    (text ?? cancel).focus();
  });
}

// A time as a person reads it: "20:14", with the date when it is not today.
export function when(iso) {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return at.toDateString() === new Date().toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}
