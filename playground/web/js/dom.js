// A few DOM helpers: h() builds elements, copyButton() copies text, icon() shows a market logo with a local fallback.

/** h('div', {class: 'x', onclick: f}, child, 'text', [more]) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A button that copies text() to the clipboard and says so. */
export function copyButton(label, text, visible = `Copy ${label}`) {
  const b = h('button', { type: 'button', class: 'copy', 'aria-label': `Copy ${label}` }, visible);
  b.addEventListener('click', async () => {
    const value = typeof text === 'function' ? text() : text;
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // no clipboard permission (plain http, headless): select a textarea's content the old way
      const area = h('textarea', { class: 'visually-hidden' });
      area.value = value;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    b.textContent = 'Copied';
    setTimeout(() => (b.textContent = visible), 1200);
  });
  return b;
}

const palette = ['#3b6ea8', '#8a4fb0', '#2f8a6a', '#b0582f', '#a83b5b', '#5b6b2f', '#2f6f8a', '#7a5a2f'];

/** A logo the market links to, over a local letter badge that stays when the logo cannot be loaded (offline). */
export function icon(url, name, size = 20) {
  const letter = (name || '?').replace(/^[^A-Za-z0-9]+/, '').slice(0, 1).toUpperCase() || '?';
  const colour = palette[[...(name || '')].reduce((a, c) => a + c.charCodeAt(0), 0) % palette.length];
  const badge = h('span', { class: 'badge', style: `background:${colour};width:${size}px;height:${size}px;` +
      `font-size:${Math.round(size * 0.55)}px`, 'aria-hidden': 'true' }, letter);
  if (url && /^https?:/.test(url)) {
    const img = h('img', { src: url, alt: '', width: size, height: size, loading: 'lazy', referrerpolicy: 'no-referrer',
      decoding: 'async' });
    img.addEventListener('load', () => badge.replaceChildren(img));
    img.addEventListener('error', () => img.remove());
    img.style.display = 'none';
    img.addEventListener('load', () => (img.style.display = ''));
    badge.append(img);
  }
  return badge;
}

/** A <details> with the JSON of value, collapsed. */
export function rawJson(summary, value) {
  const text = JSON.stringify(value, null, 2);
  return h('details', { class: 'raw' }, h('summary', {}, summary), h('div', { class: 'tools' }, copyButton('JSON', text)),
    h('pre', {}, text));
}
