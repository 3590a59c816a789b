/**
 * Loaders of the code a visit pack keeps for later (the map, the emoji picker). The app
 * registers them at start (src/app/routes.tsx): the data layer does not know the features, and
 * this module is tiny so registering it costs the first load nothing.
 */
const loaders: Array<() => Promise<unknown>> = [];

export function registerPackCode(...more: Array<() => Promise<unknown>>): void {
  loaders.push(...more);
}

export function packCode(): ReadonlyArray<() => Promise<unknown>> {
  return loaders;
}
