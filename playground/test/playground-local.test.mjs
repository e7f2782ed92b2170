// The playground in Debian's Chromium against Junction in chain mode on the local anvil chains (bin/local-chains up):
// gasless swaps quoted, approved, signed and submitted in the page, then followed on /status until DONE, checked on
// the chains themselves. First with the page's labelled test key (anvil account 2, which up funds): the page sends
// the Permit2 approval to the chain's RPC URL typed into it; then with a browser wallet, a window.ethereum whose
// requests go to anvil (anvil's unlocked dev account 5 signs eth_signTypedData_v4 and eth_sendTransaction), as
// MetaMask connected to the local chains would. (Junction's relayer runs same-chain gasless swaps only: a cross-chain
// gasless quote is refused with 3001 naming toChain.) Needs JUNCTION_URL and UP_JSON (the up.json of bin/local-chains up);
// screenshots go to SCREENSHOTS. Run by dev.junction.LocalChainsWalkTest from `./mvnw verify`. The third test pastes a
// destination call into the page (issue 39): a gasless swap into the repository's test-only vault, COMPLETED, then a
// call the vault refuses, DESTINATION_CALL_FAILED with the fallback address and what it received, checked on the chain.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Contract, ContractFactory, JsonRpcProvider, Wallet, parseEther, toQuantity } from 'ethers';
import { launch } from './browser.mjs';

const BASE = process.env.JUNCTION_URL;
const UP = JSON.parse(fs.readFileSync(process.env.UP_JSON, 'utf8'));
const SHOTS = process.env.SCREENSHOTS ?? path.resolve(import.meta.dirname, '../../target/playground-screenshots');
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const WALLET_ACCOUNT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'; // anvil dev account 5: unlocked, unused by up
const ERC20 = ['function approve(address,uint256) returns (bool)', 'function mint(address,uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)', 'function allowance(address,address) view returns (uint256)'];
const MAX = 2n ** 256n - 1n;

const provider = (chainId) => new JsonRpcProvider(UP.chains[chainId].rpc, Number(chainId),
  { staticNetwork: true, cacheTimeout: -1, pollingInterval: 250 });
const token = (chainId, symbol, runner = provider(chainId)) => new Contract(UP.chains[chainId].tokens[symbol], ERC20, runner);

let browser;
const pageErrors = [];

async function open(context) {
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(BASE + '/playground/');
  await page.waitForFunction(() => document.getElementById('fromToken').options.length > 0);
  return page;
}

async function pick(page, side, chainId, symbol) {
  await page.getByLabel(`${side} chain`, { exact: true }).selectOption(String(chainId));
  await page.getByLabel(`Search ${side.toLowerCase()} token`).fill(symbol);
  await page.waitForFunction(([id, s]) => document.getElementById(id).selectedOptions[0]?.text.startsWith(s + ' '),
    [`${side.toLowerCase()}Token`, symbol]);
}

/** The status panel at DONE; answers the /status JSON the page shows. */
async function untilDone(page, timeout) {
  await page.waitForFunction(() => ['DONE', 'FAILED', 'REFUNDED', 'EXPIRED']
    .includes(document.querySelector('#status-body .status-line')?.dataset.status), null, { timeout });
  const status = JSON.parse(await page.locator('#status-body details.raw pre').textContent());
  assert.equal(status.status, 'DONE', JSON.stringify(status));
  assert.equal(await page.locator('#status-body .stage.done').count(), await page.locator('#status-body .stage').count());
  return status;
}

