// The playground in Debian's Chromium against a running Junction (JUNCTION_URL), as a person uses it: the page loads
// with every asset from Junction, a quote for a real pair shows routes with their steps, a bad amount shows the API's
// message next to Amount, a route's calldata is decoded, and a gasless swap is signed in the page (test key),
// submitted and followed on /status until DONE. Screenshots of each state go to SCREENSHOTS (default
// ../target/playground-screenshots). Run by dev.junction.api.web.PlaygroundBrowserTest from `./mvnw verify`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launch } from './browser.mjs';

const BASE = process.env.JUNCTION_URL ?? 'http://127.0.0.1:8080';
const SHOTS = process.env.SCREENSHOTS ?? path.resolve(import.meta.dirname, '../../target/playground-screenshots');
const SENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'; // the page's test key (anvil account 2, funded by bin/local-chains up)

let browser;
let page;
const requests = [];
const pageErrors = [];

const shot = (name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
const api = async (pathAndQuery) => (await fetch(BASE + pathAndQuery)).json();

async function pick(side, chainId, symbol) {
  await page.getByLabel(`${side} chain`, { exact: true }).selectOption(String(chainId));
  await page.getByLabel(`Search ${side.toLowerCase()} token`).fill(symbol);
  await page.waitForFunction(([id, s]) => document.getElementById(id).selectedOptions[0]?.text.startsWith(s + ' '),
    [`${side.toLowerCase()}Token`, symbol]);
}

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType() }));
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

after(async () => {
  await browser?.close();
});

test('the page loads at / with every control labelled and every asset served by Junction', async () => {
  const response = await page.goto(BASE + '/');
  assert.equal(response.status(), 200);
  assert.match(page.url(), /\/playground\/$/);
  await page.waitForFunction(() => document.getElementById('fromToken').options.length > 0
    && document.getElementById('toToken').options.length > 0);
  for (const label of ['From chain', 'From token', 'To chain', 'To token', 'Amount', 'Sender', 'Receiver (optional)',
    'Ranking mode', 'Acquisition mode', 'Slippage (%)', 'Integrator fee (bps)', 'Include providers',
    'Exclude providers', 'Allow multi-bridge routes', 'API key', 'Transaction hash', 'Source chain id']) {
    assert.equal(await page.getByLabel(label, { exact: true }).count(), 1, `one control labelled "${label}"`);
  }
  // the chains and providers are the discovery endpoints' own
  const { data: { chains } } = await api('/chains');
  assert.equal(await page.locator('#fromChain option').count(), chains.length);
  assert.equal(await page.locator('#fromChain').inputValue(), '1');
  assert.match(await page.locator('#fromToken option:checked').innerText(), /^USDC /);
  assert.match(await page.locator('#amount-base').innerText(), /= 1000000000 base units of USDC \(6 decimals\)/);
  // offline: scripts, styles and data come from Junction (only <img> logos point where the market data links)
  const origin = new URL(BASE).origin;
  const foreign = requests.filter((r) => new URL(r.url).origin !== origin && !r.url.startsWith('data:')
    && r.type !== 'image');
  assert.deepEqual(foreign, []);
  assert.ok(requests.some((r) => r.url.endsWith('/playground/vendor/ethers.min.js')));
  assert.deepEqual(pageErrors, []);
  await shot('01-loaded');
});

