/**
 * A response body that is JSON text already (rendered by PostgreSQL for the hottest reads);
 * `jsonResponse` sends the text as is. `T` is the value the text holds, for type checking.
 */
export class SerializedJson<T> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
}
