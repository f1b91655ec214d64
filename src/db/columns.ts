/** `organisationId` → `organisation_id`: how a model's field is named as a column. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** A model's fields as table columns: every field present (optional ones too), in snake_case. */
export type SnakeCased<T> = { [K in keyof T & string as SnakeCase<K>]-?: Exclude<T[K], undefined> };

export const snakeCase = <S extends string>(name: S) =>
  name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as SnakeCase<S>;
