// An odds answer as a person reads it: each chance as a fraction, a percentage and a bar; a
// distribution (totals, degrees, WISH outcomes summed by net successes) as a table of bars.
import { el } from "./dom.js";
import { humanise } from "./guide.js";

const FRACTION = /^(\d+)\/(\d+)$/;
const ratio = (v) => { const m = FRACTION.exec(String(v)); return m ? Number(m[1]) / Number(m[2]) : null; };
const percent = (p) => `${(100 * p).toFixed(1)}%`;
const NAMES = { p_success: "Success", p_critical_hit: "Critical hit", p_critical_miss: "Critical miss", need: "Roll needed" };

function bar(p) {
  const shown = el("span", { className: "bar" }, el("span", { className: "fill" }));
  shown.firstChild.style.width = `${Math.max(0.5, 100 * p).toFixed(1)}%`;
  return shown;
}

function chanceTable(caption, head, rows) {
  return el("table", { className: "odds-table" }, el("caption", { textContent: caption }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", textContent: head }), el("th", { scope: "col", textContent: "Chance" }),
      el("th", { scope: "col", textContent: "" }))),
    el("tbody", {}, ...rows.map(([key, value]) => {
      const p = ratio(value);
      return el("tr", {}, el("th", { scope: "row", textContent: String(key) }),
        el("td", { textContent: p === null ? String(value) : `${value} (${percent(p)})` }), el("td", {}, p === null ? "" : bar(p)));
    })));
}

// A fraction string summed exactly enough for reading (floats, shown as a percentage).
function sumBy(outcomes, key) {
  const out = new Map();
  for (const o of outcomes) {
    const p = ratio(o.probability) ?? 0;
    out.set(o[key], (out.get(o[key]) ?? 0) + p);
  }
  return [...out.entries()].sort((a, b) => a[0] - b[0]);
}

export function oddsView(answer) {
  const box = el("div", { className: "odds-view" });
  const scalars = Object.entries(answer || {}).filter(([, v]) => typeof v === "string" || typeof v === "number");
  const chances = scalars.filter(([, v]) => ratio(v) !== null), figures = scalars.filter(([, v]) => ratio(v) === null);
  if (figures.length) {
    box.append(el("dl", { className: "odds-figures" }, ...figures.flatMap(([k, v]) => [
      el("dt", { textContent: NAMES[k] ?? humanise(k) }), el("dd", { textContent: typeof v === "string" ? humanise(v) : String(v) })])));
  }
  if (chances.length) box.append(chanceTable("Chances", "Outcome", chances.map(([k, v]) => [NAMES[k] ?? humanise(k), v])));
  for (const [key, value] of Object.entries(answer || {})) {
    if (Array.isArray(value) && value.every((o) => o && typeof o === "object" && "probability" in o) && value.some((o) => "net_successes" in o)) {
      const rows = sumBy(value, "net_successes");
      box.append(el("table", { className: "odds-table" }, el("caption", { textContent: "Net successes" }),
        el("thead", {}, el("tr", {}, el("th", { scope: "col", textContent: "Net successes" }), el("th", { scope: "col", textContent: "Chance" }),
          el("th", { scope: "col", textContent: "" }))),
        el("tbody", {}, ...rows.map(([n, p]) => el("tr", {}, el("th", { scope: "row", textContent: String(n) }),
          el("td", { textContent: percent(p) }), el("td", {}, bar(p)))))));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      const entries = Object.entries(value);
      if (entries.length && entries.every(([, v]) => ratio(v) !== null)) box.append(chanceTable(humanise(key), humanise(key).replace(/s$/, ""), entries));
      else if (entries.some(([, v]) => v && typeof v === "object") || entries.some(([, v]) => ratio(v) !== null)) {
        const inner = oddsView(value);
        delete inner.dataset.answer;  // the answer is the outer one's
        box.append(inner);
      }
    }
  }
  box.dataset.answer = JSON.stringify(answer);  // the exact answer, for a reader who wants it
  return box;
}
