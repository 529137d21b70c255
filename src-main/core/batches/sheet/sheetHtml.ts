// The contact sheet as one self-contained HTML page that opens from disk with no server: every picture a
// WebP thumbnail in a data: URL, the axes chosen with two menus (a small inline script lays the grid out
// again), further axes as pages. A strict CSP (no network at all; the one script by nonce) and no markup from
// data: labels and values are untrusted, so the script writes them with textContent, and the embedded JSON has
// `<` escaped so no value can close its script element.
import { randomBytes } from 'node:crypto';
import { writeFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { SheetModel } from './sheetModel';
import type { ThumbSource } from './sheetImage';
import { escapeMarkup, plainLabel } from './sheetText';

const THUMB = 192;

function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// Runs in the exported page. Plain DOM, textContent only.
const LAYOUT_SCRIPT = `
const data = JSON.parse(document.getElementById('sheet-data').textContent);
const xSel = document.getElementById('x-axis'), ySel = document.getElementById('y-axis');
for (const sel of [xSel, ySel]) for (const a of data.axes) { const o = document.createElement('option'); o.value = a.target; o.textContent = a.target; sel.append(o); }
xSel.value = data.x; ySel.value = data.y;
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function draw() {
  const x = data.axes.find(a => a.target === xSel.value), y = data.axes.find(a => a.target === ySel.value && a !== x);
  const rest = data.axes.filter(a => a !== x && a !== y);
  const root = document.getElementById('pages'); root.replaceChildren();
  const pages = new Map();
  for (const item of data.items) {
    const title = rest.map(a => a.target + ' = ' + (item.values[a.target] ?? '—')).join(', ');
    if (!pages.has(title)) pages.set(title, []);
    pages.get(title).push(item);
  }
  for (const [title, items] of pages) {
    const section = el('section', undefined, 'page');
    if (title) section.append(el('h2', title));
    const table = el('table'); const head = el('tr'); head.append(el('th', (y ? y.target : '') + ' ↓ ' + (x ? x.target : '') + ' →'));
    const xs = x ? x.values : [''], ys = y ? y.values : [''];
    for (const v of xs) head.append(el('th', v));
    table.append(head);
    for (const yv of ys) {
      const tr = el('tr'); tr.append(el('th', yv));
      for (const xv of xs) {
        const item = items.find(i => (!x || i.values[x.target] === xv) && (!y || i.values[y.target] === yv));
        const td = el('td', undefined, item && item.failed ? 'failed' : '');
        if (item) {
          td.dataset.item = String(item.item);
          if (item.src) { const img = el('img'); img.src = item.src; img.alt = 'item ' + item.item; td.append(img); }
          else td.append(el('span', item.status, 'status'));
          if (item.failed) td.append(el('span', 'failed', 'mark'));
        }
        tr.append(td);
      }
      table.append(tr);
    }
    section.append(table); root.append(section);
  }
}
xSel.addEventListener('change', draw); ySel.addEventListener('change', draw); draw();
`;

const STYLE = `body{background:#18181b;color:#d4d4d8;font:13px system-ui,sans-serif;margin:16px}
table{border-collapse:collapse}th{font-weight:500;padding:4px 8px;text-align:center;white-space:nowrap}
td{width:${THUMB}px;height:${THUMB}px;padding:1px;position:relative;text-align:center;vertical-align:middle;background:#27272a}
td img{max-width:${THUMB}px;max-height:${THUMB}px;display:block;margin:auto}td.failed{outline:3px solid #ef4444;outline-offset:-3px}
.mark{position:absolute;top:4px;left:6px;color:#ef4444;font-weight:700}.status{color:#a1a1aa}h2{font-size:15px}label{margin-right:12px}`;

export async function writeSheetHtml(
  model: SheetModel,
  thumbs: ThumbSource,
  path: string,
): Promise<{ path: string; bytes: number }> {
  const items = [];
  for (const { cell, values } of model.items) {
    const picture = await thumbs(cell).catch(() => null);
    const webp =
      picture === null
        ? null
        : await sharp(picture)
            .resize(THUMB, THUMB, { fit: 'inside' })
            .webp({ quality: 80 })
            .toBuffer()
            .catch(() => null);
    const shown = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [plainLabel(k, 200), plainLabel(v, 200)]),
    );
    items.push({
      item: cell.item,
      status: plainLabel(cell.status, 40),
      failed: cell.failed,
      values: shown,
      src: webp === null ? null : `data:image/webp;base64,${webp.toString('base64')}`,
    });
  }
  const data = {
    x: model.x === null ? null : plainLabel(model.x.target, 200),
    y: model.y === null ? null : plainLabel(model.y.target, 200),
    axes: model.axes.map((a) => ({
      target: plainLabel(a.target, 200),
      values: a.values.map((v) => plainLabel(v, 200)),
    })),
    items,
  };
  const nonce = randomBytes(16).toString('base64');
  const title = escapeMarkup(plainLabel(model.batchName, 200));
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'">
<meta name="referrer" content="no-referrer">
<title>${title} — contact sheet</title><style>${STYLE}</style></head>
<body><h1>${title}</h1>
<p><label>Across <select id="x-axis"></select></label><label>Down <select id="y-axis"></select></label></p>
<div id="pages"></div>
<script type="application/json" id="sheet-data">${scriptJson(data)}</script>
<script nonce="${nonce}">${LAYOUT_SCRIPT}</script>
</body></html>
`;
  const temp = join(dirname(path), `.loupe-sheet-${randomBytes(6).toString('hex')}.part`);
  await writeFile(temp, html, { flag: 'wx' });
  await rename(temp, path);
  return { path, bytes: Buffer.byteLength(html) };
}
