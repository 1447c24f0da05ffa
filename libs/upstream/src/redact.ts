// Query parameters that carry credentials; their values never reach a log line.
const SECRET_PARAMS = /^(api[_-]?key|apikey|key|token|access[_-]?token|appid|app[_-]?key|secret|signature|password)$/i;

export function redactUrl(url: URL): string {
  const copy = new URL(url);
  for (const name of [...copy.searchParams.keys()]) if (SECRET_PARAMS.test(name)) copy.searchParams.set(name, '***');
  if (copy.password) copy.password = '***';
  return copy.toString();
}
