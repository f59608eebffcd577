// One small helper for building elements: el("li", {className: "roll"}, child, "text").
export const el = (tag, attrs = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), attrs);
  node.append(...children);
  return node;
};
