// The `tolls` a group's health lists, from one row per operation: [operationId, method, path, USD per call or null].
export const tollsOf = (rows: Array<[string, string, string, string | null]>) =>
  rows.map(([operation_id, method, path, usd]) => ({
    operation_id,
    method,
    path,
    price: usd === null ? null : { per: 'call', usd },
  }));
