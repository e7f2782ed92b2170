// The client against a real Junction on the sandbox (embedded market and network): JUNCTION_URL, started by
// TypeScriptClientTest with a fast clock. Every answer is checked against the service's OpenAPI document
// (conformance.mjs). Run: JUNCTION_URL=http://127.0.0.1:8080 node --test test/sandbox.test.mjs (after npm run build),
// against a sandbox started with --junction.webhooks.allowed-hosts=127.0.0.1 (the webhook receiver is on loopback).
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { before, test } from "node:test";
import * as esm from "@junction/client";
import { Interface, Wallet } from "ethers";
import { createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { EXECUTE_ROUTE, EXECUTE_ROUTE_WITH_PERMIT, routeInput } from "../dist/esm/abi.js";
import { apiDocs, conformingFetch } from "./conformance.mjs";

const { createJunctionClient, JunctionError, signGaslessQuote, StatusTimeoutError, waitForStatus } = esm;
const BASE_URL = process.env.JUNCTION_URL ?? "http://localhost:8080";
const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const ETH_USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const ARB_USDC = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831";
const ARB_WETH = "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1";

let api;
let checked;
let junction;

before(async () => {
  api = await apiDocs(BASE_URL);
  checked = conformingFetch(api, BASE_URL);
  junction = createJunctionClient({ baseUrl: BASE_URL, fetch: checked.fetch });
});

test("the ESM and CommonJS entry points export the same API", () => {
  const cjs = createRequire(import.meta.url)("@junction/client");
  assert.deepEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
  for (const name of ["createJunctionClient", "JunctionError", "waitForStatus", "signGaslessQuote",
    "sendBuiltTransaction", "StatusTimeoutError"]) {
    assert.equal(typeof esm[name], "function", name);
    assert.equal(typeof cjs[name], "function", name);
  }
});

test("every example of the OpenAPI document conforms to its schema", () => {
  let examples = 0;
  for (const [path, item] of Object.entries(api.doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const p of op.parameters ?? []) {
        if (p.example !== undefined) {
          assert.deepEqual(api.check(p.schema, p.example), [], `${method} ${path} parameter ${p.name}`);
          examples++;
        }
      }
      const body = op.requestBody?.content?.["application/json"];
      if (body?.example !== undefined) {
        assert.deepEqual(api.check(body.schema, body.example), [], `${method} ${path} request body`);
        examples++;
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const events = response.content["text/event-stream"];
        if (events !== undefined) {
          // the stream's text: each event's data is a /status answer (with its change's event, sequence, time)
          for (const [name, example] of Object.entries(events.examples)) {
            const data = example.value.split("\n").filter((l) => l.startsWith("data:"));
            assert.ok(data.length > 0, `${method} ${path} ${status} ${name}: events`);
            for (const line of data) {
              const { event, sequence, occurredAtMs, ...answer } = JSON.parse(line.slice(5));
              assert.match(event, /^evt_[0-9a-f]{32}$/);
              assert.ok(Number.isInteger(sequence) && Number.isInteger(occurredAtMs));
              assert.deepEqual(api.check({ $ref: "#/components/schemas/StatusResult" }, answer), [], name);
            }
            examples++;
          }
          continue;
        }
        const media = response.content["application/json"];
        assert.ok(Object.keys(media.examples ?? {}).length > 0, `${method} ${path} ${status} has examples`);
        for (const [name, example] of Object.entries(media.examples)) {
          assert.deepEqual(api.check(media.schema, example.value), [], `${method} ${path} ${status} ${name}`);
          assert.equal(example.value.code === 0, status === "200", `${method} ${path} ${status} ${name}: code`);
          examples++;
        }
      }
    }
  }
  assert.ok(examples > 100, `${examples} examples`);
});