before(async () => {
  assert.ok(BASE, 'JUNCTION_URL');
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

test('test key: the page approves Permit2, signs, submits and follows a gasless swap to DONE', { timeout: 300_000 },
  async () => {
    const owner = new Wallet(UP.account.privateKey, provider('42161'));
    // the test key starts without a Permit2 allowance for Arbitrum USDC (also when this test runs again)
    await (await token('42161', 'USDC', owner).approve(PERMIT2, 0n)).wait();
    const wethBefore = await token('42161', 'WETH').balanceOf(owner.address);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await open(context);
      assert.equal(await page.getByLabel('Sender', { exact: true }).inputValue(), owner.address);
      await pick(page, 'From', 42161, 'USDC');
      await pick(page, 'To', 42161, 'WETH');
      await page.getByLabel('Amount', { exact: true }).fill('100');
      await page.getByLabel('Acquisition mode', { exact: true }).selectOption('3');
      await page.getByRole('button', { name: 'Gasless quote' }).click();
      await page.locator('pre.typed-data').waitFor();
      const item = JSON.parse(await page.locator('#gasless-tools details.raw pre').textContent());
      assert.equal(item.eip712.primaryType, 'PermitWitnessTransferFrom');
      assert.equal(item.eip712.domain.chainId, 42161);
      assert.equal(item.eip712.domain.verifyingContract, PERMIT2);
      assert.equal(item.eip712.message.permitted.amount, '100000000');
      assert.match(await page.locator('.signer.test-key .warning').innerText(), /TEST KEY/);

      await page.getByRole('button', { name: 'Sign permit' }).click();
      await page.locator('pre.signature').waitFor();
      assert.match(await page.locator('#signature-out').innerText(), new RegExp(`Signature by ${owner.address}`));
      // submitted before the approval: the chain's answer, 4010 naming the owner, with what to do
      await page.getByRole('button', { name: 'Submit swap' }).click();
      const refused = page.locator('#err-signature');
      await refused.waitFor({ state: 'visible' });
      assert.match(await refused.innerText(), /^4010 /);
      assert.match(await refused.innerText(), new RegExp(`owner ${owner.address}`, 'i'));
      assert.match(await refused.innerText(), /Approve Permit2 above \(or fund the owner\), then submit again\./);
      assert.ok(await page.getByRole('button', { name: 'Submit swap' }).isEnabled(), 'a refused swap may be resubmitted');
      const rpc = page.getByLabel('RPC URL of Arbitrum One (42161)', { exact: true });
      assert.equal(await page.evaluate(() => document.activeElement.id), 'rpcUrl', 'focus moves to what to fill');
      await page.locator('.approve').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, '11-local-needs-approval.png') });

      // the page's approval: a wrong RPC URL is named, the right one reads and approves
      await rpc.fill(UP.chains['8453'].rpc);
      await page.getByRole('button', { name: 'Check allowance' }).click();
      await page.locator('#err-approve').waitFor({ state: 'visible' });
      assert.match(await page.locator('#err-approve').innerText(), /serves chain 8453, not 42161/);
      assert.equal(await rpc.getAttribute('aria-invalid'), 'true');
      await rpc.fill(UP.chains['42161'].rpc);
      await page.getByRole('button', { name: 'Check allowance' }).click();
      await page.locator('.permit2-state[data-enough="false"]').waitFor();
      assert.match(await page.locator('.permit2-state').innerText(), /Permit2 allowance 0 USDC — below the 100 USDC/);
      // by keyboard: from the RPC URL, Tab reaches Approve Permit2, Enter approves, and focus moves on to Submit
      await rpc.focus();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Approve Permit2');
      await page.keyboard.press('Enter');
      await page.locator('.approved').waitFor({ timeout: 60_000 });
      assert.equal(await page.evaluate(() => document.activeElement.id), 'submit');
      assert.match(await page.locator('.permit2-state').innerText(),
        /balance [\d,.]+ USDC, Permit2 allowance unlimited — enough for this swap\./);
      assert.equal(await token('42161', 'USDC').allowance(owner.address, PERMIT2), MAX);
      await page.screenshot({ path: path.join(SHOTS, '12-local-approved.png') });

      await page.keyboard.press('Enter'); // Submit swap, focused
      await page.locator('#status-body .status-line').waitFor();
      assert.ok(await page.locator('#err-signature').isHidden(), await page.locator('#err-signature').innerText());
      const status = await untilDone(page, 180_000);
      const shown = await page.locator('#status-body').innerText();
      assert.match(shown, new RegExp(`Source on Arbitrum One[^:]*: ${status.srcTxDetails.txHash}`));
      assert.match(shown, /Received [\d.,]+ WETH/);
      assert.doesNotMatch(shown, /Destination/, 'a same-chain swap has no destination transaction');
      // on the chain: the executor's transaction is mined and the owner received at least the signed minimum
      const receipt = await provider('42161').getTransactionReceipt(status.srcTxDetails.txHash);
      assert.equal(receipt.status, 1);
      const received = (await token('42161', 'WETH').balanceOf(owner.address)) - wethBefore;
      assert.ok(received >= BigInt(item.quote.amountOutMin), `received ${received} >= ${item.quote.amountOutMin}`);
      assert.equal(received, BigInt(status.toAsset.amount), 'the status reports what the chain delivered');
      await page.locator('#status').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, '13-local-gasless-done.png') });
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

