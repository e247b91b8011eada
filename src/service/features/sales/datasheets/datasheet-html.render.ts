import type { TransceiverDatasheet } from '../../../../shared/api/sales/datasheets.schemas.js';
import { budgetNotes, budgetRows, compatibilityLines, PRICE_GROUPS, priceRow, productRows, sourceLines } from './datasheet-text.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Everything inline: a salesperson mails the file or opens it at a trade show without network, so it loads no
 * fonts, scripts, images or style sheets, and names no web address (the product's page and image URLs stay out).
 */
const STYLE = `
@page { size: A4; margin: 15mm; }
* { box-sizing: border-box; }
body { font-family: Helvetica, Arial, sans-serif; color: #1a1a1a; font-size: 10.5pt; line-height: 1.4; max-width: 180mm; margin: 0 auto; padding: 12mm 0; }
header { border-bottom: 2px solid #0b4f8a; padding-bottom: 4mm; margin-bottom: 5mm; }
header .issuer { color: #0b4f8a; font-weight: bold; letter-spacing: 0.05em; text-transform: uppercase; font-size: 9pt; }
h1 { font-size: 18pt; margin: 1mm 0; }
h2 { font-size: 12pt; color: #0b4f8a; margin: 6mm 0 2mm; border-bottom: 1px solid #c8d6e5; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 1.2mm 2mm; border-bottom: 1px solid #e3e8ee; vertical-align: top; }
th { width: 38%; font-weight: 600; color: #444; }
table.prices th { width: auto; }
.note { color: #555; font-size: 9pt; }
.demo-notice { border: 1px solid #b26a00; background: #fff4e0; color: #6b3f00; padding: 2mm 3mm; font-weight: 600; }
footer { margin-top: 8mm; border-top: 1px solid #c8d6e5; padding-top: 2mm; color: #666; font-size: 8pt; }
@media print {
  body { padding: 0; max-width: none; font-size: 10pt; }
  h2 { break-after: avoid; }
  table, section { break-inside: avoid; }
}`;

function facts(rows: Array<[string, string]>): string {
  return `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

function pricing(d: TransceiverDatasheet): string {
  const groups = PRICE_GROUPS.map(([key, title]) => {
    const rows = d.pricing[key];
    const body =
      rows.length === 0
        ? '<p class="note">None observed.</p>'
        : `<table class="prices"><tr><th>Shop</th><th>Product</th><th>Price</th><th>Seen</th></tr>${rows
            .map(
              (p) =>
                `<tr>${priceRow(p)
                  .map((cell) => `<td>${esc(cell)}</td>`)
                  .join('')}</tr>`,
            )
            .join('')}</table>`;
    return `<h3>${esc(title)}</h3>${body}`;
  });
  const demo = d.pricing.demo_notice === null ? '' : `<p class="demo-notice" data-demo-prices="true">${esc(d.pricing.demo_notice)}</p>`;
  return `${demo}${groups.join('')}<p class="note">${esc(d.pricing.note)}</p>`;
}

/** The self-contained HTML datasheet (A4 print layout). */
export function renderDatasheetHtml(d: TransceiverDatasheet, issuer: string): string {
  const p = d.product;
  const budget = budgetRows(d);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(p.part_number)} datasheet</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="issuer">${esc(issuer)} · Datasheet</div><h1>${esc(p.part_number)}</h1><div>${esc(p.name)}</div></header>
${p.description === null ? '' : `<p>${esc(p.description)}</p>`}
<section><h2>Specifications</h2>${facts(productRows(d))}</section>
<section><h2>Optical power budget</h2>${
    budget === null
      ? `<p class="note">${esc(d.power_budget_note ?? '')}</p>`
      : `${facts(budget)}${budgetNotes(d)
          .map((line) => `<p class="note">${esc(line)}</p>`)
          .join('')}`
  }</section>
<section><h2>Pricing</h2>${pricing(d)}</section>
<section><h2>Compatibility</h2>${compatibilityLines(d)
    .map((line) => `<p>${esc(line)}</p>`)
    .join('')}</section>
<footer>${sourceLines(d)
    .map((line) => `<div>${esc(line)}</div>`)
    .join('')}<div>Generated ${esc(d.generated_at)} · inputs ${esc(d.input_hash.slice(0, 12))}</div></footer>
</body>
</html>
`;
}
