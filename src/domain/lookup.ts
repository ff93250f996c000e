/**
 * Lookups in a table keyed by input (a colour, a category, a sort name). A plain object also
 * "has" the keys of Object.prototype: `table['constructor']` is a function and `table['__proto__']`
 * an object, so a request naming them got a 500 where an unknown key belongs. Every input-keyed
 * lookup goes through here (or a Map).
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Keys a hostile request names to reach Object.prototype through a plain-object table. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'] as const;
