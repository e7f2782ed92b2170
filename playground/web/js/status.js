// Follows a route live through GET /status/stream (server-sent events, read with fetch: EventSource cannot send the
// X-API-Key header): the current status at once, then each change until a terminal state; a dropped connection is
// resumed with Last-Event-ID, so no change is missed. Shows the progress through the states with the hashes.
import { ApiError, BASE, authHeaders, curl, query } from './api.js';
import { clear, copyButton, h, rawJson } from './dom.js';
import { human } from './format.js';

const TERMINAL = ['DONE', 'FAILED', 'REFUNDED', 'EXPIRED'];
const STAGES = [
  { substatus: 'RECEIVED', label: 'Accepted' },
  { substatus: 'WAIT_SOURCE_CONFIRMATIONS', label: 'Source transaction confirming' },
  { substatus: 'WAIT_DESTINATION_TRANSACTION', label: 'Bridge / destination transaction', crossChainOnly: true },
];

function stageIndex(substatus) {
  return STAGES.findIndex((s) => s.substatus === substatus);
}

function txLine(label, tx, chainOf) {
  if (!tx) return h('p', { class: 'tx-line' }, `${label}: —`);
  const chain = chainOf(tx.chainId);
  return h('p', { class: 'tx-line' }, `${label} on ${chain?.name ?? tx.chainId}: `, h('code', {}, tx.txHash), ' ',
    copyButton(`${label.toLowerCase()} hash`, tx.txHash),
    tx.timestamp ? ` · in a block at ${new Date(tx.timestamp * 1000).toISOString().replace('.000Z', 'Z')}` : ' · not yet in a block');
}

const amountOf = (amount, token) => (token?.decimals !== undefined && token?.decimals !== null
  ? `${human(amount, token.decimals)} ${token.symbol ?? token.address}` : `${amount} of ${token?.address ?? '?'}`);

/**
 * The destination call's outcome (issue 39): DESTINATION_CALL_FAILED names the fallback address (in the service's
 * message; else the one the page submitted) and what it received (details.receivedToken / receivedAmount); a
 * COMPLETED route the page submitted with a call, or whose message says so, shows the call succeeded.
 */
function callOutcome(data, call) {
  const d = data.details ?? {};
  if (d.substatus === 'DESTINATION_CALL_FAILED') {
    const fallback = /fallback address (0x[0-9a-fA-F]{40})/.exec(d.message ?? '')?.[1] ?? call?.fallbackAddress ?? '?';
    return h('div', { class: 'call-outcome failed', 'data-outcome': 'DESTINATION_CALL_FAILED' },
      h('p', {}, h('strong', {}, 'Destination call failed'), ' (it reverted, ran out of its gas limit or was refused): ',
        'the fallback address ', h('code', { class: 'fallback' }, fallback), ' received ',
        h('b', { class: 'fallback-amount' }, amountOf(d.receivedAmount ?? '0', d.receivedToken)), '.'),
      h('p', { class: 'hint' }, 'The swap and the bridge were not undone: the output is with the fallback address.'));
  }
  if (data.status === 'DONE' && d.substatus === 'COMPLETED'
      && (call || /destination call succeeded/.test(d.message ?? ''))) {
    const to = data.toAsset;
    return h('div', { class: 'call-outcome ok', 'data-outcome': 'COMPLETED' },
      h('p', {}, h('strong', {}, 'Destination call succeeded'), ': ', call ? h('code', {}, call.receiver) : 'the receiver',
        ' was called and took ', h('b', {}, to?.amount ? amountOf(to.amount, to) : 'the output'), '.'));
  }
  return '';
}

