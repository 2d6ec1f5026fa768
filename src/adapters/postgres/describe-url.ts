/** `postgres://user@host:port/db` without the password, for logs and start-up lines. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username === '' ? '' : `${decodeURIComponent(parsed.username)}@`;
    return `PostgreSQL ${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
