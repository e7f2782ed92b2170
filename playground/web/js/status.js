// Follows GET /status live: polls after the server's details.pollAfterSeconds until a terminal state, and shows the
// progress through the states with the transaction hashes.
import { call, curl } from './api.js';
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

function render(into, data, params, chainOf, nextPoll) {
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
      ? h('p', {}, data.status === 'DONE' ? 'Received ' : 'Guaranteed minimum ',
        h('b', {}, human(to.amount, to.decimals)), ` ${to.symbol ?? ''}`,
        d.receivedToken ? ` · received instead ${d.receivedAmount} of ${d.receivedToken}` : '') : '',
    h('p', { class: 'hint' }, terminal ? 'Final state: polling stopped.'
      : `Next poll in ${nextPoll} s (the server's pollAfterSeconds).`),
    h('pre', { class: 'curl' }, curl('GET', '/status', { params })),
    rawJson('Raw JSON', data));
}

/** Polls /status for txHash on fromChainId, rendering into `into`; returns {stop()}. */
export function trackStatus({ txHash, fromChainId, into, chainOf, onError }) {
  const params = { txHash, fromChainId };
  let timer = null;
  let stopped = false;
  const poll = async () => {
    try {
      const data = await call('GET', '/status', { params });
      if (stopped) return;
      const wait = data.details?.pollAfterSeconds ?? 2;
      render(into, data, params, chainOf, wait);
      if (!TERMINAL.includes(data.status)) timer = setTimeout(poll, Math.max(0.25, wait) * 1000);
    } catch (e) {
      onError(e);
    }
  };
  poll();
  return { stop() { stopped = true; clearTimeout(timer); } };
}
