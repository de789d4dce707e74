import { z } from "zod";
import { describe, expect, it } from "vitest";
import { V1ClientError, v1Answer } from "./v1-answer";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("v1Answer", () => {
  const Test = z.object({ response: z.null(), error: z.string().nullable() });

  it("parses a 2xx answer whose own field is called error (a test callback with no reply)", async () => {
    const answer = { response: null, error: "Error: no complete answer within 10000 ms" };
    expect(await v1Answer(json(answer), Test)).toEqual(answer);
  });

  it("throws the error envelope of a 4xx answer with its fields, and a non-JSON answer as its status", async () => {
    const err = await v1Answer(
      json({ error: { type: "invalid_request_error", code: "no_callback_url", message: "Set one", param: "x" } }, 409),
      Test,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(V1ClientError);
    expect(err).toMatchObject({ status: 409, type: "invalid_request_error", code: "no_callback_url", param: "x" });
    await expect(v1Answer(new Response("<html>", { status: 502 }), Test)).rejects.toMatchObject({
      status: 502,
      code: "unknown",
    });
    await expect(v1Answer(new Response("not json", { status: 200 }), Test)).rejects.toMatchObject({ status: 200 });
  });
});
