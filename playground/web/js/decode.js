// Decodes a Junction router transaction with ethers v6: executeRoute(RouteParams, Step[]) from the router ABI the
// build copies from contracts/abi/JunctionRouter.json, then each step's provider call from the signatures below
// (Junction's calldata module, dev.junction.calldata.protocol.SwapShape and BridgeShape), and a bridge message that
// carries the destination leg as abi.encode(RouteParams, Step[]). A call the page does not know stays raw bytes.
import { AbiCoder, Interface, getAddress } from '../vendor/ethers.min.js';

const PROVIDER_CALLS = [
  // swaps
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, address referrer, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, tuple(address from, address to, bool stable, address factory)[] routes, address to, uint256 deadline)',
  'function exactInput(tuple(bytes path, address recipient, uint256 amountIn, uint256 amountOutMinimum) params)',
  'function exactInput(tuple(bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params)',
  'function exchange(int128 i, int128 j, uint256 dx, uint256 min_dy)',
  'function junctionGenericSwap(bytes32 poolId, address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient, uint256 deadline)',
  // bridges
  'function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes message)',
  'function deposit(bytes32 depositor, bytes32 recipient, bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, bytes32 exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message)',
  'function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken)',
  'function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller, uint256 maxFee, uint32 minFinalityThreshold)',
  'function send(tuple(uint32 dstEid, bytes32 to, uint256 amountLD, uint256 minAmountLD, bytes extraOptions, bytes composeMsg, bytes oftCmd) sendParam, tuple(uint256 nativeFee, uint256 lzTokenFee) fee, address refundAddress)',
  'function sendToL2(uint256 chainId, address recipient, uint256 amount, uint256 amountOutMin, uint256 deadline, address relayer, uint256 relayerFee)',
  'function swapAndSend(uint256 chainId, address recipient, uint256 amount, uint256 bonderFee, uint256 amountOutMin, uint256 deadline, uint256 destinationAmountOutMin, uint256 destinationDeadline)',
  'function send(address receiver, address token, uint256 amount, uint64 dstChainId, uint64 nonce, uint32 maxSlippage)',
  'function transferTokens(address token, uint256 amount, uint16 recipientChain, bytes32 recipient, uint256 arbiterFee, uint32 nonce)',
  'function junctionGenericBridge(bytes32 bridgeId, uint256 destinationChainId, bytes32 recipient, address inputToken, bytes32 outputToken, uint256 inputAmount, uint256 minAmountOut, uint256 fillDeadline, bytes message)',
];
const providers = new Interface(PROVIDER_CALLS);
const STEP_KINDS = ['swap', 'bridge'];

let router = null;
async function routerInterface() {
  if (!router) {
    const response = await fetch(new URL('../abi/JunctionRouter.json', import.meta.url));
    router = new Interface(await response.json());
  }
  return router;
}

/**
 * A decoded value as a tree the page renders: {name, type, value} for a leaf, {name, type, children} for a tuple or
 * an array, and {name, type, value, call} for bytes that are themselves a decoded call or route leg.
 */
function tree(param, value, depth) {
  const name = param.name || '';
  if (param.baseType === 'tuple') {
    return { name, type: param.format('sighash'), children: param.components.map((c, i) => tree(c, value[i], depth)) };
  }
  if (param.baseType === 'array') {
    return { name, type: param.format('sighash'),
      children: [...value].map((v, i) => tree(param.arrayChildren, v, depth)).map((t, i) => ({ ...t, name: `[${i}]` })) };
  }
  const leaf = { name, type: param.type, value: typeof value === 'bigint' ? value.toString() : String(value) };
  if (param.type === 'bytes' && value !== '0x' && depth < 3) {
    const inner = decodeBytes(value, depth + 1, name);
    if (inner) leaf.call = inner;
  }
  if (name === 'path' && param.type === 'bytes') leaf.note = packedPath(value);
  return leaf;
}

/** A step's provider call, or a bridge message holding the destination leg (RouteParams, Step[]). */
function decodeBytes(data, depth, name) {
  const call = decodeProviderCall(data, depth);
  if (call) return call;
  if (name === 'message' || name === 'composeMsg') {
    try {
      const inputs = router.getFunction('executeRoute').inputs;
      const values = AbiCoder.defaultAbiCoder().decode(inputs, data);
      return { function: 'destination leg: abi.encode(RouteParams, Step[])', selector: null,
        args: inputs.map((p, i) => tree(p, values[i], depth)) };
    } catch {
      return null;
    }
  }
  return null;
}

function decodeProviderCall(data, depth) {
  let parsed = null;
  try {
    parsed = providers.parseTransaction({ data });
  } catch {
    return null;
  }
  if (!parsed) return null;
  return { function: parsed.fragment.format('sighash'), selector: parsed.selector,
    args: parsed.fragment.inputs.map((p, i) => tree(p, parsed.args[i], depth)) };
}

/** A Uniswap V3 style packed path: token (20 bytes) | fee (3 bytes) | token ... as "0xA0b8… -500-> 0xC02a…". */
function packedPath(hex) {
  const bytes = hex.slice(2);
  if (bytes.length < 80 || (bytes.length - 40) % 46 !== 0) return null;
  const parts = [getAddress('0x' + bytes.slice(0, 40))];
  for (let at = 40; at < bytes.length; at += 46) {
    parts.push(`fee ${parseInt(bytes.slice(at, at + 6), 16)}`, getAddress('0x' + bytes.slice(at + 6, at + 46)));
  }
  return parts.join(' → ');
}

/**
 * Decodes a router transaction's data: {function, selector, params: tree, steps: [{index, kind, adapter, tokenIn,
 * tokenOut, minAmountOut, call | raw}]}. Throws when the data is not executeRoute.
 */
export async function decodeRouterCall(data, value = '0') {
  const iface = await routerInterface();
  const parsed = iface.parseTransaction({ data, value: BigInt(value || '0') });
  if (!parsed) throw new Error(`selector ${data.slice(0, 10)} is not a function of the router ABI`);
  const inputs = parsed.fragment.inputs;
  const params = inputs.map((p, i) => tree(p, parsed.args[i], 0));
  const stepsParam = inputs.find((p) => p.name === 'steps');
  const steps = stepsParam ? [...parsed.args[inputs.indexOf(stepsParam)]].map((s, index) => {
    const call = decodeProviderCall(s.data, 1);
    return { index, kind: STEP_KINDS[Number(s.kind)] ?? String(s.kind), adapter: s.adapter, tokenIn: s.tokenIn,
      tokenOut: s.tokenOut, minAmountOut: s.minAmountOut.toString(), call, raw: call ? null : s.data };
  }) : [];
  const display = `${parsed.name}(${inputs.map((p) => `${p.baseType === 'array' ? 'Step[]' : p.baseType === 'tuple'
    ? 'RouteParams' : p.type} ${p.name}`).join(', ')})`;
  return { function: parsed.fragment.format('sighash'), display, selector: parsed.selector, params, steps };
}
