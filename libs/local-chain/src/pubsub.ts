import type { Server } from 'node:http';
import { stringifyJsonWithBigInts } from '@solana/rpc-spec-types';
import { WebSocket, WebSocketServer } from 'ws';
import { isAddress } from '@toll/solana';
import type { LocalChain } from './chain';
import type { AccountState, TransactionRecord } from './chain-types';
import { ACCOUNT_ENCODINGS, encodeAccount } from './encode-account';
import { invalidParams } from './errors';
import { SYSTEM_PROGRAM } from './programs';
import { handleBody } from './rpc-dispatch';
import { addressAt, configAt, oneOf, optionalString, stringAt, toNumber } from './rpc-params';
import type { RpcMethods } from './rpc-types';

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'slot'; socket: WebSocket }
  | { kind: 'account'; socket: WebSocket; address: string; encoding: string }
  | { kind: 'logs'; socket: WebSocket; mentions: string | null };

export interface Pubsub {
  attach(server: Server): void;
  close(): void;
}

const MAX_MESSAGE_BYTES = 64 * 1024;

// Agave's PubSub subset: signature, slot, account and logs subscriptions (and their unsubscribes).
// Everything is final at once, so notifications fire as soon as the chain commits.
export function createPubsub(chain: LocalChain): Pubsub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const subscriptions = new Map<number, Subscription>();
  let nextId = 0;
  let slotTimer: NodeJS.Timeout | undefined;

  const notify = (sub: Subscription, id: number, method: string, result: unknown): void => {
    if (sub.socket.readyState === WebSocket.OPEN)
      sub.socket.send(stringifyJsonWithBigInts({ jsonrpc: '2.0', method, params: { result, subscription: id } }));
  };

  const notifySignature = (id: number, record: TransactionRecord): void => {
    const sub = subscriptions.get(id);
    if (!sub) return;
    subscriptions.delete(id);
    notify(sub, id, 'signatureNotification', { context: { slot: record.slot }, value: { err: record.err } });
  };

  // Slots move lazily (on requests), so a slot subscriber needs a timer to see wall-clock slots pass.
  const syncSlotTimer = (): void => {
    const wanted = chain.slotMs > 0 && [...subscriptions.values()].some((s) => s.kind === 'slot');
    if (wanted && !slotTimer) slotTimer = setInterval(() => chain.tick(), chain.slotMs).unref();
    if (!wanted && slotTimer) {
      clearInterval(slotTimer);
      slotTimer = undefined;
    }
  };

  const add = (sub: Subscription): number => {
    const id = nextId++;
    subscriptions.set(id, sub);
    syncSlotTimer();
    return id;
  };

  const remove = (socket: WebSocket, kind: Subscription['kind'], params: unknown[]): boolean => {
    const id = toNumber(params[0], 'subscription id');
    const sub = subscriptions.get(id);
    if (!sub || sub.socket !== socket || sub.kind !== kind) throw invalidParams('Invalid subscription id.');
    subscriptions.delete(id);
    syncSlotTimer();
    return true;
  };

  const offTransaction = chain.onTransaction((record) => {
    const mentioned = new Set(record.accountKeys);
    for (const [id, sub] of subscriptions) {
      if (sub.kind === 'signature' && sub.signature === record.signature) notifySignature(id, record);
      if (sub.kind === 'logs' && (sub.mentions === null || mentioned.has(sub.mentions))) {
        notify(sub, id, 'logsNotification', {
          context: { slot: record.slot },
          value: { signature: record.signature, err: record.err, logs: record.logs },
        });
      }
    }
  });
  const offSlot = chain.onSlotChange((slot, parent) => {
    for (const [id, sub] of subscriptions)
      if (sub.kind === 'slot') notify(sub, id, 'slotNotification', { parent, root: slot, slot });
  });
  const offAccount = chain.onAccountChange((address) => {
    for (const [id, sub] of subscriptions) {
      if (sub.kind !== 'account' || sub.address !== address) continue;
      // A deleted account is reported as an empty system account, as agave does.
      const account: AccountState = chain.getAccount(address) ?? {
        address,
        lamports: 0n,
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM,
        executable: false,
        rentEpoch: 0n,
      };
      notify(sub, id, 'accountNotification', {
        context: { slot: chain.slot },
        value: encodeAccount(chain, account, sub.encoding),
      });
    }
  });

  const methodsFor = (socket: WebSocket): RpcMethods => ({
    signatureSubscribe: (p) => {
      const signature = stringAt(p, 0, 'signature');
      const id = add({ kind: 'signature', socket, signature });
      const landed = chain.getTransactionRecord(signature);
      // Already committed: notify right after the subscription id goes out, as agave's next notify pass would.
      if (landed) setImmediate(() => notifySignature(id, landed));
      return id;
    },
    signatureUnsubscribe: (p) => remove(socket, 'signature', p),
    slotSubscribe: () => add({ kind: 'slot', socket }),
    slotUnsubscribe: (p) => remove(socket, 'slot', p),
    accountSubscribe: (p) => {
      const address = addressAt(p, 0);
      const encoding = oneOf(optionalString(configAt(p, 1), 'encoding'), ACCOUNT_ENCODINGS, 'encoding') ?? 'binary';
      return add({ kind: 'account', socket, address, encoding });
    },
    accountUnsubscribe: (p) => remove(socket, 'account', p),
    logsSubscribe: (p) => {
      const filter = p[0];
      if (filter === 'all' || filter === 'allWithVotes') return add({ kind: 'logs', socket, mentions: null });
      const mentions = (filter as { mentions?: unknown[] } | undefined)?.mentions;
      if (!Array.isArray(mentions) || mentions.length !== 1 || !isAddress(mentions[0]))
        throw invalidParams('Invalid Request: Only 1 address supported');
      return add({ kind: 'logs', socket, mentions: mentions[0] });
    },
    logsUnsubscribe: (p) => remove(socket, 'logs', p),
  });

  wss.on('connection', (socket) => {
    const methods = methodsFor(socket);
    socket.on('message', (data) => {
      const reply = handleBody(methods, data.toString());
      if (reply !== undefined) socket.send(reply);
    });
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id);
      syncSlotTimer();
    });
  });

  return {
    attach(server) {
      server.on('upgrade', (request, socket, head) =>
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request)),
      );
    },
    close() {
      offTransaction();
      offSlot();
      offAccount();
      if (slotTimer) clearInterval(slotTimer);
      // Code 1000 tells clients such as web3.js (rpc-websockets) not to reconnect.
      for (const client of wss.clients) {
        client.close(1000, 'server shutting down');
        setTimeout(() => client.terminate(), 1000).unref();
      }
      wss.close();
    },
  };
}
