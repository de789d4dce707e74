import { AsyncLocalStorage } from "node:async_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { boundedFetch } from "./bounded-fetch";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const answering =
  (body: string | null, status = 200): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { "Content-Type": "application/json" } });

describe("boundedFetch", () => {
  it("passes the answer on: status, headers and body", async () => {
    const res = await boundedFetch(answering('{"ok":true}', 201), 1_000)("http://gateway.test/x");
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ ok: true });
    expect((await boundedFetch(answering(null, 204), 1_000)("http://gateway.test/x")).status).toBe(204);
  });

  it("aborts a call whose answer does not come in time, with a TimeoutError", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    await expect(boundedFetch(hanging, 50)("http://gateway.test/x")).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("answers the caller in time even when the call does not heed its signal (a gateway in this process)", async () => {
    const deaf: typeof fetch = () => new Promise<Response>(() => undefined);
    await expect(boundedFetch(deaf, 50)("http://gateway.test/x")).rejects.toMatchObject({ name: "TimeoutError" });
    const deafBody: typeof fetch = async () =>
      new Response(new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode("{")) }));
    await expect(boundedFetch(deafBody, 50)("http://gateway.test/x")).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("bounds the body too: an answer whose body stops coming is aborted", async () => {
    const stalled: typeof fetch = async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"partial":'));
          init?.signal?.addEventListener("abort", () => c.error(init.signal!.reason));
        },
      });
      return new Response(body);
    };
    await expect(boundedFetch(stalled, 50)("http://gateway.test/x")).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("keeps nothing of the caller's async context once the call is over", async () => {
    // A page render calls the gateway inside its request's AsyncLocalStorage scope. A timer
    // left running for the bound (AbortSignal.timeout) keeps that scope, and so the whole
    // request, alive until it fires: this failed with it.
    const als = new AsyncLocalStorage<{ request: number[] }>();
    let request: WeakRef<object> | undefined;
    await (async () => {
      const store = { request: new Array<number>(100_000).fill(1) };
      request = new WeakRef(store);
      await als.run(store, () => boundedFetch(answering("{}"), 60_000)("http://gateway.test/x"));
    })();
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => setImmediate(r));
      gc();
    }
    expect(request!.deref()).toBeUndefined();
  });
});