test("the discovery methods answer typed data", async () => {
  const { chains } = await junction.chains();
  assert.ok(chains.some((c) => c.id === 42161 && c.nativeToken?.address === NATIVE));
  const { tokens } = await junction.tokens({ chain: 42161, symbol: "usdc" });
  assert.deepEqual(tokens.map((t) => t.address), [ARB_USDC]);
  assert.ok((await junction.tokens()).tokens.length > tokens.length);
  const { providers } = await junction.providers();
  assert.ok(providers.some((p) => p.name === "across" && p.type === "bridge" && p.displayName === "Across"));
  const { connections } = await junction.connections({ fromChain: 1, toChain: 42161, fromToken: ETH_USDC });
  assert.ok(connections.length > 0);
  assert.ok(connections.every((c) => c.fromChain === 1 && c.toChain === 42161 && c.fromToken.address === ETH_USDC));
});

test("quote, then build one of its routes by pathId, and build the best route with it", async () => {
  const params = { fromChain: 1, toChain: 42161, fromToken: NATIVE, toToken: ARB_USDC,
    amount: "1000000000000000000", sender: WALLET, slippage: 0.5, Integrator: WALLET, feeBps: 20,
    includeProvider: ["across", "uniswap-v3", "uniswap-v2", "curve", "sushiswap"] };
  const routes = await junction.quote(params);
  assert.ok(routes.length > 1);
  assert.ok(routes.every((r) => r.integratorId === WALLET && r.slippage === 0.5 && r.quoteId === routes[0].quoteId));
  assert.ok(BigInt(routes[0].amountOut) >= BigInt(routes[1].amountOut));
  const second = routes[1];
  const tx = await junction.buildPath({ Amount: params.amount, Sender: WALLET, fromChain: 1, fromToken: NATIVE,
    toChain: 42161, toToken: ARB_USDC, pathId: second.pathId });
  assert.equal(tx.chain, 1);
  assert.equal(tx.to, second.routeAddress);
  assert.equal(tx.value, params.amount); // native input: the value is the amount
  const input = routeInput(tx.data);
  assert.equal(input.inputToken.toLowerCase(), NATIVE.toLowerCase());
  assert.equal(input.amountIn, BigInt(params.amount));
  assert.equal(input.acquisitionMode, 1);
  const best = await junction.buildBestPath({ ...params, includeRoute: true });
  assert.equal(best.Tx.chain, 1);
  assert.ok(best.route !== null && best.route.pathId.endsWith(":0"));
  const withoutRoute = await junction.buildBestPath(params);
  assert.equal(withoutRoute.route, null);
});

test("an invalid request surfaces as a JunctionError with the catalogue's code and param", async () => {
  const valid = { fromChain: 1, toChain: 42161, fromToken: NATIVE, toToken: ARB_USDC, amount: "1", sender: WALLET };
  const refused = async (call, code, param, status) => {
    const error = await call.then(() => assert.fail("expected a JunctionError"), (e) => e);
    assert.ok(error instanceof JunctionError, String(error));
    assert.deepEqual([error.code, error.param, error.status], [code, param, status], error.message);
    assert.match(error.message, new RegExp(param ?? "."));
    assert.match(error.requestId, /\S/);
  };
  await refused(junction.quote({ ...valid, feeBps: 10001 }), 1002, "feeBps", 400);
  await refused(junction.quote({ ...valid, amount: "0" }), 1004, "amount", 400);
  await refused(junction.quote({ ...valid, fromChain: 999 }), 1005, "fromChain", 400);
  await refused(junction.buildPath({ Amount: "1", fromChain: 1, fromToken: NATIVE, toChain: 42161,
    toToken: ARB_USDC }), 1001, "Sender", 400);
  await refused(junction.submitSwap({ quoteId: "0x1234", signature: `0x${"11".repeat(65)}` }), 4001, "quoteId", 404);
  await refused(junction.status({ txHash: "0x12", fromChainId: 1 }), 1002, "txHash", 400);
  await refused(junction.tokens({ chain: 999 }), 1005, "chain", 400);
});

