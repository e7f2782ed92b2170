// The playground: a form over the discovery endpoints, then /quote, /build-path, /build-best-path, /gasless/quote,
// /gasless/submit-swap and /status, each answer rendered for a person, with its raw JSON and curl one click away.
import { ApiError, call, curl, setApiKey } from './api.js';
import { clear, copyButton, h, icon, rawJson } from './dom.js';
import { decodeRouterCall } from './decode.js';
import { NATIVE, duration, human, short, toBaseUnits, usd } from './format.js';
import { TEST_KEY, approvePermit2, browserWallet, connectedAccount, permit2State, signPermit, testKeyAddress,
  walletAddress } from './signer.js';
import { trackStatus } from './status.js';

const $ = (id) => document.getElementById(id);
const market = { chains: [], tokens: new Map(), providers: [] };

// ---- errors next to the field they name ---------------------------------------------------------------------------

/** The API's parameter names (query and body spellings) -> the id of the control that holds it. */
const FIELD_OF = { fromChain: 'fromChain', toChain: 'toChain', fromToken: 'fromToken', toToken: 'toToken',
  amount: 'amount', Amount: 'amount', sender: 'sender', Sender: 'sender', receiver: 'receiver', Receiver: 'receiver',
  slippage: 'slippage', Slippage: 'slippage', feeBps: 'feeBps', includeProvider: 'includeProvider',
  excludeProvider: 'excludeProvider', routeMode: 'routeMode', rankingMode: 'routeMode',
  acquisitionMode: 'acquisitionMode', allowMultiBridge: 'allowMultiBridge', txHash: 'txHash',
  fromChainId: 'fromChainId', signature: 'signature', quoteId: 'signature',
  destinationCallData: 'destinationCallData', destinationGasLimit: 'destinationGasLimit',
  fallbackAddress: 'fallbackAddress' };

