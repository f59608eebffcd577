// The HTTP API: every request carries the bearer token; a problem+json answer becomes an Error.
export class Api {
  constructor(token) { this.token = token; }

  async send(method, path, body) {
    const response = await fetch(path, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const err = new Error(data?.detail || data?.title || `HTTP ${response.status}`);
      err.problem = data; err.status = response.status;
      throw err;
    }
    return { data, response };
  }

  async request(method, path, body) { return (await this.send(method, path, body)).data; }

  get(path, params = {}) {
    const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null));
    return this.request("GET", query.size ? `${path}?${query}` : path);
  }

  // Every page of a listing that pages by its `Link: <...>; rel="next"` header.
  async all(path) {
    const out = [];
    for (let next = path; next;) {
      const { data, response } = await this.send("GET", next);
      out.push(...data);
      next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") || "")?.[1];
    }
    return out;
  }

  // A command with a fresh id; the result carries the position the read models will reach.
  command(type, payload) {
    return this.request("POST", "/v1/commands", { command_id: crypto.randomUUID(), type, payload });
  }
}
