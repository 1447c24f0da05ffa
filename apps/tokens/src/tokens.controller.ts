import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { GroupHealth, TollRoute } from '@toll/platform';
import { PRICES } from './pricing';
import * as S from './tokens.schemas';
import { TokensService } from './tokens.service';

// One getMultipleAccounts per mint read, three RPC calls for a score, each with a fallback endpoint.
const TOKEN_TIMEOUT_MS = 8_000;
const SCORE_TIMEOUT_MS = 12_000;

const NOT_FOUND_NOTE =
  'A valid address that is not a token mint (no account, not owned by a token program, or a token account) ' +
  'answers NOT_FOUND; ' +
  'like every error it leaves the payment unused (the gateway releases the payment hold; the same proof redeems ' +
  'a later call).';

@Controller()
export class TokensController {
  constructor(
    private readonly tokens: TokensService,
    private readonly health: GroupHealth,
  ) {}

  @TollRoute({
    operationId: 'tokens.getToken',
    method: 'GET',
    path: '/toll/tokens/token/{mint}',
    summary:
      'Solana token facts from the chain: name, symbol, decimals, supply, mint and freeze authorities, metadata, ' +
      'Token-2022 extensions',
    description:
      'Reads the mint (SPL Token or Token-2022) and its Metaplex metadata account or Token-2022 metadata extension. ' +
      NOT_FOUND_NOTE,
    asks: [
      'details of a Solana token mint',
      'name, symbol, decimals and supply of an SPL token',
      'who holds the mint and freeze authority of a token',
      'token metadata and Token-2022 extensions',
      'look up a solana coin by its mint address',
      'supply and decimals of a mint',
      'metadata of a Solana token address',
      'is a token Token-2022 and which extensions',
    ],
    price: PRICES.getToken,
    input: S.MintInput,
    output: S.GetTokenOutput,
    timeoutMs: TOKEN_TIMEOUT_MS,
    sources: ['solana-rpc'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getToken(msg: TollMessage<S.MintInput>) {
    return this.tokens.getToken(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'tokens.getScore',
    method: 'GET',
    path: '/toll/tokens/score/{mint}',
    summary:
      'Safety score 0-100 for a Solana token with explainable factors: authorities, Token-2022 extensions, ' +
      'metadata mutability, holder concentration',
    description:
      'Each factor reports its weight, the points it deducted and the accounts and values seen. Holder shares ' +
      'come from the 20 largest ' +
      'token accounts summed per owning wallet, tokens in the incinerator excluded. ' +
      NOT_FOUND_NOTE,
    asks: [
      'is this Solana token a scam',
      'safety check on a new memecoin',
      'does the deployer keep dangerous authorities over this coin',
      'rug pull risk rating for a mint',
      'how concentrated are the holders of this token',
      'risk check for a solana token before buying',
      'is this coin safe to ape into',
      'holder concentration and authorities risk score',
    ],
    price: PRICES.getScore,
    input: S.MintInput,
    output: S.GetScoreOutput,
    timeoutMs: SCORE_TIMEOUT_MS,
    sources: ['solana-rpc'],
    errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  })
  getScore(msg: TollMessage<S.MintInput>) {
    return this.tokens.getScore(msg.input, msg.deadline);
  }

  @TollRoute({
    operationId: 'tokens.getLaunches',
    method: 'GET',
    path: '/toll/tokens/launches',
    summary: 'Recently scored Solana tokens with their score and risk, newest first (1-100, default 20)',
    asks: [
      'newly launched Solana tokens with risk scores',
      'freshly created Solana mints, most recent first',
      'recent memecoins and how safe they are',
      'latest token launches scored',
      'new coins on Solana ranked by risk',
      'recent token launches on solana',
      'what new tokens were just scored',
    ],
    price: PRICES.getLaunches,
    input: S.GetLaunchesInput,
    output: S.GetLaunchesOutput,
    timeoutMs: 2_000,
  })
  getLaunches(msg: TollMessage<S.GetLaunchesInput>) {
    return this.tokens.getLaunches(msg.input);
  }

  @TollRoute({
    operationId: 'tokens.getHealth',
    method: 'GET',
    path: '/toll/tokens/health',
    summary: 'Token Safety status, RPC endpoints, prices, cache and endpoint catalog',
    asks: [
      'is the token safety service up',
      'status of the Solana token scorer',
      'is the token checker working',
      'token safety RPC endpoints status',
      'token safety service and RPC status',
      'is the mint scorer running',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: S.HealthOutput,
    timeoutMs: 2_000,
  })
  getHealth() {
    return { ...this.health.describe(), ...this.tokens.health() };
  }
}
