// The live stream (server-sent events) read with fetch so the token goes in a header. Each event
// carries its position as its id; on a dropped connection the stream is reopened with
// ?after=<last position seen>, and any event at or before it is ignored, so nothing is missed
// or shown twice.
export class LiveStream {
  constructor(api, campaignId, after, onEvent, onState) {
    this.api = api; this.campaignId = campaignId; this.last = after; this.onEvent = onEvent; this.onState = onState;
    this.paused = false; this.stopped = false; this.controller = null;
  }

  start() { this.loop(); return this; }
  stop() { this.stopped = true; this.controller?.abort(); }
  // Drop the connection and stay away until resume(): what happens meanwhile must arrive after.
  pause() { this.paused = true; this.controller?.abort(); this.onState("paused"); }
  resume() { this.paused = false; if (!this.running) this.loop(); }

  async loop() {
    this.running = true;
    while (!this.stopped && !this.paused) {
      this.controller = new AbortController();
      try {
        this.onState("connecting");
        const response = await fetch(`/v1/campaigns/${this.campaignId}/live?after=${this.last}`, {
          headers: { Authorization: `Bearer ${this.api.token}`, Accept: "text/event-stream" },
          signal: this.controller.signal,
        });
        if ([401, 403, 404].includes(response.status)) {  // signed out or no longer a member: stop
          this.stopped = true;
          this.onState(response.status === 401 ? "signed out" : "no access");
          break;
        }
        if (!response.ok) throw new Error(`live stream: HTTP ${response.status}`);
        await this.read(response.body.getReader());
      } catch (err) {
        if (err.name !== "AbortError") this.onState("reconnecting");
      }
      if (!this.stopped && !this.paused) await new Promise((r) => setTimeout(r, 1000));
    }
    this.running = false;
  }

  async read(reader) {
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        this.dispatch(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
      }
    }
  }

  dispatch(block) {
    let type = "message", id = null, data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) continue;
      const [field, ...rest] = line.split(":");
      const value = rest.join(":").replace(/^ /, "");
      if (field === "event") type = value;
      else if (field === "id") id = value;
      else if (field === "data") data += (data ? "\n" : "") + value;
    }
    if (type === "ready") { this.onState("live"); return; }
    if (id === null || !data) return;
    const position = Number(id);
    if (position <= this.last) return;  // already shown before the reconnect
    this.last = position;
    this.onEvent(JSON.parse(data));
  }
}