test("the API key goes out as X-API-Key, and the v1 prefix is not needed", async () => {
  const sent = conformingFetch(api, BASE_URL);
  const keyed = createJunctionClient({ baseUrl: `${BASE_URL}/`, apiKey: "integrator-key", fetch: sent.fetch });
  await keyed.providers();
  assert.equal(sent.requests.length, 1);
  assert.equal(sent.requests[0].headers.get("X-API-Key"), "integrator-key");
  assert.equal(new URL(sent.requests[0].url).pathname, "/providers");
});

test("gasless with ethers: quote, sign, submit, waitForStatus to DONE", async () => {
  const wallet = Wallet.createRandom();
  const [item] = await junction.gaslessQuote({ fromChain: 1, toChain: 42161, fromToken: ETH_USDC,
    toToken: ARB_WETH, amount: "1000000000", sender: wallet.address, acquisitionMode: 3, meta: "order-7" });
  assert.equal(item.eip712.primaryType, "PermitWitnessTransferFrom");
  assert.equal(item.calldataTemplate.meta, "order-7");
  const signature = await signGaslessQuote(item, wallet);
  const swap = await junction.submitSwap({ quoteId: item.quoteId, signature });
  assert.equal(swap.status, "PENDING");
  const updates = [];
  const done = await waitForStatus(junction, { txHash: swap.executionTxHash, fromChainId: 1,
    userAddress: wallet.address }, { timeoutMs: 120_000, onUpdate: (s) => updates.push(s) });
  assert.equal(done.status, "DONE", done.details.message);
  assert.equal(done.routeKind, "crossChainSwap");
  assert.equal(done.toAsset.address, ARB_WETH);
  assert.equal(updates.at(-1), done);
  for (let i = 1; i < updates.length; i++) {
    assert.notDeepEqual(updates[i], updates[i - 1]);
  }
  // the same signature again answers the same swap
  assert.equal((await junction.submitSwap({ quoteId: item.quoteId, signature })).swapId, swap.swapId);
});

test("gasless with a viem wallet client: quote, sign, submit, waitForStatus to DONE", async () => {
  const wallet = createWalletClient({ account: privateKeyToAccount(generatePrivateKey()),
    transport: http("http://127.0.0.1:9") }); // a local account signs without its transport
  const [item] = await junction.gaslessQuote({ fromChain: 42161, toChain: 42161, fromToken: ARB_USDC,
    toToken: ARB_WETH, amount: "1000000000", sender: wallet.account.address, acquisitionMode: 2 });
  assert.equal(item.eip712.primaryType, "PermitTransferFrom");
  const swap = await junction.submitSwap({ quoteId: item.quoteId, signature: await signGaslessQuote(item, wallet) });
  const done = await waitForStatus(junction, { txHash: swap.executionTxHash, fromChainId: 42161 },
    { timeoutMs: 120_000 });
  assert.equal(done.status, "DONE", done.details.message);
  assert.equal(done.kind, "gasless");
});

test("a signature by another key is refused with 4004 naming signature", async () => {
  const owner = Wallet.createRandom();
  const [item] = await junction.gaslessQuote({ fromChain: 42161, toChain: 42161, fromToken: ARB_USDC,
    toToken: ARB_WETH, amount: "1000000000", sender: owner.address, acquisitionMode: 3 });
  const error = await junction.submitSwap({ quoteId: item.quoteId,
    signature: await signGaslessQuote(item, Wallet.createRandom()) }).catch((e) => e);
  assert.ok(error instanceof JunctionError);
  assert.deepEqual([error.code, error.param, error.status], [4004, "signature", 400]);
});

test("waitForStatus gives up after timeoutMs with the last answer, and stops on an abort", async () => {
  const unknown = { txHash: `0x${"ab".repeat(32)}`, fromChainId: 1 };
  const timedOut = await waitForStatus(junction, unknown, { timeoutMs: 1500 }).catch((e) => e);
  assert.ok(timedOut instanceof StatusTimeoutError, String(timedOut));
  assert.equal(timedOut.last.status, "NOT_FOUND");
  assert.ok(timedOut.last.details.pollAfterSeconds >= 1);
  const controller = new AbortController();
  const waiting = waitForStatus(junction, unknown, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error("stop")), 200);
  await assert.rejects(waiting, /stop/);
});