function render(into, data, params, chainOf, changes, call) {
  const d = data.details ?? {};
  const terminal = TERMINAL.includes(data.status);
  const current = stageIndex(d.substatus);
  const crossChain = data.routeKind && data.routeKind !== 'sameChainSwap';
  const stages = STAGES.filter((s) => !s.crossChainOnly || crossChain).map((s) => {
    const i = stageIndex(s.substatus);
    const state = terminal || i < current ? 'done' : i === current ? 'current' : 'todo';
    return h('li', { class: `stage ${state}`, 'aria-current': state === 'current' ? 'step' : null },
      h('span', { class: 'dot', 'aria-hidden': 'true' }), s.label, state === 'current' ? ' …' : '');
  });
  const endClass = data.status === 'DONE' ? 'done ok' : terminal ? 'done bad' : 'todo';
  stages.push(h('li', { class: `stage ${endClass}` }, h('span', { class: 'dot', 'aria-hidden': 'true' }),
    terminal ? `${data.status}${d.substatus ? ` (${d.substatus})` : ''}` : 'Done'));
  const to = data.toAsset;
  clear(into,
    h('p', { class: `status-line status-${String(data.status).toLowerCase()}`, 'data-status': data.status },
      h('strong', {}, data.status), d.substatus ? ` · ${d.substatus}` : '', d.message ? ` — ${d.message}` : ''),
    data.status === 'NOT_FOUND' ? '' : h('ol', { class: 'progress', 'aria-label': 'Progress' }, stages),
    txLine('Source', data.srcTxDetails, chainOf),
    // a same-chain swap has one transaction: no "Destination: —" that reads as if something were missing
    crossChain || data.destTxDetails ? txLine('Destination', data.destTxDetails, chainOf) : '',
    to && to.amount && to.decimals !== undefined
      ? h('p', {}, data.status !== 'DONE' ? 'Guaranteed minimum '
        : d.substatus === 'DESTINATION_CALL_FAILED' ? 'Delivered ' : 'Received ',
        h('b', {}, human(to.amount, to.decimals)), ` ${to.symbol ?? ''}`,
        d.receivedToken && d.substatus !== 'DESTINATION_CALL_FAILED'
          ? ` · received instead ${amountOf(d.receivedAmount ?? '0', d.receivedToken)}` : '') : '',
    callOutcome(data, call),
    h('p', { class: 'hint' }, terminal ? `Final state: the stream ended (${changes} change${changes === 1 ? '' : 's'} `
      + 'received).' : `Live: GET /status/stream pushes each change (${changes} so far); no polling.`),
    h('pre', { class: 'curl' }, curl('GET', '/status/stream', { params }).replace(/^curl -s /, 'curl -sN ')),
    rawJson('Raw JSON', data));
}

/** Whether Junction will say nothing more: a terminal status, or a hash that is no route (no poll hint). */
function final(data) {
  return TERMINAL.includes(data.status) || (data.status === 'NOT_FOUND' && data.details?.pollAfterSeconds == null);
}

/**
 * Reads one connection of the stream, calling onStatus(data, id) per event; resolves when the server ends it, rejects
 * with an ApiError when the request is refused (its JSON envelope) or with the network's error when it drops.
 */
async function readStream(params, lastEventId, signal, onStatus) {
  const headers = { Accept: 'text/event-stream', ...authHeaders() };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const response = await fetch(`${BASE}/status/stream?${query(params)}`, { headers, signal });
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    let envelope = null;
    try {
      envelope = await response.json();
    } catch {
      // not the envelope
    }
    throw new ApiError(response.status, envelope?.code ?? 0, envelope?.message ?? `HTTP ${response.status}`,
      envelope?.data?.param ?? null);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let id = null;
  let data = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (line === '') {
        if (data.length) onStatus(JSON.parse(data.join('\n')), id);
        id = null;
        data = [];
      } else if (line.startsWith('id:')) {
        id = line.slice(3).trim();
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''));
      } // `event:` is always "status"; lines starting with ':' are heartbeats
    }
  }
}

/**
 * Follows txHash on fromChainId through the status stream, rendering into `into`; `call` ({receiver,
 * fallbackAddress}) is the destination call the page submitted with it, or null. Returns {stop()}.
 */
export function trackStatus({ txHash, fromChainId, into, chainOf, call = null, onError }) {
  const params = { txHash, fromChainId };
  const controller = new AbortController();
  // nothing of an earlier route stays on screen while this one connects
  clear(into, h('p', { class: 'hint' }, `Following ${txHash} on chain ${fromChainId}…`));
  let lastEventId = null;
  let changes = 0;
  let ended = false;
  const onStatus = (data, id) => {
    if (id) {
      lastEventId = id;
      changes++;
    }
    ended = final(data);
    render(into, data, params, chainOf, changes, call);
  };
  (async () => {
    for (let failures = 0; !ended && !controller.signal.aborted;) {
      try {
        await readStream(params, lastEventId, controller.signal, onStatus);
        failures = 0;
      } catch (e) {
        if (controller.signal.aborted) return;
        if (e instanceof ApiError) {
          onError(e);
          return;
        }
        // the connection dropped: resume after the last change received
        failures++;
        await new Promise((later) => setTimeout(later, Math.min(5000, 250 * 2 ** failures)));
      }
    }
  })();
  return { stop() { controller.abort(); } };
}
