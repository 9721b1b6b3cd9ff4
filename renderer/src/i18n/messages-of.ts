/** A message table's type: its keys, each a string, so that every other language must match it. */
export type MessagesOf<T> = { [K in keyof T]: T[K] extends string ? string : MessagesOf<T[K]> };
