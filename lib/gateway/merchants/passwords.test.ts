import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("console passwords", () => {
  it("hashes with scrypt at OWASP parameters and verifies only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("x", "plain")).toBe(false);
  }, 60_000); // three 128 MiB derivations: slow by design
});
