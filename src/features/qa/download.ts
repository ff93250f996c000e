/** Saves `text` as a file through the browser's download (a blob link; nothing leaves the machine). */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `layerloft-log-2025-01-31T09-15-02.json` from a ms timestamp. */
export function fileStamp(prefix: string, at: number): string {
  return `${prefix}-${new Date(at).toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
}
