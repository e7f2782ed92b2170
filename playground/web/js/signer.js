// Who signs the gasless permit: a browser wallet (EIP-1193 window.ethereum, eth_signTypedData_v4) when the page finds
// one, otherwise a local test key (ethers Wallet.signTypedData) that the page labels as such. The same owner approves
// Permit2 for the input token once (an ERC-20 approve: a transaction, sent by the wallet or, with the test key, to the
// chain's RPC URL the user gives).
import { Interface, JsonRpcProvider, MaxUint256, Wallet, toQuantity, verifyTypedData } from '../vendor/ethers.min.js';

/** Anvil's dev account 2 (0x3C44…93BC): publicly known, for the sandbox and local chains only. */
export const TEST_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

export function browserWallet() {
  return typeof window.ethereum?.request === 'function' ? window.ethereum : null;
}

export function testKeyAddress(privateKey) {
  return new Wallet(privateKey.trim()).address;
}

/** The wallet's first account, asking the user to connect. */
export async function walletAddress() {
  const accounts = await browserWallet().request({ method: 'eth_requestAccounts' });
  if (!accounts?.length) throw new Error('the wallet returned no account');
  return accounts[0];
}

/**
 * Signs a /gasless/quote item's eip712 object; returns {signature, signer}. signer is recovered from the signature,
 * so the page can say plainly when it differs from the quote's sender.
 */
export async function signPermit(eip712, how) {
  const { domain, types, message, primaryType } = eip712;
  let signature;
  if (how.kind === 'wallet') {
    // eth_signTypedData_v4 wants EIP712Domain among the types (Junction's domain: name, chainId, verifyingContract)
    const payload = { domain, message, primaryType, types: { ...types, EIP712Domain: [
      { name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' }] } };
    signature = await browserWallet().request({ method: 'eth_signTypedData_v4',
      params: [how.address, JSON.stringify(payload)] });
  } else {
    signature = await new Wallet(how.privateKey.trim()).signTypedData(domain, types, message);
  }
  return { signature, signer: verifyTypedData(domain, types, message, signature) };
}

/** The wallet's account if the page is already connected (eth_accounts never prompts), else null. */
export async function connectedAccount() {
  const accounts = await browserWallet().request({ method: 'eth_accounts' });
  return accounts?.[0] ?? null;
}

const ERC20 = new Interface(['function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)']);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The chain as the owner reaches it: the browser wallet switched to chainId, or a JSON-RPC node at rpcUrl (the test
 * key's path) whose eth_chainId must be chainId. Answers {request({method, params})} for both.
 */
async function chainFor(how, chainId) {
  if (how.kind === 'wallet') {
    const wallet = browserWallet();
    if (BigInt(await wallet.request({ method: 'eth_chainId' })) !== BigInt(chainId)) {
      await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toQuantity(chainId) }] });
    }
    return wallet;
  }
  const url = String(how.rpcUrl ?? '').trim();
  if (!/^https?:\/\//.test(url)) throw new Error(`type the RPC URL of chain ${chainId} (http://… or https://…)`);
  const provider = new JsonRpcProvider(url, Number(chainId), { staticNetwork: true, cacheTimeout: -1 });
  let served;
  try {
    served = BigInt(await provider.send('eth_chainId', []));
  } catch (e) {
    throw new Error(`the RPC URL ${url} did not answer eth_chainId (${e.shortMessage ?? e.message})`);
  }
  if (served !== BigInt(chainId)) throw new Error(`the RPC URL ${url} serves chain ${served}, not ${chainId}`);
  return { provider, request: ({ method, params }) => provider.send(method, params ?? []) };
}

async function call(chain, to, fn, args) {
  const data = ERC20.encodeFunctionData(fn, args);
  return ERC20.decodeFunctionResult(fn, await chain.request({ method: 'eth_call', params: [{ to, data }, 'latest'] }))[0];
}

/** The owner's balance of token and its ERC-20 allowance to permit2, as bigints. */
export async function permit2State({ token, permit2, owner, chainId }, how) {
  const chain = await chainFor(how, chainId);
  const [balance, allowance] = await Promise.all([call(chain, token, 'balanceOf', [owner]),
    call(chain, token, 'allowance', [owner, permit2])]);
  return { balance, allowance };
}

/**
 * approve(permit2, unlimited) on token from the owner (the wallet's account, or the test key's address), the usual
 * one-time Permit2 setup; onSent(hash) once it is broadcast; resolves with the hash once it is mined successfully.
 */
export async function approvePermit2({ token, permit2, chainId }, how, onSent) {
  const chain = await chainFor(how, chainId);
  const data = ERC20.encodeFunctionData('approve', [permit2, MaxUint256]);
  let hash;
  if (how.kind === 'wallet') {
    hash = await chain.request({ method: 'eth_sendTransaction', params: [{ from: how.address, to: token, data }] });
  } else {
    hash = (await new Wallet(how.privateKey.trim(), chain.provider).sendTransaction({ to: token, data })).hash;
  }
  onSent(hash);
  for (let i = 0; i < 600; i++) {
    const receipt = await chain.request({ method: 'eth_getTransactionReceipt', params: [hash] });
    if (receipt) {
      if (BigInt(receipt.status) !== 1n) throw new Error(`the approval ${hash} reverted`);
      return hash;
    }
    await sleep(500);
  }
  throw new Error(`the approval ${hash} was not mined within 5 minutes`);
}
