/** Epoch ms → ISO-8601 (UTC) as the API speaks it; null stays null. */
export const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
