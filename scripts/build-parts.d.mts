// Types of scripts/build-parts.mjs for the TypeScript that uses it (e2e/support/server-build.ts).
export type Part = 'common' | 'server' | 'web';
export const ROOT: string;
export const PARTS: Record<Part, { output: string; check: string; sources: string[] }>;
export function fingerprint(part: Part): string;
export function buildState(part: Part): 'current' | 'stale' | 'missing';
export function stamp(part: Part, print?: string): void;