test('a bad amount shows the API\'s code and message next to Amount', async () => {
  const { message } = await api(`/quote?fromChain=1&toChain=42161&fromToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`
    + `&toToken=0x82aF49447D8a07e3bd95BD0d56f35241523fBab1&amount=0&sender=${SENDER}`);
  await page.getByLabel('Amount', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Get routes' }).click();
  const error = page.locator('#err-amount');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.innerText(), /^1004 /);
  assert.ok((await error.innerText()).includes(message), `"${await error.innerText()}" includes "${message}"`);
  assert.equal(await page.getByLabel('Amount', { exact: true }).getAttribute('aria-invalid'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'amount', 'focus moves to the field to fix');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('02-bad-amount');
});

test('a quote for a real pair shows ranked routes, each a row of steps, the best one with its reason', async () => {
  await pick('To', 42161, 'WETH');
  const amount = page.getByLabel('Amount', { exact: true });
  await amount.fill('2500');
  await amount.press('Enter'); // the keyboard submits the form
  await page.locator('article.route').first().waitFor();
  assert.ok(await page.locator('#err-amount').isHidden());
  const routes = JSON.parse(await page.locator('#routes-tools details.raw pre').textContent());
  assert.ok(routes.length >= 1);
  assert.equal(await page.locator('article.route').count(), routes.length);
  assert.equal(routes[0].amount, '2500000000');
  const best = page.locator('article.route.best');
  assert.equal(await best.count(), 1);
  assert.match(await best.locator('.best-badge').innerText(), /Best for max_value/);
  assert.match(await best.locator('.reason').innerText(), /highest output value after gas: \$/);
  // each route: its first input, then per step the provider and where the output lands
  for (let i = 0; i < routes.length; i++) {
    const card = page.locator('article.route').nth(i);
    assert.equal(await card.locator('.steps > li .edge').count(), routes[i].path.length);
    const text = await card.locator('.steps').innerText();
    assert.match(text, /Ethereum/);
    assert.match(text, /Arbitrum/);
    assert.match(text, /WETH/);
  }
  const first = routes[0];
  assert.match(await best.locator('.metrics').innerText(), /Output\s+[\d.,]+ WETH \$/);
  assert.match(await best.locator('.metrics').innerText(), /Minimum\s+[\d.,]+ WETH/);
  assert.match(await best.locator('.metrics').innerText(), /Time\s+\d/);
  assert.ok(first.path.some((s) => s.stepType === 'bridge'));
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.getElementById('request').scrollTop = 0;
  });
  await shot('03-routes');
});

