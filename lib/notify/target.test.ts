import { describe, expect, it } from "vitest";
import { nonPublicReason, resolveTarget, TargetRefused, type Resolver } from "./target";

/** Each form as a merchant would write it in callbackBaseUrl; the URL parser normalises first. */
const REFUSED: [string, string][] = [
  ["http://[::ffff:7f00:1]:8080/", "loopback"],
  ["http://[::ffff:127.0.0.1]/", "loopback"],
  ["http://0x7f.1/", "loopback"],
  ["http://2130706433/", "loopback"],
  ["http://0177.0.0.1/", "loopback"],
  ["http://127.1/", "loopback"],
  ["http://[::1]/", "loopback"],
  ["http://[fec0::1]/", "deprecatedSiteLocal"],
  ["http://[64:ff9b::7f00:1]/", "NAT64 of loopback"],
  ["http://[64:ff9b::a00:1]/", "NAT64 of private"],
  ["http://[2002:7f00:1::]/", "6to4 of loopback"],
  ["http://[2002:c0a8:1::1]/", "6to4 of private"],
  ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "teredo"],
  ["http://198.18.0.1/", "reserved"],
  ["http://100.64.0.1/", "carrierGradeNat"],
  ["http://169.254.169.254/latest/meta-data", "linkLocal"],
  ["http://[fe80::1]/", "linkLocal"],
  ["http://[fc00::1]/", "uniqueLocal"],
  ["http://[fd12:3456::1]/", "uniqueLocal"],
  ["http://0.0.0.0/", "unspecified"],
  ["http://0.1.2.3/", "unspecified"],
  ["http://[::]/", "unspecified"],
  ["http://10.1.2.3/", "private"],
  ["http://172.16.0.1/", "private"],
  ["http://192.168.0.10/", "private"],
  ["http://224.0.0.1/", "multicast"],
  ["http://[ff02::1]/", "multicast"],
  ["http://255.255.255.255/", "broadcast"],
  ["http://240.0.0.1/", "reserved"],
  ["http://192.0.2.1/", "reserved"],
  ["http://[2001:db8::1]/", "reserved"],
  ["http://[100::1]/", "discard"],
  ["http://[4000::1]/", "unallocated"],
];

function reasonOf(url: string): string | null {
  return nonPublicReason(new URL(url).hostname.replace(/^\[|\]$/g, ""));
}

describe("callback target addresses", () => {
  it.each(REFUSED)("%s is not public (%s)", (url, reason) => {
    expect(reasonOf(url)).toBe(reason);
  });

  it.each([
    "http://8.8.8.8/",
    "https://1.1.1.1/hooks",
    "http://[2606:4700:4700::1111]/",
    "http://[64:ff9b::808:808]/",
    "http://[2002:808:808::1]/",
    "http://[::ffff:8.8.8.8]/",
  ])("%s is public", (url) => {
    expect(reasonOf(url)).toBeNull();
  });

  it("refuses a name when any of its addresses is private, and names it only in the detail", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    const err = await resolveTarget("https://hooks.example/cb", {
      allowPrivate: false,
      timeoutMs: 1000,
      resolve,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetRefused);
    expect((err as TargetRefused).message).toBe("hooks.example does not resolve to a public address");
    expect((err as TargetRefused).detail).toBe("hooks.example resolves to 10.0.0.5 (private)");
  });

  it("refuses a name that does not resolve, or not in time: in production with the answer a private one gets", async () => {
    const nx = async () => {
      throw Object.assign(new Error("nx"), { code: "ENOTFOUND" });
    };
    const never = () => new Promise<never>(() => {});
    const inside = async () => [{ address: "10.1.2.3", family: 4 }];
    const refusal = (host: string, resolve: Resolver, allowPrivate: boolean) =>
      resolveTarget(`http://${host}/`, { allowPrivate, timeoutMs: 50, resolve }).then(
        () => null,
        (e: unknown) => ({ message: (e as TargetRefused).message, detail: (e as TargetRefused).detail }),
      );
    // Production: no name, no answer in time, and an internal name read alike (no DNS oracle)...
    expect(await refusal("db.corp.example", nx, false)).toEqual({
      message: "db.corp.example does not resolve to a public address",
      detail: "db.corp.example does not resolve (ENOTFOUND)",
    });
    expect(await refusal("db.corp.example", never, false)).toEqual({
      message: "db.corp.example does not resolve to a public address",
      detail: "db.corp.example: DNS lookup timed out",
    });
    expect((await refusal("db.corp.example", inside, false))?.message).toBe(
      "db.corp.example does not resolve to a public address",
    );
    // ...while the sandbox, which may call inside, says which it was.
    expect((await refusal("nowhere.invalid", nx, true))?.message).toBe("nowhere.invalid does not resolve (ENOTFOUND)");
    expect((await refusal("slow.example", never, true))?.message).toBe("slow.example: DNS lookup timed out");
  });

  it("refuses other schemes, and lets private addresses through only when allowed (sandbox)", async () => {
    await expect(resolveTarget("file:///etc/passwd", { allowPrivate: true, timeoutMs: 1000 })).rejects.toThrow(
      "file: is not http(s)",
    );
    const t = await resolveTarget("http://localhost:9/x", { allowPrivate: true, timeoutMs: 1000 });
    expect(t.addresses.some((a) => a.address === "127.0.0.1" || a.address === "::1")).toBe(true);
    await expect(resolveTarget("http://localhost:9/x", { allowPrivate: false, timeoutMs: 1000 })).rejects.toThrow(
      "localhost does not resolve to a public address",
    );
  });
});
