/** Types of scripts/manifest.mjs (plain JS, so `npm run bench` imports it without a compiler). */
export interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, Chunk>;

export function readManifest(dist: string): Manifest;
export function closure(manifest: Manifest, key: string, seen?: Set<string>): Set<string>;
export function isStaffModule(key: string): boolean;
export function staffChunksForShoppers(manifest: Manifest, dist: string): string[];
