import type { LinkEventData } from "@/lib/contract/live-events";

export interface SseEvent {
  id: string | null;
  event: string;
  data: LinkEventData;
}

/**
 * A minimal Server-Sent Events reader over fetch, as a browser's EventSource parses the
 * stream (fields `id`, `event`, `data`; comment lines ignored), with the status and headers
 * of the answer. `next()` waits for the next event; `close()` drops the connection.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: abort.signal,
  });
  const queue: SseEvent[] = [];
  const waiters: ((e: SseEvent | null) => void)[] = [];
  let comments = 0;
  let ended = false;
  const pump = async () => {
    if (!res.body || !res.ok) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | null = null;
          let event = "message";
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments++;
            else if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (!data) continue;
          const ev = { id, event, data: JSON.parse(data) as LinkEventData };
          const w = waiters.shift();
          if (w) w(ev);
          else queue.push(ev);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const w of waiters.splice(0)) w(null);
  };
  void pump();
  return {
    status: res.status,
    headers: res.headers,
    json: async () => (await res.json()) as unknown,
    comments: () => comments,
    /** The next event, or null when the stream ended or `ms` passed. */
    next(ms = 5_000): Promise<SseEvent | null> {
      const ev = queue.shift();
      if (ev) return Promise.resolve(ev);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          const i = waiters.indexOf(done);
          if (i >= 0) waiters.splice(i, 1);
          resolve(null);
        }, ms);
        const done = (e: SseEvent | null) => {
          clearTimeout(timer);
          resolve(e);
        };
        waiters.push(done);
      });
    },
    close: () => abort.abort(),
  };
}