test('browser wallet on anvil: the wallet approves Permit2 and signs eth_signTypedData_v4, swap to DONE',
  { timeout: 300_000 }, async () => {
    // the wallet's account holds USDC on Base (minted by the test key, a minter of every test token), nothing approved
    const funder = new Wallet(UP.account.privateKey, provider('8453'));
    await (await token('8453', 'USDC', funder).mint(WALLET_ACCOUNT, 500_000000n)).wait();
    const wethBefore = await token('8453', 'WETH').balanceOf(WALLET_ACCOUNT);
    const calls = [];
    let chainId = 1;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.exposeFunction('__wallet', async (method, params) => {
      calls.push(method);
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [WALLET_ACCOUNT];
      if (method === 'eth_chainId') return toQuantity(chainId);
      if (method === 'wallet_switchEthereumChain') {
        const wanted = Number(BigInt(params[0].chainId));
        if (!UP.chains[wanted]) throw new Error(`Unrecognized chain ID ${params[0].chainId}`);
        chainId = wanted;
        return null;
      }
      // everything else as the wallet's node answers it: anvil, whose dev accounts are unlocked
      const response = await fetch(UP.chains[chainId].rpc, { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: calls.length, method, params }) });
      const body = await response.json();
      if (body.error) throw new Error(body.error.message);
      return body.result;
    });
    await context.addInitScript(() => {
      window.ethereum = { request: ({ method, params }) => window.__wallet(method, params ?? []) };
    });
    try {
      const page = await open(context);
      await page.waitForFunction((a) => document.getElementById('sender').value === a, WALLET_ACCOUNT);
      await pick(page, 'From', 8453, 'USDC');
      await pick(page, 'To', 8453, 'WETH');
      await page.getByLabel('Amount', { exact: true }).fill('200');
      await page.getByLabel('Acquisition mode', { exact: true }).selectOption('2');
      await page.getByRole('button', { name: 'Gasless quote' }).click();
      await page.locator('pre.typed-data').waitFor();
      const item = JSON.parse(await page.locator('#gasless-tools details.raw pre').textContent());
      assert.equal(item.eip712.domain.chainId, 8453);
      assert.equal(item.eip712.primaryType, 'PermitTransferFrom', 'acquisition mode 2 as chosen');
      assert.match(await page.locator('.signer.wallet').innerText(), /browser wallet/);
      assert.equal(await page.locator('#testKey, #rpcUrl').count(), 0, 'no test key and no RPC URL with a wallet');

      await page.getByRole('button', { name: 'Approve Permit2' }).click();
      await page.locator('.approved').waitFor({ timeout: 60_000 });
      assert.equal(chainId, 8453, 'the page switched the wallet to the quote\'s chain');
      assert.equal(await token('8453', 'USDC').allowance(WALLET_ACCOUNT, PERMIT2), MAX);
      await page.getByRole('button', { name: 'Sign permit' }).click();
      await page.locator('pre.signature').waitFor();
      assert.match(await page.locator('#signature-out').innerText(), new RegExp(`Signature by ${WALLET_ACCOUNT}`));
      await page.getByRole('button', { name: 'Submit swap' }).click();
      await page.locator('#status-body .status-line').waitFor();
      assert.ok(await page.locator('#err-signature').isHidden(), await page.locator('#err-signature').innerText());
      const status = await untilDone(page, 180_000);
      const shown = await page.locator('#status-body').innerText();
      assert.match(shown, new RegExp(`Source on Base[^:]*: ${status.srcTxDetails.txHash}`));
      assert.match(shown, /Received [\d.,]+ WETH/);
      assert.equal((await provider('8453').getTransactionReceipt(status.srcTxDetails.txHash)).status, 1);
      const received = (await token('8453', 'WETH').balanceOf(WALLET_ACCOUNT)) - wethBefore;
      assert.ok(received >= BigInt(item.quote.amountOutMin), `received ${received} >= ${item.quote.amountOutMin}`);
      assert.equal(received, BigInt(status.toAsset.amount), 'the status reports what the chain delivered');
      for (const m of ['wallet_switchEthereumChain', 'eth_sendTransaction', 'eth_signTypedData_v4']) {
        assert.ok(calls.includes(m), `the page called ${m}`);
      }
      await page.locator('#status').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, '14-local-wallet-done.png') });
      assert.deepEqual(pageErrors, []);
    } finally {
      await context.close();
    }
  });