function clearErrors() {
  for (const el of document.querySelectorAll('.error')) {
    el.hidden = true;
    el.textContent = '';
  }
  for (const el of document.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

function showError(error, fallbackId = 'err-global', note = null) {
  const api = error instanceof ApiError;
  const field = api && error.param ? FIELD_OF[error.param] : null;
  const target = (field && $(`err-${field}`)) || $(fallbackId) || $('err-global');
  target.replaceChildren(api && error.code ? h('strong', { class: 'code' }, `${error.code}`) : '',
    api && error.code ? ' ' : '', error.message, note ? h('span', { class: 'note' }, ' ', note) : '');
  target.hidden = false;
  if (field && $(field)) {
    $(field).setAttribute('aria-invalid', 'true');
    $(field).focus(); // keyboard and screen-reader users land on the field to fix
    target.scrollIntoView({ block: 'nearest' });
  }
  if (api && error.code === 2001) $('apiKey').setAttribute('aria-invalid', 'true');
}

function busy(text) {
  $('busy').textContent = text;
}

// ---- discovery -----------------------------------------------------------------------------------------------------

const chainOf = (id) => market.chains.find((c) => String(c.id) === String(id));
const tokensOf = (chainId) => market.tokens.get(String(chainId)) ?? [];
const tokenOf = (chainId, address) =>
  tokensOf(chainId).find((t) => t.address.toLowerCase() === String(address).toLowerCase());

async function loadDiscovery() {
  try {
    const [{ chains }, { providers }] = await Promise.all([call('GET', '/chains'), call('GET', '/providers')]);
    market.chains = chains;
    market.providers = providers;
    $('err-discovery').hidden = true;
  } catch (e) {
    showError(e, 'err-discovery', e.code === 2001 ? '(type the API key above)' : null);
    return;
  }
  for (const side of ['from', 'to']) {
    const select = $(`${side}Chain`);
    select.replaceChildren(...market.chains.map((c) => h('option', { value: c.id }, `${c.name} (${c.id})`)));
  }
  for (const which of ['includeProvider', 'excludeProvider']) {
    $(which).replaceChildren(...market.providers.map((p) =>
      h('option', { value: p.name }, `${p.displayName} (${p.type})`)));
  }
  const has = (id) => market.chains.some((c) => c.id === id);
  $('fromChain').value = String(has(1) ? 1 : market.chains[0]?.id);
  $('toChain').value = String(has(42161) ? 42161 : market.chains[1]?.id ?? market.chains[0]?.id);
  await Promise.all([chainChanged('from', 'USDC'), chainChanged('to', 'WETH')]);
}

async function chainChanged(side, preferredSymbol) {
  const chainId = $(`${side}Chain`).value;
  const chain = chainOf(chainId);
  clear($(`${side}Chain-icon`), chain ? icon(chain.logo, chain.name) : '');
  if (!market.tokens.has(chainId)) {
    try {
      const { tokens } = await call('GET', '/tokens', { params: { chain: chainId } });
      market.tokens.set(chainId, tokens);
    } catch (e) {
      showError(e, `err-${side}Chain`);
      return;
    }
  }
  const previous = tokenOf(chainId, $(`${side}Token`).value)?.symbol;
  fillTokens(side, preferredSymbol ?? previous);
}

function fillTokens(side, preferredSymbol) {
  const chainId = $(`${side}Chain`).value;
  const search = $(`${side}TokenSearch`).value.trim().toLowerCase();
  const all = tokensOf(chainId);
  const shown = search ? all.filter((t) => t.symbol.toLowerCase().includes(search)
      || t.name.toLowerCase().includes(search) || t.address.toLowerCase() === search) : all;
  const select = $(`${side}Token`);
  const keep = select.value;
  select.replaceChildren(...shown.map((t) => h('option', { value: t.address },
    `${t.symbol} — ${t.name}${t.address === NATIVE ? ' (native)' : ''}`)));
  const exact = shown.find((t) => t.symbol.toLowerCase() === (search || preferredSymbol || '').toLowerCase());
  if (exact) select.value = exact.address;
  else if (shown.some((t) => t.address === keep)) select.value = keep;
  tokenChanged(side);
}

function tokenChanged(side) {
  const token = tokenOf($(`${side}Chain`).value, $(`${side}Token`).value);
  clear($(`${side}Token-icon`), token ? icon(token.icon, token.symbol) : '');
  $(`${side}Token-address`).textContent = token ? `${token.address} · ${token.decimals} decimals` : 'no token matches';
  if (side === 'from') amountChanged();
}

/** The amount in base units, or null with the reason the text cannot be converted. */
function baseAmount() {
  const token = tokenOf($('fromChain').value, $('fromToken').value);
  if (!token) return { base: null, reason: 'pick a from token first' };
  try {
    return { base: toBaseUnits($('amount').value, token.decimals), token };
  } catch (e) {
    return { base: null, reason: e.message, token };
  }
}

function amountChanged() {
  const { base, reason, token } = baseAmount();
  const hint = $('amount-base');
  if (base === null) {
    hint.textContent = reason;
    return;
  }
  const value = Number($('amount').value) * (token.priceUsd ?? 0);
  hint.textContent = `= ${base} base units of ${token.symbol} (${token.decimals} decimals)` +
    (token.priceUsd ? ` ≈ ${usd(value)}` : '');
}

// ---- request parameters ----------------------------------------------------------------------------------------------

const selected = (id) => [...$(id).selectedOptions].map((o) => o.value);

/** /quote and /build-best-path parameters from the form. A text the page cannot convert goes to the API as typed. */
function quoteParams() {
  const { base } = baseAmount();
  return {
    fromChain: $('fromChain').value, toChain: $('toChain').value, fromToken: $('fromToken').value,
    toToken: $('toToken').value, amount: base ?? $('amount').value.trim(), sender: $('sender').value.trim(),
    receiver: $('receiver').value.trim(), slippage: $('slippage').value.trim(), feeBps: $('feeBps').value.trim(),
    routeMode: $('routeMode').value, acquisitionMode: $('acquisitionMode').value,
    includeProvider: selected('includeProvider'), excludeProvider: selected('excludeProvider'),
    allowMultiBridge: $('allowMultiBridge').checked ? 'true' : undefined,
    ...callParams(),
  };
}

/**
 * The call after the swap, as typed (the API validates it and names the field at fault): destinationCallData
 * (whitespace a paste brings is dropped), destinationGasLimit and fallbackAddress; empty ones are left out.
 */
function callParams() {
  return { destinationCallData: $('destinationCallData').value.replace(/\s+/g, ''),
    destinationGasLimit: $('destinationGasLimit').value.trim(), fallbackAddress: $('fallbackAddress').value.trim() };
}

function amountNote() {
  const { base, reason } = baseAmount();
  return base === null ? `(Amount is in tokens, e.g. 1.5; the page sent it as typed: ${reason})` : null;
}

// ---- routes ------------------------------------------------------------------------------------------------------------

/** Why a route ranks where it does under each routeMode (the service's ranking, see README "Quotes"). */
const RANKING = {
  max_value: { why: 'highest output value after gas', value: (r) => usd(r.amountOutUsd - r.gasFee.gasFeeUsd),
    label: 'value after gas' },
  fastest: { why: 'fastest', value: (r) => `about ${duration(r.pathTime)}`, label: 'time' },
  suggested: { why: 'best value less 1 bp of the input per minute', label: 'score',
    value: (r) => usd(r.amountOutUsd - r.gasFee.gasFeeUsd - r.amountUsd * 0.0001 * (r.pathTime / 60)) },
};

let lastQuote = null;

async function getRoutes() {
  clearErrors();
  const params = quoteParams();
  busy('Quoting…');
  try {
    const routes = await call('GET', '/quote', { params });
    lastQuote = { params, routes };
    renderRoutes(params, routes);
  } catch (e) {
    showError(e, 'err-global', e.param === 'amount' ? amountNote() : null);
  } finally {
    busy('');
  }
}

function amountLine(amount, token, extra) {
  const value = token?.priceUsd ? Number(human(amount, token.decimals, 18).replace(/,/g, '')) * token.priceUsd : null;
  return h('span', { class: 'amount' }, h('b', {}, human(amount, token.decimals)), ' ', token.symbol,
    value !== null ? h('span', { class: 'usd' }, ` ${usd(value)}`) : '', extra ?? '');
}

function chainChip(chainId, amount, token) {
  const chain = chainOf(chainId);
  return h('div', { class: 'node' }, h('div', { class: 'chain' }, icon(chain?.logo, chain?.name), chain?.name ?? chainId),
    h('div', { class: 'token' }, icon(token.icon, token.symbol, 16), amountLine(amount, token)));
}

function providerEdge(step) {
  const p = step.provider;
  const name = market.providers.find((x) => x.name === p.name)?.displayName ?? p.name;
  const fee = step.stepType === 'bridge' && step.bridgeFee !== '0'
    ? `fee ${human(step.bridgeFee, step.fromToken.decimals)} ${step.fromToken.symbol}`
    : step.fee !== '0' ? `LP fee ${human(step.fee, step.fromToken.decimals)} ${step.fromToken.symbol}` : 'no fee';
  return h('div', { class: `edge ${step.stepType}` }, h('span', { class: 'arrow', 'aria-hidden': 'true' }, '→'),
    h('div', {}, h('div', { class: 'provider' }, icon(p.icon, name, 16), h('b', {}, name), ` ${step.stepType}`),
      h('div', { class: 'small' }, `${fee} · ${duration(step.estimatedTime)}`)),
    h('span', { class: 'arrow', 'aria-hidden': 'true' }, '→'));
}

/** chain -> provider -> chain: the first step's input, then per step its provider and where its output lands. */
function stepsRow(route) {
  const first = route.path[0];
  return h('ol', { class: 'steps', 'aria-label': 'Steps' },
    h('li', { class: 'hop' }, chainChip(first.fromChain, first.fromAmount, first.fromToken)),
    route.path.map((step) => h('li', { class: 'hop' }, providerEdge(step),
      chainChip(step.toChain, step.toAmount, step.toToken))));
}

function metric(label, ...value) {
  return [h('dt', {}, label), h('dd', {}, ...value)];
}

function renderRoutes(params, routes) {
  const mode = RANKING[params.routeMode] ? params.routeMode : 'max_value';
  const list = clear($('routes-list'));
  clear($('routes-tools'), copyButton('curl', curl('GET', '/quote', { params })), rawJson('Raw JSON', routes));
  routes.forEach((r, index) => {
    const best = index === 0;
    const rank = RANKING[mode];
    const card = h('article', { class: `route${best ? ' best' : ''}`, 'data-path-id': r.pathId,
      'aria-label': `Route ${index + 1}${best ? ', best' : ''}` },
    h('header', {}, h('h3', {}, `Route ${index + 1}`),
      best ? h('span', { class: 'best-badge' }, `Best for ${mode}`) : '',
      h('span', { class: 'reason' }, best ? `${rank.why}: ${rank.value(r)}` : `${rank.label}: ${rank.value(r)}`),
      h('span', { class: 'kind' }, `${r.pathType} · ${r.bridgeCount} bridge${r.bridgeCount === 1 ? '' : 's'}`)),
    stepsRow(r),
    h('dl', { class: 'metrics' },
      metric('Output', amountLine(r.amountOut, r.toToken)),
      metric('Minimum', h('b', {}, human(r.minAmountOut, r.toToken.decimals)), ` ${r.toToken.symbol} `,
        h('span', { class: 'usd' }, usd(r.minAmountOutUsd)), r.slippage !== undefined ? ` (slippage ${r.slippage}%)` : ''),
      metric('Fees', `integrator ${human(r.fees.integratorFee, r.fromToken.decimals)} ${r.fromToken.symbol} `,
        h('span', { class: 'usd' }, usd(r.fees.integratorFeeUsd)), ` · path ${human(r.fees.pathFee, r.fromToken.decimals)} `
        + `${r.fromToken.symbol} `, h('span', { class: 'usd' }, usd(r.fees.pathFeeUsd))),
      metric('Gas', `${human(r.gasFee.gasFee, r.gasFee.gasToken.decimals)} ${r.gasFee.gasToken.symbol} `,
        h('span', { class: 'usd' }, usd(r.gasFee.gasFeeUsd)), ` · limit ${r.gasFee.gasLimit}`),
      metric('Time', duration(r.pathTime))),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', onclick: () => buildRoute(r) }, `Build route ${index + 1}`),
      rawJson('Raw JSON', r)));
    list.append(card);
  });
  $('routes').hidden = false;
}

// ---- build -------------------------------------------------------------------------------------------------------------

async function buildRoute(route) {
  clearErrors();
  const p = lastQuote.params;
  const body = { Amount: route.amount, Sender: route.sender, fromChain: route.fromToken.chain,
    fromToken: route.fromToken.address, toChain: route.toToken.chain, toToken: route.toToken.address,
    pathId: route.pathId };
  if (p.receiver) body.Receiver = p.receiver;
  if (p.slippage) body.Slippage = Number(p.slippage);
  if (p.feeBps) body.feeBps = Number(p.feeBps);
  if (p.acquisitionMode) body.acquisitionMode = Number(p.acquisitionMode);
  for (const [k, v] of Object.entries(callParams())) if (v) body[k] = v;
  busy('Building…');
  try {
    const tx = await call('POST', '/build-path', { body });
    await renderBuild(tx, curl('POST', '/build-path', { body }), `route ${route.pathId}`, route);
  } catch (e) {
    showError(e, 'err-build');
  } finally {
    busy('');
  }
}

async function buildBest() {
  clearErrors();
  const params = { ...quoteParams(), includeRoute: 'true' };
  busy('Building the best route…');
  try {
    const data = await call('GET', '/build-best-path', { params });
    await renderBuild(data.Tx, curl('GET', '/build-best-path', { params }), 'the best route', data.route);
  } catch (e) {
    showError(e, 'err-global', e.param === 'amount' ? amountNote() : null);
  } finally {
    busy('');
  }
}

function treeView(node) {
  const label = h('span', { class: 'arg-name' }, node.name || '');
  const type = h('span', { class: 'arg-type' }, node.type);
  if (node.children) {
    return h('li', {}, label, ' ', type, h('ul', {}, node.children.map(treeView)));
  }
  return h('li', {}, label, ' ', type, ' ', h('code', { class: 'arg-value' }, node.value),
    node.note ? h('span', { class: 'note' }, ` (${node.note})`) : '', node.call ? callView(node.call) : '');
}

/** "bridge: Circle CCTP, Ethereum → Arbitrum, USDC → USDC, at least 995 USDC" from the planned step. */
function stepTitle(s, planned) {
  if (!planned) return h('b', {}, `${s.kind}: ${short(s.tokenIn)} → ${short(s.tokenOut)}, at least ${s.minAmountOut}`);
  const provider = market.providers.find((x) => x.name === planned.provider.name)?.displayName ?? planned.provider.name;
  const chains = planned.fromChain === planned.toChain ? `on ${chainOf(planned.fromChain)?.name ?? planned.fromChain}`
    : `${chainOf(planned.fromChain)?.name ?? planned.fromChain} → ${chainOf(planned.toChain)?.name ?? planned.toChain}`;
  return h('b', {}, `${s.kind}: ${provider}, ${chains}, ${planned.fromToken.symbol} → ${planned.toToken.symbol}, `
    + `at least ${human(s.minAmountOut, planned.toToken.decimals)} ${planned.toToken.symbol}`);
}

/** One decoded Step field, laid out like the RouteParams tree (name, type, value, note). */
function stepField(name, type, value, note) {
  return treeView({ name, type, value: String(value), note });
}

function callView(call) {
  return h('div', { class: 'call' }, h('div', { class: 'fn' }, h('code', {}, call.function),
    call.selector ? h('span', { class: 'arg-type' }, ` selector ${call.selector}`) : ''),
  h('ul', { class: 'args' }, call.args.map(treeView)));
}

async function renderBuild(tx, curlText, what, route) {
  $('build').hidden = false;
  const body = clear($('build-body'));
  clear($('build-tools'), copyButton('curl', curlText), copyButton('Tx JSON', JSON.stringify(tx, null, 2)));
  const txTable = h('table', { class: 'tx' }, h('caption', {}, `Transaction for ${what}`),
    Object.entries(tx).map(([k, v]) => h('tr', {}, h('th', { scope: 'row' }, k),
      h('td', {}, h('code', { class: k === 'data' ? 'calldata' : '' }, String(v))),
      h('td', {}, ['data', 'to', 'allowanceTarget'].includes(k) ? copyButton(k, String(v), 'Copy') : ''))));
  const decoded = h('div', { class: 'decoded', 'aria-label': 'Decoded calldata' }, h('h3', {}, 'Decoded calldata'));
  body.append(h('div', { class: 'build-grid' }, decoded, h('div', {}, txTable,
    h('h3', {}, 'Equivalent curl'), h('pre', { class: 'curl' }, curlText), rawJson('Raw JSON', route ?? tx))));
  try {
    const d = await decodeRouterCall(tx.data, tx.value);
    const planned = route?.path?.length === d.steps.length ? route.path : null;
    const structs = d.params.filter((p) => p.name !== 'steps' && p.children);
    decoded.append(h('p', {}, h('code', { class: 'fn' }, d.display), ` selector ${d.selector}`),
      ...structs.flatMap((p) => [h('h4', {}, `${p.struct} ${p.name}`),
        h('ul', { class: 'args' }, p.children.map(treeView))]),
      h('h4', {}, `Steps (${d.steps.length})`),
      h('ol', { class: 'decoded-steps' }, d.steps.map((s, i) => h('li', { class: 'decoded-step' },
        h('div', {}, stepTitle(s, planned?.[i])),
        h('ul', { class: 'args step-fields' },
          stepField('kind', 'uint8', s.kind),
          stepField('adapter', 'address', s.adapter, s.adapterKind ?? 'no Junction adapter layout'),
          stepField('tokenIn', 'address', s.tokenIn), stepField('tokenOut', 'address', s.tokenOut),
          stepField('minAmountOut', 'uint256', s.minAmountOut)),
        s.call ? callView(s.call)
          : h('p', { class: 'raw' }, 'step data not known to the page (raw bytes): ', h('code', {}, s.raw))))));
  } catch (e) {
    decoded.append(h('p', { class: 'error' }, `The page could not decode the calldata: ${e.message}`));
  }
  $('build').scrollIntoView({ block: 'start' });
}

// ---- gasless -----------------------------------------------------------------------------------------------------------

const MAX_UINT256 = 2n ** 256n - 1n;
const RANKING_MODE = { max_value: 'value_max', suggested: 'balanced', fastest: 'speed_max' };

async function gaslessQuote() {
  clearErrors();
  const q = quoteParams();
  const params = { fromToken: q.fromToken, toToken: q.toToken, amount: q.amount, fromChain: q.fromChain,
    toChain: q.toChain, sender: q.sender, acquisitionMode: q.acquisitionMode || '3', receiver: q.receiver,
    feeBps: q.feeBps, allowMultiBridge: q.allowMultiBridge, rankingMode: RANKING_MODE[q.routeMode],
    slippage: q.slippage, includeProvider: q.includeProvider, excludeProvider: q.excludeProvider,
    destinationCallData: q.destinationCallData, destinationGasLimit: q.destinationGasLimit,
    fallbackAddress: q.fallbackAddress };
  busy('Asking for a gasless quote…');
  try {
    const [item] = await call('GET', '/gasless/quote', { params });
    renderGasless(item, params);
  } catch (e) {
    showError(e, 'err-global', e.param === 'amount' ? amountNote()
      : e.param === 'destinationCallData' && e.code === 1002 && /sandbox/.test(e.message)
        ? '(Here the sandbox runs no destination call: Build best route still builds the call into the router\'s '
          + 'calldata; a gasless swap with a call runs on a real chain, e.g. the local chains.)' : null);
  } finally {
    busy('');
  }
}

function renderGasless(item, params) {
  $('gasless').hidden = false;
  const q = item.quote;
  const from = tokenOf(q.fromChain, q.fromToken.address) ?? { symbol: short(q.fromToken.address), decimals: 0 };
  const to = tokenOf(q.toChain, q.toToken.address) ?? { symbol: short(q.toToken.address), decimals: 0 };
  const typed = JSON.stringify(item.eip712, null, 2);
  clear($('gasless-tools'), copyButton('curl', curl('GET', '/gasless/quote', { params })), copyButton('typed data', typed),
    rawJson('Raw JSON', item));
  const wallet = browserWallet();
  const signerBox = wallet
    ? h('div', { class: 'signer wallet' }, h('p', {}, 'A browser wallet (window.ethereum) is available: it will sign.'))
    : h('div', { class: 'signer test-key' },
      h('p', { class: 'warning' }, h('strong', {}, 'TEST KEY'), ' — no browser wallet found. The page signs with a ',
        'publicly known test key (anvil account 2, the account bin/local-chains up prints and funds with every token) '
        + 'for the sandbox and local chains. Never send real funds to it.'),
      h('div', { class: 'field' }, h('label', { for: 'testKey' }, 'Test private key'),
        h('input', { id: 'testKey', spellcheck: 'false', autocomplete: 'off', value: TEST_KEY })),
      h('p', { class: 'hint', id: 'testKey-address' }));
  const body = clear($('gasless-body'),
    h('dl', { class: 'metrics' },
      metric('Route', `${q.routeKind} · chain ${q.fromChain} → ${q.toChain}`,
        q.bridgeProviders.length ? ` · bridges ${q.bridgeProviders.join(', ')}` : '', ` · ${q.aggregator}`),
      metric('You sign for', h('b', {}, human(q.amountIn, from.decimals)), ` ${from.symbol}`),
      metric('Executor fee', `${human(item.fee.feeAmount, from.decimals)} ${from.symbol} `,
        h('span', { class: 'usd' }, usd(item.fee.feeUsd))),
      metric('Output', h('b', {}, human(q.amountOut, to.decimals)), ` ${to.symbol} `,
        h('span', { class: 'usd' }, usd(q.costBreakdownUsd.outputUsd))),
      metric('Minimum', `${human(q.amountOutMin, to.decimals)} ${to.symbol}`),
      metric('Deadline', new Date(Number(item.deadline) * 1000).toISOString().replace('.000Z', 'Z'),
        ` (nonce ${item.nonce})`),
      params.destinationCallData ? metric('Call after the swap', `${short(params.receiver || q.sender)} called with `,
        h('code', {}, short(params.destinationCallData)), ` (${(params.destinationCallData.length - 2) / 2} bytes), `
        + `at most ${params.destinationGasLimit} gas; fallback ${params.fallbackAddress || q.sender}`) : ''),
    h('h3', {}, `EIP-712 typed data: ${item.eip712.primaryType}`),
    h('pre', { class: 'typed-data', 'aria-label': 'EIP-712 typed data' }, typed),
    signerBox,
    approveBox(item, from, wallet),
    h('div', { class: 'actions' },
      h('button', { type: 'button', id: 'sign', class: 'primary' }, 'Sign permit'),
      h('button', { type: 'button', id: 'submit', disabled: true }, 'Submit swap')),
    h('p', { class: 'error', id: 'err-signature', role: 'alert', hidden: true }),
    h('div', { id: 'signature-out' }));
  const keyAddress = () => {
    const out = $('testKey-address');
    try {
      const address = testKeyAddress($('testKey').value);
      const mismatch = address.toLowerCase() !== q.sender.toLowerCase();
      out.replaceChildren(`Signer address ${address}.`, mismatch
        ? h('span', { class: 'warning' }, ' It is not the quote\'s sender: set Sender to it and quote again.') : '');
    } catch {
      out.textContent = 'Not a private key (0x + 64 hex digits).';
    }
  };
  if (!wallet) {
    $('testKey').addEventListener('input', keyAddress);
    keyAddress();
  }
  let signed = null;
  $('sign').addEventListener('click', async () => {
    clearErrors();
    try {
      const how = wallet ? { kind: 'wallet', address: await walletAddress() }
        : { kind: 'key', privateKey: $('testKey').value };
      signed = await signPermit(item.eip712, how);
      clear($('signature-out'), h('p', {}, 'Signature by ', h('code', {}, signed.signer), ':'),
        h('pre', { class: 'signature' }, signed.signature), copyButton('signature', signed.signature));
      $('submit').disabled = false;
      $('submit').focus();
    } catch (e) {
      showError(e, 'err-signature');
    }
  });
  $('submit').addEventListener('click', async () => {
    clearErrors();
    const request = { quoteId: item.quoteId, signature: signed.signature };
    busy('Submitting…');
    try {
      const swap = await call('POST', '/gasless/submit-swap', { body: request });
      // submitted: this quote is spent (a resubmission would only return the same swap)
      $('submit').disabled = true;
      $('sign').disabled = true;
      $('signature-out').append(h('h3', {}, 'Submitted'),
        h('p', {}, `Swap ${swap.swapId}: ${swap.status}, executor transaction `, h('code', {}, swap.executionTxHash)),
        h('pre', { class: 'curl' }, curl('POST', '/gasless/submit-swap', { body: request })),
        rawJson('Raw JSON', swap));
      $('txHash').value = swap.executionTxHash;
      $('fromChainId').value = String(swap.fromChainId);
      startTracking(params.destinationCallData ? { receiver: params.receiver || q.sender,
        fallbackAddress: params.fallbackAddress || q.sender } : null);
    } catch (e) {
      if (e.code === 4010) {
        // the owner's balance or Permit2 allowance (data.param names the amount): fixed in the approval box above,
        // not at Amount, so it is shown here, by Submit, where the user acts
        showError(new ApiError(e.status, e.code, e.message, null), 'err-signature',
          'Approve Permit2 above (or fund the owner), then submit again.');
        ($('rpcUrl') && !$('rpcUrl').value.trim() ? $('rpcUrl') : $('approve')).focus();
      } else {
        showError(e, 'err-signature');
      }
    } finally {
      busy('');
    }
  });
  body.scrollIntoView({ block: 'start' });
}

/**
 * The one-time Permit2 setup of the quote's owner for its input token: "Approve Permit2" sends approve(Permit2,
 * unlimited) through the browser wallet, or with the test key to the RPC URL typed here (local chains: the `rpc`
 * bin/local-chains up prints); "Check allowance" reads the balance and the allowance. The sandbox checks neither.
 */
function approveBox(item, from, wallet) {
  const q = item.quote;
  const chainId = String(q.fromChain);
  const chainName = chainOf(chainId)?.name ?? `chain ${chainId}`;
  const spec = { token: q.fromToken.address, permit2: item.eip712.domain.verifyingContract, chainId, owner: q.sender };
  const rpcKey = `junction.rpc.${chainId}`;
  const box = h('div', { class: 'approve' },
    h('h3', {}, 'Permit2 approval (once per token)'),
    h('p', { class: 'hint' }, `Permit2 (${spec.permit2}) pulls the ${from.symbol} you sign for, so the owner `,
      `approves Permit2 for ${from.symbol} once: an ERC-20 approve, a transaction the owner pays gas for. On a real `,
      'chain (local chains included) a swap submitted without it is refused with 4010; the sandbox does not check it.'),
    wallet ? h('p', {}, `Your wallet sends approve(Permit2, unlimited) on ${chainName} (${chainId}).`)
      : h('div', { class: 'field' }, h('label', { for: 'rpcUrl' }, `RPC URL of ${chainName} (${chainId})`),
        h('input', { id: 'rpcUrl', type: 'url', spellcheck: 'false', autocomplete: 'off',
          placeholder: 'http://127.0.0.1:…', value: sessionStorage.getItem(rpcKey) ?? '',
          'aria-describedby': 'rpcUrl-hint err-approve' }),
        h('p', { class: 'hint', id: 'rpcUrl-hint' }, `The node the test key sends its approval to (local chains: `,
          h('code', {}, `chains["${chainId}"].rpc`), ' in .local-chains/up.json).')),
    h('div', { class: 'actions' },
      h('button', { type: 'button', id: 'approve' }, 'Approve Permit2'),
      h('button', { type: 'button', id: 'checkAllowance' }, 'Check allowance')),
    h('p', { class: 'error', id: 'err-approve', role: 'alert', hidden: true }),
    h('div', { id: 'approve-out', 'aria-live': 'polite' }));
  const how = async () => {
    if (wallet) return { kind: 'wallet', address: await walletAddress() };
    const rpcUrl = $('rpcUrl').value.trim();
    sessionStorage.setItem(rpcKey, rpcUrl);
    return { kind: 'key', privateKey: $('testKey').value, rpcUrl };
  };
  const owner = (h) => (h.kind === 'wallet' ? h.address : testKeyAddress(h.privateKey));
  const fail = (e) => {
    showError(new Error(e.shortMessage ?? e.message), 'err-approve');
    if (!wallet) {
      $('rpcUrl').setAttribute('aria-invalid', 'true');
      $('rpcUrl').focus();
    }
  };
  const show = async (h0, ...lead) => {
    const { balance, allowance } = await permit2State({ ...spec, owner: owner(h0) }, h0);
    const enough = allowance >= BigInt(q.amountIn);
    clear(out(), ...lead, h('p', { class: 'permit2-state', 'data-enough': String(enough) },
      `Owner ${owner(h0)}: balance `, h('b', {}, `${human(balance, from.decimals)} ${from.symbol}`),
      ', Permit2 allowance ', h('b', {}, allowance === MAX_UINT256 ? 'unlimited'
        : `${human(allowance, from.decimals)} ${from.symbol}`),
      enough ? ' — enough for this swap.' : ` — below the ${human(q.amountIn, from.decimals)} ${from.symbol} of this `
        + 'swap: approve Permit2.'));
  };
  const out = () => $('approve-out');
  box.querySelector('#checkAllowance').addEventListener('click', async () => {
    clearErrors();
    try {
      await show(await how());
    } catch (e) {
      fail(e);
    }
  });
  box.querySelector('#approve').addEventListener('click', async (event) => {
    clearErrors();
    const button = event.currentTarget;
    button.disabled = true;
    busy('Approving Permit2…');
    try {
      const h0 = await how();
      const hash = await approvePermit2(spec, h0, (sent) => clear(out(),
        h('p', {}, 'Approval ', h('code', {}, sent), ' sent; waiting for its block…')));
      await show(h0, h('p', { class: 'approved' }, 'Approved in transaction ', h('code', {}, hash), ' ',
        copyButton('approval hash', hash)));
      // the next step for the keyboard: submit an already signed permit, else sign
      ($('submit').disabled ? $('sign') : $('submit')).focus();
    } catch (e) {
      fail(e);
    } finally {
      button.disabled = false;
      busy('');
    }
  });
  return box;
}

// ---- status ------------------------------------------------------------------------------------------------------------

let tracker = null;

/** Follows the hash in the status form; `call` is the destination call the page submitted with it, if any. */
function startTracking(call = null) {
  clearErrors();
  tracker?.stop();
  tracker = trackStatus({
    txHash: $('txHash').value.trim(), fromChainId: $('fromChainId').value.trim(), into: $('status-body'),
    chainOf, call, onError: (e) => showError(e, 'err-txHash'),
  });
  $('status').scrollIntoView({ block: 'start' });
}

// ---- wiring ------------------------------------------------------------------------------------------------------------

function init() {
  const key = sessionStorage.getItem('junction.apiKey') ?? '';
  $('apiKey').value = key;
  setApiKey(key);
  $('apiKey').addEventListener('change', () => {
    setApiKey($('apiKey').value);
    sessionStorage.setItem('junction.apiKey', $('apiKey').value.trim());
    clearErrors();
    if (!market.chains.length) loadDiscovery();
  });
  $('sender').value = testKeyAddress(TEST_KEY);
  for (const side of ['from', 'to']) {
    $(`${side}Chain`).addEventListener('change', () => chainChanged(side));
    $(`${side}Token`).addEventListener('change', () => tokenChanged(side));
    $(`${side}TokenSearch`).addEventListener('input', () => fillTokens(side));
  }
  $('amount').addEventListener('input', amountChanged);
  $('request').addEventListener('submit', (e) => {
    e.preventDefault();
    getRoutes();
  });
  $('buildBest').addEventListener('click', buildBest);
  $('gaslessQuote').addEventListener('click', gaslessQuote);
  $('status-form').addEventListener('submit', (e) => {
    e.preventDefault();
    startTracking(null);
  });
  $('fromChainId').value = '1';
  if (browserWallet()) {
    connectedAccount().then((a) => a && ($('sender').value = a)).catch(() => {});
  }
  loadDiscovery();
}

init();
