import { html, type Html, type Part } from '../../web/html';

interface StackTable<T> {
  id?: string;
  caption?: Part;
  /** A header is also its cells' `data-label` (stacked on narrow screens); `false` leaves a column out. */
  columns: readonly ({ label: string; cell: (row: T) => Part } | false)[];
  rows: readonly T[];
  /** The row's `id` attribute, where a row is linked to or found by it. */
  rowId?: (row: T) => string;
  /** Wrapped in a horizontally scrolling box (the default), or not where it already sits in one. */
  scroll?: boolean;
}

/** The console's one table of records: on a narrow screen each row stacks as "label: value" pairs. */
export function stackTable<T>(t: StackTable<T>): Html {
  const columns = t.columns.filter((c) => c !== false);
  const table = html`<table class="stack" ${t.id ? html`id="${t.id}"` : ''}>
    ${
      t.caption === undefined
        ? ''
        : html`<caption class="muted">
            ${t.caption}
          </caption>`
    }
    <thead>
      <tr>
        ${columns.map((c) => html`<th scope="col">${c.label}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${t.rows.map(
        (row) =>
          html`<tr ${t.rowId ? html`id="${t.rowId(row)}"` : ''}>
            ${columns.map((c) => html`<td data-label="${c.label}">${c.cell(row)}</td>`)}
          </tr>`,
      )}
    </tbody>
  </table>`;
  return t.scroll === false ? table : html`<div class="scroll">${table}</div>`;
}

/** A table of the organisation's records (`keys`, `endpoints`): named in its id and caption, each row by its record's id. */
export const recordTable = <T extends { id: string }>(
  name: string,
  rows: readonly T[],
  columns: StackTable<T>['columns'],
): Html => stackTable({ id: name, caption: `${rows.length} ${name}`, rows, rowId: (r) => r.id, columns });