test('building a route shows its calldata decoded step by step beside the raw Tx and the curl', async () => {
  const routes = JSON.parse(await page.locator('#routes-tools details.raw pre').textContent());
  await page.getByRole('button', { name: 'Build route 1' }).click();
  await page.locator('.decoded-step').first().waitFor();
  assert.match(await page.locator('.decoded code.fn').first().innerText(), /^executeRoute\(RouteParams params, Step\[\] steps\)/);
  assert.equal(await page.locator('.decoded-step').count(), routes[0].path.length);
  const decoded = await page.locator('.decoded').innerText();
  assert.match(decoded, /amountIn\s+uint256\s+2500000000/);
  assert.match(decoded, new RegExp(`receiver\\s+address\\s+${SENDER}`));
  // the adapter each provider runs through, as named by the decoder (contracts/src/adapters)
  const ADAPTER = [[/^uniswap-v2/, 'Uniswap V2 adapter'], [/^uniswap-v3/, 'Uniswap V3 adapter'],
    [/^curve/, 'Curve StableSwap adapter'], [/^across/, 'Across adapter'], [/^(cctp|circle)/, 'CCTP adapter']];
  for (let i = 0; i < routes[0].path.length; i++) {
    const planned = routes[0].path[i];
    const step = page.locator('.decoded-step').nth(i);
    const text = await step.innerText();
    // the Step's own fields, decoded from the calldata, are the planned step's
    assert.match(text, new RegExp(`kind\\s+uint8\\s+${planned.stepType}`));
    assert.match(text, new RegExp(`tokenIn\\s+address\\s+${planned.fromToken.address}`, 'i'));
    assert.match(text, new RegExp(`tokenOut\\s+address\\s+${planned.toToken.address}`, 'i'));
    assert.match(text, /minAmountOut\s+uint256\s+[1-9]\d*/);
    // its data is decoded per adapter layout (or as the provider's own call), never left as raw bytes
    assert.equal(await step.locator('.raw').count(), 0, `step ${i} (${planned.provider.name}) data decoded`);
    const fn = await step.locator('.call .fn code').first().innerText();
    const adapter = ADAPTER.find(([key]) => key.test(planned.provider.name))?.[1];
    if (adapter) {
      assert.ok(fn.startsWith(`${adapter} data: `), `step ${i} (${planned.provider.name}): "${fn}"`);
      assert.match(text, new RegExp(`adapter\\s+address\\s+0x[0-9a-fA-F]{40}\\s+\\(${adapter}\\)`));
    } else {
      assert.match(fn, /^\w+\(/, `step ${i} (${planned.provider.name}): the provider's own call`);
    }
    if (adapter === 'Uniswap V3 adapter') assert.match(text, /fee\s+uint24\s+(100|500|3000|10000)\b/);
    if (adapter === 'Across adapter' || adapter === 'CCTP adapter') {
      assert.match(text, new RegExp(`destinationChainId\\s+uint256\\s+${planned.toChain}\\b`));
    }
  }
  const tx = await page.locator('table.tx').innerText();
  assert.match(tx, /data\s+0x660e85cf/); // executeRoute((…,fallbackAddress),(…)[])
  assert.match(await page.locator('#build pre.curl').innerText(), /^curl -s -X POST '.*\/build-path' .*"pathId":"/);
  assert.equal(await page.getByRole('button', { name: 'Copy curl' }).count(), 2);
  await shot('04-build');
});

test('a gasless swap: typed data, signed in the page with the labelled test key, submitted, followed to DONE',
  { timeout: 120_000 }, async () => {
    await pick('From', 42161, 'USDC');
    await pick('To', 42161, 'WETH');
    await page.getByLabel('Amount', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Gasless quote' }).click();
    const typed = page.locator('pre.typed-data');
    await typed.waitFor();
    const eip712 = JSON.parse(await typed.textContent());
    assert.equal(eip712.primaryType, 'PermitWitnessTransferFrom', 'the page\'s default gasless mode: 3 (witness)');
    assert.equal(eip712.domain.name, 'Permit2');
    assert.equal(eip712.domain.chainId, 42161);
    assert.equal(eip712.message.permitted.amount, '100000000');
    assert.match(await page.locator('.signer.test-key .warning').innerText(), /TEST KEY/);
    assert.match(await page.locator('#testKey-address').innerText(), new RegExp(SENDER));
    // the one-time Permit2 approval is offered (the sandbox does not check it: local chains do)
    assert.equal(await page.getByLabel(/^RPC URL of Arbitrum \(42161\)$/).count(), 1);
    assert.equal(await page.getByRole('button', { name: 'Approve Permit2' }).count(), 1);
    await shot('05-gasless-quote');
    await page.getByRole('button', { name: 'Sign permit' }).click();
    await page.locator('pre.signature').waitFor();
    assert.match(await page.locator('pre.signature').innerText(), /^0x[0-9a-f]{130}$/);
    await page.getByRole('button', { name: 'Submit swap' }).click();
    const status = page.locator('#status-body .status-line');
    await status.waitFor();
    assert.ok(await page.getByRole('button', { name: 'Submit swap' }).isDisabled(), 'a submitted quote is spent');
    await page.waitForFunction(() => document.querySelector('#status-body .status-line')?.dataset.status === 'DONE',
      null, { timeout: 90_000 });
    assert.match(await page.locator('#status-body').innerText(), /Source on Arbitrum: 0x[0-9a-f]{64}/);
    assert.equal(await page.locator('#status-body .stage.done').count(),
      await page.locator('#status-body .stage').count());
    assert.match(await page.locator('#status-body').innerText(), /Received [\d.,]+ WETH/);
    // the panel followed the swap on the status stream, never by polling GET /status
    const statusPaths = requests.map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/status'));
    assert.ok(statusPaths.includes('/status/stream'), `status requests: ${statusPaths}`);
    assert.ok(!statusPaths.includes('/status'), `status requests: ${statusPaths}`);
    await page.locator('#status').scrollIntoViewIfNeeded();
    await shot('06-status-done');
    assert.deepEqual(pageErrors, []);
  });

test('with a browser wallet (EIP-1193) the page signs through eth_signTypedData_v4 and the service accepts it',
  { timeout: 120_000 }, async () => {
    // an EIP-1193 wallet backed by a real key: it signs exactly the payload the page sends, as MetaMask would
    const { Wallet } = await import('ethers');
    const wallet = Wallet.createRandom();
    const calls = [];
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.exposeFunction('__walletRequest', async (method, params) => {
      calls.push(method);
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [wallet.address];
      if (method === 'eth_signTypedData_v4') {
        assert.equal(params[0], wallet.address);
        const payload = JSON.parse(params[1]);
        assert.deepEqual(payload.types.EIP712Domain.map((f) => f.name), ['name', 'chainId', 'verifyingContract']);
        const { EIP712Domain, ...types } = payload.types;
        assert.ok(types[payload.primaryType], 'primaryType is one of the types');
        return wallet.signTypedData(payload.domain, types, payload.message);
      }
      throw new Error(`unexpected wallet method ${method}`);
    });
    await context.addInitScript(() => {
      window.ethereum = { request: ({ method, params }) => window.__walletRequest(method, params ?? []) };
    });
    const walletPage = await context.newPage();
    walletPage.on('pageerror', (e) => pageErrors.push(e.message));
    try {
      await walletPage.goto(BASE + '/playground/');
      await walletPage.waitForFunction((a) => document.getElementById('sender').value === a, wallet.address);
      await walletPage.getByLabel('From chain', { exact: true }).selectOption('42161');
      await walletPage.getByLabel('Search from token').fill('USDC');
      await walletPage.getByLabel('To chain', { exact: true }).selectOption('42161');
      await walletPage.getByLabel('Search to token').fill('WETH');
      await walletPage.waitForFunction(() => document.getElementById('toToken').selectedOptions[0]?.text.startsWith('WETH '));
      await walletPage.getByLabel('Amount', { exact: true }).fill('50');
      await walletPage.getByRole('button', { name: 'Gasless quote' }).click();
      await walletPage.locator('pre.typed-data').waitFor();
      assert.match(await walletPage.locator('.signer.wallet').innerText(), /browser wallet/);
      assert.equal(await walletPage.locator('#testKey').count(), 0, 'no test key when a wallet is present');
      await walletPage.getByRole('button', { name: 'Sign permit' }).click();
      await walletPage.locator('pre.signature').waitFor();
      assert.match(await walletPage.locator('#signature-out').innerText(), new RegExp(`Signature by ${wallet.address}`));
      await walletPage.getByRole('button', { name: 'Submit swap' }).click();
      await walletPage.locator('#status-body .status-line').waitFor();
      assert.ok(await walletPage.locator('#err-signature').isHidden(), await walletPage.locator('#err-signature').innerText());
      assert.match(await walletPage.locator('#status-body .status-line').getAttribute('data-status'),
        /^(PENDING|DONE)$/);
      assert.ok(calls.includes('eth_signTypedData_v4'));
      await walletPage.screenshot({ path: path.join(SHOTS, '07-wallet-signed.png') });
    } finally {
      await context.close();
    }
  });

test('a call after the swap: pasted calldata, gas limit and fallback reach the build, the API\'s errors show at '
  + 'their field, and the sandbox\'s gasless executor says plainly that it runs no call (1002)', async () => {
  const { Interface } = await import('ethers');
  const VAULT = '0x00000000000000000000000000000000000b0a17';
  const FALLBACK = '0x0000000000000000000000000000000000fa11ba';
  await pick('From', 1, 'USDC');
  await pick('To', 42161, 'WETH');
  await page.getByLabel('Amount', { exact: true }).fill('2000');
  const weth = await page.locator('#toToken').inputValue();
  const call = new Interface(['function depositAllowance(address token, address beneficiary)'])
    .encodeFunctionData('depositAllowance', [weth, '0x00000000000000000000000000000000000BEEF1']);
  await page.getByLabel('Receiver (optional)', { exact: true }).fill(VAULT);
  // pasted over two lines: the page drops the whitespace a paste brings
  await page.getByLabel('Destination call data', { exact: true }).fill(`${call.slice(0, 42)}\n  ${call.slice(42)}`);
  const query = `/build-best-path?fromChain=1&toChain=42161&fromToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`
    + `&toToken=${weth}&amount=2000000000&sender=${SENDER}&receiver=${VAULT}&destinationCallData=${call}`;

  // no gas limit: the API's 1001 under the gas limit field, which gets the focus
  const noGas = await api(query);
  assert.equal(noGas.code, 1001);
  await page.getByRole('button', { name: 'Build best route' }).click();
  const gasError = page.locator('#err-destinationGasLimit');
  await gasError.waitFor({ state: 'visible' });
  assert.equal(await gasError.innerText(), `1001 ${noGas.message}`);
  assert.equal(await page.getByLabel('Destination call gas limit').getAttribute('aria-invalid'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'destinationGasLimit');

  // the zero address as fallback: 1003 under the fallback field
  await page.getByLabel('Destination call gas limit').fill('200000');
  await page.getByLabel('Fallback address (optional)').fill('0x0000000000000000000000000000000000000000');
  const zero = await api(`${query}&destinationGasLimit=200000&fallbackAddress=0x0000000000000000000000000000000000000000`);
  assert.equal(zero.code, 1003);
  await page.getByRole('button', { name: 'Build best route' }).click();
  const fallbackError = page.locator('#err-fallbackAddress');
  await fallbackError.waitFor({ state: 'visible' });
  assert.equal(await fallbackError.innerText(), `1003 ${zero.message}`);
  assert.ok(await gasError.isHidden());

  // valid: the build carries the call, its gas limit and the fallback into RouteParams (decoded from the calldata)
  await page.getByLabel('Fallback address (optional)').fill(FALLBACK);
  await page.getByRole('button', { name: 'Build best route' }).click();
  await page.waitForFunction(() => /destinationCallData/.test(document.querySelector('.decoded')?.innerText ?? ''));
  assert.ok(await fallbackError.isHidden(), await fallbackError.innerText());
  const decoded = await page.locator('.decoded').innerText();
  assert.match(decoded, new RegExp(`destinationCallData\\s+bytes\\s+${call}\\b`, 'i'));
  assert.match(decoded, /destinationGasLimit\s+uint256\s+200000\b/);
  assert.match(decoded, new RegExp(`fallbackAddress\\s+address\\s+${FALLBACK}\\b`, 'i'));
  assert.match(decoded, new RegExp(`receiver\\s+address\\s+${VAULT}\\b`, 'i'));
  const curlText = await page.locator('#build pre.curl').innerText();
  assert.ok(curlText.includes(`destinationCallData=${call}&destinationGasLimit=200000&fallbackAddress=${FALLBACK}`),
    curlText);
  await page.locator('#build').scrollIntoViewIfNeeded();
  await shot('08-call-build');

  // a gasless swap with a call: the sandbox's executor runs no call, 1002 at the call data with what to do instead
  const gasless = await api(`/gasless/quote?fromChain=1&toChain=42161&fromToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`
    + `&toToken=${weth}&amount=2000000000&sender=${SENDER}&receiver=${VAULT}&destinationCallData=${call}`
    + `&destinationGasLimit=200000&fallbackAddress=${FALLBACK}&acquisitionMode=3`);
  assert.equal(gasless.code, 1002, JSON.stringify(gasless));
  await page.getByRole('button', { name: 'Gasless quote' }).click();
  const callError = page.locator('#err-destinationCallData');
  await callError.waitFor({ state: 'visible' });
  const shown = await callError.innerText();
  assert.ok(shown.startsWith(`1002 ${gasless.message}`), shown);
  assert.match(shown, /sandbox runs no destination call/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'destinationCallData');
  await shot('09-call-sandbox-1002');
  assert.deepEqual(pageErrors, []);
});
