// Who signs the gasless permit: a browser wallet (EIP-1193 window.ethereum, eth_signTypedData_v4) when the page finds
// one, otherwise a local test key (ethers Wallet.signTypedData) that the page labels as such.
import { Wallet, verifyTypedData } from '../vendor/ethers.min.js';

/** Anvil's first default account: publicly known, for the sandbox and local chains only. */
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
