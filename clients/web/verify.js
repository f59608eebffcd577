// Re-derive a roll's faces in the browser, as docs/fair-dice.md and docs/verify_roll.py describe:
// the revealed seed must hash (SHA-256) to the epoch's commitment, and draw i on a d(sides) is
// the first u % sides + 1 with u < 2**256 - 2**256 % sides, u = HMAC-SHA256(seed,
// "campaign|command|[client_seed|]i|attempt") read as a big-endian integer.
const SPACE = 1n << 256n;
const encoder = new TextEncoder();

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text) => new Uint8Array(text.match(/../g).map((h) => parseInt(h, 16)));

export async function deriveFace(key, prefix, index, sides) {
  const limit = SPACE - (SPACE % BigInt(sides));
  for (let attempt = 0; ; attempt++) {
    const digest = await crypto.subtle.sign("HMAC", key, encoder.encode(`${prefix}${index}|${attempt}`));
    const value = BigInt(`0x${hex(digest)}`);
    if (value < limit) return Number(value % BigInt(sides)) + 1;
  }
}

// {ok, detail}: ok is null while the epoch's seed is still secret.
export async function verifyProvenance(p) {
  if (!p) return { ok: false, detail: "no dice provenance" };
  if (!p.seed) return { ok: null, detail: `epoch ${p.epoch} seed not revealed yet` };
  const seed = fromHex(p.seed);
  if (hex(await crypto.subtle.digest("SHA-256", seed)) !== p.commitment) {
    return { ok: false, detail: `mismatch: the seed does not hash to epoch ${p.epoch}'s commitment` };
  }
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const prefix = `${p.campaign_id}|${p.command_id}|` + (p.client_seed ? `${p.client_seed}|` : "");
  for (const draw of p.draws) {
    const derived = await deriveFace(key, prefix, draw.index, draw.sides);
    if (derived !== draw.face) {
      return { ok: false, detail: `mismatch: draw ${draw.index} shows ${draw.face}, derives ${derived}` };
    }
  }
  return { ok: true, detail: `verified: ${p.draws.length} ${p.draws.length === 1 ? "draw" : "draws"} re-derived from the epoch ${p.epoch} seed` };
}
