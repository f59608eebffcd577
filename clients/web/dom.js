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
