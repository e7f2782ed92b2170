// The service's HTTP API as the page uses it: one envelope {code, data, message}; a failure becomes an ApiError that
// names the parameter at fault (data.param) so the page can show it next to that field.

/** The service's base URL: the page lives at <base>/playground/. */
export const BASE = new URL('..', new URL('.', location.href)).href.replace(/\/$/, '');

let apiKey = '';
export function setApiKey(key) {
  apiKey = key.trim();
}

/** The headers every request carries: the API key, when the user typed one. */
export function authHeaders() {
  return apiKey ? { 'X-API-Key': apiKey } : {};
}

export class ApiError extends Error {
  constructor(status, code, message, param) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
  }
}

/** A query string from an object; arrays become repeated parameters; empty values are left out. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
  }
  return q.toString();
}

/** GET path?params or POST path with a JSON body; resolves to the envelope's data, rejects with ApiError. */
export async function call(method, path, { params, body } = {}) {
  const url = BASE + path + (params ? '?' + query(params) : '');
  const headers = { Accept: 'application/json', ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 0, `the service did not answer (${e.message})`, null);
  }
  let envelope;
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError(response.status, 0, `HTTP ${response.status} without a JSON envelope`, null);
  }
  if (envelope.code !== 0) {
    throw new ApiError(response.status, envelope.code, envelope.message, envelope.data?.param ?? null);
  }
  return envelope.data;
}

const shellQuote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** The curl command equivalent to call(method, path, {params, body}); the API key as $JUNCTION_API_KEY. */
export function curl(method, path, { params, body } = {}) {
  const url = BASE + path + (params ? '?' + query(params) : '');
  const parts = ['curl -s'];
  if (method !== 'GET') parts.push(`-X ${method}`);
  parts.push(shellQuote(url));
  if (apiKey) parts.push(`-H "X-API-Key: $JUNCTION_API_KEY"`);
  if (body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`);
    parts.push(`-d ${shellQuote(JSON.stringify(body))}`);
  }
  return parts.join(' ');
}
