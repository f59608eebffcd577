// The HTTP API: every request carries the bearer token; a problem+json answer becomes an Error.
// The types are generated from the service's OpenAPI document (skald-api.d.ts, written by
// openapi-typescript; see docs/clients.md): the page loads no types, tsc checks them in CI.

/** @typedef {import("./skald-api").components["schemas"]} Schemas */
/** @typedef {Schemas["CommandResult"]} CommandResult */
/** @typedef {Schemas["ProblemDetails"]} ProblemDetails */
/** @typedef {import("./skald-api").operations["executeCommand"]["requestBody"]["content"]["application/json"]} Envelope */
/** @typedef {Envelope["type"]} CommandType */

/** An answer that is not 2xx: the problem (RFC 9457) names the field and the rule. */
export class ApiError extends Error {
  /** @param {string} message @param {ProblemDetails | null} problem @param {number} status */
  constructor(message, problem, status) {
    super(message);
    this.problem = problem;
    this.status = status;
  }
}

export class Api {
  /** @param {string} token */
  constructor(token) { this.token = token; }

  /**
   * @param {string} method
   * @param {string} path
   * @param {object} [body]
   * @returns {Promise<{data: any, response: Response}>}
   */
  async send(method, path, body) {
    const response = await fetch(path, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) {
      throw new ApiError(data?.detail || data?.title || `HTTP ${response.status}`, data, response.status);
    }
    return { data, response };
  }

  /** @param {string} method @param {string} path @param {object} [body] @returns {Promise<any>} */
  async request(method, path, body) { return (await this.send(method, path, body)).data; }

  /** @param {string} path @param {Record<string, string | number | boolean | null | undefined>} [params] */
  get(path, params = {}) {
    const query = new URLSearchParams(Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
    return this.request("GET", query.size ? `${path}?${query}` : path);
  }

  // Every page of a listing that pages by its `Link: <...>; rel="next"` header.
  /** @param {string} path @returns {Promise<any[]>} */
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
  /**
   * @template {CommandType} T
   * @param {T} type
   * @param {Extract<Envelope, {type: T}>["payload"]} payload
   * @returns {Promise<CommandResult>}
   */
  command(type, payload) {
    return this.request("POST", "/v1/commands", { command_id: crypto.randomUUID(), type, payload });
  }
}