/** A gasless swap of 1,000 USDC to WETH on Arbitrum, submitted: its source transaction hash. */
async function gaslessSwap() {
  const wallet = Wallet.createRandom();
  const [item] = await junction.gaslessQuote({ fromChain: 42161, toChain: 42161, fromToken: ARB_USDC,
    toToken: ARB_WETH, amount: "1000000000", sender: wallet.address, acquisitionMode: 2 });
  const swap = await junction.submitSwap({ quoteId: item.quoteId, signature: await signGaslessQuote(item, wallet) });
  return { txHash: swap.executionTxHash, fromChainId: 42161 };
}

test("waitForStatus follows the status stream, and polls where the service answers no stream", async () => {
  const streamed = conformingFetch(api, BASE_URL);
  const following = createJunctionClient({ baseUrl: BASE_URL, fetch: streamed.fetch });
  const updates = [];
  const done = await waitForStatus(following, await gaslessSwap(),
    { timeoutMs: 120_000, onUpdate: (s) => updates.push(s) });
  assert.equal(done.status, "DONE", done.details.message);
  assert.equal(done.event, undefined); // the /status answer, without the stream's event fields
  assert.equal(updates.at(-1), done);
  assert.deepEqual(streamed.requests.map((r) => new URL(r.url).pathname), ["/status/stream"]);
  assert.equal(streamed.seen[0], "GET /status/stream 200");
  // a service without the stream answers 1010 for its path: waitForStatus polls /status instead
  const polled = [];
  const older = createJunctionClient({ baseUrl: BASE_URL, fetch: (request) => {
    polled.push(new URL(request.url).pathname);
    return request.url.includes("/status/stream")
      ? fetch(new Request(request.url.replace("/status/stream", "/status/no-stream"), request))
      : checked.fetch(request);
  } });
  const again = await waitForStatus(older, await gaslessSwap(), { timeoutMs: 120_000 });
  assert.equal(again.status, "DONE", again.details.message);
  assert.equal(polled[0], "/status/stream");
  assert.ok(polled.slice(1).length > 0 && polled.slice(1).every((p) => p === "/status"), polled.join(" "));
});

test("statusStream yields each change with its event id to DONE, and resumes after Last-Event-ID", async () => {
  const swap = await gaslessSwap();
  const events = [];
  for await (const event of junction.statusStream(swap)) events.push(event);
  assert.equal(events.at(-1).status, "DONE");
  const changes = events.filter((e) => e.event !== undefined);
  assert.ok(changes.length > 0);
  for (const { event, sequence, occurredAtMs, ...answer } of changes) {
    assert.match(event, /^evt_[0-9a-f]{32}$/);
    assert.ok(Number.isInteger(sequence) && occurredAtMs > 0);
    assert.deepEqual(api.check({ $ref: "#/components/schemas/StatusResult" }, answer), [], event);
  }
  const sequences = changes.map((e) => e.sequence);
  assert.deepEqual(sequences, [...sequences].sort((a, b) => a - b));
  // resumed after the first change: every later change, the same events, none missing
  const resumed = [];
  for await (const e of junction.statusStream(swap, { lastEventId: changes[0].event })) resumed.push(e);
  // (a swap already DONE when the first stream opened may show one change only: then nothing comes after it)
  const later = resumed.filter((e) => e.sequence > changes[0].sequence).map((e) => e.event);
  assert.deepEqual(later, changes.slice(1).map((e) => e.event), JSON.stringify(resumed.map((e) => e.sequence)));
  const refused = await (async () => {
    for await (const e of junction.statusStream({ txHash: "0x12", fromChainId: 1 })) assert.fail(String(e));
  })().catch((e) => e);
  assert.ok(refused instanceof JunctionError, String(refused));
  assert.deepEqual([refused.code, refused.param, refused.status], [1002, "txHash", 400]);
});

