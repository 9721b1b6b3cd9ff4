/**
 * A stand-in for a value that a `beforeAll` hook creates: a test file can hold it in a `const`
 * at the top, and each property is read from the value as it is when a test runs.
 */
export function live<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, name) {
      const value = current();
      if (value === undefined) throw new Error(`${what} is not running (read it inside a test)`);
      const property: unknown = Reflect.get(value, name);
      return typeof property === 'function' ? property.bind(value) : property;
    },
    set(_, name, property) {
      const value = current();
      if (value === undefined) throw new Error(`${what} is not running (set it inside a test)`);
      return Reflect.set(value, name, property);
    },
  });
}