test('a call after the swap: pasted calldata into a vault, COMPLETED; a refused call, DESTINATION_CALL_FAILED with '
  + 'the fallback address and its amount', { timeout: 400_000 }, async () => {
  const arb = provider('42161');
  const owner = new Wallet(UP.account.privateKey, arb);
  await (await token('42161', 'USDC', owner).approve(PERMIT2, MAX)).wait();
  // the repository's test-only vault (contracts/test/support/TestOnlyVault.sol), deployed by a fresh account
  const artifact = JSON.parse(execFileSync('node', ['scripts/test-artifact.mjs', 'test/support/TestOnlyVault.sol',
    'TestOnlyVault'], { cwd: path.resolve(import.meta.dirname, '../../contracts'), encoding: 'utf8' }));
  const deployer = Wallet.createRandom(arb);
  await arb.send('anvil_setBalance', [deployer.address, toQuantity(parseEther('1'))]);
  const vault = await new ContractFactory(artifact.abi, artifact.bytecode, deployer).deploy();
  await vault.waitForDeployment();
  const vaultAddress = await vault.getAddress();
  const weth = UP.chains['42161'].tokens.WETH;
  const beneficiary = Wallet.createRandom().address;
  const fallback = Wallet.createRandom().address;
  const context = await browser.newContext({ viewport: { width: 1440, height: 1100 } });
  try {
    const page = await open(context);
    await pick(page, 'From', 42161, 'USDC');
    await pick(page, 'To', 42161, 'WETH');
    await page.getByLabel('Amount', { exact: true }).fill('150');
    await page.getByLabel('Acquisition mode', { exact: true }).selectOption('3');
    await page.getByLabel('Receiver (optional)', { exact: true }).fill(vaultAddress);
    await page.getByLabel('Fallback address (optional)', { exact: true }).fill(fallback);

    /** Quote, sign with the test key and submit with `call`; answers the final /status and the quote item. */
    const swap = async (call, gas) => {
      await page.getByLabel('Destination call data', { exact: true }).fill(call);
      await page.getByLabel('Destination call gas limit', { exact: true }).fill(String(gas));
      const raw = '#gasless-tools details.raw pre';
      const previous = await page.locator(raw).count() ? await page.locator(raw).textContent() : '';
      await page.getByRole('button', { name: 'Gasless quote' }).click();
      await page.waitForFunction(([sel, was]) => (document.querySelector(sel)?.textContent ?? was) !== was
        || [...document.querySelectorAll('.error')].some((e) => !e.hidden), [raw, previous]);
      const errors = await page.locator('.error:visible').allInnerTexts();
      assert.deepEqual(errors, [], 'the gasless quote with the call is accepted');
      const item = JSON.parse(await page.locator('#gasless-tools details.raw pre').textContent());
      // the witness binds the call's fallback address
      assert.match(JSON.stringify(item.eip712.message), new RegExp(fallback, 'i'));
      assert.match(await page.locator('#gasless-body .metrics').innerText(), /Call after the swap/);
      await page.getByRole('button', { name: 'Sign permit' }).click();
      await page.locator('pre.signature').waitFor();
      const previousHash = await page.locator('#txHash').inputValue();
      await page.getByRole('button', { name: 'Submit swap' }).click();
      // the page tracks the new swap (and clears the previous one's status) once submitted
      await page.waitForFunction((was) => document.getElementById('txHash').value !== was
        || !document.getElementById('err-signature').hidden, previousHash);
      assert.ok(await page.locator('#err-signature').isHidden(), await page.locator('#err-signature').innerText());
      await page.locator('#status-body .status-line').waitFor();
      const status = await untilDone(page, 180_000);
      assert.equal(status.srcTxDetails.txHash, await page.locator('#txHash').inputValue());
      return { status, item };
    };

    const credited = await vault.credit(weth, beneficiary);
    const deposit = vault.interface.encodeFunctionData('depositAllowance', [weth, beneficiary]);
    const ok = await swap(deposit, 200_000);
    assert.equal(ok.status.details.substatus, 'COMPLETED', JSON.stringify(ok.status));
    const outcome = page.locator('#status-body .call-outcome');
    assert.equal(await outcome.getAttribute('data-outcome'), 'COMPLETED');
    assert.match(await outcome.innerText(), /Destination call succeeded/);
    const gained = (await vault.credit(weth, beneficiary)) - credited;
    assert.equal(gained, BigInt(ok.status.toAsset.amount), 'the vault credited exactly what the status reports');
    assert.ok(gained >= BigInt(ok.item.quote.amountOutMin), `credited ${gained} >= ${ok.item.quote.amountOutMin}`);
    await page.locator('#status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, '15-local-call-completed.png') });

    const before = await token('42161', 'WETH').balanceOf(fallback);
    const refused = vault.interface.encodeFunctionData('depositRefused', [weth, beneficiary]);
    const failed = await swap(refused, 150_000);
    assert.equal(failed.status.details.substatus, 'DESTINATION_CALL_FAILED', JSON.stringify(failed.status));
    assert.equal(await outcome.getAttribute('data-outcome'), 'DESTINATION_CALL_FAILED');
    const received = (await token('42161', 'WETH').balanceOf(fallback)) - before;
    assert.ok(received > 0n);
    assert.equal(String(received), failed.status.details.receivedAmount, 'the status reports what the fallback got');
    assert.equal((await outcome.locator('code.fallback').innerText()).toLowerCase(), fallback.toLowerCase());
    assert.match(await outcome.innerText(), /Destination call failed .*the fallback address 0x[0-9a-fA-F]{40} received [\d.,]+ WETH/s);
    assert.equal(await vault.credit(weth, beneficiary), credited + gained, 'the refused call credited nothing');
    await page.locator('#status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, '16-local-call-failed.png') });
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});
