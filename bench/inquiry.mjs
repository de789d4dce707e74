// Inquiry Payment Link under load, and the storage ceiling of the same work.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const INQUIRY = "/v1.0/payment-link/inquiry";

async function accessToken(kit, baseUrl, creds) {
  const timestamp = kit.formatJakarta(new Date());
  const res = await fetch(`${baseUrl}/v1.0/access-token/b2b`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-TIMESTAMP": timestamp,
      "X-CLIENT-KEY": creds.clientKey,
      "X-SIGNATURE": kit.rsaSign(creds.privateKeyPem, kit.tokenStringToSign(creds.clientKey, timestamp)),
    },
    body: JSON.stringify({ grantType: "client_credentials" }),
  });
  const body = await res.json();
  if (!body.accessToken) throw new Error(`no token: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/**
 * Signed requests made before the clock starts: a distinct X-EXTERNAL-ID each and its own
 * signature, so the load generator only copies bytes while it measures.
 */
function signedRequests(kit, { creds, token, body, count }) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const timestamp = kit.formatJakarta(new Date());
    out[i] = {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "x-timestamp": timestamp,
      "x-partner-id": creds.partnerId,
      "x-external-id": randomUUID(),
      "channel-id": creds.channelId,
      "x-signature": kit.hmacSign(
        creds.clientSecret,
        kit.serviceStringToSign({ method: "POST", path: INQUIRY, accessToken: token, body, timestamp }),
      ),
    };
  }
  return out;
}

async function load(kit, { baseUrl, creds, token, body, seconds, connections, expectedRps }) {
  // Enough for 1.5× the expected rate; if the server is faster, the rest are signed on the fly.
  const pool = signedRequests(kit, { creds, token, body, count: Math.ceil(expectedRps * seconds * 1.5) + 1000 });
  let next = 0;
  let signedLive = 0;
  const statuses = new Map();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: INQUIRY,
        setupRequest(req) {
          let headers = pool[next++];
          if (!headers) {
            signedLive++;
            headers = signedRequests(kit, { creds, token, body, count: 1 })[0];
          }
          return { ...req, headers, body };
        },
        onResponse(status) {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  return { result, statuses, signedLive, pregenerated: pool.length };
}

/** autocannon 10 s × 32 connections of a correctly signed Inquiry against `server`. */
export async function benchInquiry({ kit, server, log, seconds = 10, connections = 32 }) {
  const creds = server.credentials.merchant;
  const token = await accessToken(kit, server.baseUrl, creds);
  const linkId = server.credentials.demoLinks[1].paymentLinkId; // method chosen: link + payment
  const body = JSON.stringify({ additionalInfo: { paymentLinkId: linkId } });

  // Warm-up (JIT, caches, pool connections) and a first idea of the rate.
  const warm = await load(kit, {
    baseUrl: server.baseUrl,
    creds,
    token,
    body,
    seconds: 3,
    connections,
    expectedRps: 2000,
  });
  log(`  warm-up: ${Math.round(warm.result.requests.average)} req/s`);
  const run = await load(kit, {
    baseUrl: server.baseUrl,
    creds,
    token,
    body,
    seconds,
    connections,
    expectedRps: Math.max(500, warm.result.requests.average),
  });
  const r = run.result;
  const ok = run.statuses.get(200) ?? 0;
  const total = [...run.statuses.values()].reduce((a, b) => a + b, 0);
  if (ok !== total || r.errors || r.timeouts) {
    throw new Error(
      `not every answer was 200: ${JSON.stringify(Object.fromEntries(run.statuses))}, errors ${r.errors}, timeouts ${r.timeouts}`,
    );
  }
  if (run.signedLive)
    log(`  note: ${run.signedLive} requests were signed during the run (pool of ${run.pregenerated} ran out)`);
  return {
    requests: total,
    rps: total / (r.duration || seconds),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
  };
}

/** The same statements in-process, no HTTP: see bench/kit.ts inquiryCeiling. */
export async function benchInquiryCeiling({ kit, db, server, masterKey, seconds = 10, connections = 32 }) {
  if (db === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-ceiling-"));
    try {
      return await kit.inquiryCeiling({
        dataDir,
        durationMs: seconds * 1000,
        concurrency: connections,
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return kit.inquiryCeiling({
    dataDir: server.dataDir,
    databaseUrl: server.databaseUrl,
    masterKey,
    durationMs: seconds * 1000,
    concurrency: connections,
    poolMax: 10,
  });
}
