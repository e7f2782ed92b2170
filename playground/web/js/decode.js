// Decodes a Junction router transaction with ethers v6: executeRoute(RouteParams, Step[]) or
// executeRouteWithPermit(RouteParams, Step[], PermitData) from the router ABI the build copies from
// contracts/abi/JunctionRouter.json, then each step's `data`. A step's data is what its Junction adapter reads
// (contracts/src/adapters, encoded by dev.junction.calldata.protocol.SwapEncoding and BridgeEncoding):
//   swap   Uniswap V2 adapter         empty (the pair is derived from the factory and the tokens)
//   swap   Uniswap V3 adapter         abi.encode(uint24 fee)
//   swap   Curve StableSwap adapter   abi.encode(address pool, int128 i, int128 j)
//   bridge Across adapter             abi.encode(AcrossDeposit)
//   bridge CCTP adapter               abi.encode(CctpBurn); a message: abi.encode(uint256 redeemFee, bytes leg)
// A layout counts only when re-encoding the decoded values gives the data back byte for byte. Providers no Junction
// adapter executes keep their own router or bridge call in `data` (quotable and simulated, not executable): those
// are decoded against the signatures of SwapShape/BridgeShape below. A bridge `message` that carries the destination
// leg is decoded as abi.encode(RouteParams, Step[]). Data the page does not know stays raw bytes.
import { AbiCoder, Interface, ParamType, getAddress } from '../vendor/ethers.min.js';

const ADAPTER_LAYOUTS = {
  swap: [
    { adapter: 'Uniswap V2 adapter', params: [] },
    { adapter: 'Uniswap V3 adapter', params: ['uint24 fee'] },
    { adapter: 'Curve StableSwap adapter', params: ['address pool', 'int128 i', 'int128 j'] },
  ],
  bridge: [
    { adapter: 'Across adapter', struct: 'AcrossDeposit',
      params: ['tuple(bytes32 depositor, bytes32 recipient, bytes32 outputToken, uint256 outputAmount, '
        + 'uint256 plannedInput, uint256 destinationChainId, bytes32 exclusiveRelayer, uint32 quoteTimestamp, '
        + 'uint32 fillDeadline, uint32 exclusivityParameter, bytes message) deposit'] },
    { adapter: 'CCTP adapter', struct: 'CctpBurn',
      params: ['tuple(uint32 destinationDomain, bytes32 mintRecipient, uint256 destinationChainId, bytes message) burn'] },
  ],
};
for (const layouts of Object.values(ADAPTER_LAYOUTS)) {
  for (const l of layouts) l.types = l.params.map((p) => ParamType.from(p));
}

// The provider's own call, for providers without a Junction adapter (SwapShape/BridgeShape signatures).
const PROVIDER_CALLS = [
  // swaps
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, address referrer, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, tuple(address from, address to, bool stable, address factory)[] routes, address to, uint256 deadline)',
  'function exactInput(tuple(bytes path, address recipient, uint256 amountIn, uint256 amountOutMinimum) params)',
  'function exactInput(tuple(bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params)',
  'function junctionGenericSwap(bytes32 poolId, address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient, uint256 deadline)',
  // bridges
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
const coder = AbiCoder.defaultAbiCoder();

let router = null;
let structNames = null;
async function routerInterface() {
  if (!router) {
    const response = await fetch(new URL('../abi/JunctionRouter.json', import.meta.url));
    const abi = await response.json();
    router = new Interface(abi);
    // "struct IJunctionRouter.RouteParams" -> RouteParams, per function and parameter name
    structNames = new Map(abi.filter((f) => f.type === 'function').flatMap((f) => f.inputs.map((p) =>
      [`${f.name}.${p.name}`, (p.internalType ?? p.type).replace(/^struct\s+(\w+\.)?/, '')])));
  }
  return router;
}

/**
 * A decoded value as a tree the page renders: {name, type, value} for a leaf, {name, type, children} for a tuple or
 * an array, and {name, type, value, call} for bytes that are themselves decoded (a step's adapter data, a provider
 * call or a route leg).
 */
function tree(param, value, depth) {
  const name = param.name || '';
  if (param.baseType === 'tuple') {
    const children = param.components.map((c, i) => tree(c, value[i], depth));
    const step = isStep(param);
    if (step && depth < 3) {
      // a Step inside a bridge message: its data is adapter data too
      const data = children.find((c) => c.name === 'data');
      const decoded = decodeStepData(STEP_KINDS[Number(value.kind)], value.data, depth + 1);
      if (decoded.call) data.call = decoded.call;
      else delete data.call;
    }
    return { name, type: param.format('sighash'), children };
  }
  if (param.baseType === 'array') {
    return { name, type: param.format('sighash'),
      children: [...value].map((v) => tree(param.arrayChildren, v, depth)).map((t, i) => ({ ...t, name: `[${i}]` })) };
  }
  const leaf = { name, type: param.type, value: typeof value === 'bigint' ? value.toString() : String(value) };
  if (param.type === 'bytes' && value !== '0x' && depth < 3) {
    const inner = decodeBytes(value, depth + 1, name);
    if (inner) leaf.call = inner;
  }
  if (name === 'path' && param.type === 'bytes') leaf.note = packedPath(value);
  return leaf;
}

