// A model's fields are its table's columns in snake_case: repositories convert instead of listing each twice.

/** `organisationId` → `organisation_id`. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** `organisation_id` → `organisationId`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A model's fields as table columns: every field present (optional ones too), in snake_case. */
export type SnakeCased<T> = { [K in keyof T & string as SnakeCase<K>]-?: Exclude<T[K], undefined> };

/** A row as its model: columns in camelCase, values as they are. */
export type CamelCased<Row> = { [K in keyof Row & string as CamelCase<K>]: Row[K] };

/** A value as JSON gives it: a timestamp (even in a union, such as with null) as its ISO string. */
type JsonValue<V> = V extends Date ? string : V;

/** A row as a JSON model: columns in camelCase, timestamps as ISO strings. */
export type JsonModel<Row> = { [K in keyof Row & string as CamelCase<K>]: JsonValue<Row[K]> };

export const snakeCase = <S extends string>(name: S) =>
  name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as SnakeCase<S>;

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A model as its row (values as they are; the caller converts what the column stores differently). */
export function toColumns<T extends object>(model: T): SnakeCased<T> {
  return Object.fromEntries(Object.entries(model).map(([k, v]) => [snakeCase(k), v])) as SnakeCased<T>;
}

/** A row as its model, in the row's column order. */
export function fromRow<Row extends object>(row: Row): CamelCased<Row> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [camelCase(k), v])) as CamelCased<Row>;
}

/** A row as its JSON model, in the row's column order (timestamps as ISO strings). */
export function fromColumns<Row extends object>(row: Row): JsonModel<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [camelCase(k), v instanceof Date ? v.toISOString() : v]),
  ) as JsonModel<Row>;
}
