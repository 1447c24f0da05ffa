// Types of tools/payments-health.js.
export function paymentAccounts(health: unknown): { recipient: string; feePayer: string };
export function readPaymentAccounts(gatewayUrl: string): Promise<{ recipient: string; feePayer: string }>;