function isStep(param) {
  const names = param.components.map((c) => c.name).join(',');
  return names === 'kind,adapter,tokenIn,tokenOut,minAmountOut,data';
}

// A CCTP burn's message: the redeem fee Junction's receiver pays its redeemer, then the destination leg.
const CCTP_LEG = ['uint256 redeemFee', 'bytes routeMessage'].map((p) => ParamType.from(p));

/**
 * A provider call, or a bridge message holding the destination leg (RouteParams, Step[]); a CCTP message holds it
 * after its redeem fee.
 */
function decodeBytes(data, depth, name) {
  const call = decodeProviderCall(data, depth);
  if (call) return call;
  if (name === 'message' || name === 'composeMsg' || name === 'routeMessage') {
    try {
      const inputs = router.getFunction('executeRoute').inputs;
      const values = coder.decode(inputs, data);
      return { function: 'destination leg: abi.encode(RouteParams, Step[])', selector: null,
        args: inputs.map((p, i) => tree(p, values[i], depth)) };
    } catch {
      // not a leg itself: a CCTP message below
    }
  }
  if (name === 'message') {
    try {
      const values = coder.decode(CCTP_LEG, data);
      if (coder.encode(CCTP_LEG, values).toLowerCase() !== data.toLowerCase()) return null;
      // the leg inside gets the depth an Across message's leg gets (the fee is one wrapper, not one more level)
      return { function: 'CCTP leg: abi.encode(uint256 redeemFee, bytes routeMessage)', selector: null,
        args: CCTP_LEG.map((p, i) => tree(p, values[i], depth - 1)) };
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

/**
 * A step's data: {adapter, call} for the first adapter layout of the step's kind that decodes and re-encodes to the
 * same bytes; {adapter: null, call} for a provider's own call; {adapter: null, call: null} when the page does not
 * know it.
 */
function decodeStepData(kind, data, depth) {
  for (const layout of ADAPTER_LAYOUTS[kind] ?? []) {
    let values;
    try {
      values = coder.decode(layout.types, data);
      if (coder.encode(layout.types, values).toLowerCase() !== data.toLowerCase()) continue;
    } catch {
      continue;
    }
    const encoding = layout.types.length === 0 ? 'empty'
      : `abi.encode(${layout.struct ?? layout.params.join(', ')})`;
    return { adapter: layout.adapter, call: { function: `${layout.adapter} data: ${encoding}`, selector: null,
      args: layout.types.map((p, i) => tree(p, values[i], depth)) } };
  }
  return { adapter: null, call: decodeProviderCall(data, depth) };
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
 * Decodes a router transaction's data: {function, display, selector, params: [tree per argument, with struct],
 * steps: [{index, kind, adapter, adapterKind, tokenIn, tokenOut, minAmountOut, call | raw}]}. Throws when the data
 * is not a function of the router ABI.
 */
export async function decodeRouterCall(data, value = '0') {
  const iface = await routerInterface();
  const parsed = iface.parseTransaction({ data, value: BigInt(value || '0') });
  if (!parsed) throw new Error(`selector ${data.slice(0, 10)} is not a function of the router ABI`);
  const inputs = parsed.fragment.inputs;
  const structOf = (p) => structNames.get(`${parsed.name}.${p.name}`) ?? p.type;
  const params = inputs.map((p, i) => ({ ...tree(p, parsed.args[i], 0), struct: structOf(p) }));
  const stepsParam = inputs.find((p) => p.name === 'steps');
  const steps = stepsParam ? [...parsed.args[inputs.indexOf(stepsParam)]].map((s, index) => {
    const kind = STEP_KINDS[Number(s.kind)] ?? String(s.kind);
    const { adapter, call } = decodeStepData(kind, s.data, 1);
    return { index, kind, adapter: s.adapter, adapterKind: adapter, tokenIn: s.tokenIn, tokenOut: s.tokenOut,
      minAmountOut: s.minAmountOut.toString(), call, raw: call ? null : s.data };
  }) : [];
  const display = `${parsed.name}(${inputs.map((p) => `${structOf(p)} ${p.name}`).join(', ')})`;
  return { function: parsed.fragment.format('sighash'), display, selector: parsed.selector, params, steps };
}
