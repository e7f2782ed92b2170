// Amounts, USD, times and addresses as a person reads them. Amounts are exact: ethers' parseUnits/formatUnits on
// the token's decimals (never floating point); USD values are the API's own numbers.
import { formatUnits, parseUnits } from '../vendor/ethers.min.js';

/** "1.5" with 6 decimals -> "1500000"; throws a sentence for text that is not a decimal number of that precision. */
export function toBaseUnits(text, decimals) {
  const t = text.trim().replace(/_/g, '');
  if (!/^\d*\.?\d*$/.test(t) || t === '' || t === '.') {
    throw new Error('Amount must be a decimal number of tokens, like 1.5');
  }
  const fraction = t.split('.')[1] ?? '';
  if (fraction.length > decimals) {
    throw new Error(`Amount has ${fraction.length} decimals; this token has ${decimals}`);
  }
  return parseUnits(t.startsWith('.') ? '0' + t : t, decimals).toString();
}

/** Base units -> human units, with thousands separators and at most `digits` significant fraction digits. */
export function human(base, decimals, digits = 6) {
  if (base === null || base === undefined) return '—';
  const text = formatUnits(BigInt(base), decimals);
  let [whole, fraction = ''] = text.split('.');
  whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length > digits) {
    // keep `digits` significant digits of small amounts (0.000012345 -> 0.00001234)
    const lead = fraction.match(/^0*/)[0].length;
    fraction = fraction.slice(0, whole === '0' ? Math.max(digits, lead + 4) : digits).replace(/0+$/, '');
  }
  return fraction ? `${whole}.${fraction}` : whole;
}

export function usd(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const abs = Math.abs(value);
  const digits = abs !== 0 && abs < 0.01 ? 4 : 2;
  return '$' + value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function duration(seconds) {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
  return `${(seconds / 86400).toFixed(1)} days`;
}

export function short(hex) {
  return typeof hex === 'string' && hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : String(hex);
}

export const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