test("webhooks: create, list, signed deliveries of a watched swap, deliveries, delete", async () => {
  const received = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => { body += chunk; });
    request.on("end", () => {
      received.push({ signature: request.headers["junction-signature"], event: request.headers["junction-event"],
        body });
      response.writeHead(204).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${receiver.address().port}/junction`;
    const hook = await junction.webhooks.create({ url, description: "sandbox test" });
    assert.match(hook.id, /^wh_[0-9a-f]{32}$/);
    assert.match(hook.secret, /^whsec_[0-9a-f]{64}$/);
    assert.equal(hook.ping.delivered, true);
    assert.ok((await junction.webhooks.list()).some((w) => w.id === hook.id && w.url === url && !("secret" in w)));
    const swap = await gaslessSwap();
    const watch = await junction.watchStatus(swap);
    assert.deepEqual([watch.txHash, watch.fromChainId], [swap.txHash, swap.fromChainId]);
    await waitForStatus(junction, swap, { timeoutMs: 120_000 });
    let delivered = [];
    for (let i = 0; i < 100 && !delivered.some((d) => d.status === "DONE" && d.state === "DELIVERED"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      delivered = (await junction.webhooks.deliveries(hook.id, { limit: 500 })).filter((d) => d.txHash === swap.txHash);
    }
    const last = delivered.find((d) => d.status === "DONE");
    assert.equal(last?.state, "DELIVERED", JSON.stringify(delivered));
    assert.deepEqual((await junction.webhooks.deliveries(hook.id, { state: "DEAD" })), []);
    const push = received.find((r) => r.event === last.event);
    assert.ok(push !== undefined, "the receiver got the DONE event");
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(push.signature);
    assert.equal(createHmac("sha256", hook.secret).update(`${t}.${push.body}`).digest("hex"), v1);
    assert.equal(JSON.parse(push.body).status, "DONE");
    assert.deepEqual(await junction.webhooks.delete(hook.id), { id: hook.id, deleted: true });
    assert.ok(!(await junction.webhooks.list()).some((w) => w.id === hook.id));
    const gone = await junction.webhooks.deliveries(hook.id).catch((e) => e);
    assert.ok(gone instanceof JunctionError, String(gone));
    assert.deepEqual([gone.code, gone.param, gone.status], [1013, "id", 404]);
  } finally {
    receiver.close();
  }
});

test("the calldata reader and selectors agree with the router's ABI", () => {
  const abi = JSON.parse(readFileSync(new URL("../../../contracts/abi/JunctionRouter.json", import.meta.url), "utf8"));
  const router = new Interface(abi);
  assert.equal(router.getFunction("executeRoute").selector, EXECUTE_ROUTE);
  assert.equal(router.getFunction("executeRouteWithPermit").selector, EXECUTE_ROUTE_WITH_PERMIT);
  const params = [`0x${"01".repeat(32)}`, ARB_USDC, 123456789012345678901234567890n, ARB_WETH, 5n, WALLET, 1795000000n,
    20, WALLET, 0, "0xdeadbeef", 1n, WALLET];
  const steps = [[0, WALLET, ARB_USDC, ARB_WETH, 5n, "0x"]];
  const data = router.encodeFunctionData("executeRoute", [params, steps]);
  assert.deepEqual(routeInput(data), { inputToken: ARB_USDC.toLowerCase(), amountIn: params[2], acquisitionMode: 0 });
  const permit = [WALLET, 1n, 2n, "0x1234"];
  const relayed = router.encodeFunctionData("executeRouteWithPermit", [[...params.slice(0, 9), 3, "0x", 0n, WALLET], steps,
    permit]);
  assert.equal(routeInput(relayed).acquisitionMode, 3);
});

test("every operation of the document was exercised and conformed", () => {
  const operations = Object.entries(api.doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
  const exercised = new Set(checked.seen.map((s) => s.split(" ").slice(0, 2).join(" ")));
  assert.deepEqual(operations.filter((o) => !exercised.has(o)), []);
});
